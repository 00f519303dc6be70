//! GNU Backgammon's Match ID: 12 characters that name everything about a position but the men
//! (which the Position ID names): the cube, who is on roll and who must decide, the dice, the
//! match's length and score, and the Crawford game.
//!
//! The ID is the base64 text (as the Position ID's) of a 66-bit key in 9 bytes, its fields
//! one after the other from the lowest bit of the first byte, each field's lowest bit first
//! (GNU Backgammon's manual, "A technical description of the Match ID"):
//!
//! | bits  | field                                                              |
//! |-------|--------------------------------------------------------------------|
//! | 1–4   | the cube's value, as its base-2 logarithm                          |
//! | 5–6   | the cube's owner: 0 or 1, or 3 when centred                         |
//! | 7     | the player on roll (or who rolled)                                 |
//! | 8     | whether this is the Crawford game                                   |
//! | 9–11  | the game's state: none, playing, over, resigned, ended by a drop    |
//! | 12    | the player who must decide now (the taker, after a double)          |
//! | 13    | whether a double is offered                                         |
//! | 14–15 | the resignation offered: none, single, gammon, backgammon          |
//! | 16–18 | the first die (0: not thrown)                                       |
//! | 19–21 | the second die                                                      |
//! | 22–36 | the match's length (0: a money session)                             |
//! | 37–51 | player 0's score                                                    |
//! | 52–66 | player 1's score                                                    |
//! | 67    | whether the Jacoby rule is *off* (GNU Backgammon's use of a spare bit) |
//!
//! The five bits left of the 72 are spare: written 0 and ignored when read, as every other
//! program does.
//!
//! ```
//! use gamester_rules::tables::match_id::{self, MatchKey};
//! // A money session, player 1 on roll with no dice yet, as GNU Backgammon starts one
//! let key = match_id::decode("MAEKAAAAAAAA").unwrap();
//! assert_eq!((key.length, key.cube_log2, key.cube_owner), (0, 0, None));
//! assert_eq!(match_id::encode(&key), "MAEKAAAAAAAA");
//! ```

use thiserror::Error;

use super::position_id::{from_base64, to_base64};
use super::{Game, Phase, Side};

/// Why a text is not a Match ID.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchIdError {
    #[error("a Match ID has 12 characters, not {0}")]
    Length(usize),
    #[error("`{0}` is not a base64 character")]
    Character(char),
    #[error("the key's bits do not fill its characters")]
    TrailingBits,
    #[error("the cube's owner is {0}, which is neither player nor the middle")]
    CubeOwner(u8),
    #[error("the game's state is {0}, which GNU Backgammon does not know")]
    State(u8),
    #[error("a die shows {0}")]
    Die(u8),
    #[error("a score of {score} in a match to {length}")]
    Score { score: u16, length: u16 },
}

/// Where a game stands, as the Match ID says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameState {
    NoGame,
    Playing,
    Over,
    Resigned,
    /// Ended by a double dropped.
    Dropped,
}

impl GameState {
    const ALL: [GameState; 5] = [
        GameState::NoGame,
        GameState::Playing,
        GameState::Over,
        GameState::Resigned,
        GameState::Dropped,
    ];
}

/// Every field of a Match ID. Players are 0 and 1 as GNU Backgammon numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchKey {
    /// The cube's value as a power of two (0: the cube at 1), at most 15.
    pub cube_log2: u8,
    /// The player who owns the cube; `None` while it is in the middle.
    pub cube_owner: Option<u8>,
    /// The player on roll, or who rolled.
    pub on_roll: u8,
    pub crawford: bool,
    pub state: GameState,
    /// The player who must decide now.
    pub turn: u8,
    pub doubled: bool,
    /// The resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon.
    pub resigned: u8,
    /// The dice thrown, 0 for not thrown.
    pub dice: [u8; 2],
    /// The points the match is played to; 0 in a money session.
    pub length: u16,
    pub score: [u16; 2],
    /// Whether the Jacoby rule is played (gammons count only once the cube has turned): on
    /// in a money session unless said otherwise, never in a match.
    pub jacoby: bool,
}

/// The fields' widths, in the key's order.
const WIDTHS: [u32; 14] = [4, 2, 1, 1, 3, 1, 1, 2, 3, 3, 15, 15, 15, 1];

