#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Measures what the tutor's level costs and what it gives up: for plays of a fixed sample of
//! games (modern, Irish, Fails, Nard), the time of one judgement at each level (median, 90th
//! percentile, longest) and of making a judge, and how often fair's mark agrees with the expert's on whether a play
//! loses at least doubtful, and at least bad. Run with
//! `cargo run --release -p gamester-train --example tutor_level`.
use std::time::Instant;

use gamester_core::ai::judge::{Judge, Mark};
use gamester_core::level::Level;
use gamester_core::sample::decision_sample;
use gamester_rules::tables::{Preset, Rules};

fn main() {
    let mut times: Vec<(Level, Vec<f64>)> = Level::ALL.iter().map(|l| (*l, Vec::new())).collect();
    // (fair's mark, expert's mark) of each play judged.
    let mut marks: Vec<(Mark, Mark)> = Vec::new();
    for preset in [Preset::Modern, Preset::Irish, Preset::Fails, Preset::Nard] {
        let rules = Rules::preset(preset);
        let start = Instant::now();
        let _ = Judge::new(&rules, Level::Fair);
        println!(
            "a judge for {} made in {:.2} ms",
            preset.name(),
            start.elapsed().as_secs_f64() * 1000.0
        );
        let judges: Vec<Judge> = Level::ALL.iter().map(|l| Judge::new(&rules, *l)).collect();
        for game in decision_sample(&rules, 6, 5) {
            let plays = game.legal_plays();
            let before = game.position_for(game.turn());
            let throw = game.throw().unwrap();
            // The best, a middling and a poor play of the throw, by the order the plays are
            // generated in (not by value).
            for k in [0, plays.len() / 3, plays.len() * 2 / 3] {
                let after = plays[k].position;
                let mut loss = [0.0f32; 3];
                for (i, judge) in judges.iter().enumerate() {
                    let start = Instant::now();
                    let j = judge.play(&before, throw, &after);
                    times[i].1.push(start.elapsed().as_secs_f64() * 1000.0);
                    loss[i] = j.map_or(0.0, |j| j.loss());
                }
                marks.push((Mark::of(loss[1]), Mark::of(loss[2])));
            }
        }
    }
    for (level, t) in &mut times {
        t.sort_by(f64::total_cmp);
        let at = |q: f64| t[((t.len() as f64 - 1.0) * q).round() as usize];
        println!(
            "judge {level}: median {:.2} ms p90 {:.2} ms max {:.2} ms over {} plays",
            at(0.5),
            at(0.9),
            at(1.0),
            t.len()
        );
    }
    for least in [Mark::Doubtful, Mark::Bad] {
        let agree = marks
            .iter()
            .filter(|(f, e)| (*f >= least) == (*e >= least))
            .count();
        let expert_warns = marks.iter().filter(|(_, e)| *e >= least).count();
        let both_warn = marks
            .iter()
            .filter(|(f, e)| *f >= least && *e >= least)
            .count();
        let fair_warns = marks.iter().filter(|(f, _)| *f >= least).count();
        println!(
            "at least {}: fair agrees with expert on {agree} of {} plays; expert warns on {expert_warns}, fair on {fair_warns}, both on {both_warn}",
            least.name(),
            marks.len()
        );
    }
}
