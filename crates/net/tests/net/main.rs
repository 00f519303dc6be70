//! The network's tests, in one binary: the protocol with no line (table.rs), and whole games
//! over a real line on this machine (line.rs), attacks on fair play (fair.rs with no line, cheat.rs
//! over a real one), a line whose other end vanishes (alive.rs), and Cotton's pastimes at a
//! distance (pastimes.rs: whole games; cheat_pastimes.rs: a cheating peer on either side), and a
//! family the crate does not know, registered by its program (open.rs).
//! None needs the internet.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod alive;
pub mod cheat;
mod cheat_pastimes;
mod cheat_signed;
pub mod fair;
mod leave;
mod line;
mod open;
mod pastimes;
pub mod table;

use gamester_net::record::{act_statement, commit_statement};
use gamester_net::sign::{Hash, Key};
use gamester_net::table::Breach;
use gamester_net::{GameRules, Msg, NetAction, Setup, Table};
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

/// Party `p`'s key in the tests with no line.
pub fn key(p: usize) -> Key {
    Key::from_bytes(&[u8::try_from(p).unwrap() + 1; 32])
}

/// The setup as every party signs it when it sits down, each with its key ([`key`]), under one
/// mark, so that each party's copy is the same game; a setup seated already is left as it is.
pub fn seated(setup: &Setup) -> Setup {
    if setup.seated() {
        return setup.clone();
    }
    let mut setup = setup.clone();
    setup.game = Hash([7; 32]);
    setup.start = setup.record.len();
    let keys: Vec<Key> = (0..setup.parties()).map(key).collect();
    setup.seat_all(&keys);
    setup
}

/// Party `p`'s table at the setup, everyone seated.
pub fn sit(setup: &Setup, p: usize) -> Result<Table, Breach> {
    Table::new(seated(setup), p, key(p))
}

/// A move of party `from`'s at `at`, signed by it after `head`, as its program sends it.
pub fn signed(head: Hash, from: usize, at: usize, action: NetAction) -> Msg {
    let sig = key(from).sign(&act_statement(&head, from, &action));
    Msg::Act {
        from,
        at,
        action,
        sig,
    }
}

/// A commit of party `from`'s at `at`, signed by it after `head`.
pub fn signed_commit(head: Hash, from: usize, at: usize, hash: Hash) -> Msg {
    let sig = key(from).sign(&commit_statement(&head, from, &hash));
    Msg::Commit {
        from,
        at,
        hash,
        sig,
    }
}
