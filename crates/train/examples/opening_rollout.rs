#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The worth of each opening throw of Irish, rolled out: after the throw-off the winner throws
//! again (`opening = throw_again`), so each of the 21 throws may open. For each, the expert's
//! play of it, and the position it leaves rolled out at the fair level (the adversary on roll);
//! the throw's worth is the equity of that rollout for the side that played it. The first line
//! is the position before the opening throw, rolled out the same way. Prints a Markdown table
//! (docs/computer.md, "Irish's opening throws, rolled out"). Run with
//! `cargo run --release -p gamester-train --example opening_rollout [TRIALS] [PRESET]`
//! (1296 trials and `irish` by default).
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use gamester_core::ai::best_play;
use gamester_core::ai::rollout::{Estimate, Rollout, Settings, rollout};
use gamester_core::level::Level;
use gamester_rules::tables::notation::format_play;
use gamester_rules::tables::{Position, Preset, Rules, Side, Throw};

fn main() {
    let mut args = std::env::args().skip(1);
    let trials: usize = args.next().map_or(1296, |a| a.parse().unwrap());
    let preset: Preset = args.next().map_or(Preset::Irish, |a| a.parse().unwrap());
    let rules = Rules::preset(preset);
    let settings = Settings {
        trials,
        ..Settings::default()
    };
    let start = rules.layout.position(Side::White).unwrap();
    let began = Instant::now();
    let run = |pos: &Position| -> Rollout {
        rollout(&rules, pos, &settings, &mut |_| {}, &AtomicBool::new(false)).unwrap()
    };
    let row = |e: Estimate| format!("{:+.3} ± {:.3}", e.mean, e.half_width());
    println!("| Throw | The expert's play | Worth (stakes) | Wins |");
    println!("|---|---|---|---|");
    let before = run(&start);
    println!(
        "| (before the throw) | | {} | {:.1}% ± {:.1} |",
        row(before.equity),
        100.0 * before.win.mean,
        100.0 * before.win.half_width()
    );
    let mut rows: Vec<(String, String, Rollout)> = Vec::new();
    for (throw, _) in Throw::all(rules.dice_count()) {
        let (play, _) = best_play(&rules, &start, throw, Level::Expert).unwrap();
        let words = format_play(&start, &play.steps.to_vec(), rules.bear_off);
        let after = run(&play.position.switched());
        let faces: Vec<String> = throw.faces().iter().map(u8::to_string).collect();
        rows.push((faces.join("-"), words, after));
        eprintln!(
            "{} done after {:.0} s",
            faces.join("-"),
            began.elapsed().as_secs_f64()
        );
    }
    // Best first: the adversary's equity after the play, least first.
    rows.sort_by(|a, b| a.2.equity.mean.total_cmp(&b.2.equity.mean));
    for (faces, words, after) in rows {
        let worth = Estimate {
            mean: -after.equity.mean,
            se: after.equity.se,
        };
        println!(
            "| {faces} | {words} | {} | {:.1}% ± {:.1} |",
            row(worth),
            100.0 * after.lose.mean,
            100.0 * after.lose.half_width()
        );
    }
    println!(
        "\n{trials} trials each, level fair, seed {}, variance reduction; {:.0} s",
        settings.seed,
        began.elapsed().as_secs_f64()
    );
}
