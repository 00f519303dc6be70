//! Teaches a family's network the expert's own judgement: each position is labelled with what
//! the expert's two-throw search says it is worth, and the network (from the modern one) is
//! fitted to those labels. The search sees every rule exactly (the engine's endings, the
//! break, the dice), so its values are better than the network's at depth 0, and a network
//! fitted to them carries some of that look-ahead into every depth.
//!
//! 1. `cargo run --release --example distil -- label --preset irish --games 2000 --seed 1
//!    --out labels.txt --threads 2` plays games between the levels and writes, for each
//!    contact position after a play (and after another legal play of the same throw), its
//!    position ID and the expert's chance of winning for the side on roll. Each thread writes
//!    `labels.txt.N`; a run stopped part way goes on from the last game each file finished.
//! 2. `cargo run --release --example distil -- train --preset irish --out irish.bin
//!    labels.txt.0 labels.txt.1` fits the network, from the modern one, to the labels (only
//!    the chance of winning is taught: the games whose stakes are single do not read the
//!    others) and writes a network file with its recipe in the header.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gamester_core::ai::Kind;
use gamester_core::ai::contest::{Contender, PlayMade, play_game};
use gamester_core::ai::eval::Evaluator;
use gamester_core::ai::net::OUTPUTS;
use gamester_core::ai::net_file::NetFile;
use gamester_core::ai::search::{Depth, Searcher};
use gamester_core::level::Level;
use gamester_rules::tables::{Game, MoveRules, Position, Preset, Rules, legal_plays, position_id};
use gamester_train::args::value;
use gamester_train::learn::{Adam, Sample, mean_squared_error, shuffle};
use std::io::Write;
use std::time::Instant;

fn number<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    gamester_train::args::number(args, name, default).unwrap_or_else(|e| panic!("{e}"))
}

