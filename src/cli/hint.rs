//! `gamester hint --position <ID> [--preset P] [--set K=V …] [--level L]`: the cube hint at
//! a position, as GNU Backgammon's `hint` gives it before a throw. The score and the cube come
//! from the ID (a Match ID or an XGID); the engine's own cube model answers
//! ([`crate::ai::cube_hint`]). The format is exact (docs/command-line.md).

use std::fmt::Write as _;

use crate::ai::cube::{Access, MatchScore};
use crate::ai::cube_hint::cube_hint_at;
use crate::ai::cubeful::Cube;
use crate::ai::decide::CubeAt;
use crate::ai::resign::Standing;
use crate::cli::args::{CliError, GamePreset, Hint, quote, tables_rules};
use crate::tables::{Position, Rules, Side, match_id, position_id, xgid};

/// A cube decision as an ID gives it (`rollout` reads its position the same way).
#[derive(Debug, PartialEq)]
pub(crate) struct Given {
    /// The men, seen from the side on roll (the doubler).
    pub(crate) position: Position,
    cube: u32,
    pub(crate) access: Access,
    /// The side on roll has doubled: the taker is to answer.
    doubled: bool,
    /// The match's length (0 for stakes) and the points each still needs, the side on roll's
    /// first.
    length: u16,
    away: [u32; 2],
    crawford_game: bool,
    /// The Jacoby rule, where the ID says (a Match ID, an XGID); else the rules'.
    jacoby: Option<bool>,
}

/// Reads a Position ID, a whole GNU Backgammon ID or an XGID.
pub(crate) fn read(text: &str) -> Result<Given, CliError> {
    let text = text.trim();
    let away = |length: u16, mine: u32, theirs: u32| {
        let l = u32::from(length);
        [l.saturating_sub(mine), l.saturating_sub(theirs)]
    };
    if xgid::looks_like(text) {
        let id = xgid::decode(text)
            .map_err(|e| CliError::Usage(format!("{} is not an XGID: {e}", quote(text))))?;
        let (mine, theirs) = match id.on_roll {
            Side::White => (id.score[0], id.score[1]),
            Side::Black => (id.score[1], id.score[0]),
        };
        let doubled = match id.dice {
            xgid::XgDice::ToThrow => false,
            xgid::XgDice::Doubled => true,
            _ => {
                return Err(CliError::Usage(format!(
                    "{} is not at a cube decision: the dice are thrown, or a beaver is under way",
                    quote(text)
                )));
            }
        };
        return Ok(Given {
            position: id.from_on_roll(),
            cube: 1 << id.cube_log2.min(12),
            access: access(id.cube_owner.map(|o| o == id.on_roll)),
            doubled,
            length: id.length,
            away: away(id.length, mine, theirs),
            crawford_game: id.length > 0 && id.rule_bits & 1 == 1,
            jacoby: Some(id.length == 0 && id.rule_bits & 1 == 1),
        });
    }
    let (pos_text, match_text) = match text.split_once(':') {
        Some((p, m)) => (p.trim(), Some(m.trim())),
        None => (text, None),
    };
    let position = position_id::decode(pos_text)
        .map_err(|e| CliError::Usage(format!("{} is not a Position ID: {e}", quote(pos_text))))?;
    let Some(match_text) = match_text else {
        return Ok(Given {
            position,
            cube: 1,
            access: Access::Centred,
            doubled: false,
            length: 0,
            away: [0, 0],
            crawford_game: false,
            jacoby: None,
        });
    };
    let key = match_id::decode(match_text)
        .map_err(|e| CliError::Usage(format!("{} is not a Match ID: {e}", quote(match_text))))?;
    if key.dice != [0, 0] {
        return Err(CliError::Usage(format!(
            "{} is not at a cube decision: the dice are thrown",
            quote(text)
        )));
    }
    let (me, them) = (usize::from(key.on_roll & 1), usize::from(!key.on_roll & 1));
    Ok(Given {
        position,
        cube: 1 << key.cube_log2.min(12),
        access: access(key.cube_owner.map(|o| o == key.on_roll)),
        doubled: key.doubled,
        length: key.length,
        away: away(
            key.length,
            u32::from(key.score[me]),
            u32::from(key.score[them]),
        ),
        crawford_game: key.crawford,
        jacoby: Some(key.jacoby),
    })
}

/// Who may double, from the side on roll: `Some(true)` the cube is his.
fn access(mine: Option<bool>) -> Access {
    match mine {
        None => Access::Centred,
        Some(true) => Access::Mine,
        Some(false) => Access::Theirs,
    }
}

pub(crate) fn run(args: &Hint) -> Result<String, CliError> {
    let GamePreset::Tables(preset) = args.preset else {
        return Err(args.preset.not_at_tables("hint is for the games at tables"));
    };
    let mut rules = tables_rules(preset, &args.sets)?;
    let given = read(&args.position)?;
    Ok(report(&mut rules, &given, args.level))
}

