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
            ("--set", !args.sets.is_empty()),
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
    Ok(said(&seen.line, decide(&seen, args.level, seed).as_ref()))
}

/// The line `best` prints for what the computer does on `line`: `lay 6-4 left: the …`,
/// `draw: …`, `knock: …`, or `nothing: …`.
fn said(line: &Line, action: Option<&Action>) -> String {
    let open = |end: End| line.open(end).unwrap_or(0);
    match action {
        Some(Action::Lay { tile, end }) if line.is_empty() => {
            format!("lay {tile} {}: the {} set\n", end.words(), tile.words())
        }
        Some(Action::Lay { tile, end }) => format!(
            "lay {tile} {}: the {} on the {} at the {} end\n",
            end.words(),
            tile.words(),
            end_word(open(*end)),
            end.words()
        ),
        Some(Action::Draw) => "draw: no tile fits, and the boneyard has tiles to draw\n".into(),
        Some(Action::Pass) => "knock: no tile fits, and none may be drawn\n".into(),
        Some(Action::Deal(_) | Action::Throw(_)) | None => {
            "nothing: the player is not to act\n".into()
        }
    }
}

/// An action as `analyse` writes it: `lay 6-4 left`, `draw`, `knock`.
fn code(action: &Action) -> String {
    match action {
        Action::Lay { tile, end } => format!("lay {tile} {}", end.words()),
        Action::Draw => "draw".into(),
        Action::Pass => "knock".into(),
        Action::Deal(_) => "deal".into(),
        Action::Throw(_) => "throw".into(),
    }
}

/// Whether two actions on `line` are the same choice: the same, or the same tile at either end
/// where both ends show the same number (the line then plays alike).
fn same(line: &Line, a: &Action, b: &Action) -> bool {
    match (a, b) {
        (Action::Lay { tile: t, end: e }, Action::Lay { tile: u, end: f }) => {
            t == u && (e == f || line.open(*e) == line.open(*f))
        }
        _ => a == b,
    }
}

/// `best --game TILES.ron`: what the computer at `level` does for the player to act in a
/// saved tiles game, from what that player sees, as `best` at the tiles prints it.
pub(crate) fn best_in_save(
    path: &std::path::Path,
    level: Level,
    seed: u64,
) -> Result<String, CliError> {
    let loaded = crate::save::tiles::load(path)?;
    let game = &loaded.game;
    if loaded.abandoned.is_some() {
        return Ok("nothing: the game was abandoned\n".into());
    }
    if game.phase() != Phase::Playing {
        return Ok(format!(
            "nothing: {}\n",
            crate::tiles::waiting_words(game.phase())
        ));
    }
    let seen = game.seen_by(game.turn());
    Ok(said(game.line(), decide(&seen, level, seed).as_ref()))
}

/// `analyse TILES.ron`: every play of a saved tiles game where the player had a choice, judged
/// against what the computer at `level` does from what that player saw, a line each (`hand
/// <H> move <N> player <P> played <action> best <action> agrees|differs`), then a line a
/// player (`player <P> decisions <D> agree <A> differ <F>`). The computer guesses the hidden
/// tiles and has no measure of a play's cost, so there is no loss, only whether it agrees.
pub(crate) fn analyse(path: &std::path::Path, level: Level) -> Result<String, CliError> {
    use std::fmt::Write as _;
    let loaded = crate::save::tiles::load(path)?;
    let rules = *loaded.game.rules();
    let mut game = Game::new(rules).map_err(|e| CliError::Usage(e.to_string()))?;
    let mut tally = super::out::Agreement::of(usize::from(rules.players));
    let mut out = String::new();
    for (i, played) in loaded.game.record().iter().enumerate() {
        if game.phase() == Phase::Playing && !played.is_chance() && game.legal_actions().len() > 1 {
            let p = game.turn();
            let seed = 1 ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            if let Some(best) = decide(&game.seen_by(p), level, seed) {
                let agrees = same(game.line(), played, &best);
                tally.count(p, agrees);
                let verdict = if agrees { "agrees" } else { "differs" };
                let _ = writeln!(
                    out,
                    "hand {} move {} player {} played {} best {} {verdict}",
                    game.hands_dealt(),
                    i + 1,
                    p + 1,
                    code(played),
                    code(&best)
                );
            }
        }
        game.apply(played.clone())
            .map_err(|e| CliError::Usage(format!("action {} of the record: {e}", i + 1)))?;
    }
    tally.write(&mut out);
    Ok(out)
}

