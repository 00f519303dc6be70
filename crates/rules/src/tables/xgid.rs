//! eXtreme Gammon's XGID: a position, the cube, the dice and the match's score in one line of
//! ten fields parted by colons, as XG and GNU Backgammon copy and paste them:
//!
//! `XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10`
//!
//! | field | what it says                                                                   |
//! |-------|--------------------------------------------------------------------------------|
//! | 1     | the men: 26 characters seen from X (the player at the bottom, here White): the   |
//! |       | first is O's bar, then X's points 1 to 24, then X's bar; `-` an empty place,    |
//! |       | `A`–`O` one to fifteen of X's men, `a`–`o` of O's                                |
//! | 2     | the cube's value, as its base-2 logarithm                                        |
//! | 3     | the cube's owner: 1 X, −1 O, 0 the middle                                        |
//! | 4     | the player on roll: 1 X, −1 O                                                    |
//! | 5     | the dice: `00` not yet thrown, `D` a double offered (the player of field 4 has  |
//! |       | doubled), `B` beavered, `R` raccooned, or the two dice thrown                    |
//! | 6, 7  | X's and O's scores in the match                                                  |
//! | 8     | in a match, 1 in the Crawford game; for money, 1 the Jacoby rule, 2 beavers, 3 both |
//! | 9     | the match's length (0: money)                                                    |
//! | 10    | the highest cube, as its base-2 logarithm                                        |
//!
//! ```
//! use gamester_rules::tables::{xgid, Position, Side};
//! let id = xgid::decode("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10").unwrap();
//! assert_eq!(id.position, Position::default());
//! assert_eq!(id.on_roll, Side::White);
//! ```

use thiserror::Error;

use super::board::{ADVERSARY_BAR, BAR, MEN, Position, PositionError};
use super::game::Game;
use super::phase::Phase;
use super::side::Side;

/// Why a text is not an XGID.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum XgidError {
    #[error("an XGID has 10 fields parted by colons, not {0}")]
    Fields(usize),
    #[error("its men have 26 characters, not {0}")]
    Length(usize),
    #[error("`{0}` is not a place's men (`-`, `A`–`O` or `a`–`o`)")]
    Men(char),
    #[error("its field {field} is `{text}`, which is not {wanted}")]
    Field {
        field: usize,
        text: String,
        wanted: &'static str,
    },
    #[error("the position it names is not a position: {0}")]
    Position(#[from] PositionError),
}

/// The dice of an XGID.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum XgDice {
    /// Not yet thrown: the player on roll may double or throw.
    ToThrow,
    /// The player on roll has doubled; the other takes or drops.
    Doubled,
    /// Doubled and beavered.
    Beavered,
    /// Doubled, beavered and raccooned.
    Raccooned,
    /// Thrown, the higher die first as XG writes them.
    Thrown([u8; 2]),
}

/// What an XGID says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Xgid {
    /// The men, seen from X (White).
    pub position: Position,
    /// The cube's value as a power of two (0: the cube at 1).
    pub cube_log2: u8,
    /// Who owns the cube; `None` while it is in the middle.
    pub cube_owner: Option<Side>,
    /// The player on roll (or who has doubled).
    pub on_roll: Side,
    pub dice: XgDice,
    /// White's (X's) and Black's (O's) scores.
    pub score: [u32; 2],
    /// Field 8: the Crawford game in a match; the Jacoby rule (1) and beavers (2) for money.
    pub rule_bits: u8,
    /// The points the match is played to; 0 for money.
    pub length: u16,
    /// The highest cube, as a power of two.
    pub max_cube_log2: u8,
}

/// XGID's player number of a side: X (1) is White, O (−1) Black.
fn number(side: Side) -> i8 {
    match side {
        Side::White => 1,
        Side::Black => -1,
    }
}

fn men_char(n: i8) -> char {
    let count = n.unsigned_abs().min(MEN);
    match n {
        0 => '-',
        n if n > 0 => char::from(b'A' + count - 1),
        _ => char::from(b'a' + count - 1),
    }
}

