//! How the board looks (View menu; kept between runs): a pair of tables of the 1540s, or the
//! plain board for those who want high contrast. The look decides only the painting: where
//! everything stands, and what a click means, is the same in both.

use serde::{Deserialize, Serialize};

/// The board's look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Look {
    /// Two hinged trays of wood with inlaid points, turned men, bone dice and dice boxes.
    #[default]
    Period,
    /// Flat colours and strong edges.
    Plain,
}

impl Look {
    pub const ALL: [Look; 2] = [Look::Period, Look::Plain];

    /// The words in the View menu.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Look::Period => "a pair of tables of the 1540s",
            Look::Plain => "plain, high contrast",
        }
    }
}
