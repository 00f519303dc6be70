//! The screens the window holds, one a family, each behind [`Screen`]: the one shown, and
//! the others waiting with their games. The shell asks them by family and never names one;
//! the registration (`ui::families`) makes them, and gives the maker of a family's first screen.

use std::path::PathBuf;

use crate::ui::shell::leaving::Next;
use crate::ui::shell::screen::{Screen, Shell};
use gamester_core::Family;

/// The screens held, and which is shown. The first family's screen is always held (the
/// window opens on a game); another's is held from the first time a game of it is played.
pub struct Screens {
    held: Vec<Box<dyn Screen>>,
    showing: Family,
    make: Maker,
}

/// Makes the screen for a game of a family no screen is held of yet.
pub type Maker = fn(Next, &mut Shell) -> Option<Box<dyn Screen>>;

impl Screens {
    /// The window's screens at first: `first`, shown; `make` makes the others.
    #[must_use]
    pub fn new(first: Box<dyn Screen>, make: Maker) -> Screens {
        let showing = first.family();
        Screens {
            held: vec![first],
            showing,
            make,
        }
    }

    /// The family shown.
    #[must_use]
    pub fn showing(&self) -> Family {
        self.showing
    }

    fn index(&self, family: Family) -> Option<usize> {
        self.held.iter().position(|s| s.family() == family)
    }

    /// The screen of `family`, if one is held.
    #[must_use]
    pub fn of(&self, family: Family) -> Option<&dyn Screen> {
        Some(self.held[self.index(family)?].as_ref())
    }

    /// The screen of `family`, if one is held.
    pub fn of_mut(&mut self, family: Family) -> Option<&mut (dyn Screen + 'static)> {
        let i = self.index(family)?;
        Some(self.held[i].as_mut())
    }

    /// The screen shown.
    #[must_use]
    pub fn shown(&self) -> &dyn Screen {
        self.held[self.index(self.showing).unwrap_or(0)].as_ref()
    }

    /// The screen shown.
    pub fn shown_mut(&mut self) -> &mut dyn Screen {
        let i = self.index(self.showing).unwrap_or(0);
        self.held[i].as_mut()
    }

    /// Every screen held, the shown one among them.
    pub fn all_mut(&mut self) -> impl Iterator<Item = &mut Box<dyn Screen>> {
        self.held.iter_mut()
    }

    /// Every screen held.
    pub fn all(&self) -> impl Iterator<Item = &dyn Screen> {
        self.held.iter().map(AsRef::as_ref)
    }

    /// The screens held but not shown: their games wait.
    pub fn waiting_mut(&mut self) -> impl Iterator<Item = &mut Box<dyn Screen>> {
        let showing = self.showing;
        self.held.iter_mut().filter(move |s| s.family() != showing)
    }

    /// The games the Game menu offers to go back to: every one held but the one shown, each
    /// with its family and the words of its item, in the order they were first held.
    #[must_use]
    pub fn others(&self) -> Vec<(Family, &'static str)> {
        self.held
            .iter()
            .filter(|s| s.family() != self.showing)
            .map(|s| (s.family(), s.back_words()))
            .collect()
    }

    /// Shows `family`'s game if a screen of it is held (else the first family's).
    pub fn show(&mut self, family: Family) {
        self.showing = if self.index(family).is_some() {
            family
        } else {
            self.held[0].family()
        };
    }

    /// Holds `screen` in place of the one of its family.
    pub fn hold(&mut self, screen: Box<dyn Screen>) {
        match self.index(screen.family()) {
            Some(i) => self.held[i] = screen,
            None => self.held.push(screen),
        }
    }

    /// Whether the game of `family` would lose something if left.
    #[must_use]
    pub fn unfinished(&self, family: Family) -> bool {
        self.of(family).is_some_and(Screen::unfinished)
    }

    /// Whether the game of `family` is over and in no file as it ended.
    #[must_use]
    pub fn finished_unkept(&self, family: Family) -> bool {
        self.of(family).is_some_and(Screen::finished_unkept)
    }

    /// Writes the game of `family`, about to be left, into the data folder; `Ok` with where,
    /// if anywhere.
    pub fn keep_left(&self, family: Family, shell: &mut Shell) -> Result<Option<PathBuf>, String> {
        match self.of(family) {
            Some(screen) => screen.keep_left(shell),
            None => Ok(None),
        }
    }

    /// Puts `next` in play in its family's screen (made if none is held), and shows it.
    pub fn go_to(&mut self, next: Next, shell: &mut Shell) {
        let family = next.family();
        match self.of_mut(family) {
            Some(screen) => screen.take(next, shell),
            None => {
                if let Some(screen) = (self.make)(next, shell) {
                    self.hold(screen);
                }
            }
        }
        self.show(family);
    }
}
