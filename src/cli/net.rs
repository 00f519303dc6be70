//! `gamester host` and `gamester join`: a game over the network with the computer at this side,
//! for testing the line and for a computer opponent at a distance. The host prints one line,
//! `invite <CODE>`, on standard output, and waits; the friend runs `join <CODE>`. Both write
//! the game to `--save` after every action, and exit 0 at its end. What happens on the line
//! goes to standard error. Everything else is `gamester_net`'s.

use std::path::Path;
use std::time::Duration;

use gamester_net::invite::Invitation;
use gamester_net::link::{Identity, Reach};
use gamester_net::party::Return;
use gamester_net::seat::{Computer, End, Options, Role, play};
use gamester_net::table::Pledge;
use gamester_net::{Board, GameRules, NetAction, Setup, Table, net_record};

use crate::cli::args::{CliError, GamePreset, Host, Join, NetSide, tables_rules};
use crate::cli::{note, write_out};
use crate::level::Level;
use crate::players::{Controller, Seats};
use crate::save;
use crate::tiles;

/// How long a party waits with nothing from the line before it gives up.
const PATIENCE: Duration = Duration::from_secs(600);

pub(crate) fn host(args: &Host) -> Result<String, CliError> {
    let level = computer_level(&args.side)?;
    let family = match args.preset {
        GamePreset::Tables(preset) => {
            if args.players.is_some() {
                return Err(CliError::Usage(
                    "--players is for the tiles and Sice-Ace; a game at tables has two sides"
                        .into(),
                ));
            }
            GameRules::Tables(tables_rules(preset, &args.sets)?)
        }
        GamePreset::Tiles(preset) => {
            if !args.sets.is_empty() {
                return Err(CliError::Usage(
                    "--set changes the options of a game at tables, not at the tiles".into(),
                ));
            }
            let mut rules = tiles::Rules::preset(preset);
            if let Some(n) = args.players {
                rules = rules.with_players(n);
            }
            rules.check().map_err(|e| CliError::Usage(e.to_string()))?;
            GameRules::Tiles(rules)
        }
        GamePreset::Pastimes(preset) => GameRules::Pastimes(crate::cli::pastimes::rules_of(
            preset,
            &args.sets,
            args.players,
        )?),
    };
    let name = crate::players::clean_name(args.side.name.trim());
    let name = if name.is_empty() {
        "The computer".to_string()
    } else {
        name
    };
    let mut setup = Setup::new(family, &name);
    if let Some(Resumed {
        family,
        record,
        score,
        ..
    }) = resumed(&args.side)?
    {
        if family != setup.rules {
            return Err(CliError::Usage(
                "the file given to --save holds a game under other rules".into(),
            ));
        }
        setup.record = record;
        setup.score = score;
        setup.board().map_err(|e| CliError::Usage(e.to_string()))?;
        note(&format!(
            "resuming the game in the file, after {} actions",
            setup.record.len()
        ));
    }
    let identity = match &args.side.save {
        Some(path) => kept_identity(&host_file(path))?,
        None => Identity::fresh(),
    };
    let pledge = kept_pledge(args.side.save.as_deref())?;
    run(Role::Host(setup, pledge), level, &args.side, identity)
}

/// Where a party keeps its share of the throw under way beside its game (`game.ron` →
/// `game.ron.dice`), written before anything goes out, so that a restart finishes that throw
/// with the same commits instead of throwing again.
fn pledge_file(save: &Path) -> std::path::PathBuf {
    let mut name = save.as_os_str().to_os_string();
    name.push(".dice");
    name.into()
}

/// The pledge kept beside the game in `save`, or an empty one if there is none.
fn kept_pledge(save: Option<&Path>) -> Result<Pledge, CliError> {
    let Some(path) = save.map(pledge_file).filter(|p| p.exists()) else {
        return Ok(Pledge::default());
    };
    let text = save::read_text(&path)?;
    ron::from_str(&text).map_err(|e| CliError::Network {
        path: path.display().to_string(),
        reason: format!(
            "it is not the share of a throw this side keeps ({e}); without it the game cannot \
             be taken up fairly"
        ),
    })
}

/// Where a host keeps who it is beside its game (`game.ron` → `game.ron.host`), so that a host
/// started again on the same game gives the same invitation.
fn host_file(save: &Path) -> std::path::PathBuf {
    let mut name = save.as_os_str().to_os_string();
    name.push(".host");
    name.into()
}

