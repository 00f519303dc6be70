//! Writes the positions on which legal-play generation is compared with other engines
//! (`gamester bench movegen --positions FILE`, and a wildbg harness on the same file): the
//! distinct positions, side on roll, of seeded random games of modern backgammon, one GNU
//! Backgammon Position ID a line.
//!
//! `cargo run --release -p gamester-train --example movegen_positions -- 115 > crates/bench/data/modern_positions.txt` (from the top of the repository)
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gamester_core::sample::sample_positions;
use gamester_rules::tables::{Preset, position_id};

fn main() {
    let games = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    let mut seen = std::collections::HashSet::new();
    for (_, pos, _) in sample_positions(Preset::Modern, games) {
        let id = position_id::encode(&pos);
        if seen.insert(id.clone()) {
            println!("{id}");
        }
    }
}
