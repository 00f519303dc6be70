//! Fits the contact model's weights (`crates/core/src/ai/data/weights.rs`) and the modern network
//! (`crates/core/src/ai/data/net-modern.bin`) to GNU Backgammon's evaluations.
//!
//! 1. `cargo run --release --example fit_eval -- positions 3000 3 > pos.txt` writes the position
//!    IDs (side on roll) of contact positions from games between the levels (modern rules):
//!    after each play made, and after another legal play of the same throw chosen at random.
//!    The shipped network was fitted to its first 200,000 lines (`head -200000`; 14 minutes
//!    on a loaded machine). With `CRASHED=1` it writes only positions where a side has borne
//!    off 8 men or more with contact left (about three a game), and also each such position
//!    before a throw that no play led to (the other side could not move), for the network of
//!    crashed positions (docs/networks.md); `FAIR=1` plays fair against fair alone. With
//!    `DANCES=1` only the contact positions before a throw that no play led to (the other side
//!    stands on the bar, having failed to come in), for the last round of the modern network. With
//!    `RACES=1` only the races the bear-off databases do not judge: docs/computer.md measures
//!    the network on both.
//! 2. Positions from GNU Backgammon's own play, where its cube decisions are live:
//!    `scripts/gnubg_selfplay.sh gp1.txt 5001 1200` and `scripts/gnubg_selfplay.sh gp2.txt 5002
//!    1200 0.03` (money games of gnubg 0-ply against itself, the second with chequer-play noise;
//!    10 minutes for both at once; seeds from 5001 up, as 1-10, 701-708 and 901-999 are the
//!    measurement sets), then `cat gp1.txt gp2.txt | fit_eval gnubg-play others.txt > own.txt`
//!    keeps the contact positions before each move (89,682 of 103,353) and writes to
//!    `others.txt` the position after another legal play of each throw (72,484).
//!    And matches, whose scores change how gnubg plays for gammons and uses the cube: with
//!    `LENGTHS=3,5,7,9,11` (seed 6003), `LENGTHS=11,9,7,5,3 NOISE_SIDES=1` (6004, noise 0.03)
//!    and `LENGTHS=5,7,3,11,9 NOISE_SIDES=0` (6005, noise 0.05) the script plays matches of
//!    those lengths in turn; and two more money sets (6001; 6002 with noise 0.04 on one side).
//!    Five gnubg processes at once, each stopped after 8½ minutes (`timeout`; some 1,050 games
//!    each, written game by game or match by match, so `gnubg_selfplay.sh A.txt 6001 1109` gives
//!    the same games). `fit_eval gnubg-play < A.txt > A.own` for each, without the other plays:
//!    203,094 contact positions before a move, labelled as in step 3 (`gm.probs`, money, 78,128;
//!    `gx.probs`, matches, 124,966), each set's first 5% put first so that each is held out.
//! 3. `scripts/gnubg_probs.sh pos.txt probs.txt 8` (likewise `own.txt`, `others.txt`) adds
//!    gnubg's 0-ply chances: `<id> win win_gammon win_bg lose_gammon lose_bg`, by
//!    `gnubg -t -q -r -p gnubg_probs.py` (the script beside this file); gnubg idles between
//!    evaluations, so the script splits the file among several at once (half a minute to three
//!    for 100,000 positions, as the machine is loaded).
//! 4. `cargo run --release --example fit_eval -- fit probs.txt > crates/core/src/ai/data/weights.rs`
//!    fits the logistic model (used only without a network);
//!    `fit_eval train probs.txt own.probs others.probs > net.bin` trains the network (holding out
//!    the first 5% of each file, reported file by file) and writes it as a network file
//!    (`gamester_core::ai::net_file`), header and all. The network before the shipped one was
//!    started from its own predecessor (fitted from random weights to 251,537 positions of step
//!    1, 40 epochs): `WARM=old.bin EPOCHS=60 RATE=0.0005 fit_eval train … > a.bin`, then
//!    `WARM=a.bin EPOCHS=6 RATE=0.0001 fit_eval train … > net.bin` (about 5 s an epoch). The
//!    shipped one was started from that: `WARM=net.bin EPOCHS=40 RATE=0.0003 fit_eval train
//!    probs.txt own.probs others.probs gm.probs gx.probs` (the first three as that one had them,
//!    200,000, 99,011 and 63,155 lines; 565,260 positions in all; 3 min 20 s), and the header's
//!    recipe written by `RECIPE=…`.
//! 5. The network of 256 hidden units (docs/networks.md): `python3 scripts/widen_net.py
//!    net.bin w.bin` doubles the last 128-unit one; `WARM=w.bin EPOCHS=16 RATE=0.0003`, then
//!    `EPOCHS=24 RATE=0.0002`, on the eleven files of the last round; then the races gnubg's
//!    own games reach that the bear-off databases do not judge (`RACES=1 fit_eval gnubg-play
//!    r.others < m1.txt > r.own`, likewise for each of the five files of games, labelled as in
//!    step 3: 181,866) are added to the eleven and `RACES=1 EPOCHS=16 RATE=0.0002` trains it
//!    to judge races too. About 30 to 80 s an epoch, one core.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
// Matrix arithmetic reads best with indices.
#![allow(clippy::needless_range_loop)]

