//! The names of the points, as their owners count them. Each side's home table is named ace …
//! sice from its own ace point, in its own corner, and its outer table carries its numbers 7 to
//! 12 ("and on for the seven to .12.", seed 000). A point past a side's 12 is the adversary's:
//! a side's 24 is the adversary's ace point, its 13 the adversary's 12. The board's labels, the
//! hover text, the story and the hint all take their words from here, so they always agree.

use super::faces::face_name;

/// A point as its owner counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointName {
    /// Whether the point belongs to the side whose numbering it was given in (1–12), rather
    /// than to the adversary (13–24).
    pub own: bool,
    /// The owner's number for it: 1–6 in his home table, 7–12 in his outer table.
    pub number: u8,
}

impl PointName {
    /// The point `point` (1..=24) of a side's numbering, named by its owner.
    #[must_use]
    pub fn of(point: u8) -> PointName {
        if point <= 12 {
            PointName {
                own: true,
                number: point,
            }
        } else {
            PointName {
                own: false,
                number: 25 - point.min(24),
            }
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

    /// Which of the owner's tables holds the point: "home table" or "outer table".
    #[must_use]
    pub fn table(self) -> &'static str {
        if self.number <= 6 {
            "home table"
        } else {
            "outer table"
        }
    }
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