/// The XGID of `id`.
#[must_use]
pub fn encode(id: &Xgid) -> String {
    let pips = id.position.pips();
    let mut men = String::with_capacity(26);
    men.push(men_char(pips[ADVERSARY_BAR]));
    for p in 1..=24 {
        men.push(men_char(pips[p]));
    }
    men.push(men_char(pips[BAR]));
    let dice = match id.dice {
        XgDice::ToThrow => "00".to_owned(),
        XgDice::Doubled => "D".to_owned(),
        XgDice::Beavered => "B".to_owned(),
        XgDice::Raccooned => "R".to_owned(),
        XgDice::Thrown([a, b]) => format!("{a}{b}"),
    };
    format!(
        "XGID={men}:{}:{}:{}:{dice}:{}:{}:{}:{}:{}",
        id.cube_log2,
        id.cube_owner.map_or(0, number),
        number(id.on_roll),
        id.score[0],
        id.score[1],
        id.rule_bits,
        id.length,
        id.max_cube_log2,
    )
}

/// The XGID of the state of `game`, White as X. The position is the men as they stand; the
/// dice are those thrown and not yet played, or `00` before a throw (and after the game).
#[must_use]
pub fn of_game(game: &Game) -> Xgid {
    let cube = game.cube();
    let to = game.rules().match_to;
    let before = game.tally_before();
    let score = |side: Side| if to == 0 { 0 } else { before.stakes(side) };
    let dice = match game.phase() {
        Phase::DoubleOffered => XgDice::Doubled,
        _ => game.throw().map_or(XgDice::ToThrow, |t| {
            let f = t.faces();
            let (a, b) = (f[0].min(6), f.get(1).copied().unwrap_or(f[0]).min(6));
            XgDice::Thrown([a.max(b), a.min(b)])
        }),
    };
    // After a double the doubler is named, not the taker who must answer.
    let on_roll = game.turn();
    let rule_bits = if to > 0 {
        u8::from(game.is_crawford_game())
    } else {
        u8::from(game.rules().jacoby)
    };
    Xgid {
        position: game.position(),
        cube_log2: cube.value.max(1).trailing_zeros().min(15) as u8,
        cube_owner: cube.owner,
        on_roll,
        dice,
        score: [score(Side::White), score(Side::Black)],
        rule_bits,
        length: to,
        max_cube_log2: 10,
    }
}

fn field<T: std::str::FromStr>(
    fields: &[&str],
    i: usize,
    wanted: &'static str,
) -> Result<T, XgidError> {
    fields[i - 1].trim().parse().map_err(|_| XgidError::Field {
        field: i,
        text: fields[i - 1].to_owned(),
        wanted,
    })
}

fn side_of(n: i8, field: usize, text: &str) -> Result<Option<Side>, XgidError> {
    match n {
        1 => Ok(Some(Side::White)),
        -1 => Ok(Some(Side::Black)),
        0 => Ok(None),
        _ => Err(XgidError::Field {
            field,
            text: text.to_owned(),
            wanted: "1, -1 or 0",
        }),
    }
}

/// Reads an XGID, with or without its `XGID=`. Any text may be given: what is not an XGID is
/// an error, never a panic. The fields are read in order, so the first wrong one is named.
pub fn decode(text: &str) -> Result<Xgid, XgidError> {
    let text = text.trim();
    let text = text.strip_prefix("XGID=").unwrap_or(text);
    let fields: Vec<&str> = text.split(':').collect();
    if fields.len() != 10 {
        return Err(XgidError::Fields(fields.len()));
    }
    let position = decode_men(fields[0])?;
    let (cube_log2, cube_owner) = decode_cube(&fields)?;
    let on_roll = decode_on_roll(&fields)?;
    let dice = decode_dice(fields[4])?;
    let score = [field(&fields, 6, "a score")?, field(&fields, 7, "a score")?];
    let rule_bits = field(&fields, 8, "0, 1, 2 or 3")?;
    let length = decode_length(&fields, score)?;
    let max_cube_log2 = field(&fields, 10, "a cube's power of two")?;
    Ok(Xgid {
        position,
        cube_log2,
        cube_owner,
        on_roll,
        dice,
        score,
        rule_bits,
        length,
        max_cube_log2,
    })
}