impl MatchKey {
    /// The fields' values, in the key's order.
    fn fields(&self) -> [u32; 14] {
        [
            u32::from(self.cube_log2.min(15)),
            u32::from(self.cube_owner.map_or(3, |p| p & 1)),
            u32::from(self.on_roll & 1),
            u32::from(self.crawford),
            GameState::ALL
                .iter()
                .position(|&s| s == self.state)
                .unwrap_or(0) as u32,
            u32::from(self.turn & 1),
            u32::from(self.doubled),
            u32::from(self.resigned & 3),
            u32::from(self.dice[0].min(7)),
            u32::from(self.dice[1].min(7)),
            u32::from(self.length & 0x7fff),
            u32::from(self.score[0] & 0x7fff),
            u32::from(self.score[1] & 0x7fff),
            u32::from(!self.jacoby),
        ]
    }
}

/// GNU Backgammon's number for a side: White is player 1, drawn at the bottom as gnubg draws
/// its player 1, and Black player 0.
#[must_use]
pub fn player(side: Side) -> u8 {
    match side {
        Side::White => 1,
        Side::Black => 0,
    }
}

/// The Match ID's fields for a game, as GNU Backgammon would write them: the cube, the side on
/// roll, the side to decide (the taker, while a double is offered), the dice higher first; in
/// a match its length, the score when the game began and the Crawford game (a session for
/// stakes is gnubg's money session, without the Jacoby rule, which Gamester does not play).
#[must_use]
pub fn of_game(game: &Game) -> MatchKey {
    let cube = game.cube();
    let turn = game.turn();
    let phase = game.phase();
    let mut dice = game.throw().map_or([0, 0], |t| {
        let f = t.faces();
        [f[0].min(6), f.get(1).copied().unwrap_or(0).min(6)]
    });
    dice.sort_unstable_by(|a, b| b.cmp(a));
    let to = game.rules().match_to;
    let before = game.tally_before();
    let score = |side: Side| {
        if to == 0 {
            0
        } else {
            before.stakes(side).min(0x7fff) as u16
        }
    };
    MatchKey {
        cube_log2: cube.value.max(1).trailing_zeros().min(15) as u8,
        cube_owner: cube.owner.map(player),
        on_roll: player(turn),
        crawford: game.is_crawford_game(),
        state: match phase {
            Phase::Over(_) => GameState::Over,
            _ => GameState::Playing,
        },
        turn: player(phase.actor(turn).unwrap_or(turn)),
        doubled: phase == Phase::DoubleOffered,
        resigned: 0,
        dice,
        length: to,
        score: [score(Side::Black), score(Side::White)],
        jacoby: to == 0 && game.rules().jacoby,
    }
}

/// The Match ID of `key`.
#[must_use]
pub fn encode(key: &MatchKey) -> String {
    let mut bytes = [0u8; 9];
    let mut at = 0usize;
    for (value, width) in key.fields().into_iter().zip(WIDTHS) {
        for b in 0..width {
            if value >> b & 1 == 1 {
                bytes[at / 8] |= 1 << (at % 8);
            }
            at += 1;
        }
    }
    to_base64(&bytes)
}

