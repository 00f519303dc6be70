//! The families of games the window plays, registered: the one place in the window that names
//! each family's screen, as egui's demo app lists its apps in `wrap_app.rs`. The shell holds
//! the screens behind `Screen` (`shell::screens`) and asks this module to make one, to read a
//! file into a game, or to take up at start the games the window had when it last closed.
//!
//! What is asked of a family with no screen in hand (its saves, its part of New game and of the
//! settings, its game offered at a distance) it answers through its plug (`FamilyPlug`), given
//! here by [`plug`], [`plugs`] and [`readers`].
//!
//! The three families built in (the games at tables, the tiles, Cotton's pastimes) are named
//! here. Any other is registered at run time ([`register`]: its plug, which makes its screen,
//! reads its saves and keeps its part of the settings under its name), and this module answers
//! for it as for the built-in ones, asking its plug; docs/DESIGN.md walks through adding one,
//! and the window's tests add a fourth so, from outside the program
//! (`tests/program/window/fourth_family.rs`).

pub mod settings;

use std::cell::RefCell;
use std::path::PathBuf;

use crate::ui::pastimes::plug::PastimesPlug;
use crate::ui::pastimes::screen::PastimesScreen;
use crate::ui::shell::files;
use crate::ui::shell::launch::Launch;
use crate::ui::shell::leaving::Next;
use crate::ui::shell::message::Message;
use crate::ui::shell::plug::FamilyPlug;
use crate::ui::shell::reading::Read;
use crate::ui::shell::screen::{Screen, Shell};
use crate::ui::shell::screens::Screens;
use crate::ui::shell::settings::Settings;
use crate::ui::tables::plug::TablesPlug;
use crate::ui::tables::screen::{TablesNext, TablesScreen};
use crate::ui::tiles::plug::TilesPlug;
use crate::ui::tiles::screen::TilesScreen;
use gamester_core::Family;

use crate::ui::shell::lessons::LessonsRoom;

/// The lessons' room (Help → Lessons) at the list of lessons, its exercises drawn from `seed`
/// on, each drawn by its family's painter (`FamilyPlug::exercise_ui`).
#[must_use]
pub fn lessons_room(seed: u64) -> LessonsRoom {
    LessonsRoom::new(seed, plugs().to_vec())
}

/// The window's look (its colours, its fonts' sizes), which is the games at tables' theme.
pub fn apply_look(ctx: &egui::Context) {
    crate::ui::tables::theme::apply(ctx);
}

/// What the window starts with before its screens are made: the game at tables named at start
/// or autosaved, with what to say of it (`Starting::message`, which the shell says first).
pub type Starting = crate::ui::tables::start::Resumed;

/// Looks for the games the window starts with (see [`Starting`]).
#[must_use]
pub fn starting(launch: &Launch) -> Starting {
    crate::ui::tables::start::resume(launch)
}

/// The window's screens as it opens: the game at tables (`starting`: the file named at start
/// or the autosave; one set aside listed in Open recent, one displaced kept), always held; the
/// tiles game if one was kept (see [`resume_at_start`]).
#[must_use]
pub fn first(
    mut starting: Starting,
    settings: &mut Settings,
    launch: &Launch,
    message: &mut Option<Message>,
) -> Screens {
    if let Some(aside) = starting.set_aside.take() {
        settings.recent.add(aside);
    }
    if let Some(left) = &starting.displaced {
        let kept = crate::ui::tables::left::keep_displaced(left, launch, &mut settings.recent);
        *message = Some(match message.take() {
            Some(first) => first.and(&kept),
            None => kept,
        });
    }
    let tables = TablesScreen::new(starting, settings, launch, message);
    Screens::new(Box::new(tables), make)
}

/// A screen for `next`, of a family the window holds no screen of yet: its plug makes it (the
/// games at tables' never does: their screen is always held, see `first`).
#[must_use]
pub fn make(next: Next, shell: &mut Shell) -> Option<Box<dyn Screen>> {
    plug(next.family()).make(next, shell)
}

thread_local! {
    /// The families registered at run time, in the order they came, by the thread that runs
    /// the window: the program's main thread, or in the tests each test's own, so that a
    /// family one test registers is seen by its own window alone and never changes another's.
    static REGISTERED: RefCell<Vec<&'static dyn FamilyPlug>> = const { RefCell::new(Vec::new()) };
}

/// Registers the plug of a family the program does not name, so that the window plays it
/// as it plays the built-in three: New game offers it, Open reads its saves, the network window
/// offers it at a distance (its game registered with `gamester_net::open::register` as well).
/// It holds for the thread that registers it, the one that runs the window (the window's
/// readings off that thread are given the families it knows). Registering a family again, or
/// a built-in one, changes nothing.
pub fn register(plug: &'static dyn FamilyPlug) {
    let family = plug.family();
    REGISTERED.with_borrow_mut(|registered| {
        if !Family::ALL.contains(&family) && !registered.iter().any(|p| p.family() == family) {
            registered.push(plug);
        }
    });
}