use gamester_core::ai::contest::{Contender, PlayMade, play_game_seeing};
use gamester_core::ai::eval::{Evaluator, FEATURES};
use gamester_core::ai::net::{Net, OUTPUTS};
use gamester_core::ai::net_file::NetFile;
use gamester_core::level::Level;
use gamester_rules::tables::position_id;
use gamester_rules::tables::{Game, MoveRules, Position, Preset, Rules, Throw, legal_plays};
use gamester_train::learn::{Adam, Sample, mean_squared_error, shuffle};
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("positions") => {
            let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
            let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
            positions(games, seed);
        }
        Some("gnubg-play") => gnubg_play(args.get(1).map(String::as_str)),
        Some("eval") => {
            let rules = Rules::preset(Preset::Modern);
            let mut ev = Evaluator::new(&rules);
            // `MAIN_NET=<file>`: that network judges in place of the shipped one (the screen
            // and the crashed network stay the shipped ones).
            if let Ok(path) = std::env::var("MAIN_NET") {
                let bytes = std::fs::read(path).expect("the main network");
                let file = NetFile::parse(&bytes).expect("a network file");
                let kind = gamester_core::ai::Kind::of(&rules);
                ev = Evaluator::with_net(&rules, Some(std::sync::Arc::new(file.net)))
                    .with_screen(kind.shipped_screen())
                    .with_crashed(kind.shipped_crashed());
            }
            // `CRASHED_NET=<file>`: crashed positions judged by that network instead.
            if let Ok(path) = std::env::var("CRASHED_NET") {
                let bytes = std::fs::read(path).expect("the crashed network");
                let file = NetFile::parse(&bytes).expect("a network file");
                ev = ev.with_crashed(Some(std::sync::Arc::new(file.net)));
            }
            for id in &args[1..] {
                if let Ok(pos) = position_id::decode(id) {
                    let (z, ta, tb) = ev.race_probit(&pos);
                    println!(
                        "{id} {pos} value {:.4} {:?} race {z:.3} {ta:.2} {tb:.2}",
                        ev.value(&pos),
                        ev.chances(&pos)
                    );
                    println!("  {:?}", ev.features(&pos, z));
                    let o = pos.switched();
                    println!("  as a play: {:.4} {:?}", -ev.value(&o), ev.chances(&o));
                }
            }
        }
        Some("fit") => fit(args.get(1).map_or("probs.txt", String::as_str)),
        Some("judged") => judged(&args[1..]),
        Some("train") => train(&args[1..]),
        _ => eprintln!("usage: fit_eval positions <games> <seed> | fit <file>"),
    }
}

