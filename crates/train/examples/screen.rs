//! Trains a family's screening network: a small network that reads only where the men stand
//! (no hand-made features) and imitates the family's own network, so that a search can rank
//! all the plays of a throw cheaply and give the full evaluation only to the best few, as GNU
//! Backgammon's pruning networks do (`Searcher::worth_judging`).
//!
//! `cargo run --release --example screen -- --preset modern --games 6000 --seed 7 --hidden 64
//! --epochs 10 --out crates/core/src/ai/data/screen-modern.bin` (4 minutes, 4 GB of memory)
//!
//! Games between the computer's quick levels give the positions: for every throw with a
//! choice, every legal play of it (a random 32 where there are more), each labelled with what
//! the family's network says of the position it leaves. (The quick levels look a throw ahead
//! before they resign, with the screening network shipped at the time: a new one may change a
//! few games, and so the data.) A tenth of the second thread's throws are held out, and judged
//! the way the search uses the network: for each throw, whether the play the full evaluation
//! likes best is among those the screening network keeps, and what is lost when it is not.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gamester_core::ai::Kind;
use gamester_core::ai::contest::{Contender, PlayMade, play_game};
use gamester_core::ai::eval::Evaluator;
use gamester_core::ai::net::{Net, OUTPUTS};
use gamester_core::ai::net_file::NetFile;
use gamester_core::ai::search::kept_by_screen;
use gamester_core::level::Level;
use gamester_rules::tables::{Game, MoveRules, Position, Preset, Rules, legal_plays};
use gamester_train::args::value;
use gamester_train::learn::{Adam, Sample, shuffle};
use std::sync::Arc;
use std::time::Instant;

fn number<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    gamester_train::args::number(args, name, default).unwrap_or_else(|e| panic!("{e}"))
}

/// Both sides have every man on their home points (the bear-off databases judge it).
fn all_home(pos: &Position) -> bool {
    let home = |p: &Position| (7..=25).all(|i| p.pips()[i] <= 0) && p.bar() == 0;
    home(pos) && home(&pos.switched())
}

/// The plays of one throw: each one's sample (the screening network's inputs, the full
/// network's chances as the target).
struct Throw {
    samples: Vec<Sample>,
    /// The positions the plays leave, seen from the side then on roll.
    next: Vec<Position>,
}

fn gather(rules: &Rules, games: u64, seed: u64, first: u64) -> Vec<Throw> {
    let ev = Evaluator::new(rules);
    let net = Kind::of(rules).shipped().expect("the family has a network");
    let move_rules = MoveRules::from(rules);
    let (n, f) = (
        Contender::Computer(Level::Novice),
        Contender::Computer(Level::Fair),
    );
    let pairs = [(f, f), (n, f), (f, n), (Contender::Random, f)];
    let mut out = Vec::new();
    let mut pick = seed | 1;
    for g in first..first + games {
        let (w, b) = pairs[(g % 4) as usize];
        let mut take = |_: &Game, made: PlayMade| {
            if made.choices < 2 {
                return;
            }
            let moves = made.throw.moves(rules.dice, rules.doublets);
            let mut plays = legal_plays(&made.before, moves, move_rules);
            if plays.len() > 32 {
                shuffle(&mut plays, pick);
                pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                plays.truncate(32);
            }
            let (samples, next): (Vec<Sample>, Vec<Position>) = plays
                .iter()
                .filter_map(|p| {
                    let next = p.position.switched();
                    if p.position.borne_off_all() || all_home(&next) {
                        return None;
                    }
                    let x = ev.inputs(&next)?;
                    let sample = Sample {
                        x: Net::encode(&next, &[]),
                        target: net.forward(&x),
                    };
                    Some((sample, next))
                })
                .unzip();
            if samples.len() >= 2 {
                out.push(Throw { samples, next });
            }
        };
        let _ = play_game(
            rules,
            w,
            b,
            seed.wrapping_mul(1_000_003).wrapping_add(g),
            &mut take,
        );
    }
    out
}

