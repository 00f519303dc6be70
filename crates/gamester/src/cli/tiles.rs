//! The command line at tiles.
//!
//! `gamester selfplay --preset block|draw|muggins|muggins-teams …`: the computer against itself,
//! hand after hand, for measuring the levels. `--first` (or `--white`) plays for side 1
//! (player 1, and player 3 in teams), `--second` (or `--black`) for the rest; each is a level
//! or `random`. `--hands N` (or `--games N`) hands, each a game of one hand dealt from `--seed`
//! and the hand's number; `--players 2..4`. Prints the hands each side won, the drawn hands,
//! the points each side scored, and last, as selfplay at tables does, side 1's win rate with
//! its 95% interval.
//!
//! `gamester best --preset P --hand 6-4,5-5 --line 2-6,6-6,6-4 --others 5[,5…] [--level L]`:
//! what the computer does with that hand on that line (written from left to right, each tile
//! as its numbers lie), the other players holding `--others` tiles each in the order of play.

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::ai::tiles::{decide, random_action};
use crate::cli::args::{CliError, number, quote};
use crate::level::Level;
use crate::tiles::{
    Action, Deck, End, Game, Line, Phase, Preset, Rules, Seen, Target, Tile, end_word,
};

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

/// The flags of a tiles command, each once, from those it takes (an alias names its flag).
fn flags<'a>(
    args: &'a [String],
    command: &str,
    takes: &[&'static str],
    aliases: &[(&str, &'static str)],
) -> Result<std::collections::BTreeMap<&'static str, &'a str>, CliError> {
    let mut get = std::collections::BTreeMap::new();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let known = aliases
            .iter()
            .find(|(alias, _)| alias == flag)
            .map(|(_, f)| *f)
            .or_else(|| takes.iter().copied().find(|f| f == flag));
        let Some(known) = known else {
            return Err(CliError::Usage(format!(
                "{command} at tiles takes {}, not {}",
                takes.join(" "),
                quote(flag)
            )));
        };
        let value = it
            .next()
            .ok_or_else(|| CliError::Usage(format!("{flag} needs a value")))?;
        if get.insert(known, value.as_str()).is_some() {
            return Err(CliError::Usage(format!("{known} is given twice")));
        }
    }
    Ok(get)
}

/// The rules of `--preset` (and `--players`).
fn rules_of(get: &std::collections::BTreeMap<&str, &str>) -> Result<(Preset, Rules), CliError> {
    let preset_name = get.get("--preset").copied().unwrap_or("");
    let preset = Preset::from_name(preset_name).ok_or_else(|| {
        CliError::Usage(format!("no tiles preset is called {}", quote(preset_name)))
    })?;
    let mut rules = Rules::preset(preset);
    if let Some(players) = get.get("--players") {
        rules = rules.with_players(number(Some(players), "--players", 2)?);
    }
    rules.check().map_err(|e| CliError::Usage(e.to_string()))?;
    Ok((preset, rules))
}

pub(crate) fn selfplay(args: &[String]) -> Result<String, CliError> {
    let get = flags(
        args,
        "selfplay",
        &[
            "--preset",
            "--first",
            "--second",
            "--hands",
            "--seed",
            "--players",
        ],
        &[
            ("--white", "--first"),
            ("--black", "--second"),
            ("--games", "--hands"),
        ],
    )?;
    let (preset, mut rules) = rules_of(&get)?;
    rules.target = Target::SingleHand;
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
    let (p, lo, hi) = crate::ai::contest::wilson(won[0] as f64, decided as f64);
    Ok(format!(
        "hands {hands} ({} players, {})\nfirst {} wins {} points {}\nsecond {} wins {} points {}\ndrawn {drawn}\nfirst win rate {:.1}% (95% CI {:.1}%-{:.1}%)\n",
        rules.players,
        preset.name(),
        name(first),
        won[0],
        points[0],
        name(second),
        won[1],
        points[1],
        100.0 * p,
        100.0 * lo,
        100.0 * hi,
    ))
}

/// `best` at tiles: what the computer does with a hand on a line.
pub(crate) fn best(args: &[String]) -> Result<String, CliError> {
    let get = flags(
        args,
        "best",
        &[
            "--preset",
            "--hand",
            "--line",
            "--others",
            "--level",
            "--seed",
            "--players",
        ],
        &[],
    )?;
    let (_, mut rules) = rules_of(&get)?;
    let need = |flag: &str| {
        get.get(flag)
            .copied()
            .ok_or_else(|| CliError::Usage(format!("{flag} is required")))
    };
    // Tiles as written, "6-4,5-5", each pair in the order given.
    let tiles = |text: &str| -> Result<Vec<(u8, u8)>, CliError> {
        text.split(',')
            .map(|t| {
                let bad = || {
                    CliError::Usage(format!(
                        "{} is not a tile: write it as two numbers 0 to 6, such as 6-4",
                        quote(t)
                    ))
                };
                let (a, b) = t.trim().split_once('-').ok_or_else(bad)?;
                let a: u8 = a.trim().parse().map_err(|_| bad())?;
                let b: u8 = b.trim().parse().map_err(|_| bad())?;
                Tile::new(a, b).map_err(|e| CliError::Usage(e.to_string()))?;
                Ok((a, b))
            })
            .collect()
    };
    let hand: Vec<Tile> = tiles(need("--hand")?)?
        .into_iter()
        .map(|(a, b)| Tile::new(a, b))
        .collect::<Result<_, _>>()
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let line = Line::from_left_to_right(&tiles(need("--line")?)?)
        .map_err(|e| CliError::Usage(format!("--line: {e}")))?;
    let others: Vec<usize> = need("--others")?
        .split(',')
        .map(|n| number(Some(n.trim()), "--others", 0))
        .collect::<Result<_, _>>()?;
    if !get.contains_key("--players") {
        rules = rules.with_players(u8::try_from(others.len() + 1).unwrap_or(u8::MAX));
        rules.check().map_err(|e| CliError::Usage(e.to_string()))?;
    }
    let level: Level = match get.get("--level") {
        Some(l) => l.parse()?,
        None => Level::Expert,
    };
    let seed: u64 = number(get.get("--seed").copied(), "--seed", 1)?;
    let seen =
        Seen::to_play(rules, hand, line, &others).map_err(|e| CliError::Usage(e.to_string()))?;
    let open = |end: End| seen.line.open(end).unwrap_or(0);
    Ok(match decide(&seen, level, seed) {
        Some(Action::Lay { tile, end }) => format!(
            "lay {tile} {}: the {} on the {} at the {} end\n",
            end.words(),
            tile.words(),
            end_word(open(end)),
            end.words()
        ),
        Some(Action::Draw) => "draw: no tile fits, and the boneyard has tiles to draw\n".into(),
        Some(Action::Pass) => "knock: no tile fits, and none may be drawn\n".into(),
        Some(other) => format!("{other:?}\n"),
        None => "nothing: the player is not to act\n".into(),
    })
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
) -> Result<Game, crate::tiles::DominoError> {
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