fn positions(games: u64, seed: u64) {
    let rules = Rules::preset(Preset::Modern);
    // `CRASHED=1`: only positions where a side has borne off at least 8 men with contact
    // left (gnubg judges these by a network of their own; they are rare in play).
    let crashed = std::env::var("CRASHED").is_ok_and(|v| v == "1");
    // `RACES=1`: only the races the bear-off databases do not judge (a man still outside his
    // home), for a network that judges races too.
    let races = std::env::var("RACES").is_ok_and(|v| v == "1");
    // `DANCES=1`: only the contact positions before a throw that no play led to (the other
    // side stands on the bar, having failed to come in): the blitzes a search and the cube
    // meet after a dance, which positions after plays never show.
    let dances = std::env::var("DANCES").is_ok_and(|v| v == "1");
    let home = |p: &Position| (7..=25).all(|i| p.pips()[i] <= 0) && p.bar() == 0;
    let (n, f) = (
        Contender::Computer(Level::Novice),
        Contender::Computer(Level::Fair),
    );
    // `FAIR=1`: fair against fair alone, whose games come nearer good play (the crashed
    // positions of weaker games are not those a match between good players reaches).
    let pairs = if std::env::var("FAIR").is_ok_and(|v| v == "1") {
        [(f, f); 4]
    } else {
        [(f, f), (n, f), (n, n), (Contender::Random, f)]
    };
    for g in 0..games {
        let (w, b) = pairs[(g % 4) as usize];
        let mut pick = seed * 7 + g;
        // The position the last play made, as the next side to throw sees it.
        let last = std::cell::RefCell::new(None::<Position>);
        let mut take = |_: &Game, made: PlayMade| {
            last.replace(Some(made.play.position.switched()));
            let emit = |after: &Position| {
                let next = after.switched();
                let wanted = !crashed || next.off() >= 8 || next.adversary_off() >= 8;
                let kind = if races {
                    let both_home = home(&next) && home(&next.switched());
                    !(Evaluator::contact(&next) || both_home)
                } else {
                    Evaluator::contact(&next)
                };
                if wanted && kind && !dances && !next.borne_off_all() {
                    println!("{}", position_id::encode(&next));
                }
            };
            emit(&made.play.position);
            // And one other play of the same throw, so that the positions a poor play reaches,
            // which the analysis must judge, are learnt as well as those good play reaches.
            if made.choices > 1 {
                let moves = made.throw.moves(rules.dice, rules.doublets);
                let plays = legal_plays(&made.before, moves, MoveRules::from(&rules));
                pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                if let Some(other) = plays.get((pick >> 33) as usize % plays.len().max(1)) {
                    emit(&other.position);
                }
            }
        };
        // With `CRASHED=1` (crashed ones) or `DANCES=1` (all with contact), also each position
        // before a throw that no play led to: the side to throw now is there because the other
        // could not move (a man on the bar against a closed board), which the positions after
        // plays never show, though the cube and the search meet it.
        let mut turn = |game: &Game| {
            if !(crashed || dances) || game.throw().is_some() {
                return;
            }
            let pos = game.position_for(game.turn());
            let kind = if dances {
                Evaluator::contact(&pos)
            } else {
                Evaluator::crashed(&pos)
            };
            if last.replace(Some(pos)) != Some(pos) && kind {
                println!("{}", position_id::encode(&pos));
            }
        };
        let _ = play_game_seeing(&rules, w, b, seed * 100_000 + g, &mut take, &mut turn);
    }
}

