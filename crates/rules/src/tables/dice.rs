//! Dice: a throw's faces, what they let a side move, and where they come from.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::rules::{Dice, Doublets};

/// The most moves one throw can give (doublets played four times).
pub const MAX_MOVES: usize = 4;

/// Why some faces are not a throw.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DiceError {
    #[error("a die shows 1 to 6, not {0}")]
    BadFace(u8),
    #[error("a throw has two or three dice, not {0}")]
    BadCount(usize),
}

/// Checks that a die shows 1 to 6.
pub fn check_face(face: u8) -> Result<u8, DiceError> {
    if (1..=6).contains(&face) {
        Ok(face)
    } else {
        Err(DiceError::BadFace(face))
    }
}

/// The faces of one throw of two or three dice, in the order thrown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<u8>", into = "Vec<u8>")]
pub struct Throw {
    faces: [u8; 3],
    count: u8,
}

impl Throw {
    /// A throw of the given faces: two or three dice, each 1 to 6.
    pub fn new(faces: &[u8]) -> Result<Throw, DiceError> {
        if !(2..=3).contains(&faces.len()) {
            return Err(DiceError::BadCount(faces.len()));
        }
        let mut f = [0u8; 3];
        for (slot, &face) in f.iter_mut().zip(faces) {
            *slot = check_face(face)?;
        }
        Ok(Throw {
            faces: f,
            count: faces.len() as u8,
        })
    }

    /// Two dice.
    pub fn two(a: u8, b: u8) -> Result<Throw, DiceError> {
        Throw::new(&[a, b])
    }

    /// The faces as thrown.
    #[must_use]
    pub fn faces(&self) -> &[u8] {
        &self.faces[..usize::from(self.count)]
    }

    /// Doublets: every die shows the same face.
    #[must_use]
    pub fn is_doublets(&self) -> bool {
        self.faces().iter().all(|&f| f == self.faces[0])
    }

    /// The moves this throw gives under the rules, one die face each (highest first).
    ///
    /// Doublets are special only for two dice (`doublets`: two, four or three moves); with
    /// three dice each die is one move, and with `two_minoret` the lower die is played a third
    /// time (source 003: doublets are not special in Fails).
    #[must_use]
    pub fn moves(&self, dice: Dice, doublets: Doublets) -> Moves {
        let mut m = Moves::default();
        match dice {
            Dice::Two if self.is_doublets() => {
                let n = match doublets {
                    Doublets::Single => 2,
                    Doublets::Treble => 3,
                    Doublets::Double => 4,
                };
                for _ in 0..n {
                    m.push(self.faces[0]);
                }
            }
            Dice::TwoMinoret => {
                for &f in self.faces() {
                    m.push(f);
                }
                m.push(self.faces().iter().copied().min().unwrap_or(1));
            }
            _ => {
                for &f in self.faces() {
                    m.push(f);
                }
            }
        }
        m.faces[..m.len].sort_unstable_by(|a, b| b.cmp(a));
        m
    }

    /// Every distinct throw of `count` dice (faces in descending order) with its number of
    /// ways out of 6^count.
    #[must_use]
    pub fn all(count: usize) -> Vec<(Throw, u32)> {
        let mut out = Vec::new();
        if count == 3 {
            for a in (1..=6u8).rev() {
                for b in (1..=a).rev() {
                    for c in (1..=b).rev() {
                        let ways = if a == b && b == c {
                            1
                        } else if a == b || b == c {
                            3
                        } else {
                            6
                        };
                        out.push((
                            Throw {
                                faces: [a, b, c],
                                count: 3,
                            },
                            ways,
                        ));
                    }
                }
            }
        } else {
            for a in (1..=6u8).rev() {
                for b in (1..=a).rev() {
                    out.push((
                        Throw {
                            faces: [a, b, 0],
                            count: 2,
                        },
                        if a == b { 1 } else { 2 },
                    ));
                }
            }
        }
        out
    }
}

impl TryFrom<Vec<u8>> for Throw {
    type Error = DiceError;
    fn try_from(v: Vec<u8>) -> Result<Throw, DiceError> {
        Throw::new(&v)
    }
}

impl From<Throw> for Vec<u8> {
    fn from(t: Throw) -> Vec<u8> {
        t.faces().to_vec()
    }
}

impl std::fmt::Display for Throw {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self.faces().iter().map(u8::to_string).collect();
        f.write_str(&parts.join("-"))
    }
}

/// The die faces a throw lets a side move, highest first: at most [`MAX_MOVES`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Moves {
    faces: [u8; MAX_MOVES],
    len: usize,
}

