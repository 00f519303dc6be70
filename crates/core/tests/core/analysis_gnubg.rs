//! The analysis against GNU Backgammon (issue 12): plays from seeded games of modern backgammon,
//! judged by gnubg at 2-ply with every legal play searched (tests/data/gnubg_judged.txt, made by
//! scripts/gnubg_judged.py), are judged again by [`Judge`] at the analysis's default level. The
//! losses must agree on average within 0.02, and the plays gnubg calls bad or very bad must be
//! marked at least bad here nine times in ten.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gamester_core::ai::analysis::DEFAULT_LEVEL;
use gamester_core::ai::judge::{Judge, Mark};
use gamester_core::level::Level;
use gamester_rules::tables::{Preset, Rules, Throw, position_id};

/// One play as gnubg judged it.
struct Judged {
    line: &'static str,
    before: &'static str,
    dice: (u8, u8),
    after: &'static str,
    /// gnubg's loss at 2-ply.
    loss: f32,
}

fn fixture() -> Vec<Judged> {
    include_str!("../../../../tests/data/gnubg_judged.txt")
        .lines()
        .filter(|l| l.starts_with("J "))
        .map(|line| {
            let t: Vec<&str> = line.split_whitespace().collect();
            let (d1, d2) = t[2].split_once('-').unwrap();
            Judged {
                line,
                before: t[1],
                dice: (d1.parse().unwrap(), d2.parse().unwrap()),
                after: t[3],
                loss: t[5].parse().unwrap(),
            }
        })
        .collect()
}

/// How the judge's losses compare with gnubg's.
#[derive(Debug)]
struct Agreement {
    plays: usize,
    mean_abs_diff: f32,
    /// gnubg's bad and very bad plays, and how many of them the judge marks at least bad.
    gnubg_bad: usize,
    also_bad: usize,
}

impl Agreement {
    fn share_bad(&self) -> f32 {
        self.also_bad as f32 / self.gnubg_bad.max(1) as f32
    }

    /// At least nine in ten of gnubg's bad plays are bad here (counted exactly).
    fn finds_nine_in_ten(&self) -> bool {
        self.also_bad * 10 >= self.gnubg_bad * 9
    }
}

/// The judge's figures at `level` over the whole fixture, the plays shared among the cores.
fn agreement(level: Level) -> Agreement {
    let judge = Judge::new(&Rules::preset(Preset::Modern), level);
    let plays = fixture();
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let chunk = plays.len().div_ceil(threads).max(1);
    // Each play: gnubg's loss and the judge's.
    let losses: Vec<(f32, f32)> = std::thread::scope(|s| {
        let workers: Vec<_> = plays
            .chunks(chunk)
            .map(|part| {
                s.spawn(|| {
                    part.iter()
                        .map(|j| (j.loss, ours(&judge, j)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let bad: Vec<f32> = losses
        .iter()
        .filter(|(gnubg, _)| Mark::of(*gnubg) >= Mark::Bad)
        .map(|(_, ours)| *ours)
        .collect();
    Agreement {
        plays: losses.len(),
        mean_abs_diff: losses.iter().map(|(g, o)| (o - g).abs()).sum::<f32>()
            / losses.len().max(1) as f32,
        gnubg_bad: bad.len(),
        also_bad: bad.iter().filter(|o| Mark::of(**o) >= Mark::Bad).count(),
    }
}

/// The judge's loss for a recorded play.
fn ours(judge: &Judge, j: &Judged) -> f32 {
    let before = position_id::decode(j.before).unwrap();
    let after = position_id::decode(j.after).unwrap();
    let throw = Throw::two(j.dice.0, j.dice.1).unwrap();
    judge
        .play(&before, throw, &after)
        .unwrap_or_else(|| panic!("the judge finds no choice in: {}", j.line))
        .loss()
}

fn report(level: Level, a: &Agreement) {
    eprintln!(
        "{level} against gnubg 2-ply: {} plays, mean |loss difference| {:.4}, \
         gnubg's bad or worse {}, of which marked at least bad {} ({:.1}%)",
        a.plays,
        a.mean_abs_diff,
        a.gnubg_bad,
        a.also_bad,
        100.0 * a.share_bad()
    );
}

/// The goal, at the analysis's default level. It is a measurement of about a minute on
/// two cores, so `cargo test` leaves it out; run it with
/// `cargo test --release -p gamester-core --test core analysis_gnubg -- --ignored --nocapture`.
/// Today: expert 0.0196 mean |difference| and 158/170 (92.9%). Before the network learnt
/// back-gammons and the positions poor plays reach, it was 0.0234 and 153/170.
#[test]
#[ignore = "a measurement of about a minute; see its documentation"]
fn the_default_level_judges_plays_as_gnubg_does_at_two_plies() {
    // Given some hundreds of plays gnubg judged, When the analysis's default level and the
    // depth-0 level judge them
    let a = agreement(DEFAULT_LEVEL);
    let fair = agreement(Level::Fair);
    report(DEFAULT_LEVEL, &a);
    report(Level::Fair, &fair);
    // Then the losses agree, gnubg's mistakes are ours, and searching deeper agrees better
    assert!(a.plays >= 300, "only {} plays recorded", a.plays);
    assert!(a.gnubg_bad >= 50, "only {} bad plays recorded", a.gnubg_bad);
    assert!(a.mean_abs_diff <= 0.02, "{a:?}");
    assert!(a.finds_nine_in_ten(), "{a:?}");
    assert!(a.mean_abs_diff < fair.mean_abs_diff, "{a:?} {fair:?}");
}

/// What `cargo test` keeps: the evaluation alone (fair, in well under a second) judged against
/// gnubg's 2-ply on every recorded play, held to its figures of today (0.0366 mean |difference|,
/// 144/170 of gnubg's bad plays marked bad) with a little room, so a change that makes the
/// judging worse fails here. These bounds guard against regression; they are not the issue's
/// goal, which the ignored test above measures.
#[test]
fn the_evaluation_alone_judges_plays_no_worse_than_today() {
    let fair = agreement(Level::Fair);
    report(Level::Fair, &fair);
    assert!(fair.plays >= 300 && fair.gnubg_bad >= 50, "{fair:?}");
    assert!(fair.mean_abs_diff <= 0.039, "{fair:?}");
    assert!(fair.also_bad * 100 >= fair.gnubg_bad * 82, "{fair:?}");
}