/// Reads `<id> <die> <die>` lines (the position before each move of GNU Backgammon's games
/// against itself, side on roll, and the throw; `scripts/gnubg_selfplay.sh` writes them) and
/// writes the contact positions among them; with a file named, it writes there for each the
/// position after another legal play of the same throw chosen at random, as `positions` does
/// (apart, so that gnubg's own positions can be judged apart). Checks on the way that each
/// next position is reached by a legal play of the last (so that the IDs are the side on roll's).
/// With `RACES=1` in the environment it writes instead the races that the bear-off databases
/// do not judge (some man still outside his home), for a network that judges races too.
fn gnubg_play(others: Option<&str>) {
    let races = std::env::var("RACES").is_ok_and(|v| v == "1");
    let wanted = |pos: &Position| {
        !pos.borne_off_all()
            && if races {
                !Evaluator::contact(pos) && gamester_core::ai::bearoff::homes(pos).is_none()
            } else {
                Evaluator::contact(pos)
            }
    };
    let mut others = others.map(|p| std::fs::File::create(p).expect("a file for the other plays"));
    let rules = Rules::preset(Preset::Modern);
    let (mut lines, mut followed, mut checked) = (0u64, 0u64, 0u64);
    let mut last: Option<Vec<String>> = None;
    let mut pick = 0x853c_49e6_748f_ea9bu64;
    for line in std::io::stdin().lines().map_while(Result::ok) {
        let t: Vec<&str> = line.split_whitespace().collect();
        let (Some(id), Some(a), Some(b)) = (t.first(), t.get(1), t.get(2)) else {
            continue;
        };
        let (Ok(pos), Ok(a), Ok(b)) = (position_id::decode(id), a.parse::<u8>(), b.parse::<u8>())
        else {
            continue;
        };
        let Ok(throw) = Throw::new(&[a, b]) else {
            continue;
        };
        lines += 1;
        if let Some(prev) = last.take() {
            checked += 1;
            if prev.iter().any(|p| p == id) {
                followed += 1;
            }
        }
        let moves = throw.moves(rules.dice, rules.doublets);
        let plays = legal_plays(&pos, moves, MoveRules::from(&rules));
        last = Some(
            plays
                .iter()
                .map(|p| position_id::encode(&p.position.switched()))
                .collect(),
        );
        if !wanted(&pos) {
            continue;
        }
        println!("{id}");
        if let (Some(file), true) = (others.as_mut(), plays.len() > 1) {
            pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let next = plays[(pick >> 33) as usize % plays.len()]
                .position
                .switched();
            if wanted(&next) {
                let _ = writeln!(file, "{}", position_id::encode(&next));
            }
        }
    }
    eprintln!(
        "{lines} positions read; {followed} of {checked} followed the one before by a legal play"
    );
}

/// Solves `a x = b` (a is symmetric positive definite) by Gaussian elimination.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for i in 0..n {
        let piv = (i..n)
            .max_by(|&x, &y| a[x][i].abs().total_cmp(&a[y][i].abs()))
            .unwrap_or(i);
        a.swap(i, piv);
        b.swap(i, piv);
        for r in i + 1..n {
            let k = a[r][i] / a[i][i];
            for c in i..n {
                a[r][c] -= k * a[i][c];
            }
            b[r] -= k * b[i];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|c| a[i][c] * x[c]).sum();
        x[i] = (b[i] - s) / a[i][i];
    }
    x
}

/// Logistic regression on soft targets by Newton's method, with a little ridge.
fn logistic(xs: &[[f32; FEATURES]], ys: &[f64]) -> Vec<f64> {
    let mut w = vec![0.0f64; FEATURES];
    for _ in 0..25 {
        let mut g = vec![0.0f64; FEATURES];
        let mut h = vec![vec![0.0f64; FEATURES]; FEATURES];
        let mut loss = 0.0;
        for (x, &y) in xs.iter().zip(ys) {
            let z: f64 = x.iter().zip(&w).map(|(a, b)| f64::from(*a) * b).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            loss += -(y * p.max(1e-9).ln() + (1.0 - y) * (1.0 - p).max(1e-9).ln());
            let d = p * (1.0 - p);
            for i in 0..FEATURES {
                let xi = f64::from(x[i]);
                g[i] += (p - y) * xi;
                for j in i..FEATURES {
                    h[i][j] += d * xi * f64::from(x[j]);
                }
            }
        }
        for i in 0..FEATURES {
            g[i] += 1e-3 * w[i];
            h[i][i] += 1e-3;
            for j in 0..i {
                h[i][j] = h[j][i];
            }
        }
        let step = solve(h, g);
        for i in 0..FEATURES {
            w[i] -= step[i];
        }
        eprintln!("loss {:.5}", loss / xs.len() as f64);
    }
    let mut se = 0.0;
    for (x, &y) in xs.iter().zip(ys) {
        let z: f64 = x.iter().zip(&w).map(|(a, b)| f64::from(*a) * b).sum();
        let p = 1.0 / (1.0 + (-z).exp());
        se += (p - y) * (p - y);
    }
    eprintln!("rmse {:.4}", (se / xs.len() as f64).sqrt());
    w
}