impl Moves {
    fn push(&mut self, face: u8) {
        if self.len < MAX_MOVES {
            self.faces[self.len] = face;
            self.len += 1;
        }
    }

    /// The faces, highest first.
    #[must_use]
    pub fn faces(&self) -> &[u8] {
        &self.faces[..self.len]
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves left after using one die of `face`, or `None` if there is no such die.
    #[must_use]
    pub fn without(&self, face: u8) -> Option<Moves> {
        let i = self.faces().iter().position(|&f| f == face)?;
        let mut m = *self;
        m.faces.copy_within(i + 1..m.len, i);
        m.len -= 1;
        Some(m)
    }
}

/// Where dice come from. The game never throws for itself: a roller's faces are put in an
/// [`Action`](super::game::Action), so the record of a game holds every face.
pub trait DiceRoller {
    /// One die: 1 to 6.
    fn die(&mut self) -> u8;
}

/// Fair dice from a seeded generator: seeded from the operating system for play, or from a
/// number for tests and self-play.
#[derive(Debug, Clone)]
pub struct FairDice(StdRng);

impl FairDice {
    /// Seeded from the operating system.
    #[must_use]
    pub fn from_os() -> FairDice {
        FairDice(StdRng::from_os_rng())
    }

    /// Seeded from a number: the same seed throws the same faces.
    #[must_use]
    pub fn seeded(seed: u64) -> FairDice {
        FairDice(StdRng::seed_from_u64(seed))
    }
}

impl DiceRoller for FairDice {
    fn die(&mut self) -> u8 {
        self.0.random_range(1..=6)
    }
}

/// Faces given in advance, then repeated from the start: for tests that need exact throws.
#[derive(Debug, Clone)]
pub struct LoadedDice {
    faces: Vec<u8>,
    next: usize,
}

impl LoadedDice {
    /// Dice that show these faces in turn (faces outside 1–6 are clamped into it).
    #[must_use]
    pub fn new(faces: &[u8]) -> LoadedDice {
        let faces = if faces.is_empty() {
            vec![1]
        } else {
            faces.iter().map(|f| (*f).clamp(1, 6)).collect()
        };
        LoadedDice { faces, next: 0 }
    }
}

impl DiceRoller for LoadedDice {
    fn die(&mut self) -> u8 {
        let f = self.faces[self.next % self.faces.len()];
        self.next += 1;
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_21_throws_of_two_dice_and_56_of_three() {
        let two = Throw::all(2);
        assert_eq!(two.len(), 21);
        assert_eq!(two.iter().map(|t| t.1).sum::<u32>(), 36);
        let three = Throw::all(3);
        assert_eq!(three.len(), 56);
        assert_eq!(three.iter().map(|t| t.1).sum::<u32>(), 216);
    }

    #[test]
    fn doublets_give_two_three_or_four_moves() {
        let t = Throw::two(5, 5).unwrap();
        assert_eq!(t.moves(Dice::Two, Doublets::Single).faces(), &[5, 5]);
        assert_eq!(t.moves(Dice::Two, Doublets::Treble).faces(), &[5, 5, 5]);
        assert_eq!(t.moves(Dice::Two, Doublets::Double).faces(), &[5, 5, 5, 5]);
    }

    #[test]
    fn minoret_plays_the_lower_die_again() {
        let t = Throw::two(2, 5).unwrap();
        assert_eq!(
            t.moves(Dice::TwoMinoret, Doublets::Double).faces(),
            &[5, 2, 2]
        );
    }

    #[test]
    fn three_dice_are_three_moves_even_when_alike() {
        let t = Throw::new(&[4, 4, 4]).unwrap();
        assert_eq!(t.moves(Dice::Three, Doublets::Double).faces(), &[4, 4, 4]);
    }

    #[test]
    fn a_seven_is_not_a_die() {
        assert_eq!(Throw::two(7, 1), Err(DiceError::BadFace(7)));
        assert_eq!(Throw::new(&[1]), Err(DiceError::BadCount(1)));
    }

    #[test]
    fn seeded_dice_repeat() {
        let mut a = FairDice::seeded(7);
        let mut b = FairDice::seeded(7);
        let fa: Vec<u8> = (0..50).map(|_| a.die()).collect();
        let fb: Vec<u8> = (0..50).map(|_| b.die()).collect();
        assert_eq!(fa, fb);
        assert!(fa.iter().all(|f| (1..=6).contains(f)));
    }
}
