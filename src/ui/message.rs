//! The line said to the person under the status line. News ("Saved to …", "Game opened") and
//! errors are told apart, so that a game saved well is never shown in the colour of a failure.

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
}

/// The colour of an error: a deep red that reads on the parchment of the theme.
const ERROR_COLOUR: Color32 = Color32::from_rgb(140, 30, 20);

impl Message {
    #[must_use]
    pub fn info(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            kind: Kind::Info,
        }
    }

    #[must_use]
    pub fn error(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            kind: Kind::Error,
        }
    }

    /// Draws the message, in the error colour only if it is an error.
    pub fn show(&self, ui: &mut egui::Ui) {
        let text = RichText::new(&self.text);
        ui.label(match self.kind {
            Kind::Info => text,
            Kind::Error => text.color(ERROR_COLOUR),
        });
    }
}