/// The identity kept in `path`, or a fresh one if there is none.
fn kept_identity(path: &Path) -> Result<Identity, CliError> {
    if !path.exists() {
        return Ok(Identity::fresh());
    }
    let text = save::read_text(path)?;
    ron::from_str(&text).map_err(|e| CliError::Network {
        path: path.display().to_string(),
        reason: format!("it is not a host's identity ({e}); delete it for a new invitation"),
    })
}

/// Keeps the host's identity beside its game, atomically and readable by its owner only.
fn keep_identity(path: &Path, identity: &Identity) -> Result<(), CliError> {
    let text = ron::to_string(identity).map_err(|e| CliError::Usage(e.to_string()))?;
    // The key and the secret are the host's alone from the file's first instant.
    save::write_private_atomic(path, &text)?;
    Ok(())
}

pub(crate) fn join(args: &Join) -> Result<String, CliError> {
    let level = computer_level(&args.side)?;
    let invitation = Invitation::parse(&args.code).map_err(|e| CliError::Usage(e.to_string()))?;
    let pledge = kept_pledge(args.side.save.as_deref())?;
    let back = resumed(&args.side)?.map(|Resumed { record, party, .. }| Return {
        party,
        record,
        pledge,
    });
    let role = Role::Join {
        invitation,
        name: args.side.name.clone(),
        back,
    };
    run(role, level, &args.side, Identity::fresh())
}

fn computer_level(side: &NetSide) -> Result<Level, CliError> {
    side.level.ok_or_else(|| {
        CliError::Usage(
            "--level is required: the computer plays this side (people play in the window, \
             Game → Play a friend over the network)"
                .into(),
        )
    })
}

/// A game taken up from a save: its rules, its record as the network says it, the party the
/// computer played, and in a match the score when it began.
struct Resumed {
    family: GameRules,
    record: Vec<NetAction>,
    party: usize,
    score: Option<crate::tables::Tally>,
}

/// The game a `--save` file holds already, to resume: its rules, its record, and the seat the
/// computer played (this side's party, as the host gives them out: seat by seat).
fn resumed(side: &NetSide) -> Result<Option<Resumed>, CliError> {
    let Some(path) = &side.save else {
        return Ok(None);
    };
    if !path.exists() {
        return Ok(None);
    }
    let text = save::read_text(path)?;
    // This side's party, as the host gives them out (seat by seat): the computer's seat.
    let computer_at = |seats: &[Controller]| {
        seats
            .iter()
            .position(|c| matches!(c, Controller::Computer(_)))
            .unwrap_or(1)
    };
    if save::pastimes::is_pastimes(&text) {
        let loaded = save::pastimes::load(path)?;
        return Ok(Some(Resumed {
            family: GameRules::Pastimes(*loaded.game.rules()),
            record: net_record(loaded.game.record()),
            party: computer_at(&loaded.seats),
            score: None,
        }));
    }
    if save::tiles::is_tiles(&text) {
        let loaded = save::tiles::load(path)?;
        Ok(Some(Resumed {
            family: GameRules::Tiles(*loaded.game.rules()),
            record: net_record(loaded.game.record()),
            party: computer_at(&loaded.seats),
            score: None,
        }))
    } else {
        let loaded = save::load(path)?;
        let computer = |seat: &crate::players::Seat| {
            seat.players
                .iter()
                .any(|p| matches!(p.controller, Controller::Computer(_)))
        };
        let mine = if computer(&loaded.table.white) { 0 } else { 1 };
        let rules = loaded.game.rules().clone();
        let score = (rules.match_to > 0).then(|| loaded.game.tally_before());
        Ok(Some(Resumed {
            family: GameRules::Tables(rules),
            record: net_record(loaded.game.record()),
            party: mine,
            score,
        }))
    }
}