/// How the screening network does on `throws`: the share of throws (with more plays than it
/// keeps) where it keeps the full network's best play, and the mean equity lost to the best
/// it keeps.
fn judge(rules: &Rules, net: &Net, throws: &[Throw]) -> (f64, f64, usize) {
    let ev = Evaluator::new(rules).with_screen(Some(Arc::new(net.clone())));
    let (mut kept, mut lost, mut count) = (0usize, 0.0f64, 0usize);
    for t in throws {
        let n = t.next.len();
        let keep = kept_by_screen(n);
        if keep >= n {
            continue;
        }
        count += 1;
        // The mover's value is minus the side on roll's: the evaluation's own, and its quick
        // one, as the search asks them.
        let full: Vec<f32> = t.next.iter().map(|p| -ev.value_for(p, true)).collect();
        let quick: Vec<f32> = t
            .next
            .iter()
            .map(|p| -ev.quick_value_for(p, true).unwrap_or(f32::NAN))
            .collect();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| quick[b].total_cmp(&quick[a]));
        let best = full.iter().copied().fold(f32::MIN, f32::max);
        let best_kept = order[..keep]
            .iter()
            .map(|&i| full[i])
            .fold(f32::MIN, f32::max);
        if best_kept >= best {
            kept += 1;
        }
        lost += f64::from(best - best_kept);
    }
    let c = count.max(1) as f64;
    (kept as f64 / c, lost / c, count)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let preset: Preset = {
        let name = value(&args, "--preset").expect("--preset is needed");
        name.parse().unwrap_or_else(|_| panic!("no preset {name}"))
    };
    let rules = Rules::preset(preset);
    let games: u64 = number(&args, "--games", 2000);
    let seed: u64 = number(&args, "--seed", 1);
    let hidden: usize = number(&args, "--hidden", 32);
    let epochs: usize = number(&args, "--epochs", 8);
    let rate: f32 = number(&args, "--rate", 0.002);
    let out = value(&args, "--out").expect("--out FILE is needed");
    let clock = Instant::now();
    // Two threads, each playing half the games.
    let half = games / 2;
    let (mut learn, test) = std::thread::scope(|s| {
        let a = s.spawn(|| gather(&rules, half, seed, 0));
        let b = s.spawn(|| gather(&rules, games - half, seed, half));
        let (a, mut b) = (a.join().unwrap(), b.join().unwrap());
        let held = (b.len() / 10).max(1).min(b.len());
        let test = b.split_off(b.len() - held);
        let mut learn = a;
        learn.extend(b);
        (learn, test)
    });
    let positions: usize = learn.iter().map(|t| t.samples.len()).sum();
    eprintln!(
        "{} throws ({positions} positions) to learn from, {} held out, gathered in {:.0} s",
        learn.len(),
        test.len(),
        clock.elapsed().as_secs_f64()
    );
    let mut net = Net::seeded_of(seed, hidden);
    let (k, l, c) = judge(&rules, &net, &test);
    eprintln!("untrained: best kept {:.3}, lost {l:.4} over {c} throws", k);
    let mut samples: Vec<&Sample> = learn.iter().flat_map(|t| t.samples.iter()).collect();
    let weight = [1.0; OUTPUTS];
    let mut adam = Adam::new(rate);
    for epoch in 0..epochs {
        adam.rate = rate * (1.0 - epoch as f32 / epochs as f32) + rate / 20.0;
        shuffle(
            &mut samples,
            (epoch as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        );
        for batch in samples.chunks(32) {
            adam.step(&mut net, batch, &weight);
        }
        let (k, l, c) = judge(&rules, &net, &test);
        eprintln!(
            "epoch {epoch}: held out, the best play kept in {:.2}% of {c} throws, {l:.5} lost a \
             throw ({:.0} s)",
            100.0 * k,
            clock.elapsed().as_secs_f64()
        );
    }
    learn.clear();
    let family = Kind::of(&rules);
    let mut file = NetFile {
        family: family.name().to_string(),
        notes: Vec::new(),
        net,
    };
    let (k, l, c) = judge(&rules, &file.net, &test);
    file.set_note("role", "screen");
    let imitated = Kind::of(&rules)
        .shipped()
        .expect("the family has a network");
    file.set_note("imitates", imitated.digest());
    file.set_note(
        "trained",
        format!(
            "to imitate the {} network on {positions} positions, every play of the throws of \
             {games} games",
            family.name()
        ),
    );
    file.set_note(
        "held out",
        format!(
            "the best play kept in {:.2}% of {c} throws, {l:.5} lost a throw",
            100.0 * k
        ),
    );
    file.set_note(
        "settings",
        format!("seed {seed} epochs {epochs} rate {rate} batch 32"),
    );
    file.set_note(
        "recipe",
        format!(
            "cargo run --release --example screen -- --preset {} --games {games} --seed {seed} \
             --hidden {hidden} --epochs {epochs} --out FILE",
            preset.name()
        ),
    );
    std::fs::write(out, file.to_bytes()).expect("the network is written");
}
