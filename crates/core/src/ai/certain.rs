//! Results that are certain before the side on roll throws, valued exactly, contact or not:
//!
//! - the side on roll bears all its men off with every throw: it wins now, and what it wins
//!   is read from the loser's men as they stand;
//! - the other side bears all its men off with every throw of its next turn, whatever the side
//!   on roll plays (each man goes straight off, so no man of the side on roll can stand in his
//!   way), and the side on roll can hit none of them: every throw of the side on roll then ends
//!   in a known result, its own bearing off if it can, else a loss whose size its best play
//!   decides (bringing men home, or bearing one off, against a gammon or a back-gammon).
//!
//! Cheap enough for the evaluation's hot path: a side is looked at only with at most as many
//! men left as a throw has moves. Nard's count and rules where a game ends otherwise (Fails'
//! unplayable die, Tick-tack's scores) are left to the evaluation.

use crate::tables::movegen::legal_plays;
use crate::tables::{BearOff, MoveRules, Position, Stakes, bear_off_stake};

use super::bearoff::weights;
use super::ends::Chances;
use super::throws::ThrowInfo;

/// The chances of a position whose result is certain, given each throw: `None` if it is not.
#[must_use]
pub fn chances(
    pos: &Position,
    throws: &[ThrowInfo],
    rules: MoveRules,
    stakes: Stakes,
    double_hand: bool,
) -> Option<Chances> {
    if stakes == Stakes::Nard {
        return None;
    }
    let most = throws.iter().map(|t| t.moves.len()).max().unwrap_or(0);
    let a_left = usize::from(15 - pos.off());
    let b_left = usize::from(15 - pos.adversary_off());
    if a_left <= most && pos.all_home() && throws.iter().all(|t| bears_all_off(pos, t, rules)) {
        let big = big_stake(stakes, &pos.switched());
        return Some(known(&[(big, 1.0)], stakes));
    }
    if b_left > most || !pos.switched().all_home() || can_hit(pos) {
        return None;
    }
    let b = pos.switched();
    let b_men: Vec<usize> = (1..=6)
        .flat_map(|p| std::iter::repeat_n(p, b.at(p).max(0) as usize))
        .collect();
    if !throws
        .iter()
        .all(|t| straight_off(&b_men, t.moves.faces(), rules.bear_off))
    {
        return None;
    }
    // Each throw of the side on roll: + its win, or − its least loss (a single game, without
    // looking at its plays, where nothing it can play changes that).
    let single = match stakes {
        Stakes::Gammons => pos.off() > 0,
        Stakes::Willughby | Stakes::Cotton => pos.all_home(),
        Stakes::Single | Stakes::Nard => true,
    };
    let outcomes: Vec<f64> = throws
        .iter()
        .map(|t| {
            if bears_all_off(pos, t, rules) {
                return f64::from(big_stake(stakes, &b));
            }
            if single {
                return -1.0;
            }
            let least = legal_plays(pos, t.moves, rules)
                .iter()
                .map(|p| big_stake(stakes, &p.position))
                .min()
                .unwrap_or(3);
            -f64::from(least)
        })
        .collect();
    let chances: Vec<f64> = throws.iter().map(|t| f64::from(t.chance)).collect();
    let w = weights(&outcomes, &chances, double_hand, true);
    let mut shares: Vec<(i32, f64)> = Vec::new();
    for (o, w) in outcomes.iter().zip(w) {
        shares.push((*o as i32, w));
    }
    Some(known(&shares, stakes))
}

/// Whether some play of this throw bears off every man the mover has left: at once if each
/// man can go straight off by a die of his own (then the play that uses the most dice bears
/// them all off too: a die that moves a man within the board leaves dice as high to bear him
/// off), else by the engine's plays.
fn bears_all_off(pos: &Position, t: &ThrowInfo, rules: MoveRules) -> bool {
    let left = usize::from(15 - pos.off());
    if left > t.moves.len() || !pos.all_home() {
        return false;
    }
    let men: Vec<usize> = (1..=6)
        .flat_map(|p| std::iter::repeat_n(p, pos.at(p).max(0) as usize))
        .collect();
    straight_off(&men, t.moves.faces(), rules.bear_off)
        || legal_plays(pos, t.moves, rules)
            .iter()
            .any(|p| p.position.borne_off_all())
}