fn fit(path: &str) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let ev = Evaluator::new(&Rules::preset(Preset::Modern));
    let mut xs = Vec::new();
    let mut ys: [Vec<f64>; 3] = Default::default();
    for line in text.lines() {
        let t: Vec<&str> = line.split_whitespace().collect();
        if t.len() < 6 {
            continue;
        }
        let Ok(pos) = position_id::decode(t[0]) else {
            continue;
        };
        let v: Vec<f64> = t[1..6].iter().filter_map(|x| x.parse().ok()).collect();
        if v.len() < 5 {
            continue;
        }
        xs.push(ev.features(&pos, ev.race_probit(&pos).0));
        ys[0].push(v[0]);
        ys[1].push(v[1]);
        ys[2].push(v[3]);
    }
    eprintln!("{} positions", xs.len());
    println!(
        "//! Weights of the contact model (see `eval.rs`), fitted by `crates/train/examples/fit_eval.rs`"
    );
    println!(
        "//! to GNU Backgammon's 0-ply evaluations of {} modern positions with contact. It imports\n\
         //! nothing: the length of each list is the number of the model's features, which `eval.rs`\n\
         //! checks.",
        xs.len()
    );
    let docs = [
        ("W_WIN", "A's chance to win (logit)."),
        ("W_WIN_BIG", "A's chance to win a gammon or more (logit)."),
        ("W_LOSE_BIG", "B's chance to win a gammon or more (logit)."),
    ];
    for ((name, doc), y) in docs.iter().zip(&ys) {
        let w = logistic(&xs, y);
        println!("\n/// {doc}\n#[rustfmt::skip]\npub(crate) const {name}: [f32; {FEATURES}] = [");
        for x in w {
            println!("    {x:.5},");
        }
        println!("];");
    }
}

/// A `<id> win wg wbg lg lbg` line: the position and gnubg's five chances for it.
fn labelled(line: &str) -> Option<(Position, [f32; OUTPUTS])> {
    let t: Vec<&str> = line.split_whitespace().collect();
    let pos = position_id::decode(t.first()?).ok()?;
    let v: Vec<f32> = t[1..].iter().filter_map(|x| x.parse().ok()).collect();
    (v.len() >= 5).then(|| (pos, [v[0], v[1], v[2], v[3], v[4]]))
}

/// The cubeless equity of five chances (win, win a gammon, a back-gammon, lose a gammon, a
/// back-gammon).
fn equity(o: &[f32; OUTPUTS]) -> f32 {
    2.0 * o[0] - 1.0 + o[1] + o[2] - o[3] - o[4]
}

/// Reads `<id> win wg wbg lg lbg` lines: the network's inputs and its five targets.
fn samples(path: &str) -> Vec<Sample> {
    let ev = Evaluator::new(&Rules::preset(Preset::Modern));
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter_map(labelled)
        .map(|(pos, target)| {
            let f = ev.features(&pos, ev.race_probit(&pos).0);
            Sample {
                x: Net::encode(&pos, &f[1..]),
                target,
            }
        })
        .collect()
}

/// Prints, for the positions `train` holds out of each file (its first 5%), the root mean
/// square error of the cubeless equity the evaluation gives them now (the shipped network, the
/// race model, the databases), for a network trained on them to be compared with.
fn judged(paths: &[String]) {
    let ev = Evaluator::new(&Rules::preset(Preset::Modern));
    for path in paths {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        let (mut n, mut square) = (0usize, 0.0f64);
        for (pos, target) in lines[..lines.len() / 20].iter().filter_map(|l| labelled(l)) {
            n += 1;
            square += f64::from(ev.value(&pos) - equity(&target)).powi(2);
        }
        println!(
            "{path} ({n} held out): equity error rms {:.4}",
            (square / n.max(1) as f64).sqrt()
        );
    }
}

/// An environment variable's value, or `default`.
fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Prints the held-out root mean squared error of each output of `net`, file by file, and the
/// mean and root mean square of the error of the cubeless equity the outputs make.
fn report(label: &str, net: &Net, tests: &[(String, Vec<Sample>)]) {
    for (path, test) in tests {
        let r = mean_squared_error(net, test).map(f32::sqrt);
        let (mut bias, mut square) = (0.0f64, 0.0f64);
        for s in test {
            let e = f64::from(equity(&net.forward(&s.x)) - equity(&s.target));
            bias += e;
            square += e * e;
        }
        let n = test.len().max(1) as f64;
        eprintln!(
            "{label} {path} ({} held out): rmse win {:.4}, win gammon {:.4}, win back-gammon \
             {:.4}, lose gammon {:.4}, lose back-gammon {:.4}; equity error mean {:+.4} rms {:.4}",
            test.len(),
            r[0],
            r[1],
            r[2],
            r[3],
            r[4],
            bias / n,
            (square / n).sqrt()
        );
    }
}

