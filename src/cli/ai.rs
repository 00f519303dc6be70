//! The computer's commands: `best` (its play of a throw) and `bench ai` (how long it thinks);
//! `selfplay` has its own module, `cli::selfplay`. Formats are in docs/command-line.md.

use std::fmt::Write as _;
use std::time::Instant;

use crate::ai::decide::{best_play, decide};
use crate::cli::args::{
    Best, CliError, GamePreset, SomeRules, at_tiles_only, position_and_faces, read_throw,
    tables_rules,
};
use crate::level::Level;
use crate::sample::{cube_sample, decision_sample};
use crate::tables::notation::format_play;
use crate::tables::position_id;
use crate::tables::{Game, Phase, Preset, Rules};

/// `best` at tables: the computer's play of a throw, as `<position id after the play> <move
/// text>` (a throw with no play gives the position id alone).
pub(crate) fn best(preset: Preset, args: &Best) -> Result<String, CliError> {
    let t = &args.tiles;
    at_tiles_only(
        preset,
        &[
            ("--hand", t.hand.is_some()),
            ("--line", t.line.is_some()),
            ("--others", t.others.is_some()),
            ("--seed", t.seed.is_some()),
            ("--players", t.players.is_some()),
        ],
    )?;
    let rules = tables_rules(preset, &args.sets)?;
    let (pos, faces) = position_and_faces(&args.throw)?;
    let throw = read_throw(&rules, faces)?;
    let Some((play, _)) = best_play(&rules, &pos, throw, args.level) else {
        return Ok(format!("{}\n", position_id::encode(&pos)));
    };
    let id = position_id::encode(&play.position);
    if play.steps.is_empty() {
        return Ok(format!("{id}\n"));
    }
    let text = format_play(&pos, &play.steps.to_vec(), rules.bear_off);
    Ok(format!("{id} {text}\n"))
}

/// `bench ai [--preset <name> [--set <option>=<value>]...]`: the median, 90th percentile and
/// longest time of one decision per level, over a fixed sample of plays (modern, Irish and
/// Fails unless rules are given) and of cube decisions (modern backgammon for stakes and to 7
/// points unless rules with the cube are given).
pub(crate) fn bench_ai(args: &SomeRules) -> Result<String, CliError> {
    let (sets, names): (Vec<Rules>, Vec<String>) = match args.preset {
        None => [Preset::Modern, Preset::Irish, Preset::Fails]
            .iter()
            .map(|p| (Rules::preset(*p), p.name().to_string()))
            .unzip(),
        Some(GamePreset::Tables(preset)) => {
            // The rules named as they were asked for.
            let mut name = format!("--preset {}", preset.name());
            for s in &args.sets {
                let _ = write!(name, " --set {s}");
            }
            (vec![tables_rules(preset, &args.sets)?], vec![name])
        }
        Some(other) => return Err(other.not_at_tables("bench ai times the computer at tables")),
    };
    let mut sample = Vec::new();
    for rules in &sets {
        sample.extend(decision_sample(rules, 6, 5));
    }
    // The cube's decisions: the rules given if they play the cube, else modern backgammon
    // for stakes and a match to 7 points, both with the cube.
    let cube_sets: Vec<(Rules, String)> = match args.preset {
        Some(_) => sets
            .iter()
            .zip(&names)
            .filter(|(r, _)| r.cube)
            .map(|(r, n)| (r.clone(), n.clone()))
            .collect(),
        None => {
            let mut stakes = Rules::preset(Preset::Modern);
            stakes.cube = true;
            let mut to_seven = stakes.clone();
            to_seven.match_to = 7;
            vec![
                (stakes, "modern with the cube".to_string()),
                (to_seven, "a match to 7".to_string()),
            ]
        }
    };
    let mut cubes = Vec::new();
    for (rules, _) in &cube_sets {
        cubes.extend(cube_sample(rules, 6, 3));
    }
    let cube_names: Vec<&str> = cube_sets.iter().map(|(_, n)| n.as_str()).collect();
    let plays: Vec<&Game> = sample
        .iter()
        .filter(|g| g.phase() == Phase::Playing)
        .collect();
    let cubes: Vec<&Game> = cubes.iter().collect();
    let mut out = String::new();
    for level in Level::ALL {
        timed(&mut out, "ai", level, &plays, &names.join(", "));
    }
    if !cubes.is_empty() {
        for level in Level::ALL {
            timed(&mut out, "cube", level, &cubes, &cube_names.join(", "));
        }
    }
    Ok(out)
}

/// One line of `bench ai`: the median, 90th percentile and longest time of the computer's
/// decision at `level` in each of `games`, once a first decision (untimed) has made or read
/// the bear-off databases.
fn timed(out: &mut String, what: &str, level: Level, games: &[&Game], names: &str) {
    if let Some(first) = games.first() {
        std::hint::black_box(decide(first, level));
    }
    let mut times: Vec<f64> = games
        .iter()
        .map(|g| {
            let start = Instant::now();
            let d = decide(g, level);
            std::hint::black_box(d);
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| {
        times
            .get(((times.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    let _ = writeln!(
        out,
        "{what} {level} median {:.2} ms p90 {:.2} ms max {:.2} ms ({} decisions: {names})",
        at(0.5),
        at(0.9),
        at(1.0),
        times.len(),
    );
}
