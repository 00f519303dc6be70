//! `gamester host` and `gamester join`: a game over the network with the computer at this side,
//! for testing the line and for a computer opponent at a distance. The host prints one line,
//! `invite <CODE>`, on standard output, and waits; the friend runs `join <CODE>` (or `join -`
//! with the code on standard input). Both write the game to `--save` after every action, and
//! exit 0 at its end. Beside the save, readable by its owner only, each keeps its key
//! (`FILE.ron.key`; a host's, with its invitation, `FILE.ron.host`) and the record both sides
//! signed (`FILE.ron.record`), from which a restart takes the game up again. What happens on
//! the line goes to standard error. Everything else is `gamester_net`'s.

use std::path::Path;
use std::time::Duration;

use gamester_net::invite::Invitation;
use gamester_net::link::{Identity, Reach};
use gamester_net::party::Return;
use gamester_net::seat::{Computer, End, Options, Role, play};
use gamester_net::sign::Key;
use gamester_net::table::Pledge;
use gamester_net::{Board, GameRules, NetAction, Setup, Table, net_record};
use serde::{Deserialize, Serialize};

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
    let kept = kept_record(args.side.save.as_deref())?.filter(|k| {
        k.party == 0 && k.setup.seated() && k.setup.rules == setup.rules && !over(&k.setup)
    });
    if let Some(kept) = kept {
        note(&format!(
            "taking up the game kept in the file, after {} moves",
            kept.setup.record.len()
        ));
        let identity = match &args.side.save {
            Some(path) => kept_identity(&host_file(path))?,
            None => Identity::fresh(),
        };
        return run(
            Role::Host(kept.setup, kept.pledge),
            level,
            &args.side,
            identity,
            false,
        );
    }
    if let Some(Resumed {
        family,
        record,
        score,
        ..
    }) = resumed(&args.side)?.filter(|r| {
        let mut played = Setup::new(r.family.clone(), "");
        played.record = r.record.clone();
        played.score = r.score;
        // A finished game is no game to offer: a new one is.
        !over(&played)
    }) {
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
    run(
        Role::Host(setup, Pledge::default()),
        level,
        &args.side,
        identity,
        false,
    )
}

/// Whether a setup's game is over.
fn over(setup: &Setup) -> bool {
    setup.board().is_ok_and(|b| b.is_over())
}

/// What a party keeps beside its game: its party, the game as it sat down to it (the seating
/// everyone signed, with the record), and its pledge (the proofs of the record, and its share
/// of the throw under way). Written before anything goes out, so that a restart finishes a
/// throw with the same commits instead of throwing again, and comes back with the record.
#[derive(Serialize, Deserialize)]
struct KeptRecord {
    party: usize,
    setup: Setup,
    pledge: Pledge,
}

/// The file beside `save` with this ending (`game.ron` → `game.ron.record`).
fn beside(save: &Path, ending: &str) -> std::path::PathBuf {
    let mut name = save.as_os_str().to_os_string();
    name.push(ending);
    name.into()
}

/// Where a party keeps the record it signed beside its game.
fn record_file(save: &Path) -> std::path::PathBuf {
    beside(save, ".record")
}

/// The largest record file read (a long game's signed record is far shorter).
const MAX_RECORD: u64 = 8 << 20;

/// The record kept beside the game in `save`, if there is one.
fn kept_record(save: Option<&Path>) -> Result<Option<KeptRecord>, CliError> {
    let Some(path) = save.map(record_file).filter(|p| p.exists()) else {
        return Ok(None);
    };
    let unreadable = |why: String| CliError::Network {
        path: path.display().to_string(),
        reason: format!(
            "it is not the record of a game at a distance ({why}); without it the game cannot \
             be taken up fairly"
        ),
    };
    let bytes = gamester_core::files::read_capped(&path, MAX_RECORD)
        .map_err(|e| unreadable(e.to_string()))?;
    let text = String::from_utf8(bytes).map_err(|_| unreadable("it is not text".into()))?;
    ron::from_str(&text)
        .map(Some)
        .map_err(|e| unreadable(e.to_string()))
}

