//! What one player can know of a hand: his own tiles, the line, how many tiles the others hold
//! and the boneyard, and the numbers each player has shown he lacks. The computer decides from
//! this alone, and never from the tiles it cannot see.

use super::error::DominoError;
use super::line::{End, Line};
use super::phase::Phase;
use super::rules::Rules;
use super::tile::{MAX_PIPS, SET_SIZE, Tile};

/// The numbers a player is known to lack, for the tiles he holds now.
///
/// A knock shows he holds neither open number. A draw brings an unseen tile, so what was known
/// is forgotten; but when he lays after drawing, everything he kept lacked the numbers that
/// made him draw (he drew until he could play, and only the last tile drawn fitted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Lacks {
    numbers: [bool; MAX_PIPS as usize + 1],
    /// The open numbers when he began to draw, until he lays.
    drew_at: Option<(u8, u8)>,
}

impl Lacks {
    /// Whether he is known to hold no tile showing `n`.
    #[must_use]
    pub fn lacks(&self, n: u8) -> bool {
        self.numbers.get(usize::from(n)).copied().unwrap_or(false)
    }

    /// Whether `tile` may be in his hand, as far as anyone can tell.
    #[must_use]
    pub fn may_hold(&self, tile: Tile) -> bool {
        !self.lacks(tile.high()) && !self.lacks(tile.low())
    }

    fn mark(&mut self, ends: (u8, u8)) {
        for n in [ends.0, ends.1] {
            if let Some(slot) = self.numbers.get_mut(usize::from(n)) {
                *slot = true;
            }
        }
    }

    pub(super) fn knocked(&mut self, ends: Option<(u8, u8)>) {
        if let Some(e) = ends {
            self.mark(e);
        }
    }

    pub(super) fn drew(&mut self, ends: Option<(u8, u8)>) {
        self.numbers = Default::default();
        if self.drew_at.is_none() {
            self.drew_at = ends;
        }
    }

    pub(super) fn laid(&mut self) {
        if let Some(e) = self.drew_at.take() {
            self.mark(e);
        }
    }
}

/// The open numbers of a line, left and right; `None` before the set.
#[must_use]
pub fn open_ends(line: &Line) -> Option<(u8, u8)> {
    Some((line.open(End::Left)?, line.open(End::Right)?))
}

/// One player's view of the table: everything public, and his own hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    pub rules: Rules,
    pub player: usize,
    pub hand: Vec<Tile>,
    pub line: Line,
    pub hand_sizes: Vec<usize>,
    pub boneyard: usize,
    pub lacks: Vec<Lacks>,
    pub scores: Vec<u32>,
    pub phase: Phase,
    /// The player to act.
    pub turn: usize,
    pub must_set: Option<Tile>,
    pub(super) knocks: usize,
    pub(super) hands_dealt: u32,
    pub(super) setter: usize,
}

impl Seen {
    /// A position for the first player to play: his hand, the line (already set), and how many
    /// tiles each other player holds, in the order of play after him; the rest of the set is
    /// the boneyard. Nothing is known of what the others lack, and nobody has scored.
    pub fn to_play(
        rules: Rules,
        hand: Vec<Tile>,
        line: Line,
        others: &[usize],
    ) -> Result<Seen, DominoError> {
        rules.check()?;
        let bad = |why: String| Err(DominoError::BadPosition(why));
        if line.is_empty() {
            return bad("the line needs its set".into());
        }
        if others.len() + 1 != usize::from(rules.players) {
            return bad(format!(
                "{} players need the counts of {} other hands",
                rules.players,
                rules.players - 1
            ));
        }
        let mut known = [false; SET_SIZE];
        for t in hand.iter().chain(line.laid().map(|l| &l.tile)) {
            if std::mem::replace(&mut known[t.index()], true) {
                return bad(format!("the {t} is given twice"));
            }
        }
        let held: usize = hand.len() + others.iter().sum::<usize>() + line.len();
        let Some(boneyard) = SET_SIZE.checked_sub(held) else {
            return bad(format!("{held} tiles, more than the set's {SET_SIZE}"));
        };
        let mut hand_sizes = vec![hand.len()];
        hand_sizes.extend_from_slice(others);
        let players = usize::from(rules.players);
        Ok(Seen {
            rules,
            player: 0,
            hand,
            line,
            hand_sizes,
            boneyard,
            lacks: vec![Lacks::default(); players],
            scores: vec![0; rules.sides()],
            phase: Phase::Playing,
            turn: 0,
            must_set: None,
            knocks: 0,
            hands_dealt: 1,
            setter: 0,
        })
    }

    /// The tiles this player has not seen: in the others' hands or the boneyard.
    #[must_use]
    pub fn unseen(&self) -> Vec<Tile> {
        let mut known = [false; SET_SIZE];
        for t in self.hand.iter().chain(self.line.laid().map(|l| &l.tile)) {
            known[t.index()] = true;
        }
        Tile::set()
            .into_iter()
            .filter(|t| !known[t.index()])
            .collect()
    }
}
