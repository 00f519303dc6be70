//! The line said to the person under the status line. News ("Saved to …", "Game opened") and
//! errors are told apart, so that a game saved well is never shown in the colour of a failure.
//! A message lapses once the game moves on (a step, a throw, an undo), so that an old refusal
//! is never read as news about the new position; only a message that stays true until it is
//! replaced (the autosave failing) is kept.

use std::path::{Path, PathBuf};

use egui::{Color32, RichText};

/// Whether a message tells of something done or of something that went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Something done as asked: said in the ordinary colour of the text.
    Info,
    /// Something refused or failed: said in the error colour.
    Error,
}

/// One message to the person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub kind: Kind,
    /// Whether the message stays after the game moves on.
    lasting: bool,
    /// Whether a screen reader is to say it as it comes (not when it was said already, whole).
    live: bool,
    /// The length of the game's record when the message was first shown.
    said_at: Option<usize>,
    /// A file the message tells of (a game saved or kept), shown in its folder on asking.
    file: Option<PathBuf>,
}

/// The words of the button beside a message that names a file.
pub const SHOW_IN_FOLDER: &str = "Show in its folder";

/// The most of a message shown under the status line.
pub const SHOWN: usize = 300;
/// The most of a message shown under "The whole message".
pub const DETAILS: usize = 20_000;

/// The colour of an error: a deep red that reads on the parchment of the theme.
const ERROR_COLOUR: Color32 = Color32::from_rgb(140, 30, 20);