/// The plugs registered at run time, in the order they came.
fn registered() -> Vec<&'static dyn FamilyPlug> {
    REGISTERED.with_borrow(Clone::clone)
}

/// The plug of `family`: what the shell and the network window ask of it. A family nobody
/// registered (named by a friend's program that knows more) is answered for by the first
/// family's plug, which describes no game but its own.
#[must_use]
pub fn plug(family: Family) -> &'static dyn FamilyPlug {
    match family {
        Family::TILES => &TilesPlug,
        Family::PASTIMES => &PastimesPlug,
        _ => registered()
            .into_iter()
            .find(|p| p.family() == family)
            .unwrap_or(&TablesPlug),
    }
}

/// Every family's plug, in the order New game offers them: the first family's first, the
/// registered ones after the built-in three.
#[must_use]
pub fn plugs() -> Vec<&'static dyn FamilyPlug> {
    let mut plugs: Vec<&'static dyn FamilyPlug> = vec![&TablesPlug, &TilesPlug, &PastimesPlug];
    plugs.extend(registered());
    plugs
}

/// Every family's plug, in the order a save is offered to them ("is this yours?") and a
/// family chosen in the settings is looked for: those whose saves carry a mark of their own
/// first (the registered families', then the pastimes' and the tiles'), the games at tables,
/// whose saves carry none and which are New game's choice when no other is chosen, last.
#[must_use]
pub fn readers() -> Vec<&'static dyn FamilyPlug> {
    let mut plugs = registered();
    plugs.extend([
        &PastimesPlug as &'static dyn FamilyPlug,
        &TilesPlug,
        &TablesPlug,
    ]);
    plugs
}

/// The game a file read holds, to be put in play.
#[must_use]
pub fn opened(read: Read, path: PathBuf, launch: &Launch) -> Next {
    read.open(path, launch)
}

/// The game of another program's file (`.mat`, `.sgf`), and what to say of it.
pub fn imported(path: &std::path::Path, launch: &Launch) -> Result<Next, String> {
    let (session, said) = crate::ui::tables::screen::imported_game(path, launch)?;
    Ok(TablesNext::Imported(Box::new(session), said).into_next())
}

/// Whether a family's games have their rules as a page to print (Help → The rules as a page
/// to print…): every built-in family's do; a registered one's plug says.
#[must_use]
pub fn has_rules_page(family: Family) -> bool {
    Family::ALL.contains(&family) || plug(family).has_rules_page()
}

/// The rules of the game `screen` plays as a page to print, if its family has one.
#[must_use]
pub fn rules_page(screen: &dyn Screen) -> Option<String> {
    use crate::teaching::handout;
    let any = screen.as_any();
    match screen.family() {
        Family::TABLES => any
            .downcast_ref::<TablesScreen>()
            .map(|s| handout::rules_page(s.session().game().rules())),
        Family::PASTIMES => any
            .downcast_ref::<PastimesScreen>()
            .map(|s| handout::pastime_rules_page(s.session().game().rules())),
        Family::TILES => any
            .downcast_ref::<TilesScreen>()
            .map(|s| handout::tiles_rules_page(s.session().game().rules())),
        _ => screen.rules_page(),
    }
}

/// Writes the rules of the game `screen` plays to `path` as a page to print; what to say.
#[must_use]
pub fn write_rules_page(screen: &dyn Screen, path: &std::path::Path) -> Message {
    let Some(page) = rules_page(screen) else {
        return Message::error(format!(
            "{} could not be written: this game has no rules page yet.",
            crate::ui::shell::file_names::shown(path)
        ));
    };
    match crate::save::write_text_atomic(path, &page) {
        Ok(()) => Message::info(format!(
            "The page is written to {}: open it in a browser to print it",
            crate::ui::shell::file_names::shown(path)
        )),
        Err(e) => Message::error(format!("The page could not be written: {e}")),
    }
}

/// Which family's game the window shows as it opens, as the settings remember it.
#[must_use]
pub fn shown_at_start(settings: &Settings) -> Family {
    if let Some(plug) = registered().into_iter().find(|p| p.at_table(settings)) {
        plug.family()
    } else if settings.pastimes.at_table {
        Family::PASTIMES
    } else if settings.tiles.at_table {
        Family::TILES
    } else {
        Family::TABLES
    }
}

