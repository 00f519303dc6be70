//! The network's tests, in one binary: the protocol with no line (table.rs), and whole games
//! over a real line on this machine (line.rs). None needs the internet.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod line;
mod table;

use gamester_net::{Family, Setup};
use gamester_rules::{tables, tiles};

/// A new game of Irish between the host (White) and one friend (Black).
pub fn irish() -> Setup {
    Setup {
        family: Family::Tables(tables::Rules::preset(tables::Preset::Irish)),
        names: vec!["Host".into(), "Friend".into()],
        owners: vec![0, 1],
        record: Vec::new(),
    }
}

/// A new game of Muggins for three, each player a party.
pub fn muggins_for_three() -> Setup {
    Setup {
        family: Family::Tiles(tiles::Rules::preset(tiles::Preset::Muggins).with_players(3)),
        names: vec!["Host".into(), "Robin".into(), "Kate".into()],
        owners: vec![0, 1, 2],
        record: Vec::new(),
    }
}
