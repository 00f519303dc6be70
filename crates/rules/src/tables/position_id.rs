//! GNU Backgammon's Position ID: 14 characters that name a position.
//!
//! The ID is the base64 text of an 80-bit key. The key lists, for the side not on roll and
//! then the side on roll, each of its points 1 to 24 and then its bar: as many 1 bits as men
//! there, then a 0 bit. Bits fill each byte from its lowest bit. Men not listed are borne off.
//! Here the side on roll is the side the [`Position`] is seen from.
//!
//! ```
//! use gamester_rules::tables::{position_id, Position};
//! assert_eq!(position_id::encode(&Position::default()), "4HPwATDgc/ABMA");
//! assert_eq!(position_id::decode("4HPwATDgc/ABMA").unwrap(), Position::default());
//! ```

use thiserror::Error;

use super::board::{ADVERSARY_BAR, BAR, MEN, Position, PositionError};

/// Why a text is not a Position ID.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionIdError {
    #[error("a Position ID has 14 characters, not {0}")]
    Length(usize),
    #[error("`{0}` is not a base64 character")]
    Character(char),
    #[error("the key runs out before both sides are listed")]
    Truncated,
    #[error("the key lists more than 15 men for a side")]
    TooManyMen,
    #[error("the key has bits after both sides are listed")]
    TrailingBits,
    #[error("the position it names is not a position: {0}")]
    Position(#[from] PositionError),
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Men on the 25 places (points 1..24, then the bar) of both sides: the side not on roll
/// first, then the side on roll.
fn places(pos: &Position) -> [[u8; 25]; 2] {
    let pips = pos.pips();
    let mut out = [[0u8; 25]; 2];
    for i in 0..24 {
        out[0][i] = (-pips[24 - i]).max(0) as u8;
        out[1][i] = pips[i + 1].max(0) as u8;
    }
    out[0][24] = (-pips[ADVERSARY_BAR]).max(0) as u8;
    out[1][24] = pips[BAR].max(0) as u8;
    out
}

/// The 10-byte key of a position seen from the side on roll.
#[must_use]
pub fn key(pos: &Position) -> [u8; 10] {
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in places(pos) {
        for men in side {
            for _ in 0..men {
                key[bit / 8] |= 1 << (bit % 8);
                bit += 1;
            }
            bit += 1;
        }
    }
    key
}

/// The Position ID of a position, the side it is seen from being on roll.
#[must_use]
pub fn encode(pos: &Position) -> String {
    to_base64(&key(pos))
}

/// GNU Backgammon's base64 of a key: its bytes in order, six bits a character from the
/// highest, the last character padded with zero bits (no `=`).
pub(super) fn to_base64(key: &[u8]) -> String {
    let mut out = String::with_capacity(key.len() * 4 / 3 + 1);
    let mut acc = 0u32;
    let mut bits = 0;
    for &byte in key {
        acc = (acc << 8) | u32::from(byte);
        bits += 8;
        while bits >= 6 {
            bits -= 6;
            out.push(ALPHABET[((acc >> bits) & 63) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (6 - bits)) & 63) as usize] as char);
    }
    out
}

/// The key of `N` bytes a base64 text holds, or the character that is not base64, or `None`
/// when bits are left over that are not zero. The caller checks the length first.
pub(super) fn from_base64<const N: usize>(chars: &[char]) -> Result<Option<[u8; N]>, char> {
    let mut key = [0u8; N];
    let mut acc = 0u32;
    let mut bits = 0;
    let mut k = 0;
    for &c in chars {
        let v = ALPHABET.iter().position(|&a| a as char == c).ok_or(c)? as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 && k < N {
            bits -= 8;
            key[k] = ((acc >> bits) & 0xff) as u8;
            k += 1;
        }
    }
    Ok((acc & ((1 << bits) - 1) == 0).then_some(key))
}

/// Reads a Position ID. Any text may be given: what is not an ID is an error, never a panic.
pub fn decode(id: &str) -> Result<Position, PositionIdError> {
    let chars: Vec<char> = id.trim().chars().collect();
    if chars.len() != 14 {
        return Err(PositionIdError::Length(chars.len()));
    }
    let key: [u8; 10] = from_base64(&chars)
        .map_err(PositionIdError::Character)?
        .ok_or(PositionIdError::TrailingBits)?;
    let bit_at = |i: usize| key[i / 8] >> (i % 8) & 1 == 1;
    let mut places = [[0u8; 25]; 2];
    let mut i = 0usize;
    for side in &mut places {
        for slot in side.iter_mut() {
            let mut men = 0u8;
            loop {
                if i >= 80 {
                    return Err(PositionIdError::Truncated);
                }
                let one = bit_at(i);
                i += 1;
                if !one {
                    break;
                }
                men += 1;
                if men > MEN {
                    return Err(PositionIdError::TooManyMen);
                }
            }
            *slot = men;
        }
    }
    if (i..80).any(bit_at) {
        return Err(PositionIdError::TrailingBits);
    }
    let mut pips = [0i8; 26];
    for p in 1..=24usize {
        let (mine, theirs) = (places[1][p - 1], places[0][24 - p]);
        if mine > 0 && theirs > 0 {
            return Err(PositionError::PointHeldByBoth { point: p as u8 }.into());
        }
        pips[p] = mine as i8 - theirs as i8;
    }
    pips[BAR] = places[1][24] as i8;
    pips[ADVERSARY_BAR] = -(places[0][24] as i8);
    Ok(Position::from_pips(pips)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starting_position_is_4hpwatdgc() {
        assert_eq!(encode(&Position::default()), "4HPwATDgc/ABMA");
    }

    #[test]
    fn ids_read_back() {
        let pos: Position = "bar:2 20:3 6:5 3:1 off:4 / 24:2 18:1 12:5 off:7"
            .parse()
            .unwrap();
        assert_eq!(decode(&encode(&pos)).unwrap(), pos);
        assert_eq!(decode(&encode(&pos.switched())).unwrap(), pos.switched());
    }

    #[test]
    fn junk_is_an_error_not_a_panic() {
        assert!(matches!(decode(""), Err(PositionIdError::Length(0))));
        assert!(matches!(
            decode("4HPwATDgc/AB!A"),
            Err(PositionIdError::Character('!'))
        ));
        assert!(decode("//////////////").is_err());
        // All zero bits: no man left on the board, every man borne off.
        let empty = decode("AAAAAAAAAAAAAA").unwrap();
        assert_eq!((empty.off(), empty.adversary_off()), (15, 15));
    }
}
