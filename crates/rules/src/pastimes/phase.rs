//! What a pastime waits for.

use serde::{Deserialize, Serialize};

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Each seat throws one die; the highest throws first (a tie for highest throws again).
    ThrowOff,
    /// The seat whose turn it is throws the two dice.
    ToThrow,
    /// The thrower uses his dice: at Ketch-Dolt he lays, draws or bears with each; at Sice-Ace
    /// (`load_to = chosen`) he chooses whom each ace loads.
    ToPlay,
    GameOver,
}

/// What the game waits for, in words (for a refusal).
#[must_use]
pub fn waiting_words(phase: Phase) -> &'static str {
    match phase {
        Phase::ThrowOff => "each player throws one die to see who throws first",
        Phase::ToThrow => "the player whose turn it is throws the dice",
        Phase::ToPlay => "the thrower is to use his dice",
        Phase::GameOver => "the game is over",
    }
}