fn preset(args: &[String]) -> Preset {
    let name = value(args, "--preset").expect("--preset is needed");
    name.parse().unwrap_or_else(|_| panic!("no preset {name}"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("label") => label(&args),
        Some("train") => train(&args),
        _ => eprintln!("usage: distil label … | distil train … (see the file's header)"),
    }
}

/// The expert's search, as `decide` runs it for two dice.
const EXPERT: Depth = Depth {
    plies: 2,
    root_candidates: 4,
    inner_candidates: 2,
};

fn label(args: &[String]) {
    let rules = Rules::preset(preset(args));
    let games: u64 = number(args, "--games", 1000);
    let seed: u64 = number(args, "--seed", 1);
    let threads: u64 = number(args, "--threads", 2);
    let out = value(args, "--out")
        .expect("--out FILE is needed")
        .to_string();
    std::thread::scope(|s| {
        for t in 0..threads {
            let (rules, out) = (rules.clone(), format!("{out}.{t}"));
            s.spawn(move || label_thread(&rules, games, seed, threads, t, &out));
        }
    });
}

/// The last game a labels file says it finished.
fn finished(path: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    text.lines()
        .filter_map(|l| l.strip_prefix("# game "))
        .filter_map(|g| g.trim().parse().ok())
        .max()
}

fn label_thread(rules: &Rules, games: u64, seed: u64, threads: u64, t: u64, out: &str) {
    let searcher = Searcher::new(rules);
    let start = finished(out).map_or(t, |g| g + threads);
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .expect("the labels file opens");
    let clock = Instant::now();
    let mut labelled = 0u64;
    let (n, f) = (
        Contender::Computer(Level::Novice),
        Contender::Computer(Level::Fair),
    );
    let pairs = [(f, f), (n, f), (f, n), (Contender::Random, f)];
    for g in (start..games).step_by(threads as usize) {
        let (w, b) = pairs[(g % 4) as usize];
        let mut pick = seed.wrapping_mul(7).wrapping_add(g);
        let mut lines = String::new();
        let mut take = |_: &Game, made: PlayMade| {
            let mut emit = |after: &Position| {
                let next = after.switched();
                if Evaluator::contact(&next) && !after.borne_off_all() {
                    let v = searcher.on_roll(&next, EXPERT);
                    let win = ((v + 1.0) / 2.0).clamp(0.0, 1.0);
                    lines.push_str(&format!("{} {win:.5}\n", position_id::encode(&next)));
                }
            };
            emit(&made.play.position);
            if made.choices > 1 {
                let moves = made.throw.moves(rules.dice, rules.doublets);
                let plays = legal_plays(&made.before, moves, MoveRules::from(rules));
                pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                if let Some(other) = plays.get((pick >> 33) as usize % plays.len().max(1)) {
                    emit(&other.position);
                }
            }
        };
        let _ = play_game(rules, w, b, seed * 1_000_000 + g, &mut take);
        labelled += lines.lines().count() as u64;
        lines.push_str(&format!("# game {g}\n"));
        file.write_all(lines.as_bytes())
            .expect("the labels file is written");
        if (g / threads).is_multiple_of(20) {
            eprintln!(
                "thread {t}: game {g}, {labelled} positions this run, {:.1} a second",
                labelled as f64 / clock.elapsed().as_secs_f64()
            );
        }
    }
}

fn train(args: &[String]) {
    let preset = preset(args);
    let rules = Rules::preset(preset);
    let family = Kind::of(&rules);
    let out = value(args, "--out").expect("--out FILE is needed");
    let epochs: usize = number(args, "--epochs", 12);
    let rate: f32 = number(args, "--rate", 0.0005);
    let mut files = Vec::new();
    let mut rest = args[1..].iter();
    while let Some(a) = rest.next() {
        if a.starts_with("--") {
            rest.next();
        } else {
            files.push(a);
        }
    }
    let ev = Evaluator::new(&rules);
    let start = Kind::Modern
        .shipped()
        .expect("the modern network is shipped");
    let mut data = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let mut t = line.split_whitespace();
            let (Some(id), Some(win)) = (t.next(), t.next()) else {
                continue;
            };
            let (Ok(pos), Ok(win)) = (position_id::decode(id), win.parse::<f32>()) else {
                continue;
            };
            let Some(x) = ev.inputs(&pos) else { continue };
            // Only the chance of winning is taught; the others keep the modern network's.
            let mut target = start.forward(&x);
            target[0] = win;
            data.push(Sample { x, target });
        }
    }
    shuffle(&mut data, 0x5eed);
    let held = data.len() / 20;
    let (test, learn) = data.split_at(held);
    eprintln!(
        "{} positions to learn from, {} held out",
        learn.len(),
        test.len()
    );
    let mut net = (*start).clone();
    let mut weight = [0.0; OUTPUTS];
    weight[0] = 1.0;
    let rmse = |net: &gamester_core::ai::net::Net, set: &[Sample]| {
        mean_squared_error(net, set).map(f32::sqrt)[0]
    };
    eprintln!(
        "before: held-out rmse of the chance of winning {:.4}",
        rmse(&net, test)
    );
    let clock = Instant::now();
    let mut adam = Adam::new(rate);
    let mut order: Vec<&Sample> = learn.iter().collect();
    for epoch in 0..epochs {
        adam.rate = rate * (1.0 - epoch as f32 / epochs as f32) + rate / 10.0;
        shuffle(
            &mut order,
            (epoch as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        );
        for batch in order.chunks(32) {
            adam.step(&mut net, batch, &weight);
        }
        eprintln!(
            "epoch {epoch}: held-out rmse {:.4}, learnt {:.4}",
            rmse(&net, test),
            rmse(&net, &learn[..test.len().min(learn.len())])
        );
    }
    let mut file = NetFile {
        family: family.name().to_string(),
        notes: Vec::new(),
        net,
    };
    file.set_note(
        "trained",
        format!("distilled from the expert's search on {}", preset.name()),
    );
    file.set_note("from", "the modern network");
    file.set_note("positions", data.len().to_string());
    file.set_note(
        "settings",
        format!("epochs {epochs} rate {rate} batch 32, the chance of winning only"),
    );
    file.set_note("time", format!("{:.0} s", clock.elapsed().as_secs_f64()));
    file.set_note(
        "recipe",
        format!(
            "cargo run --release --example distil -- label --preset {} …, then train (see \
             examples/distil.rs)",
            preset.name()
        ),
    );
    std::fs::write(out, file.to_bytes()).expect("the network is written");
}