impl Message {
    #[must_use]
    pub fn info(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            kind: Kind::Info,
            lasting: false,
            live: true,
            said_at: None,
            file: None,
        }
    }

    #[must_use]
    pub fn error(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            kind: Kind::Error,
            lasting: false,
            live: true,
            said_at: None,
            file: None,
        }
    }

    /// This message followed by `then`, an error if either is.
    #[must_use]
    pub fn and(&self, then: &Message) -> Message {
        let text = format!("{} {}", self.text, then.text);
        let joined = if self.kind == Kind::Error || then.kind == Kind::Error {
            Message::error(text)
        } else {
            Message::info(text)
        };
        Message {
            file: self.file.clone().or_else(|| then.file.clone()),
            ..joined
        }
    }

    /// The same message, not said to a screen reader as it comes: what it says was said whole
    /// already (through the announcer).
    #[must_use]
    pub fn said_already(self) -> Message {
        Message {
            live: false,
            ..self
        }
    }

    /// The same message, with a button beside it that shows `file` in its folder (the
    /// desktop's file manager, the file chosen), if it tells of something done: a failure
    /// has no file to show.
    #[must_use]
    pub fn with_file(self, file: &Path) -> Message {
        match self.kind {
            Kind::Info => Message {
                file: Some(file.to_path_buf()),
                ..self
            },
            Kind::Error => self,
        }
    }

    /// The file the message tells of, if it has a button to show it.
    #[must_use]
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// The same message, kept however the game moves on, until another replaces it.
    #[must_use]
    pub fn lasting(self) -> Message {
        Message {
            lasting: true,
            ..self
        }
    }

    /// Once a frame, before anything is done in it: notes the length of the game's record when
    /// a message is first shown, and drops the message once the record has changed since.
    pub fn lapse(slot: &mut Option<Message>, record_len: usize) {
        if let Some(m) = slot {
            match m.said_at {
                None => m.said_at = Some(record_len),
                Some(at) if at != record_len && !m.lasting => *slot = None,
                Some(_) => {}
            }
        }
    }

    /// The words shown under the status line: the whole message if it is short, else its
    /// first [`SHOWN`] characters and an ellipsis.
    #[must_use]
    pub fn shown(&self) -> String {
        let first_line = self.text.lines().next().unwrap_or_default();
        if first_line.len() == self.text.len() && self.text.chars().count() <= SHOWN {
            return self.text.clone();
        }
        let mut cut: String = first_line.chars().take(SHOWN).collect();
        cut.push('…');
        cut
    }

    /// The line under the status line: the message if there is one, after the `note` of a
    /// game at a distance (the state of its line), else the same room left empty, so that the
    /// board above never moves as a message comes and goes. A lasting note (the game waits on
    /// the line) is shown in the place of any message. The note is on this line, not in the row of buttons,
    /// so that it never wraps that row, and it is shown once.
    /// Returns the file to show in its folder, when its button is pressed.
    pub fn line(
        slot: Option<&Message>,
        note: Option<&Message>,
        ui: &mut egui::Ui,
    ) -> Option<PathBuf> {
        match (slot, note) {
            (_, Some(note)) if note.lasting => note.show(ui),
            // Both on the one line: the line's state first (short, and never cut off), the
            // news after it.
            (Some(m), Some(note)) => Message {
                text: format!("{} · {}", note.text, m.text),
                ..m.clone()
            }
            .show(ui),
            (Some(m), None) | (None, Some(m)) => m.show(ui),
            (None, None) => {
                let height = ui.text_style_height(&egui::TextStyle::Body);
                ui.allocate_space(egui::vec2(0.0, height));
                None
            }
        }
    }

    /// Draws the message on one line, in the error colour only if it is an error. A message
    /// longer than the line is cut short there (pointing at it shows it whole), so that it
    /// never moves the board or pushes the buttons off the window; the whole of a very long
    /// one (up to [`DETAILS`] characters) is under "The whole message". A message naming a
    /// file has the button [`SHOW_IN_FOLDER`] after it, on the same line and always whole;
    /// the file is returned when it is pressed.
    pub fn show(&self, ui: &mut egui::Ui) -> Option<PathBuf> {
        let colour = |text: RichText| match self.kind {
            Kind::Info => text,
            Kind::Error => text.color(ERROR_COLOUR),
        };
        let shown = self.shown();
        let mut asked = None;
        let text = egui::Label::new(colour(RichText::new(&shown))).truncate();
        let label = match &self.file {
            None => ui.add(text),
            // One line as high as a message alone, so that the board never moves as a message
            // with its button comes and goes; the button's room is kept first, so that a long
            // message is cut short before it, never the button.
            Some(file) => {
                ui.scope(|ui| {
                    let line = ui.text_style_height(&egui::TextStyle::Body);
                    ui.spacing_mut().interact_size.y = line;
                    ui.horizontal(|ui| {
                        let words = egui::WidgetText::from(SHOW_IN_FOLDER).into_galley(
                            ui,
                            Some(egui::TextWrapMode::Extend),
                            f32::INFINITY,
                            egui::TextStyle::Button,
                        );
                        let button = words.size().x
                            + 2.0 * ui.spacing().button_padding.x
                            + ui.spacing().item_spacing.x;
                        let room = (ui.available_width() - button).max(0.0);
                        let label = ui.scope(|ui| {
                            ui.set_max_width(room);
                            ui.add(text)
                        });
                        if ui
                            .small_button(SHOW_IN_FOLDER)
                            .on_hover_text(
                                "Opens the folder the file is kept in, with the file chosen, \
                                 in the desktop's file manager.",
                            )
                            .clicked()
                        {
                            asked = Some(file.clone());
                        }
                        label.inner
                    })
                    .inner
                })
                .inner
            }
        };
        // A live region: a screen reader says each new message as it comes (as shown; the
        // whole of a long one is under "The whole message").
        if self.live {
            ui.ctx().accesskit_node_builder(label.id, |node| {
                node.set_live(egui::accesskit::Live::Polite);
            });
        }
        if shown != self.text {
            ui.collapsing("The whole message", |ui| {
                egui::ScrollArea::vertical()
                    .max_height(ui.ctx().content_rect().height() / 4.0)
                    .show(ui, |ui| {
                        let total = self.text.chars().count();
                        let mut whole: String = self.text.chars().take(DETAILS).collect();
                        if total > DETAILS {
                            whole
                                .push_str(&format!("\n… and {} characters more.", total - DETAILS));
                        }
                        ui.label(whole);
                    });
            });
        }
        asked
    }
}
