//! `gamester selfplay --preset block|draw|muggins|muggins-teams …`: the computer against itself
//! at tiles, hand after hand, for measuring the levels.
//!
//! `--first` plays for side 1 (player 1, and player 3 in teams), `--second` for the rest;
//! each is a level or `random`. `--hands N` hands (each a game of one hand, dealt from
//! `--seed` and the hand's number), `--players 2..4`. Prints the hands each side won, the
//! drawn hands, the points each side scored, and side 1's share of the hands decided.

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::ai::tiles::{decide, random_action};
use crate::cli_args::{CliError, number, quote};
use crate::dominoes::{Action, Deck, Game, Phase, Preset, Rules, Target};
use crate::level::Level;

/// A seat at the tiles: a level, or a random player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sitter {
    Level(Level),
    Random,
}

fn sitter(value: Option<&str>, flag: &str) -> Result<Sitter, CliError> {
    let text =
        value.ok_or_else(|| CliError::Usage(format!("{flag} <level|random> is required")))?;
    if text == "random" {
        return Ok(Sitter::Random);
    }
    Ok(Sitter::Level(text.parse::<Level>()?))
}

/// Whether `args` ask for a tiles game (a `--preset` naming one).
#[must_use]
pub fn is_tiles(args: &[String]) -> bool {
    args.windows(2)
        .any(|w| w[0] == "--preset" && Preset::from_name(&w[1]).is_some())
}

pub(crate) fn selfplay(args: &[String]) -> Result<String, CliError> {
    let mut get = std::collections::BTreeMap::new();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        const FLAGS: [&str; 6] = [
            "--preset",
            "--first",
            "--second",
            "--hands",
            "--seed",
            "--players",
        ];
        if !FLAGS.contains(&flag.as_str()) {
            return Err(CliError::Usage(format!(
                "selfplay at tiles takes {}, not {}",
                FLAGS.join(" "),
                quote(flag)
            )));
        }
        let value = it
            .next()
            .ok_or_else(|| CliError::Usage(format!("{flag} needs a value")))?;
        get.insert(flag.as_str(), value.as_str());
    }
    let preset_name = get.get("--preset").copied().unwrap_or("");
    let preset = Preset::from_name(preset_name).ok_or_else(|| {
        CliError::Usage(format!("no tiles preset is called {}", quote(preset_name)))
    })?;
    let mut rules = Rules::preset(preset);
    if let Some(players) = get.get("--players") {
        rules = rules.with_players(number(Some(players), "--players", 2)?);
    }
    rules.target = Target::SingleHand;
    rules.check().map_err(|e| CliError::Usage(e.to_string()))?;
    let first = sitter(get.get("--first").copied(), "--first")?;
    let second = sitter(get.get("--second").copied(), "--second")?;
    let hands: u64 = number(get.get("--hands").copied(), "--hands", 100)?;
    if hands == 0 {
        return Err(CliError::Usage("--hands needs at least 1 hand".into()));
    }
    let seed: u64 = number(get.get("--seed").copied(), "--seed", 1)?;
    let mut won = [0u64; 2];
    let mut drawn = 0u64;
    let mut points = [0u64; 2];
    for hand in 0..hands {
        let game = play_hand(rules, [first, second], seed, hand)
            .map_err(|e| CliError::Usage(format!("hand {hand}: {e}")))?;
        for (s, &p) in game.scores().iter().enumerate() {
            points[seat(&rules, s)] += u64::from(p);
        }
        match game.winner() {
            Some(Some(s)) => won[seat(&rules, s)] += 1,
            _ => drawn += 1,
        }
    }
    let decided = won[0] + won[1];
    let share = if decided == 0 {
        0.0
    } else {
        100.0 * won[0] as f64 / decided as f64
    };
    Ok(format!(
        "hands {hands} ({} players, {})\nfirst {} wins {} points {}\nsecond {} wins {} points {}\ndrawn {drawn}\nfirst share {share:.1}%\n",
        rules.players,
        preset.name(),
        name(first),
        won[0],
        points[0],
        name(second),
        won[1],
        points[1],
    ))
}

/// The seat (0 for `--first`, 1 for `--second`) of a scoring side of the rules: the first
/// partnership, or player 1, is the first seat.
fn seat(rules: &Rules, side: usize) -> usize {
    if rules.teams {
        side
    } else {
        usize::from(side != 0)
    }
}

fn name(s: Sitter) -> &'static str {
    match s {
        Sitter::Random => "random",
        Sitter::Level(l) => l.name(),
    }
}

/// One hand from the deal to its end. Side 1 is player 1 (and 3); the others are side 2.
fn play_hand(
    rules: Rules,
    sitters: [Sitter; 2],
    seed: u64,
    hand: u64,
) -> Result<Game, crate::dominoes::DominoError> {
    let hand_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ hand;
    let mut rng = StdRng::seed_from_u64(hand_seed);
    let mut game = Game::new(rules)?;
    game.apply(Action::Deal(Deck::shuffled(hand_seed)))?;
    let mut turns = 0u64;
    while game.phase() != Phase::GameOver && turns < 10_000 {
        turns += 1;
        let action = if game.phase() == Phase::ToThrow {
            use rand::Rng;
            Action::Throw(
                (0..rules.players)
                    .map(|_| rng.random_range(1..=6))
                    .collect(),
            )
        } else {
            let p = game.turn();
            let side = seat(&rules, rules.side_of(p));
            let chosen = match sitters[side] {
                Sitter::Random => random_action(&game, &mut rng),
                Sitter::Level(level) => decide(&game.seen_by(p), level, hand_seed ^ turns),
            };
            chosen.unwrap_or(Action::Pass)
        };
        game.apply(action)?;
    }
    Ok(game)
}