/// Remembers in the settings which family's game is shown, for the next start.
pub fn remember_shown(settings: &mut Settings, family: Family) {
    settings.tiles.at_table = family == Family::TILES;
    settings.pastimes.at_table = family == Family::PASTIMES;
    for plug in registered() {
        plug.set_at_table(settings, family == plug.family());
    }
}

/// At the start, after the game at tables: the tiles game named on the command line, else the
/// one kept when the window last closed (shown if it was shown then).
pub fn resume_at_start(screens: &mut Screens, shell: &mut Shell) {
    for plug in registered() {
        if let Some(screen) = plug.resume(shell) {
            screens.hold(screen);
            if plug.at_table(&shell.settings) {
                screens.show(plug.family());
            }
        }
    }
    resume_pastime(screens, shell);
    let launch = &shell.launch;
    if let Some(path) = launch.open.clone()
        && crate::save::tiles::is_tiles_file(&path)
    {
        match crate::ui::shell::reading::read_any(&path) {
            Ok(read) if read.family() == Family::TILES => {
                let next = opened(read, path.clone(), launch);
                // The tiles game it replaces is kept, as any game left for another.
                if let Some(Ok(left)) = TilesScreen::resume(&shell.settings, launch)
                    && Screen::unfinished(&left)
                {
                    screens.hold(Box::new(left));
                    if let Err(e) = screens.keep_left(Family::TILES, shell) {
                        // Not kept, so not left: it stays at the table, and says why.
                        screens.show(Family::TILES);
                        remember_shown(&mut shell.settings, screens.showing());
                        shell.message = Some(Message::error(format!(
                            "The tiles game in progress could not be kept, so {} is not \
                             opened in its place: {e}",
                            crate::ui::shell::file_names::shown(&path)
                        )));
                        return;
                    }
                }
                screens.go_to(next, shell);
                remember_shown(&mut shell.settings, screens.showing());
            }
            Ok(_) => {}
            Err(e) => shell.message = Some(Message::error(format!("Could not open {e}"))),
        }
        return;
    }
    match TilesScreen::resume(&shell.settings, &shell.launch) {
        Some(Ok(screen)) => {
            screens.hold(Box::new(screen));
            screens.show(shown_at_start(&shell.settings));
        }
        Some(Err(e)) => {
            let mut aside = None;
            let said = match crate::ui::tiles::keeping::autosave_path(&shell.launch) {
                Some(path) => files::set_aside(&path, &mut aside),
                None => String::new(),
            };
            if let Some(aside) = aside {
                shell.settings.recent.add(aside);
            }
            let told = Message::error(format!(
                "The tiles game in progress could not be read back: {e}. {said}"
            ));
            shell.message = Some(match shell.message.take() {
                Some(first) => first.and(&told),
                None => told,
            });
        }
        None => {}
    }
    remember_shown(&mut shell.settings, screens.showing());
}

/// At the start: the pastime named on the command line (the one kept before it kept as any
/// game left for another), else the one kept when the window last closed, held (and shown if
/// it was shown then).
fn resume_pastime(screens: &mut Screens, shell: &mut Shell) {
    let kept = PastimesScreen::resume(&shell.settings, &shell.launch);
    let told = match kept {
        Some(Ok(screen)) => {
            screens.hold(Box::new(screen));
            if shell.settings.pastimes.at_table {
                screens.show(Family::PASTIMES);
            }
            None
        }
        Some(Err(e)) => {
            let mut aside = None;
            let said = match crate::ui::pastimes::keeping::autosave_path(&shell.launch) {
                Some(path) => files::set_aside(&path, &mut aside),
                None => String::new(),
            };
            if let Some(aside) = aside {
                shell.settings.recent.add(aside);
            }
            Some(Message::error(format!(
                "The pastime in progress could not be read back: {e}. {said}"
            )))
        }
        None => None,
    };
    if let Some(path) = shell.launch.open.clone()
        && crate::save::pastimes::is_pastimes_file(&path)
    {
        match crate::ui::shell::reading::read_any(&path) {
            Ok(read) if read.family() == Family::PASTIMES => {
                let next = opened(read, path, &shell.launch);
                if screens.unfinished(Family::PASTIMES)
                    && let Err(e) = screens.keep_left(Family::PASTIMES, shell)
                {
                    shell.message = Some(Message::error(format!(
                        "The pastime in progress could not be kept, so the file is not opened \
                         in its place: {e}"
                    )));
                    return;
                }
                screens.go_to(next, shell);
                remember_shown(&mut shell.settings, screens.showing());
            }
            Ok(_) => {}
            Err(e) => shell.message = Some(Message::error(format!("Could not open {e}"))),
        }
    }
    if let Some(told) = told {
        shell.message = Some(match shell.message.take() {
            Some(first) => first.and(&told),
            None => told,
        });
    }
}
