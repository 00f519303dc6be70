//! Move text in GNU Backgammon's style: `13/9 13/10*`, `bar/22`, `6/off`, `24/18*/13`,
//! `8/5(2)`: each in the mover's own numbering. Printed from steps and read back to a play.

use thiserror::Error;

use super::board::{ADVERSARY_BAR, BAR, Position};
use super::movegen;
use super::play::{Play, Step};
use super::rules::BearOff;

/// Why a move text is not a play.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    #[error("cannot read `{text}`: {reason}")]
    Unreadable { text: String, reason: String },
    #[error("`{0}` is not a legal play of this throw")]
    NotLegal(String),
}

/// One man's moves within a play: the points he touched, and whether he hit on each.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Chain {
    from: u8,
    /// Landings after `from`, with whether each hit a blot.
    landings: Vec<(u8, bool)>,
}

impl Chain {
    fn end(&self) -> u8 {
        self.landings.last().map_or(self.from, |l| l.0)
    }

    fn text(&self, count: &dyn Fn(u8) -> u8) -> String {
        let mut out = place(self.from, count);
        let last = self.landings.len().saturating_sub(1);
        for (i, &(to, hit)) in self.landings.iter().enumerate() {
            if i == last || hit {
                out.push('/');
                out.push_str(&place(to, count));
                if hit {
                    out.push('*');
                }
            }
        }
        out
    }
}

fn place(point: u8, count: &dyn Fn(u8) -> u8) -> String {
    match point {
        0 => "off".to_string(),
        25 => "bar".to_string(),
        p => count(p).to_string(),
    }
}

/// Each man's path through the steps of a play, in the order first moved.
fn chains(pos: &Position, steps: &[Step], bear_off: BearOff) -> Vec<Chain> {
    let mut pos = *pos;
    let mut chains: Vec<Chain> = Vec::new();
    for &step in steps {
        let (next, hit) = movegen::play_step(&pos, step, bear_off).unwrap_or((pos, false));
        pos = next;
        let to = step.to();
        match chains
            .iter_mut()
            .rev()
            .find(|c| c.end() == step.from() && c.end() != 0)
        {
            Some(chain) => chain.landings.push((to, hit)),
            None => chains.push(Chain {
                from: step.from(),
                landings: vec![(to, hit)],
            }),
        }
    }
    chains
}

/// The move text of a play from `pos`: highest starting point first, a man who moves on from
/// where he landed written as one path, hits marked `*`, repeated moves as `(n)`.
/// The empty play (a forfeit) is the empty text.
#[must_use]
pub fn format_play(pos: &Position, steps: &[Step], bear_off: BearOff) -> String {
    format_play_counted(pos, steps, bear_off, &|p| p)
}

/// [`format_play`] with each point written as `count` numbers it (a game whose board counts
/// its points another way than the engine, as Tick-tack's counts from where the men start).
/// The order and the paths are the engine's; only the numbers written change.
#[must_use]
pub fn format_play_counted(
    pos: &Position,
    steps: &[Step],
    bear_off: BearOff,
    count: &dyn Fn(u8) -> u8,
) -> String {
    let mut cs = chains(pos, steps, bear_off);
    cs.sort_by(|a, b| b.from.cmp(&a.from).then(b.end().cmp(&a.end())));
    let mut parts: Vec<(String, usize)> = Vec::new();
    for c in &cs {
        let text = c.text(count);
        match parts.last_mut() {
            Some((last, n)) if *last == text => *n += 1,
            _ => parts.push((text, 1)),
        }
    }
    parts
        .into_iter()
        .map(|(t, n)| if n > 1 { format!("{t}({n})") } else { t })
        .collect::<Vec<_>>()
        .join(" ")
}

/// One path of a move text: the points it names and whether each is marked as a hit.
fn read_path(token: &str, text: &str) -> Result<(Vec<(u8, bool)>, usize), NotationError> {
    let bad = |reason: &str| NotationError::Unreadable {
        text: text.to_string(),
        reason: reason.to_string(),
    };
    let (path, times) = match token.split_once('(') {
        Some((path, rest)) => {
            let n = rest
                .strip_suffix(')')
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|n| (1..=4).contains(n));
            (
                path,
                n.ok_or_else(|| bad("a repeat is written (2), (3) or (4)"))?,
            )
        }
        None => (token, 1),
    };
    let mut points = Vec::new();
    for part in path.split('/') {
        let (name, hit) = match part.strip_suffix('*') {
            Some(name) => (name, true),
            None => (part, false),
        };
        let point = match name.to_ascii_lowercase().as_str() {
            "bar" => 25,
            "off" => 0,
            n => n
                .parse::<u8>()
                .ok()
                .filter(|p| (1..=24).contains(p))
                .ok_or_else(|| bad("points are 1 to 24, bar and off"))?,
        };
        points.push((point, hit));
    }
    if points.len() < 2 {
        return Err(bad("a move is written from/to"));
    }
    if points.windows(2).any(|w| w[1].0 >= w[0].0) {
        return Err(bad("men move from higher points to lower"));
    }
    if points[0].0 == 0 || points[1..].iter().any(|p| p.0 == 25) {
        return Err(bad("men enter from the bar and are borne off"));
    }
    Ok((points, times))
}

