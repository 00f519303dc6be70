//! What a game of tiles waits for.

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The tiles to be shuffled and dealt (before each hand).
    ToDeal,
    /// Each player's die for the set (`first = die`).
    ToThrow,
    /// The player to act lays, draws or knocks.
    Playing,
    GameOver,
}

/// What the game waits for, in words (for a refusal).
pub fn waiting_words(phase: Phase) -> &'static str {
    match phase {
        Phase::ToDeal => "the tiles are to be dealt",
        Phase::ToThrow => "each player throws a die for the set",
        Phase::Playing => "a player is to lay, draw or knock",
        Phase::GameOver => "the game is over",
    }
}