/// Where a joiner keeps its key beside its game (`game.ron` → `game.ron.key`).
fn key_file(save: &Path) -> std::path::PathBuf {
    beside(save, ".key")
}

/// The joiner's key kept beside `save`, or a new one, kept there (readable by its owner only)
/// before it is used. Without `--save`, a key for this game only.
fn joiner_key(save: Option<&Path>) -> Result<Key, CliError> {
    let Some(path) = save.map(key_file) else {
        return Ok(Key::generate());
    };
    if path.exists() {
        let text = save::read_text(&path)?;
        let bytes = data_hex(text.trim()).ok_or_else(|| CliError::Network {
            path: path.display().to_string(),
            reason: "it is not this side's key; without it, its seat cannot be taken again".into(),
        })?;
        return Ok(Key::from_bytes(&bytes));
    }
    let key = Key::generate();
    let text: String = key.to_bytes().iter().map(|b| format!("{b:02x}")).collect();
    save::write_private_atomic(&path, &text)?;
    Ok(key)
}

/// Thirty-two bytes written as hexadecimal.
fn data_hex(text: &str) -> Option<[u8; 32]> {
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
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
    let code = if args.code == "-" {
        let mut line = String::new();
        std::io::stdin()
            .read_line(&mut line)
            .map_err(|e| CliError::Usage(format!("the invitation could not be read: {e}")))?;
        line
    } else {
        args.code.clone()
    };
    let invitation = Invitation::parse(&code).map_err(|e| CliError::Usage(e.to_string()))?;
    let kept = kept_record(args.side.save.as_deref())?;
    if kept.is_none()
        && let Some(Resumed { family, record, .. }) = resumed(&args.side)?
    {
        // A game in the file that this side cannot come back to (no record signed at a
        // distance is kept beside it): joining would write a new game over it.
        let mut setup = Setup::new(family, "");
        setup.record = record;
        if !over(&setup) {
            return Err(CliError::Usage(format!(
                "{} holds a game this side cannot come back to: no record signed with the host \
                 is kept beside it; give --save another file to join a new game",
                args.side
                    .save
                    .as_deref()
                    .map_or_else(String::new, |p| p.display().to_string())
            )));
        }
    }
    let key = joiner_key(args.side.save.as_deref())?;
    let back = kept
        .filter(|k| k.party != 0 && !over(&k.setup))
        .map(|k| Return {
            setup: k.setup,
            party: k.party,
            pledge: k.pledge,
            key: key.clone(),
        });
    let role = Role::Join {
        invitation,
        name: args.side.name.clone(),
        key,
        back,
    };
    run(role, level, &args.side, Identity::fresh(), args.under_way)
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

/// A game taken up from a save, to offer again under way: its rules, its record as the
/// network says it, and in a match the score when it began.
struct Resumed {
    family: GameRules,
    record: Vec<NetAction>,
    score: Option<crate::tables::Tally>,
}

/// The game a `--save` file holds already, to offer again: its rules and its record.
fn resumed(side: &NetSide) -> Result<Option<Resumed>, CliError> {
    let Some(path) = &side.save else {
        return Ok(None);
    };
    if !path.exists() {
        return Ok(None);
    }
    let text = save::read_text(path)?;
    if save::pastimes::is_pastimes(&text) {
        let loaded = save::pastimes::load(path)?;
        return Ok(Some(Resumed {
            family: GameRules::Pastimes(*loaded.game.rules()),
            record: net_record(loaded.game.record()),
            score: None,
        }));
    }
    if save::tiles::is_tiles(&text) {
        let loaded = save::tiles::load(path)?;
        Ok(Some(Resumed {
            family: GameRules::Tiles(*loaded.game.rules()),
            record: net_record(loaded.game.record()),
            score: None,
        }))
    } else {
        let loaded = save::load(path)?;
        let rules = loaded.game.rules().clone();
        let score = (rules.match_to > 0).then(|| loaded.game.tally_before());
        Ok(Some(Resumed {
            family: GameRules::Tables(rules),
            record: net_record(loaded.game.record()),
            score,
        }))
    }
}

fn run(
    role: Role,
    level: Level,
    side: &NetSide,
    identity: Identity,
    under_way: bool,
) -> Result<String, CliError> {
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
    // The game and the record this side signed (with its share of the throw under way) are
    // on the disk before anything goes out: a restart never finds the friend ahead with a
    // move or a throw of ours. The record holds this side's unrevealed seed: its owner's only.
    let keeper: Option<gamester_net::party::Keeper> = side.save.clone().map(|path| {
        let keep = move |table: &Table| -> Result<(), gamester_net::party::KeepError> {
            write_game(&path, table, level)?;
            let kept = KeptRecord {
                party: table.me(),
                setup: table.setup_now(),
                pledge: table.pledge().clone(),
            };
            let text = ron::to_string(&kept)?;
            Ok(save::write_private_atomic(&record_file(&path), &text)?)
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
            stall: Some(Duration::from_secs(side.patience)),
            under_way,
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
        Ok(End::Abandoned(table, abandoned)) => {
            // The save says who left, why, when and how far the signed record went: the side
            // that left loses the game, counted as the file is read.
            if let Some(path) = &side.save {
                write_left(path, &table, level, &abandoned)?;
            }
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
        Board::Open(game) if game.is_over() => "over".into(),
        Board::Open(_) => "unfinished".into(),
    }
}

/// Writes the game as a saved game of its family, atomically.
fn write_game(path: &Path, table: &Table, level: Level) -> Result<(), CliError> {
    write_file(path, table, level, None)
}

/// Writes the game left by a party, with the record of who left.
fn write_left(
    path: &Path,
    table: &Table,
    level: Level,
    abandoned: &gamester_net::party::Abandoned,
) -> Result<(), CliError> {
    write_file(path, table, level, Some(abandoned.to_core(Some(table))))
}

/// Writes the game as a saved game of its family, atomically, with who left it if a party did.
fn write_file(
    path: &Path,
    table: &Table,
    level: Level,
    left: Option<gamester_core::abandonment::Abandonment>,
) -> Result<(), CliError> {
    // The others' seats are a friend's at a distance: opened later, their tiles are never
    // shown, nor their moves made, by this side.
    let controller = |seat: usize| {
        if table.owner(seat) == Some(table.me()) {
            Controller::Computer(level)
        } else {
            Controller::Distance
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
            let mut file = save::SaveFile::from_game(game, &seats);
            file.abandonment = left;
            save::write_atomic(path, &file)?;
        }
        Board::Tiles(game) => {
            let sitters: Vec<Controller> = (0..usize::from(game.rules().players))
                .map(controller)
                .collect();
            let names: Vec<String> = (0..sitters.len()).map(name).collect();
            let tally = vec![0; game.rules().sides()];
            let mut file = save::tiles::TilesFile::of(game, &sitters, &tally).named(&names);
            file.abandonment = left;
            save::tiles::write_atomic(path, &file)?;
        }
        Board::Pastimes(game) => {
            let sitters: Vec<Controller> = (0..game.seats()).map(controller).collect();
            let names: Vec<String> = (0..sitters.len()).map(name).collect();
            let mut file = save::pastimes::PastimesFile::of(game, &sitters).named(&names);
            file.abandonment = left;
            save::pastimes::write_atomic(path, &file)?;
        }
        // The command line registers no other family, so plays none: nothing to write.
        Board::Open(game) => {
            return Err(CliError::Usage(format!(
                "the command line cannot save a game of the {}",
                game.family().name()
            )));
        }
    }
    Ok(())
}
