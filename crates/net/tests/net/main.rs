//! The network's tests, in one binary: the protocol with no line (table.rs), and whole games
//! over a real line on this machine (line.rs), attacks on fair play (fair.rs with no line, cheat.rs
//! over a real one), a line whose other end vanishes (alive.rs), and Cotton's pastimes at a
//! distance (pastimes.rs: whole games; cheat_pastimes.rs: a cheating peer on either side).
//! None needs the internet.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod alive;
mod cheat;
mod cheat_pastimes;
pub mod fair;
mod line;
mod pastimes;
pub mod table;

use gamester_net::{GameRules, Setup};
use gamester_rules::{pastimes as cotton, tables, tiles};

/// A new game of Irish between the host (White) and one friend (Black).
pub fn irish() -> Setup {
    let mut setup = Setup::new(
        GameRules::Tables(tables::Rules::preset(tables::Preset::Irish)),
        "Host",
    );
    setup.names[1] = "Friend".into();
    setup
}

/// A new game of Muggins for three, each player a party.
pub fn muggins_for_three() -> Setup {
    let mut setup = Setup::new(
        GameRules::Tiles(tiles::Rules::preset(tiles::Preset::Muggins).with_players(3)),
        "Host",
    );
    setup.names = vec!["Host".into(), "Robin".into(), "Kate".into()];
    setup
}

/// A new game of one of Cotton's pastimes for `seats` players, each a party (the host first).
pub fn pastime(preset: cotton::Preset, seats: u8) -> Setup {
    let rules = cotton::Rules::preset(preset).with_seats(seats);
    let mut setup = Setup::new(GameRules::Pastimes(rules), "Host");
    let friends = ["Robin", "Kate", "Tom", "Joan"];
    for (p, name) in friends.iter().enumerate().take(usize::from(seats) - 1) {
        setup.names[p + 1] = (*name).into();
    }
    setup
}
