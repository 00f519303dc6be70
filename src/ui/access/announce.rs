//! What happened, said once to a screen reader. Each line the story gains (a throw, a play, a
//! hit, a man borne off, the computer's play, a bound table, the game's end; at the tiles, each
//! tile laid, drawn or knocked) is said in the same words, through a live region of the
//! accessibility tree: a screen reader speaks it as it comes, without the person hunting for
//! it (AccessKit sends AT-SPI's `object:announcement`). The message under the status line is a
//! live region of its own (`Message::show`).

use egui::accesskit;

/// The longest announcement kept: a screen reader is not made to read a book.
const MOST: usize = 2_000;

/// The live region's words, and what was last said.
#[derive(Clone, Debug, Default)]
pub struct Announcer {
    /// What the live region says now (the last announcement).
    said: String,
    /// How many announcements were made: each is a node of its own, so that the same words
    /// said twice (two throws of cinque and trey) are spoken twice.
    count: u64,
    /// What was said in this frame, gathered until its end.
    pending: Vec<String>,
}

impl Announcer {
    /// Says `text` at the end of this frame (with whatever else this frame says).
    pub fn say(&mut self, text: impl Into<String>) {
        let text = text.into();
        if !text.trim().is_empty() {
            self.pending.push(text);
        }
    }

    /// Says the lines a story gained since `told` of them were said (a story that grew
    /// shorter, a game taken back or begun again, is only noted), and notes them as said.
    pub fn say_since<'a>(&mut self, told: &mut usize, story: &'a [impl AsRef<str> + 'a]) {
        *told = (*told).min(story.len());
        for line in &story[*told..] {
            self.say(line.as_ref());
        }
        *told = story.len();
    }

    /// The last announcement.
    #[must_use]
    pub fn said(&self) -> &str {
        &self.said
    }

    /// At the end of a frame: the live region is written with what this frame said (or, when
    /// it said nothing, kept as it was, so that nothing is said again).
    pub fn end_frame(&mut self, ctx: &egui::Context) {
        if !self.pending.is_empty() {
            let mut text = String::new();
            for line in std::mem::take(&mut self.pending) {
                if !text.is_empty() {
                    // The story's lines end without a stop: each is a sentence of its own.
                    if !text.ends_with(['.', '!', '?', ':', ';']) {
                        text.push('.');
                    }
                    text.push(' ');
                }
                text.push_str(&line);
            }
            if text.len() > MOST {
                let mut cut = MOST;
                while !text.is_char_boundary(cut) {
                    cut -= 1;
                }
                text.truncate(cut);
                text.push('…');
            }
            self.said = text;
            self.count += 1;
        }
        if self.said.is_empty() {
            return;
        }
        let id = egui::Id::unique("gamester announcement").with(self.count);
        ctx.accesskit_node_builder(id, |node| {
            node.set_role(accesskit::Role::Status);
            node.set_live(accesskit::Live::Polite);
            node.set_label(self.said.clone());
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_frame_says_is_said_together_and_once() {
        let ctx = egui::Context::default();
        let mut a = Announcer::default();
        a.say("White throws cinque and trey");
        a.say("White plays 8/3 6/3.");
        a.say("Black throws");
        a.end_frame(&ctx);
        assert_eq!(
            a.said(),
            "White throws cinque and trey. White plays 8/3 6/3. Black throws"
        );
        // Nothing is said again in the next frame.
        a.end_frame(&ctx);
        assert_eq!(a.count, 1);
        a.say("Black throws sice and ace.");
        a.end_frame(&ctx);
        assert_eq!(a.said(), "Black throws sice and ace.");
        assert_eq!(a.count, 2);
    }

    #[test]
    fn a_story_is_said_from_where_it_was_last_said_and_never_again() {
        let ctx = egui::Context::default();
        let mut a = Announcer::default();
        let mut told = 1;
        a.say_since(
            &mut told,
            &["Hand 1 is dealt", "Robin sets the double trey"],
        );
        a.end_frame(&ctx);
        assert_eq!(a.said(), "Robin sets the double trey");
        assert_eq!(told, 2);
        // A story that grew shorter (a new hand, a step taken back) is only noted
        a.say_since(&mut told, &["Hand 2 is dealt"]);
        assert_eq!(told, 1);
        a.end_frame(&ctx);
        assert_eq!(a.count, 1);
    }

    #[test]
    fn a_very_long_announcement_is_cut() {
        let ctx = egui::Context::default();
        let mut a = Announcer::default();
        a.say("é".repeat(5_000));
        a.end_frame(&ctx);
        assert!(a.said().len() <= MOST + '…'.len_utf8());
        assert!(a.said().ends_with('…'));
    }
}
