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

use crate::ai::contest::Contender;
use crate::ai::tiles::{decide, random_action};
use crate::cli::args::{Best, CliError, Selfplay, TileList, at_tables_only};
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

impl From<Contender> for Sitter {
    fn from(c: Contender) -> Sitter {
        match c {
            Contender::Computer(level) => Sitter::Level(level),
            Contender::Random => Sitter::Random,
        }
    }
}

/// The rules of `preset`, for `players` players when given.
fn rules_of(preset: Preset, players: Option<u8>) -> Result<Rules, CliError> {
    let mut rules = Rules::preset(preset);
    if let Some(players) = players {
        rules = rules.with_players(players);
    }
    rules.check().map_err(|e| CliError::Usage(e.to_string()))?;
    Ok(rules)
}

pub(crate) fn selfplay(preset: Preset, args: &Selfplay) -> Result<String, CliError> {
    at_tables_only(
        preset,
        &[
            ("--set", !args.rules.sets.is_empty()),
            ("--jobs", args.jobs.is_some()),
            ("--log-plays", args.log_plays.is_some()),
            ("--white-net", args.white_net.is_some()),
            ("--black-net", args.black_net.is_some()),
        ],
    )?;
    let mut rules = rules_of(preset, args.players)?;
    rules.target = Target::SingleHand;
    let (first, second) = (Sitter::from(args.white), Sitter::from(args.black));
    let (hands, seed) = (u64::from(args.games), args.seed);
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
pub(crate) fn best(preset: Preset, args: &Best) -> Result<String, CliError> {
    at_tables_only(
        preset,
        &[
            ("--set", !args.rules.sets.is_empty()),
            ("--position", args.throw.position.is_some()),
            ("--dice", args.throw.dice.is_some()),
        ],
    )?;
    let t = &args.tiles;
    let mut rules = rules_of(preset, t.players)?;
    fn need<'a>(list: Option<&'a TileList>, flag: &str) -> Result<&'a [(u8, u8)], CliError> {
        list.map(|l| l.0.as_slice())
            .ok_or_else(|| CliError::Usage(format!("{flag} is required")))
    }
    let hand: Vec<Tile> = need(t.hand.as_ref(), "--hand")?
        .iter()
        .map(|&(a, b)| Tile::new(a, b))
        .collect::<Result<_, _>>()
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let line = Line::from_left_to_right(need(t.line.as_ref(), "--line")?)
        .map_err(|e| CliError::Usage(format!("--line: {e}")))?;
    let others = &t
        .others
        .as_ref()
        .ok_or_else(|| CliError::Usage("--others is required".into()))?
        .0;
    if t.players.is_none() {
        rules = rules.with_players(u8::try_from(others.len() + 1).unwrap_or(u8::MAX));
        rules.check().map_err(|e| CliError::Usage(e.to_string()))?;
    }
    let seed = t.seed.unwrap_or(1);
    let seen =
        Seen::to_play(rules, hand, line, others).map_err(|e| CliError::Usage(e.to_string()))?;
    let open = |end: End| seen.line.open(end).unwrap_or(0);
    Ok(match decide(&seen, args.level, seed) {
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