/// Reads a Match ID. Any text may be given: what is not a Match ID is an error, never a panic.
pub fn decode(id: &str) -> Result<MatchKey, MatchIdError> {
    let chars: Vec<char> = id.trim().chars().collect();
    if chars.len() != 12 {
        return Err(MatchIdError::Length(chars.len()));
    }
    let bytes: [u8; 9] = from_base64(&chars)
        .map_err(MatchIdError::Character)?
        .ok_or(MatchIdError::TrailingBits)?;
    let bit = |i: usize| u32::from(bytes[i / 8] >> (i % 8) & 1);
    let mut fields = [0u32; 14];
    let mut at = 0usize;
    for (field, width) in fields.iter_mut().zip(WIDTHS) {
        for b in 0..width {
            *field |= bit(at) << b;
            at += 1;
        }
    }
    // Every field fits its width, so these narrowings keep every bit.
    let small = |v: u32| v as u8;
    let owner = small(fields[1]);
    let cube_owner = match owner {
        0 | 1 => Some(owner),
        3 => None,
        other => return Err(MatchIdError::CubeOwner(other)),
    };
    let state = *GameState::ALL
        .get(fields[4] as usize)
        .ok_or(MatchIdError::State(small(fields[4])))?;
    let dice = [small(fields[8]), small(fields[9])];
    if let Some(&bad) = dice.iter().find(|&&d| d > 6) {
        return Err(MatchIdError::Die(bad));
    }
    let length = fields[10] as u16;
    let score = [fields[11] as u16, fields[12] as u16];
    if length > 0
        && let Some(&bad) = score
            .iter()
            .find(|&&s| s >= length && state == GameState::Playing)
    {
        return Err(MatchIdError::Score { score: bad, length });
    }
    Ok(MatchKey {
        cube_log2: small(fields[0]),
        cube_owner,
        on_roll: small(fields[2]),
        crawford: fields[3] == 1,
        state,
        turn: small(fields[5]),
        doubled: fields[6] == 1,
        resigned: small(fields[7]),
        dice,
        length,
        score,
        jacoby: fields[13] == 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Match IDs GNU Backgammon 1.07 printed (`gnubg.matchid()`), with what they say.
    #[test]
    fn gnubg_own_ids_read_as_it_set_them_and_are_written_back_the_same() {
        // A money session just begun (`new session`): the cube at 1 in the middle, player 1
        // on roll, the opening throw 2-1 made for him
        let money = decode("MAEKAAAAAAAA").unwrap();
        assert_eq!(money.length, 0);
        assert_eq!((money.cube_log2, money.cube_owner), (0, None));
        assert_eq!(money.state, GameState::Playing);
        assert_eq!(encode(&money), "MAEKAAAAAAAA");
        assert!(money.jacoby, "Jacoby is on in a money session by default");
        // A match to 7 just begun (`new match 7`): no Jacoby in a match
        let seven = decode("cInqAAAAAAAE").unwrap();
        assert_eq!((seven.length, seven.score), (7, [0, 0]));
        assert!(!seven.crawford && !seven.jacoby);
        assert_eq!(encode(&seven), "cInqAAAAAAAE");
        // The same after `set cube value 4`, `set cube owner 1`: the cube at 4, player 1's
        assert_eq!(decode("UonqACAAGAAE").unwrap().cube_log2, 2);
        assert_eq!(decode("UonqACAAGAAE").unwrap().cube_owner, Some(1));
        for id in [
            "MAEKAAAAAAAA",
            "cInqAAAAAAAE",
            "UonqACAAGAAE",
            "UgngACAAGAAE",
        ] {
            assert_eq!(encode(&decode(id).unwrap()), id);
        }
    }

    #[test]
    fn every_field_is_written_and_read_back_whole() {
        let key = MatchKey {
            cube_log2: 3,
            cube_owner: Some(1),
            on_roll: 1,
            crawford: true,
            state: GameState::Playing,
            turn: 0,
            doubled: true,
            resigned: 2,
            dice: [6, 5],
            length: 25,
            score: [24, 17],
            jacoby: false,
        };
        let id = encode(&key);
        assert_eq!(id.len(), 12);
        assert_eq!(decode(&id).unwrap(), key);
        for k in 0..14 {
            // Each field moved alone moves the ID
            let mut f = key.fields();
            f[k] ^= 1;
            assert_ne!(f, key.fields());
        }
    }

    #[test]
    fn a_game_is_keyed_as_gnubg_keys_a_money_game() {
        use crate::tables::{Action, Preset, Rules};
        let mut rules = Rules::preset(Preset::Modern);
        rules.cube = true;
        let mut game = Game::new(rules).unwrap();
        // The throw-off 2 for White, 5 for Black: Black begins, playing the two dice, the
        // higher first in the key
        game.apply(Action::ThrowOff { white: 2, black: 5 }).unwrap();
        let key = of_game(&game);
        assert_eq!((key.length, key.score, key.crawford), (0, [0, 0], false));
        assert_eq!((key.cube_log2, key.cube_owner), (0, None));
        assert_eq!((key.on_roll, key.turn), (player(Side::Black), 0));
        assert_eq!(key.dice, [5, 2]);
        assert_eq!(key.state, GameState::Playing);
        assert!(!key.doubled);
        assert_eq!(decode(&encode(&key)).unwrap(), key);
    }

    #[test]
    fn junk_is_an_error_not_a_panic() {
        assert_eq!(decode("short"), Err(MatchIdError::Length(5)));
        assert!(matches!(
            decode("cInqAAAAAAA!"),
            Err(MatchIdError::Character('!'))
        ));
        // The spare bits past the 67th are ignored, as other programs ignore them
        let spare = decode("cInqAAAAAAA8").unwrap();
        assert_eq!(
            (spare.length, spare.score, spare.jacoby),
            (7, [0, 0], false)
        );
        // A cube owner of 2 and a die of 7
        let mut bytes = [0u8; 9];
        bytes[0] = 0b10_0000;
        assert_eq!(decode(&to_base64(&bytes)), Err(MatchIdError::CubeOwner(2)));
        let mut bytes = [0u8; 9];
        bytes[1] = 0b1000_0000;
        bytes[2] = 0b11;
        assert_eq!(decode(&to_base64(&bytes)), Err(MatchIdError::Die(7)));
    }
}
