//! The command line at Cotton's pastimes (Doublets, Ketch-Dolt, Sice-Ace).
//!
//! `gamester selfplay --preset doublets|ketch-dolt|sice-ace …`: the computer against itself (or
//! the random player), game after game, for measuring the levels. `--first` (or `--white`)
//! sits in the first seat (player 1), `--second` (or `--black`) in every other; `--players N`
//! seats two to five at Sice-Ace; `--set option=value` changes an option as RULES.md names it.
//! Prints the games the first seat won (at Sice-Ace where the last out loses: went free),
//! those it lost, and its win rate with its 95% interval.
//!
//! `gamester diagram --game PASTIME.ron` (or `--preset` a pastime): the pastime's table drawn.

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::ai::contest::Contender;
use crate::cli::args::{CliError, Selfplay};
use crate::pastimes::{Action, Ending, Game, Kind, Preset, Rules, Seat};

/// The rules of `preset` with the options `sets` changes and `players` seats.
pub(crate) fn rules_of(
    preset: Preset,
    sets: &[String],
    players: Option<u8>,
) -> Result<Rules, CliError> {
    let mut rules = Rules::preset(preset);
    for set in sets {
        let (option, value) = set
            .split_once('=')
            .ok_or_else(|| CliError::Usage(format!("`{set}` is not option=value")))?;
        rules
            .set(option.trim(), value.trim())
            .map_err(|e| CliError::Usage(e.to_string()))?;
    }
    if let Some(n) = players {
        rules = rules.with_seats(n);
    }
    rules.check().map_err(|e| CliError::Usage(e.to_string()))?;
    Ok(rules)
}

/// `selfplay` at a pastime.
pub(crate) fn selfplay(preset: Preset, args: &Selfplay) -> Result<String, CliError> {
    for (flag, given) in [
        ("--jobs", args.jobs.is_some()),
        ("--log-plays", args.log_plays.is_some()),
        ("--white-net", args.white_net.is_some()),
        ("--black-net", args.black_net.is_some()),
    ] {
        if given {
            return Err(CliError::Usage(format!(
                "{flag} is for the games at tables, and {} is a pastime",
                preset.name()
            )));
        }
    }
    let rules = rules_of(preset, &args.rules.sets, args.players)?;
    let (first, second) = (args.white, args.black);
    let (mut won, mut lost, mut unfinished) = (0u64, 0u64, 0u64);
    for g in 0..u64::from(args.games) {
        let seed = args.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ g;
        let game = play_game(rules, [first, second], seed)
            .map_err(|e| CliError::Usage(format!("game {g}: {e}")))?;
        match game.result() {
            Some(outcome) if first_wins(&rules, outcome) => won += 1,
            Some(_) => lost += 1,
            None => unfinished += 1,
        }
    }
    let (p, lo, hi) = crate::ai::contest::wilson(won as f64, (won + lost) as f64);
    Ok(format!(
        "games {} ({}, {} players)\nfirst {first} wins {won}\nsecond {second} wins {lost}\n\
         unfinished {unfinished}\nfirst win rate {:.1}% (95% CI {:.1}%-{:.1}%)\n",
        args.games,
        preset.name(),
        rules.seats,
        100.0 * p,
        100.0 * lo,
        100.0 * hi,
    ))
}

/// Whether the first seat did well: won, or (where losers are named) went free.
fn first_wins(rules: &Rules, outcome: &crate::pastimes::Outcome) -> bool {
    let first = Seat(0);
    match (rules.kind, rules.result) {
        (Kind::SiceAce, Ending::LastOutLoses | Ending::LastTwoLose) => {
            !outcome.losers.contains(&first)
        }
        _ => outcome.winners.contains(&first),
    }
}

/// The most actions a game may take before it is given up (no game of the pastimes comes
/// near it: the random games of the rules' tests end within a few hundred).
const MAX_ACTIONS: usize = 20_000;

/// One game with dice seeded from `seed`: the first seat plays as `sitters[0]` says, every
/// other as `sitters[1]`.
pub(crate) fn play_game(
    rules: Rules,
    sitters: [Contender; 2],
    seed: u64,
) -> Result<Game, crate::pastimes::PastimeError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(rules)?;
    for _ in 0..MAX_ACTIONS {
        if game.result().is_some() {
            break;
        }
        let action = match game.actor() {
            Some(seat) => {
                let sitter = sitters[usize::from(seat != Seat(0))];
                let chosen = match sitter {
                    Contender::Computer(level) => crate::ai::pastimes::decide(&game, level),
                    Contender::Random => random_action(&game, &mut rng),
                };
                match chosen {
                    Some(a) => a,
                    None => match game.chance_action(&mut rng) {
                        Some(a) => a,
                        None => break,
                    },
                }
            }
            None => match game.chance_action(&mut rng) {
                Some(a) => a,
                None => break,
            },
        };
        game.apply(action)?;
    }
    Ok(game)
}