/// `score-sheet TILES.ron`: the page of a saved tiles game, its story as the window tells it
/// (the session's own telling, its players named as the window names them), the points, and
/// how it ended; `date` the day it was saved, in words.
pub(crate) fn score_sheet(path: &std::path::Path, date: String) -> Result<String, CliError> {
    use crate::teaching::handout::{StorySheet, story_sheet};
    use crate::teaching::tiles_rules::{rules_in_words, title_of};
    let loaded = crate::save::tiles::load(path)?;
    let rules = *loaded.game.rules();
    let mut session = crate::tiles_session::TilesSession::holding(
        loaded.game.clone(),
        loaded.seats.clone(),
        Some(0),
    );
    if !loaded.names.is_empty() {
        session.rename(loaded.names.clone());
    }
    let game = session.game();
    let players = (0..usize::from(rules.players))
        .map(|p| {
            let who = loaded.seats.get(p).map(|s| s.words()).unwrap_or_default();
            format!("{}: {who}", session.name(p))
        })
        .collect();
    let points = (0..rules.sides())
        .map(|s| {
            format!(
                "{} {}",
                session.side_name(s),
                game.scores().get(s).copied().unwrap_or(0)
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let result = match (game.winner(), loaded.abandoned.as_ref()) {
        (Some(Some(side)), _) => format!("{} Points: {points}.", session.winner_words(side)),
        (Some(None), _) => format!("The hand was drawn, and no one scores. Points: {points}."),
        (None, Some(left)) => {
            let said = format!("The game was ended: {}.", left.reason);
            match crate::abandonment::at_tiles(game, left).and_then(|l| l.winner) {
                Some(side) => format!("{said} {} Points: {points}.", session.winner_words(side)),
                None => format!("{said} Points: {points}."),
            }
        }
        (None, None) => format!(
            "The game was not finished: {}. Points: {points}.",
            crate::tiles::waiting_words(game.phase())
        ),
    };
    let sheet = StorySheet {
        title: title_of(&rules).to_string(),
        players,
        date,
        rules: rules_in_words(&rules)
            .into_iter()
            .filter(|(head, _)| *head != "A tile laid stays laid")
            .map(|(head, text)| (head.to_string(), text))
            .collect(),
        story: session.story().to_vec(),
        result,
        figure: None,
    };
    Ok(story_sheet(&sheet))
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

/// What a tiles diagram draws: a saved game as it stands, or a preset's table before the deal.
pub(crate) enum Drawn<'a> {
    Saved(&'a std::path::Path),
    Preset(Preset),
}

/// `diagram` of a tiles game's table, written to `--out` as `picture` says; prints
/// `diagram <FILE>`. The players are named as the window names them.
pub(crate) fn diagram(
    drawn: Drawn<'_>,
    args: &crate::cli::args::DiagramArgs,
    picture: crate::picture::Picture,
) -> Result<String, CliError> {
    use crate::teaching::tiles_diagram::{TilesDiagram, caption_of};
    if args.position.is_some() || args.dice.is_some() {
        return Err(CliError::Usage(
            "a tiles game is drawn as it stands, its line and its hands: --position and --dice \
             are for the games at tables"
                .into(),
        ));
    }
    let (game, names) = match drawn {
        Drawn::Saved(path) => {
            let loaded = crate::save::tiles::load(path)?;
            let mut session = crate::tiles_session::TilesSession::holding(
                loaded.game.clone(),
                loaded.seats.clone(),
                Some(0),
            );
            if !loaded.names.is_empty() {
                session.rename(loaded.names.clone());
            }
            let names = (0..usize::from(loaded.game.rules().players))
                .map(|p| session.name(p).to_string())
                .collect();
            (loaded.game, names)
        }
        Drawn::Preset(preset) => {
            at_tables_only(preset, &[("--set", !args.sets.is_empty())])?;
            let game =
                Game::new(rules_of(preset, None)?).map_err(|e| CliError::Usage(e.to_string()))?;
            (game, Vec::new())
        }
    };
    let caption = args.caption.clone().unwrap_or_else(|| caption_of(&game));
    let svg = TilesDiagram {
        game: &game,
        names,
        caption: Some(caption),
    }
    .svg();
    let bytes = picture.bytes(&svg).map_err(CliError::Usage)?;
    crate::save::write_bytes_atomic(&args.out, &bytes)?;
    Ok(format!("diagram {}\n", args.out.display()))
}