/// Reads a move text against the legal plays of `pos` (as [`movegen::legal_plays`] gives them)
/// and returns the play it names.
pub fn parse_play(text: &str, pos: &Position, plays: &[Play]) -> Result<Play, NotationError> {
    let mut after = *pos;
    for token in text.split_whitespace() {
        let (points, times) = read_path(token, text)?;
        for _ in 0..times {
            let pips = after.pips_mut();
            let from = usize::from(points[0].0);
            if pips[from] <= 0 {
                return Err(NotationError::NotLegal(text.to_string()));
            }
            pips[from] -= 1;
            let last = points.len() - 1;
            for (i, &(to, hit)) in points.iter().enumerate().skip(1) {
                let to = usize::from(to);
                if to > 0 && (hit || i == last) && pips[to] == -1 {
                    pips[to] = 0;
                    pips[ADVERSARY_BAR] -= 1;
                }
                if i == last && to > 0 {
                    if pips[to] < 0 {
                        return Err(NotationError::NotLegal(text.to_string()));
                    }
                    pips[to] += 1;
                }
            }
        }
    }
    debug_assert!(after.pips()[BAR] >= 0);
    plays
        .iter()
        .find(|p| p.position == after)
        .copied()
        .ok_or_else(|| NotationError::NotLegal(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::dice::Throw;
    use crate::tables::movegen::{MoveRules, legal_plays};
    use crate::tables::rules::{Compulsion, Dice, Doublets};

    fn modern() -> MoveRules {
        MoveRules {
            bear_off: BearOff::Modern,
            compulsion: Compulsion::Max,
            no_hitting: false,
        }
    }

    fn steps(list: &[(u8, u8)]) -> Vec<Step> {
        list.iter()
            .map(|&(f, d)| Step::new(f, d).unwrap())
            .collect()
    }

    #[test]
    fn plays_are_written_like_gnubg() {
        let start = Position::default();
        assert_eq!(
            format_play(&start, &steps(&[(13, 4), (13, 3)]), BearOff::Modern),
            "13/10 13/9"
        );
        assert_eq!(
            format_play(&start, &steps(&[(24, 6), (18, 5)]), BearOff::Modern),
            "24/13"
        );
        assert_eq!(
            format_play(
                &start,
                &steps(&[(8, 3), (8, 3), (6, 1), (6, 1)]),
                BearOff::Modern
            ),
            "8/5(2) 6/5(2)"
        );
        assert_eq!(format_play(&start, &[], BearOff::Modern), "");
    }

    #[test]
    fn hits_and_nips_are_starred() {
        // Given blots of the adversary on the mover's 10 and 7
        let pos: Position = "24:2 13:5 8:3 6:5 / 18:1 15:1 13:5 8:3 6:5"
            .parse()
            .unwrap();
        assert_eq!(
            format_play(&pos, &steps(&[(13, 3), (10, 3)]), BearOff::Modern),
            "13/10*/7*"
        );
        let entering: Position = "bar:1 13:5 8:3 6:6 / 13:5 8:3 6:6 3:1".parse().unwrap();
        assert_eq!(
            format_play(&entering, &steps(&[(25, 3)]), BearOff::Modern),
            "bar/22*"
        );
        let bearing: Position = "6:2 3:13 / 24:15".parse().unwrap();
        assert_eq!(
            format_play(&bearing, &steps(&[(6, 6), (3, 5)]), BearOff::OverEdge),
            "6/off 3/off"
        );
    }

    #[test]
    fn every_legal_play_reads_back_from_its_text() {
        let start = Position::default();
        for (throw, _) in Throw::all(2) {
            let plays = legal_plays(&start, throw.moves(Dice::Two, Doublets::Double), modern());
            for play in &plays {
                let text = format_play(&start, &play.steps.to_vec(), BearOff::Modern);
                assert_eq!(
                    parse_play(&text, &start, &plays).unwrap().position,
                    play.position,
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn nonsense_and_illegal_texts_are_refused() {
        let start = Position::default();
        let plays = legal_plays(
            &start,
            Throw::two(3, 1).unwrap().moves(Dice::Two, Doublets::Double),
            modern(),
        );
        assert!(parse_play("8/5 6/5", &start, &plays).is_ok());
        assert!(matches!(
            parse_play("8/4 6/5", &start, &plays),
            Err(NotationError::NotLegal(_))
        ));
        assert!(matches!(
            parse_play("8/9", &start, &plays),
            Err(NotationError::Unreadable { .. })
        ));
        assert!(matches!(
            parse_play("8-5", &start, &plays),
            Err(NotationError::Unreadable { .. })
        ));
        assert!(matches!(
            parse_play("30/5", &start, &plays),
            Err(NotationError::Unreadable { .. })
        ));
        assert!(matches!(
            parse_play("8/5(9)", &start, &plays),
            Err(NotationError::Unreadable { .. })
        ));
    }
}
