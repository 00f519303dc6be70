//! The names of the points, as their owners count them. Each side's home table is named ace …
//! sice from its own ace point, in its own corner, and its outer table carries its numbers 7 to
//! 12 ("and on for the seven to .12.", seed 000). A point past a side's 12 is the adversary's:
//! a side's 24 is the adversary's ace point, its 13 the adversary's 12. The board's labels, the
//! hover text, the story and the hint all take their words from here, so they always agree.

use super::faces::face_name;
use crate::tables::Rules;

/// Which way a game names its points. At Irish and the backgammons a side's men start on the
/// adversary's side and come home: his ace point is the last they pass (the engine's point
/// 1). At Tick-tack "ALL your men must stand on the Ace-point" (Cotton) and run on to the
/// adversary's side: his ace point is where they start (the engine's point 24), his "Table at
/// home" the table they start in, and the next his "second Table".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Naming {
    /// Irish's way: the men come home to the ace point.
    #[default]
    Homeward,
    /// Tick-tack's way: the men set out from the ace point.
    Outward,
}

impl Naming {
    /// How the game under `rules` names its points.
    #[must_use]
    pub fn of(rules: &Rules) -> Naming {
        if rules.tick_tack {
            Naming::Outward
        } else {
            Naming::Homeward
        }
    }

    /// The number a side counts its point `point` (of the engine's numbering, 1..=24) by, as
    /// the board's numbers show it: homeward the same, outward from the ace point where his
    /// men start (25 − `point`).
    #[must_use]
    pub fn count(self, point: u8) -> u8 {
        match self {
            Naming::Homeward => point,
            Naming::Outward => 25 - point.clamp(1, 24),
        }
    }
}

/// A play's move text (`13/9 13/10*`) with its points numbered as the board counts them under
/// `rules`: Tick-tack's from where the men start. For the window and the pages; the command
/// line writes the engine's numbers, which its readers parse.
#[must_use]
pub fn play_text(
    pos: &crate::tables::Position,
    steps: &[crate::tables::Step],
    rules: &Rules,
) -> String {
    let naming = Naming::of(rules);
    crate::tables::notation::format_play_counted(pos, steps, rules.bear_off, &|p| naming.count(p))
}

/// A point as its owner counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointName {
    /// Whether the point belongs to the side whose numbering it was given in, rather than to
    /// the adversary.
    pub own: bool,
    /// The owner's number for it: 1–6 in his home table, 7–12 in his outer (or second) table.
    pub number: u8,
    /// Which way the game names its points.
    pub naming: Naming,
}

impl PointName {
    /// The point `point` (1..=24) of a side's numbering, named by its owner, as at Irish.
    #[must_use]
    pub fn of(point: u8) -> PointName {
        PointName::named(point, Naming::Homeward)
    }

    /// The point `point` (1..=24) of a side's numbering, named by its owner the game's way:
    /// homeward his 1–12 are his own, outward his 24–13 (his ace point to his 12).
    #[must_use]
    pub fn named(point: u8, naming: Naming) -> PointName {
        let point = point.clamp(1, 24);
        let own = match naming {
            Naming::Homeward => point <= 12,
            Naming::Outward => point >= 13,
        };
        let number = if own == (naming == Naming::Homeward) {
            point
        } else {
            25 - point
        };
        PointName {
            own,
            number,
            naming,
        }
    }

    /// The short name written on the board: "cater" in a home table, "9" in an outer table.
    #[must_use]
    pub fn label(self) -> String {
        face_name(self.number)
    }

    /// The point in words: `mine` names the side whose numbering it was ("his", "your"),
    /// `theirs` the adversary ("Black's", "the adversary's"): "his cater point",
    /// "Black's 9 point".
    #[must_use]
    pub fn words(self, mine: &str, theirs: &str) -> String {
        let whose = if self.own { mine } else { theirs };
        format!("{whose} {} point", self.label())
    }

    /// Which of the owner's tables holds the point: "home table" or "outer table" (at
    /// Tick-tack, Cotton's "second table").
    #[must_use]
    pub fn table(self) -> &'static str {
        match (self.number <= 6, self.naming) {
            (true, _) => "home table",
            (false, Naming::Homeward) => "outer table",
            (false, Naming::Outward) => "second table",
        }
    }
}

/// A point of a side's numbering in words, named the game's way (see [`point_words`]).
#[must_use]
pub fn point_words_in(point: u8, naming: Naming, mine: &str, theirs: &str) -> String {
    PointName::named(point, naming).words(mine, theirs)
}

/// A point of a side's numbering in words: "his cater point", or, past his 12, the adversary's
/// ("Black's ace point" for his 24).
#[must_use]
pub fn point_words(point: u8, mine: &str, theirs: &str) -> String {
    PointName::of(point).words(mine, theirs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_play_is_written_in_the_numbers_the_board_shows() {
        use crate::tables::{Game, Preset, Step};
        // Given a man's sice and cinque from the point where the men start
        let steps = |from: u8| [Step::new(from, 6).unwrap(), Step::new(from - 6, 5).unwrap()];
        let irish = Rules::preset(Preset::Irish);
        let tick_tack = Rules::preset(Preset::TickTack);
        let at = |rules: &Rules| Game::new(rules.clone()).unwrap().start();
        // Then at Irish the text is the engine's, and at Tick-tack the board's count from the
        // ace point where the men start (the engine's 24 is his 1)
        assert_eq!(play_text(&at(&irish), &steps(24), &irish), "24/13");
        assert_eq!(play_text(&at(&tick_tack), &steps(24), &tick_tack), "1/12");
    }

    #[test]
    fn at_tick_tack_a_side_counts_from_the_ace_point_where_its_men_start() {
        let out = |p| point_words_in(p, Naming::Outward, "his", "Black's");
        assert_eq!(out(24), "his ace point");
        assert_eq!(out(19), "his sice point");
        assert_eq!(out(13), "his 12 point");
        assert_eq!(out(12), "Black's 12 point");
        assert_eq!(out(11), "Black's 11 point");
        assert_eq!(out(1), "Black's ace point");
        assert_eq!(
            PointName::named(16, Naming::Outward).table(),
            "second table"
        );
        assert_eq!(
            PointName::named(16, Naming::Homeward).table(),
            "outer table"
        );
        // Homeward is Irish's naming, the same as before
        for p in 1..=24 {
            assert_eq!(PointName::named(p, Naming::Homeward), PointName::of(p));
        }
    }

    #[test]
    fn each_side_counts_its_own_points_from_its_ace() {
        assert_eq!(point_words(4, "his", "Black's"), "his cater point");
        assert_eq!(point_words(9, "his", "Black's"), "his 9 point");
        assert_eq!(point_words(24, "his", "Black's"), "Black's ace point");
        assert_eq!(point_words(19, "his", "Black's"), "Black's sice point");
        assert_eq!(point_words(13, "his", "Black's"), "Black's 12 point");
        assert_eq!(point_words(18, "his", "Black's"), "Black's 7 point");
    }

    #[test]
    fn a_point_has_one_name_from_either_side() {
        // The same point, counted by either side, has the same owner and number.
        for p in 1..=24u8 {
            let mine = PointName::of(p);
            let theirs = PointName::of(25 - p);
            assert_eq!(mine.number, theirs.number, "point {p}");
            assert_ne!(mine.own, theirs.own, "point {p}");
            assert!(
                mine.words("his", "Black's")
                    .ends_with(&format!("{} point", mine.label()))
            );
        }
    }
}