/// A uniformly random legal action, or `None` (the throw) when there is none; a claim that
/// may be made is made half the time.
fn random_action(game: &Game, rng: &mut impl rand::Rng) -> Option<Action> {
    let actions = game.legal_actions();
    if actions == [Action::Claim] {
        return rng.random_ratio(1, 2).then_some(Action::Claim);
    }
    (!actions.is_empty()).then(|| actions[rng.random_range(0..actions.len())].clone())
}

/// What a pastime's diagram draws: a saved game as it stands, or a preset's table at its start.
pub(crate) enum Drawn<'a> {
    Saved(&'a std::path::Path),
    Preset(Preset),
}

/// `diagram` of a pastime's table, written to `--out` as `picture` says; prints
/// `diagram <FILE>`. The dice are the last throw's and the seats are named with who sat there.
pub(crate) fn diagram(
    drawn: Drawn<'_>,
    args: &crate::cli::args::DiagramArgs,
    picture: crate::picture::Picture,
) -> Result<String, CliError> {
    use crate::teaching::pastime_diagram::{PastimeDiagram, caption_of, seat_names};
    if args.position.is_some() || args.dice.is_some() {
        return Err(CliError::Usage(
            "a pastime's table is drawn as its game stands, with the dice of its last throw: \
             --position and --dice are for the games at tables"
                .into(),
        ));
    }
    let (game, seats, given) = match drawn {
        Drawn::Saved(path) if path.is_file() && !crate::save::pastimes::is_pastimes_file(path) => {
            return Err(CliError::Usage(format!(
                "{} is not a saved pastime or tiles game: a position at tables is drawn from \
                 its Position ID (--position)",
                path.display()
            )));
        }
        Drawn::Saved(path) => {
            let loaded = crate::save::pastimes::load(path)?;
            (loaded.game, loaded.seats, loaded.names)
        }
        Drawn::Preset(preset) => {
            let rules = rules_of(preset, &args.sets, None)?;
            let game = Game::new(rules).map_err(|e| CliError::Usage(e.to_string()))?;
            (game, Vec::new(), Vec::new())
        }
    };
    // The names friends sat under, where the file kept them.
    let names = seat_names(&game, &seats, &given);
    let caption = args.caption.clone().unwrap_or_else(|| caption_of(&game));
    let svg = PastimeDiagram {
        game: &game,
        names,
        caption: Some(caption),
    }
    .svg();
    let bytes = picture.bytes(&svg).map_err(CliError::Usage)?;
    crate::save::write_bytes_atomic(&args.out, &bytes)?;
    Ok(format!("diagram {}\n", args.out.display()))
}

/// An action as the command line writes it: `lay 4`, `draw 4`, `bear 4` (a point counted 1,
/// ace, to 6, sice), `claim`, `load 3` (the seat loaded, counted from 1), `throw`.
fn code(action: &Action) -> String {
    match action {
        Action::Throw { .. } => "throw".into(),
        Action::Lay { point } => format!("lay {point}"),
        Action::Draw { point } => format!("draw {point}"),
        Action::Bear { point } => format!("bear {point}"),
        Action::Claim => "claim".into(),
        Action::Load { seat } => format!("load {}", seat.index() + 1),
    }
}

/// Whether two actions are the same choice (a throw is a throw, whatever it shows).
fn same(a: &Action, b: &Action) -> bool {
    a == b || (a.is_chance() && b.is_chance())
}

/// What the computer at `level` does for the seat to act in `game`: its action, or the throw
/// where it lets a claim pass; `None` where no player chooses.
fn choice(game: &Game, level: crate::level::Level) -> Option<Action> {
    let legal = game.legal_actions();
    game.actor()?;
    let chooses = legal.len() > 1 || legal.contains(&Action::Claim);
    if !chooses {
        return None;
    }
    Some(
        crate::ai::pastimes::decide(game, level)
            .unwrap_or_else(|| Action::Throw { dice: Vec::new() }),
    )
}

/// `best --game PASTIME.ron`: what the computer at `level` does for the player to act in a
/// saved pastime, as `<action>: <the action in words>`; where no one chooses, why not.
pub(crate) fn best_in_save(
    path: &std::path::Path,
    level: crate::level::Level,
) -> Result<String, CliError> {
    use crate::teaching::pastime_diagram::state_words;
    use crate::teaching::pastime_story::{Names, action_words};
    let loaded = crate::save::pastimes::load(path)?;
    let game = &loaded.game;
    let names = Names::of(loaded.names.clone());
    if game.result().is_some() || loaded.abandoned.is_some() {
        return Ok("nothing: the game is over\n".into());
    }
    match choice(game, level) {
        Some(action @ Action::Throw { .. }) => Ok(format!(
            "{}: let the claim pass, and throw\n",
            code(&action)
        )),
        Some(action) => Ok(format!(
            "{}: {}\n",
            code(&action),
            action_words(game, &action, &names)
        )),
        None if game.legal_actions().len() == 1 => {
            let only = &game.legal_actions()[0];
            Ok(format!(
                "{}: the only thing the rules allow ({})\n",
                code(only),
                action_words(game, only, &names)
            ))
        }
        None => Ok(format!(
            "nothing: no player chooses; {}\n",
            state_words(game).to_lowercase()
        )),
    }
}

