#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Measures what the autosave costs per change: the window's check (the game as a save,
//! compared with the last one sent) and the writer's whole write (text, fsync, rename).
use gamester_core::save::{self, SaveFile};
use gamester_core::session::Session;
use gamester_rules::tables::Action;
use std::time::Instant;

fn main() {
    let mut s = Session::new(
        gamester_rules::tables::Rules::default(),
        gamester_core::players::Seats::two_people(),
        Default::default(),
        Box::new(gamester_rules::tables::FairDice::seeded(7)),
    )
    .unwrap();
    while !s.game().is_over() {
        let g = s.game().clone();
        if g.waits_for_dice() {
            s.throw().unwrap();
        } else if let Some(p) = g.legal_plays().first() {
            s.apply_play(p).unwrap();
        } else if let Some(c) = g.choices().first() {
            s.apply(*c).unwrap();
        } else {
            let _ = s.apply(Action::Undo);
            break;
        }
    }
    let n = s.game().record().len();
    let last = SaveFile::from_game(s.game(), s.seats());
    let t = Instant::now();
    let k = 10_000;
    let mut same = 0;
    for _ in 0..k {
        if SaveFile::from_game(s.game(), s.seats()) == last {
            same += 1;
        }
    }
    let check = t.elapsed() / k;
    let dir = std::env::args().nth(1).unwrap_or_else(|| "/tmp/ac".into());
    let path = std::path::Path::new(&dir).join("autosave.ron");
    let w = 50;
    let t = Instant::now();
    for _ in 0..w {
        save::write_atomic(&path, &last).unwrap();
    }
    let write = t.elapsed() / w;
    println!(
        "record of {n} actions: check {check:?} per frame ({same} same), write {write:?} per autosave"
    );
}
