//! How the novice judges a play: as a learner does. It sees what the fair player sees, then
//! leans the way learners lean (Magriel's list of a beginner's faults):
//! - it hits whenever it can, and likes to send men back;
//! - it partly forgets the blots it leaves, so it is hit more often than it should be;
//! - it hurries its last men out of the adversary's tables, so it never holds back for a back
//!   game;
//! - and it wavers a little between plays of nearly equal worth.
//!
//! These are the faults a person can see and punish, not uniformly bad plays.

use crate::tables::{Position, Stakes};

use super::search::Searcher;

/// What a won game of Nard scores, about: the count of the loser's men (4.8 a win, fair
/// against fair over 8,000 games). The learner's leanings are in games; Nard's values in men.
const NARD_GAME: f32 = 5.0;

/// What a learner adds to the fair judgement of a play that leaves `after` (seen from the side
/// that played), in the same units (stakes per unit of the cube).
#[must_use]
pub(crate) fn lean(searcher: &Searcher, after: &Position) -> f32 {
    // Men sent to the bar: a learner loves to hit.
    let hits = f32::from(after.adversary_bar());
    // The chance the adversary hits one of the blots the play leaves, which the learner
    // partly forgets.
    let (exposed, _) = searcher.eval.shots(&after.switched());
    // Men still in the adversary's home table (points 19 to 24 for the side that played).
    let p = after.pips();
    let back: f32 = (19..=24).map(|i| f32::from(p[i].max(0))).sum();
    let game = if searcher.eval.stakes() == Stakes::Nard {
        NARD_GAME
    } else {
        1.0
    };
    game * (0.1 * hits + 0.1 * exposed - 0.1 * back + waver(after))
}

/// A small, repeatable wavering between plays, drawn from the position itself.
fn waver(pos: &Position) -> f32 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in pos.pips() {
        h = (h ^ u64::from(b as u8)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h ^= h >> 29;
    let unit = (h % 2001) as f32 / 1000.0 - 1.0;
    0.03 * unit
}