/// What a win against `loser` (seen from himself) scores before doublets: 1, or 2 for a
/// gammon or a back-gammon, 3 for a modern backgammon.
fn big_stake(stakes: Stakes, loser: &Position) -> i32 {
    bear_off_stake(stakes, loser, false).0 as i32
}

/// Whether a man of the side on roll stands behind a lone man of the other side (or on the
/// bar), and so might hit it.
fn can_hit(pos: &Position) -> bool {
    let p = pos.pips();
    let highest = pos.highest();
    (1..=24).any(|q| p[q] == -1 && highest > q)
}

/// Whether these men (their points) can each be borne off by one die of their own: no man
/// lands on a point, so none can be blocked. Highest man first, no man is ever left above one
/// going off, so the modern rule bears off as over the edge does.
fn straight_off(men: &[usize], faces: &[u8], bear_off: BearOff) -> bool {
    if men.len() > faces.len() {
        return false;
    }
    let mut order: Vec<usize> = (0..faces.len()).collect();
    permute(&mut order, 0, &mut |o| {
        men.iter().zip(o).all(|(&from, &f)| {
            let die = usize::from(faces[f]);
            match bear_off {
                BearOff::OverEdge | BearOff::Modern => die >= from,
                BearOff::Exact => die == from,
            }
        })
    })
}

/// Calls `f` with each order of `v[at..]` until it returns true.
fn permute(v: &mut Vec<usize>, at: usize, f: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    if at == v.len() {
        return f(v);
    }
    for i in at..v.len() {
        v.swap(at, i);
        if permute(v, at + 1, f) {
            return true;
        }
        v.swap(at, i);
    }
    false
}

/// The chances of known results: each a stake, + won or − lost, with its chance.
fn known(shares: &[(i32, f64)], stakes: Stakes) -> Chances {
    let sum = |f: &dyn Fn(i32) -> bool| -> f32 {
        shares
            .iter()
            .filter(|(o, _)| f(*o))
            .map(|(_, w)| *w)
            .sum::<f64>() as f32
    };
    let triple = stakes == Stakes::Gammons;
    Chances {
        win: sum(&|o| o > 0),
        win_big: sum(&|o| o >= 2),
        lose_big: sum(&|o| o <= -2),
        win_triple: if triple { sum(&|o| o >= 3) } else { 0.0 },
        lose_triple: if triple { sum(&|o| o <= -3) } else { 0.0 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::bearoff::Universe;
    use crate::tables::{Compulsion, Dice, Doublets, Throw};

    #[test]
    fn men_that_go_straight_off_are_all_borne_off_by_the_engines_plays() {
        // Every position of up to 4 men home, every throw, rule and compulsion: whenever each
        // man has a die of his own to go straight off, some legal play bears them all off.
        for bear_off in [BearOff::Modern, BearOff::OverEdge, BearOff::Exact] {
            for compulsion in [Compulsion::Max, Compulsion::Free] {
                let rules = MoveRules {
                    bear_off,
                    compulsion,
                    no_hitting: false,
                };
                for doublets in [Doublets::Double, Doublets::Single] {
                    for h in &Universe::new(4).homes {
                        let mut pips = [0i8; 26];
                        for i in 0..6 {
                            pips[i + 1] = h[i] as i8;
                        }
                        // The adversary's last man far away, on his own ace point.
                        pips[24] = -1;
                        let Ok(pos) = Position::from_pips(pips) else {
                            continue;
                        };
                        let men: Vec<usize> = (1..=6)
                            .flat_map(|p| std::iter::repeat_n(p, usize::from(h[p - 1])))
                            .collect();
                        for (t, _) in Throw::all(2) {
                            let moves = t.moves(Dice::Two, doublets);
                            if men.is_empty() || !straight_off(&men, moves.faces(), bear_off) {
                                continue;
                            }
                            assert!(
                                legal_plays(&pos, moves, rules)
                                    .iter()
                                    .any(|p| p.position.borne_off_all()),
                                "{h:?} {t} {bear_off:?} {compulsion:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}