/// Field 1: the men, 26 characters from O's bar to X's.
fn decode_men(men: &str) -> Result<Position, XgidError> {
    let men: Vec<char> = men.chars().collect();
    if men.len() != 26 {
        return Err(XgidError::Length(men.len()));
    }
    let mut pips = [0i8; 26];
    for (i, &c) in men.iter().enumerate() {
        let n = match c {
            '-' => 0,
            'A'..='O' => (c as u8 - b'A' + 1) as i8,
            'a'..='o' => -((c as u8 - b'a' + 1) as i8),
            _ => return Err(XgidError::Men(c)),
        };
        let at = match i {
            0 => ADVERSARY_BAR,
            25 => BAR,
            p => p,
        };
        // Only X's men may stand on X's bar, only O's on O's.
        if (at == BAR && n < 0) || (at == ADVERSARY_BAR && n > 0) {
            return Err(XgidError::Men(c));
        }
        pips[at] = n;
    }
    Ok(Position::from_pips(pips)?)
}

/// Fields 2 and 3: the cube's value (as its power of two, up to 15) and its owner.
fn decode_cube(fields: &[&str]) -> Result<(u8, Option<Side>), XgidError> {
    let cube_log2: u8 = field(fields, 2, "a cube's power of two")?;
    if cube_log2 > 15 {
        return Err(XgidError::Field {
            field: 2,
            text: fields[1].to_owned(),
            wanted: "a cube's power of two up to 15",
        });
    }
    let owner: i8 = field(fields, 3, "1, -1 or 0")?;
    let cube_owner = side_of(owner, 3, fields[2])?;
    Ok((cube_log2, cube_owner))
}

/// Field 4: the player on roll, never the middle.
fn decode_on_roll(fields: &[&str]) -> Result<Side, XgidError> {
    let turn: i8 = field(fields, 4, "1 or -1")?;
    side_of(turn, 4, fields[3])?
        .filter(|_| turn != 0)
        .ok_or_else(|| XgidError::Field {
            field: 4,
            text: fields[3].to_owned(),
            wanted: "1 or -1",
        })
}

/// Field 5: the dice, or a double (beaver, raccoon) offered.
fn decode_dice(dice: &str) -> Result<XgDice, XgidError> {
    Ok(match dice.trim() {
        "00" | "0" => XgDice::ToThrow,
        "D" => XgDice::Doubled,
        "B" => XgDice::Beavered,
        "R" => XgDice::Raccooned,
        d => {
            let faces: Vec<u8> = d
                .chars()
                .map(|c| c.to_digit(10).map_or(0, |v| v as u8))
                .collect();
            match faces[..] {
                [a @ 1..=6, b @ 1..=6] => XgDice::Thrown([a, b]),
                _ => {
                    return Err(XgidError::Field {
                        field: 5,
                        text: d.to_owned(),
                        wanted: "`00`, `D`, `B`, `R` or two dice",
                    });
                }
            }
        }
    })
}

/// Field 9: the match's length (0 for money), which both scores (fields 6 and 7) fall short of.
fn decode_length(fields: &[&str], score: [u32; 2]) -> Result<u16, XgidError> {
    let length: u16 = field(fields, 9, "a match's length")?;
    if length > 0 && score.iter().any(|&s: &u32| s >= u32::from(length)) {
        return Err(XgidError::Field {
            field: if score[0] >= u32::from(length) { 6 } else { 7 },
            text: format!("{} and {}", score[0], score[1]),
            wanted: "a score short of the match's length",
        });
    }
    Ok(length)
}

impl Xgid {
    /// The position seen from the side on roll.
    #[must_use]
    pub fn from_on_roll(&self) -> Position {
        match self.on_roll {
            Side::White => self.position,
            Side::Black => self.position.switched(),
        }
    }
}

/// Whether `text` looks meant as an XGID (begins `XGID=`, or has its ten fields).
#[must_use]
pub fn looks_like(text: &str) -> bool {
    let text = text.trim();
    text.starts_with("XGID=") || text.split(':').count() == 10
}
