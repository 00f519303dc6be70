//! The game at tables a window starts with: the file named at start, else the game in
//! progress autosaved; a save cut off by a crash recovered; an autosave that cannot be read
//! set aside, and one a file displaces kept.

use std::path::{Path, PathBuf};

use crate::ai::analysis::Analysis;
use crate::save::{self, GameRecord, Tidied};
use crate::session::Session;
use crate::tables::FairDice;
use crate::ui::shell::files::set_aside;
use crate::ui::shell::launch::Launch;
use crate::ui::shell::message::Message;
use crate::ui::shell::reading::regular_or_absent;
use crate::ui::tables::analysis_view;

/// The game a window starts with, if a file or the autosave gave one.
#[derive(Default)]
pub struct Resumed {
    pub session: Option<Session>,
    /// The file it came from (not the autosave).
    pub file: Option<PathBuf>,
    /// The unfinished game of the autosave, displaced by the file opened at start: the window
    /// keeps it, as it keeps any game left for another.
    pub displaced: Option<Session>,
    /// Why the file or the autosave could not be resumed.
    pub message: Option<Message>,
    /// The analysis the file kept, given back for its game.
    pub analysis: Option<Box<(Analysis, GameRecord)>>,
    /// Where an autosave that could not be resumed was set aside, for Open recent.
    pub set_aside: Option<PathBuf>,
}

/// A loaded game as a session, its story told again from the record, with the match's
/// earlier games the file kept.
#[must_use]
pub fn resumed(loaded: save::Loaded, launch: &Launch) -> Session {
    let replay = &loaded.replay;
    let mut session = Session::from_record(
        replay.rules().clone(),
        replay.tally_before(),
        replay.record(),
        loaded.table.clone(),
        launch.dice(),
    )
    .unwrap_or_else(|_| Session::resume(loaded.game, loaded.table, launch.dice()))
    .with_earlier(loaded.earlier);
    if let Some(abandonment) = loaded.abandoned {
        session.abandon(abandonment);
    }
    session
}

/// What to say of a file's earlier games that could not be read (the game in play was read
/// without them), if any.
#[must_use]
pub fn earlier_note(loaded: &save::Loaded) -> Option<String> {
    loaded.earlier_unread.as_ref().map(|why| {
        format!(
            "The match's earlier games kept in the file were set aside ({why}); the game in \
             play and the score are whole."
        )
    })
}

/// Loads the game in `path`, or says why not, naming the file once.
fn load(path: &Path, launch: &Launch) -> Result<Session, String> {
    read_now(path).map(|loaded| resumed(loaded, launch))
}

/// The game to start with: the file the launch names, else (or if that file is refused: the
/// game in progress must survive a bad file) the autosave, else none.
#[must_use]
pub fn resume(launch: &Launch) -> Resumed {
    let mut out = Resumed::default();
    // A write killed before its rename may have left the newest game beside the autosave.
    let mut told: Vec<String> = Vec::new();
    let mut failed = false;
    if let Some(path) = launch.autosave_path() {
        match save::tidy(&path) {
            Ok(Tidied {
                recovered: Some(_), ..
            }) => told
                .push("The game in progress was recovered from a save cut off by a crash.".into()),
            Ok(_) => {}
            Err(e) => {
                failed = true;
                told.push(format!(
                    "Gamester's data folder could not be tidied after a crash: {e}."
                ));
            }
        }
    }
    // A tiles game or a pastime named at start is its own screen's to open.
    if let Some(path) = launch
        .open
        .as_ref()
        .filter(|p| !save::tiles::is_tiles_file(p) && !save::pastimes::is_pastimes_file(p))
    {
        match read_now(path) {
            Ok(loaded) => {
                match analysis_view::given_back(&loaded) {
                    Ok(kept) => out.analysis = kept,
                    Err(why) => told.push(why),
                }
                if let Some(note) = earlier_note(&loaded) {
                    told.push(note);
                }
                out.session = Some(resumed(loaded, launch));
                out.file = Some(path.clone());
            }
            Err(e) => {
                failed = true;
                told.push(format!("Could not open {e}"));
            }
        }
    }
    if let Some(opened) = &out.session
        && let Some(path) = launch.autosave_path()
        && path.exists()
    {
        match load(&path, launch) {
            Ok(autosaved) => {
                if crate::ui::tables::left::unfinished(autosaved.game())
                    && autosaved.game().record() != opened.game().record()
                {
                    out.displaced = Some(autosaved);
                }
            }
            Err(e) => {
                failed = true;
                told.push(format!(
                    "The game that was in progress could not be read: {e}. {}",
                    set_aside(&path, &mut out.set_aside)
                ));
            }
        }
    }
    if out.session.is_none()
        && let Some(path) = launch.autosave_path()
        && path.exists()
    {
        match load(&path, launch) {
            Ok(session) => out.session = Some(session),
            Err(e) => {
                failed = true;
                told.push(format!(
                    "The game in progress could not be resumed: {e}. {}",
                    set_aside(&path, &mut out.set_aside)
                ));
            }
        }
    }
    if !told.is_empty() {
        let text = told.join(" ");
        out.message = Some(if failed {
            Message::error(text)
        } else {
            Message::info(text)
        });
    }
    out
}

/// Reads and checks the saved game at tables in `path`, here and now.
///
/// # Errors
/// Why not, naming the file once.
fn read_now(path: &Path) -> Result<save::Loaded, String> {
    regular_or_absent(path)?;
    save::load(path).map_err(|e| e.to_string())
}

impl Launch {
    /// Dice for a new or resumed session: seeded if the launch asked for it, else by the system.
    #[must_use]
    pub fn dice(&self) -> Box<FairDice> {
        Box::new(self.seed.map_or_else(FairDice::from_os, FairDice::seeded))
    }
}