fn report(rules: &mut Rules, given: &Given, level: crate::level::Level) -> String {
    rules.cube = true;
    let jacoby = given.length == 0 && given.jacoby.unwrap_or(rules.jacoby);
    let mut out = String::new();
    let [me, them] = given.away;
    let crawford_to_come = given.length > 0 && me > 1 && them > 1;
    let owner = match given.access {
        Access::Centred => "centred",
        Access::Mine => "on-roll",
        Access::Theirs => "opponent",
    };
    let _ = write!(out, "cube {} {owner}", given.cube);
    if given.length > 0 {
        let state = if given.crawford_game {
            " crawford"
        } else if !crawford_to_come && (me == 1 || them == 1) {
            " post-crawford"
        } else {
            ""
        };
        let _ = writeln!(out, " match {} away {me} {them}{state}", given.length);
    } else {
        let _ = writeln!(out, " money{}", if jacoby { " jacoby" } else { "" });
    }
    let score = (given.length > 0).then_some(MatchScore {
        me,
        them,
        cube: given.cube,
        crawford_to_come,
    });
    let _ = writeln!(out, "resign {}", resign_words(rules, given, score, level));
    let refused = if given.crawford_game {
        Some("the Crawford game is played without the cube")
    } else if given.access == Access::Theirs && !given.doubled {
        Some("the cube is the opponent's")
    } else if given.cube >= 64 && !given.doubled {
        Some("the cube is at its highest")
    } else {
        None
    };
    if let Some(why) = refused {
        let _ = writeln!(out, "no-cube {why}");
        return out;
    }
    let at = CubeAt {
        position: given.position,
        access: given.access,
        score,
        jacoby_single: jacoby && given.access == Access::Centred,
        stakes: rules.stakes,
    };
    let hint = cube_hint_at(
        rules,
        &at,
        Side::White,
        given.access != Access::Centred,
        given.doubled,
        level,
    );
    let v = hint.values;
    let lines = [
        ("no-double", v.no_double, hint.chances.map(|c| c.no_double)),
        (
            "double-take",
            v.double_take,
            hint.chances.map(|c| c.double_take),
        ),
        (
            "double-pass",
            v.double_drop,
            hint.chances.map(|c| c.double_drop),
        ),
    ];
    for (name, value, chance) in lines {
        let _ = write!(out, "{name} {value:+.3}");
        if let Some(c) = chance {
            let _ = write!(out, " {:.1}%", c * 100.0);
        }
        out.push('\n');
    }
    let _ = writeln!(out, "action {}", hint.gnubg_words());
    if given.doubled {
        let answer = if hint.action.takes() { "take" } else { "pass" };
        let _ = writeln!(out, "answer {answer}");
    }
    out
}

/// What the side on roll would resign before it throws, in the words of the `resign` line:
/// `none`, `single`, `gammon`, `backgammon` (or the number of stakes, beyond three).
fn resign_words(
    rules: &Rules,
    given: &Given,
    score: Option<MatchScore>,
    level: crate::level::Level,
) -> String {
    let standing = Standing {
        position: given.position,
        cube: Cube {
            value: given.cube,
            access: given.access,
            score,
            jacoby: given.length == 0
                && given.access == Access::Centred
                && given.jacoby.unwrap_or(rules.jacoby),
            live: !given.crawford_game,
        },
    };
    let most = u8::try_from(crate::tables::most_stake(rules.stakes)).unwrap_or(u8::MAX);
    match standing.offer(rules, most, level) {
        None => "none".to_owned(),
        Some(1) => "single".to_owned(),
        Some(2) => "gammon".to_owned(),
        Some(3) => "backgammon".to_owned(),
        Some(k) => k.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_gnubg_id_gives_the_score_and_the_cube_from_the_side_on_roll() {
        // gnubg's opening position, player 1 on roll at 2-4 (1's score first… as gnubg keeps
        // them, player 0's first) in a match to 7, the cube on 2 owned by player 0.
        let key = match_id::MatchKey {
            cube_log2: 1,
            cube_owner: Some(0),
            on_roll: 1,
            crawford: false,
            state: match_id::GameState::Playing,
            turn: 1,
            doubled: false,
            resigned: 0,
            dice: [0, 0],
            length: 7,
            score: [2, 4],
            jacoby: false,
        };
        let text = format!("4HPwATDgc/ABMA:{}", match_id::encode(&key));
        let given = read(&text).unwrap();
        assert_eq!(given.away, [3, 5]);
        assert_eq!((given.cube, given.access), (2, Access::Theirs));
        assert!(!given.doubled && !given.crawford_game);
        // A Position ID alone is for stakes, the cube in the middle
        let given = read("4HPwATDgc/ABMA").unwrap();
        assert_eq!((given.length, given.access), (0, Access::Centred));
        assert!(read("4HPwATDgc/ABMA:nonsense").is_err());
    }
}