/// Trains the network by Adam on cross-entropy against the targets. The first 5% of each file
/// (whole games, as the files run game by game) is held out and reported file by file.
/// `WARM=<network file>` starts from that network instead of random weights (and reports it on
/// the held-out positions first); `EPOCHS` (default 40) and `RATE` (default 0.002, falling
/// linearly to a tenth of it) set the schedule; `SAVE=<file>` writes the network there after each
/// epoch; `RACES=1` marks the network as judging races (give it races to learn: `RACES=1
/// gnubg-play`); `ROLE=crashed` marks it as the network of crashed positions.
fn train(paths: &[String]) {
    let mut tests = Vec::new();
    let mut learn = Vec::new();
    let mut total = 0;
    for path in paths {
        let mut data = samples(path);
        total += data.len();
        let rest = data.split_off(data.len() / 20);
        tests.push((path.clone(), data));
        learn.extend(rest);
    }
    let held: usize = tests.iter().map(|(_, t)| t.len()).sum();
    eprintln!("{} positions to learn from, {held} held out", learn.len());
    let epochs: usize = env_or("EPOCHS", 40);
    let rate: f32 = env_or("RATE", 0.002);
    // A network started from keeps its own training in front of this one's in the header.
    let warm = std::env::var("WARM").ok().map(|path| {
        let bytes = std::fs::read(path).expect("the network to start from");
        NetFile::parse(&bytes).expect("a network file")
    });
    let earlier = warm
        .as_ref()
        .map(|f| f.note("trained").unwrap_or("unknown").to_string());
    let mut net = warm.map_or_else(|| Net::seeded(0x2545_f491_4f6c_dd1d), |f| f.net);
    // `RACES=1`: the network learns the races it is given and judges races from then on.
    if std::env::var("RACES").is_ok_and(|v| v == "1") {
        net.races = true;
    }
    if earlier.is_some() {
        report("start", &net, &tests);
    }
    let mut adam = Adam::new(rate);
    let mut order: Vec<&Sample> = learn.iter().collect();
    for epoch in 0..epochs {
        adam.rate = rate * (0.1 + 0.9 * (1.0 - epoch as f32 / epochs as f32));
        shuffle(
            &mut order,
            (epoch as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        );
        for batch in order.chunks(32) {
            adam.step(&mut net, batch, &[1.0; OUTPUTS]);
        }
        report(&format!("epoch {epoch}"), &net, &tests);
        if let Ok(path) = std::env::var("SAVE") {
            let bytes = shipped(net.clone(), earlier.as_deref(), epoch + 1, rate, total);
            let _ = std::fs::write(path, bytes);
        }
    }
    let _ = std::io::stdout().write_all(&shipped(net, earlier.as_deref(), epochs, rate, total));
}

/// The network as a network file with the same header as `crates/core/src/ai/data/net-modern.bin`,
/// so that it ships as it is.
fn shipped(net: Net, earlier: Option<&str>, epochs: usize, rate: f32, total: usize) -> Vec<u8> {
    let mut file = NetFile {
        family: "modern".to_string(),
        notes: Vec::new(),
        net,
    };
    let this = format!("{epochs} epochs at rate {rate} falling to a tenth");
    let trained = match earlier {
        Some(before) => format!("{before}; then from it on {total} positions, {this}"),
        None => format!("supervised, {this}"),
    };
    file.set_note("trained", trained);
    file.set_note(
        "recipe",
        std::env::var("RECIPE").unwrap_or_else(|_| {
            format!(
                "fitted to GNU Backgammon 0-ply evaluations of {total} modern positions: \
                 fit_eval positions 3000 3, scripts/gnubg_probs.sh, fit_eval train (see \
                 examples/fit_eval.rs)"
            )
        }),
    );
    // `ROLE=crashed`: a network for crashed positions alone (`Evaluator::crashed`).
    if let Ok(role) = std::env::var("ROLE") {
        file.set_note("role", role);
    }
    file.to_bytes()
}
