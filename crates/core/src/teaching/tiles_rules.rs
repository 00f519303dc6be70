//! The rules of a tiles game (Block, Draw, Muggins) as Gamester plays them, in words: a
//! heading and a paragraph each, made from the rules in force; where the book is
//! silent, what Gamester does, and that it is Gamester's choice. The window's rules window and
//! the rules page to print (`handout::tiles_rules_page`) both read them.

use crate::tiles::{FirstSet, Kind, MugginsScore, Preset, Rules, Target};

/// The title of a game under these rules.
#[must_use]
pub fn title_of(rules: &Rules) -> &'static str {
    match rules.kind {
        Kind::Muggins if rules.teams => Preset::MugginsTeams.title(),
        Kind::Muggins => Preset::Muggins.title(),
        Kind::Draw => Preset::Draw.title(),
        Kind::Block => Preset::Block.title(),
    }
}

/// The rules as Gamester plays them, a heading and a paragraph each; where the book
/// is silent, what Gamester does, and that it is Gamester's choice.
#[must_use]
pub fn rules_in_words(rules: &Rules) -> Vec<(&'static str, String)> {
    let drawn = rules.kind != Kind::Block;
    let mut out = vec![
        (
            "The tiles",
            "The double-six set of 28 tiles, each number from blank to sice with every other, \
             shuffled face down."
                .to_string(),
        ),
        (
            "The hands",
            format!(
                "{} tiles each for {} players; {}",
                rules.hand_size,
                rules.players,
                if drawn {
                    "the rest is the boneyard."
                } else {
                    "the rest stay aside, face down, and are not used."
                }
            ),
        ),
        (
            "Who sets",
            match rules.first {
                FirstSet::HighestDouble => "The player dealt the highest double sets it. With no \
                    double dealt, the heaviest tile sets (Gamester's rule: the book is silent)."
                    .to_string(),
                FirstSet::Die => "Each player throws a die, and the highest sets any tile he \
                    likes; a tie for the highest throws again."
                    .to_string(),
                FirstSet::Turns => "The players set in turn, hand by hand.".to_string(),
            },
        ),
        (
            "The line",
            "The first tile laid is the set. Each later tile is laid against an open end of \
             the line, matching its number. A double is laid crosswise, and nothing is played \
             on its sides. Play goes round in turn."
                .to_string(),
        ),
        (
            "When no tile fits",
            if drawn {
                format!(
                    "The player draws from the boneyard until he can lay. The boneyard is \
                     exhausted when {} remain; then he knocks, and play passes.",
                    rules.reserve()
                )
            } else {
                "The player knocks, and play passes.".to_string()
            },
        ),
    ];
    if rules.kind == Kind::Muggins {
        out.push((
            "Muggins",
            format!(
                "After each tile, if the open ends add to a multiple of five (a double at an end \
                 counts both its halves; the set alone counts all its pips), the player who laid \
                 it scores {}.",
                match rules.muggins {
                    MugginsScore::PerFive =>
                        "a point for each five (15 scores 3), as the book has it",
                    MugginsScore::Pips => "the pips themselves (15 scores 15), as many houses play",
                }
            ),
        ));
    }
    out.push((
        "The end of a hand",
        format!(
            "The first to lay his last tile says “domino” and wins the hand. If no one can lay, \
             the hands are shown and the least pips win. The winner scores the pips of the \
             other hands{}{}. A tie for the least pips is a drawn hand, and no one scores \
             (Gamester's rule: the book is silent).",
            if rules.teams {
                " (a partnership, those of the other partnership)"
            } else {
                ""
            },
            if rules.kind == Kind::Muggins && rules.muggins == MugginsScore::PerFive {
                ", a point for each five, to the nearest five (Gamester's rule)"
            } else {
                ""
            }
        ),
    ));
    out.push((
        "A game",
        match rules.target {
            Target::Points(n) => format!(
                "Hands are played until a side has {n} points. The games won are kept as the \
                 session's tally, as the stakes are at tables."
            ),
            Target::SingleHand => "A single hand is the game.".to_string(),
        },
    ));
    out.push((
        "A tile laid stays laid",
        "There is no taking a tile back: once it touches the line the next player plays on \
         it, and in Muggins it has scored. So a tile is laid in two clicks: the first picks it \
         up and lights the ends where it fits (click it again to put it back), the second, on a \
         lit end, lays it there."
            .to_string(),
    ));
    out
}