fn run(role: Role, level: Level, side: &NetSide, identity: Identity) -> Result<String, CliError> {
    let reach = if side.local {
        Reach::Local
    } else {
        Reach::Internet
    };
    let mut write_failed: Option<CliError> = None;
    let mut kept: Result<(), CliError> = Ok(());
    let mut on_invite = |code: &str, identity: &Identity| {
        if let Some(path) = &side.save {
            kept = keep_identity(&host_file(path), identity);
        }
        let _ = write_out(&format!("invite {code}\n"));
    };
    let mut on_change = |table: &Table| {
        if let Some(path) = &side.save
            && write_failed.is_none()
            && let Err(e) = write_game(path, table, level)
        {
            write_failed = Some(e);
        }
    };
    let mut say = |line: &str| note(line);
    // The game and this side's share of the throw under way are on the disk before anything
    // goes out: a restart never finds the friend ahead with a move or a throw of ours.
    let keeper: Option<gamester_net::party::Keeper> = side.save.clone().map(|path| {
        let keep = move |table: &Table| -> Result<(), gamester_net::party::KeepError> {
            write_game(&path, table, level)?;
            let text = ron::to_string(table.pledge())?;
            Ok(save::write_text_atomic(&pledge_file(&path), &text)?)
        };
        Box::new(keep) as gamester_net::party::Keeper
    });
    let seed = rand::random();
    let end = play(
        role,
        Computer::new(level, seed),
        Options {
            reach,
            identity,
            on_invite: &mut on_invite,
            on_change: &mut on_change,
            note: &mut say,
            cut_at: None,
            patience: PATIENCE,
            keeper,
            stall: None,
        },
    );
    kept?;
    if let Some(e) = write_failed {
        return Err(e);
    }
    match end {
        Ok(End::Over(table)) | Ok(End::Cut(table)) => {
            note(&format!("the game is over: {}", outcome(&table)));
            Ok(String::new())
        }
        Ok(End::Abandoned(_, abandoned)) => {
            note(&format!("the game is over: {}", abandoned.reason));
            Ok(String::new())
        }
        Err(why) => Err(CliError::Usage(match &side.save {
            Some(path) => format!(
                "{why}; the game is kept in {}: run the same command again to resume it",
                path.display()
            ),
            None => why.to_string(),
        })),
    }
}

/// The game's end in words.
fn outcome(table: &Table) -> String {
    let names = &table.setup().names;
    let name = |seat: usize| {
        table
            .owner(seat)
            .and_then(|p| names.get(p))
            .cloned()
            .unwrap_or_default()
    };
    match table.board() {
        Board::Tables(game) => match game.outcome() {
            Some(o) => match o.winner {
                Some(side) => format!("{} wins", name(side.index())),
                None => "drawn".into(),
            },
            None => "unfinished".into(),
        },
        Board::Tiles(game) => match game.winner() {
            Some(Some(side)) => format!("side {} wins ({})", side + 1, name(side)),
            Some(None) => "drawn".into(),
            None => "unfinished".into(),
        },
        Board::Pastimes(game) => match game.result() {
            Some(o) => {
                let names = |seats: &[crate::pastimes::Seat]| {
                    seats
                        .iter()
                        .map(|s| name(s.index()))
                        .collect::<Vec<_>>()
                        .join(" and ")
                };
                match (o.winners.is_empty(), o.losers.is_empty()) {
                    (false, true) => format!("{} wins", names(&o.winners)),
                    (true, false) => format!("{} loses", names(&o.losers)),
                    _ => format!("{} wins, {} loses", names(&o.winners), names(&o.losers)),
                }
            }
            None => "unfinished".into(),
        },
    }
}

/// Writes the game as a saved game of its family, atomically.
fn write_game(path: &Path, table: &Table, level: Level) -> Result<(), CliError> {
    let controller = |seat: usize| {
        if table.owner(seat) == Some(table.me()) {
            Controller::Computer(level)
        } else {
            Controller::Person
        }
    };
    // Each seat under its owner's name, as the party knows it.
    let name = |seat: usize| -> String {
        table
            .owner(seat)
            .and_then(|o| table.setup().names.get(o))
            .map(|n| crate::players::clean_name(n))
            .unwrap_or_default()
    };
    match table.board() {
        Board::Tables(game) => {
            let mut seats = Seats::two_people();
            for (seat, s) in [&mut seats.white, &mut seats.black].into_iter().enumerate() {
                for p in &mut s.players {
                    p.controller = controller(seat);
                    let named = name(seat);
                    if !named.is_empty() {
                        p.name = named;
                    }
                }
            }
            save::write_atomic(path, &save::SaveFile::from_game(game, &seats))?;
        }
        Board::Tiles(game) => {
            let sitters: Vec<Controller> = (0..usize::from(game.rules().players))
                .map(controller)
                .collect();
            let names: Vec<String> = (0..sitters.len()).map(name).collect();
            let tally = vec![0; game.rules().sides()];
            let file = save::tiles::TilesFile::of(game, &sitters, &tally).named(&names);
            save::tiles::write_atomic(path, &file)?;
        }
        Board::Pastimes(game) => {
            let sitters: Vec<Controller> = (0..game.seats()).map(controller).collect();
            let names: Vec<String> = (0..sitters.len()).map(name).collect();
            let file = save::pastimes::PastimesFile::of(game, &sitters).named(&names);
            save::pastimes::write_atomic(path, &file)?;
        }
    }
    Ok(())
}