/// `analyse PASTIME.ron`: every choice a player made in a saved pastime, judged against the
/// computer's at `level`, a line each (`move <N> player <S> played <action> best <action>
/// agrees|differs|dolts|unclaimed`), then a line a seat (`player <S> decisions <D> agree <A>
/// differ <F>`). The computer has no measure of what a choice at the pastimes costs, only
/// which it would make: so there is no loss, as at tables, but whether the two agree; a
/// choice that dolts the player, or a dolt left unclaimed, is named so.
pub(crate) fn analyse(
    path: &std::path::Path,
    level: crate::level::Level,
) -> Result<String, CliError> {
    use std::fmt::Write as _;
    let loaded = crate::save::pastimes::load(path)?;
    let rules = *loaded.game.rules();
    match rules.kind {
        Kind::Doublets => {
            return Err(CliError::Usage(format!(
                "{} is a game of Doublets, where the dice say where every man goes: no player \
                 chooses anything, so there is nothing to judge",
                path.display()
            )));
        }
        Kind::SiceAce if rules.load_to == crate::pastimes::LoadTo::Next => {
            return Err(CliError::Usage(format!(
                "{} is a game of Sice-Ace where each ace loads the next player in \
                 (load_to=next): no player chooses anything, so there is nothing to judge",
                path.display()
            )));
        }
        Kind::SiceAce | Kind::KetchDolt => {}
    }
    let mut game = Game::new(rules).map_err(|e| CliError::Usage(e.to_string()))?;
    let mut out = String::new();
    let mut tally = super::out::Agreement::of(game.seats());
    for (i, played) in loaded.game.record().iter().enumerate() {
        if let (Some(seat), Some(best)) = (game.actor(), choice(&game, level)) {
            let agrees = same(played, &best);
            let verdict = if agrees {
                "agrees"
            } else if game.dolts(played) {
                "dolts"
            } else if best == Action::Claim {
                "unclaimed"
            } else {
                "differs"
            };
            tally.count(seat.index(), agrees);
            let _ = writeln!(
                out,
                "move {} {seat} played {} best {} {verdict}",
                i + 1,
                code(played),
                code(&best)
            );
        }
        game.apply(played.clone())
            .map_err(|e| CliError::Usage(format!("move {} of the record: {e}", i + 1)))?;
    }
    tally.write(&mut out);
    Ok(out)
}

/// `score-sheet PASTIME.ron`: the page of a saved pastime, its story as the window tells it,
/// the result, and its table at the end drawn; `date` the day it was saved, in words.
pub(crate) fn score_sheet(path: &std::path::Path, date: String) -> Result<String, CliError> {
    use crate::pastimes::Event;
    use crate::teaching::handout::{StorySheet, story_sheet};
    use crate::teaching::pastime_diagram::{PastimeDiagram, seat_names, state_words};
    use crate::teaching::pastime_rules::{in_words, title};
    use crate::teaching::pastime_story::{Names, retold, tell};
    let loaded = crate::save::pastimes::load(path)?;
    let game = &loaded.game;
    let names = Names::of(loaded.names.clone());
    let ending = |o: &crate::pastimes::Outcome| {
        tell(
            &Event::GameOver {
                winners: o.winners.clone(),
                losers: o.losers.clone(),
            },
            &names,
        )
        .unwrap_or_default()
    };
    let result = match (game.result(), loaded.abandoned.as_ref()) {
        (Some(outcome), _) => ending(outcome),
        (None, Some(left)) => {
            let said = format!("The game was ended: {}.", left.reason);
            match crate::abandonment::at_pastime(game, left) {
                Some(outcome) => format!("{said} {}", ending(&outcome)),
                None => said,
            }
        }
        (None, None) => format!("The game was not finished: {}.", state_words(game)),
    };
    let players = seat_names(game, &loaded.seats, &loaded.names);
    let figure = PastimeDiagram {
        game,
        names: players.clone(),
        caption: Some("The table at the end of the record".into()),
    }
    .svg();
    let sheet = StorySheet {
        title: title(game.rules()).to_string(),
        players,
        date,
        rules: in_words(game.rules())
            .into_iter()
            .map(|(option, value, _)| (option.to_string(), value))
            .collect(),
        story: retold(game, &names),
        result,
        figure: Some(figure),
    };
    Ok(story_sheet(&sheet))
}
