//! What every diagram's SVG is made of, written once: the document opened on the period
//! paper with its title, text made safe, a caption broken into lines, and a die with its pips
//! and its name. The diagrams of a position at tables and of a pastime's table are drawn with
//! them.

use std::fmt::Write as _;

use super::faces::face_name;

/// The paper a diagram is drawn on.
pub(super) const PAPER: &str = "#efe4cc";
/// The wood of a board's box.
pub(super) const WOOD: &str = "#7a4a24";
/// The dark edge of the wood.
pub(super) const WOOD_EDGE: &str = "#3d2410";

/// The longest line of a caption, in characters: SVG text does not wrap, and at its size a line
/// of EB Garamond this long fits the diagram's width with room to spare.
const CAPTION_CHARS: usize = 70;
/// From one line of a caption to the next.
pub(super) const CAPTION_LINE: f32 = 26.0;

/// A caption broken into lines between words, none longer than [`CAPTION_CHARS`] unless one
/// word is.
pub(super) fn wrap(caption: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in caption.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= CAPTION_CHARS => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Text made safe inside an SVG element.
pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Opens an SVG document `width` by `height` in EB Garamond, with its `title` and the paper.
pub(super) fn open(s: &mut String, width: f32, height: f32, title: &str) {
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="EB Garamond, Garamond, Georgia, serif">"##
    );
    let _ = writeln!(s, r##"<title>{}</title>"##, escape(title));
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{width}" height="{height}" fill="{PAPER}"/>"##
    );
}

/// The lines of a caption, centred at the foot of a document `width` by `height`.
pub(super) fn caption(s: &mut String, lines: &[String], width: f32, height: f32) {
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<text class="caption" x="{}" y="{}" font-size="20" text-anchor="middle">{}</text>"##,
            width / 2.0,
            height - 20.0 - CAPTION_LINE * (lines.len() - 1 - i) as f32,
            escape(line)
        );
    }
}

/// A die of side `size` at (`x`, `y`), its top left corner, showing `face`, with its name.
pub(super) fn die(s: &mut String, x: f32, y: f32, size: f32, face: u8) {
    let _ = writeln!(
        s,
        r##"<g class="die" data-face="{face}"><title>{}</title><rect x="{x}" y="{y}" width="{size}" height="{size}" rx="5" fill="#fbf7ec" stroke="{WOOD_EDGE}"/>"##,
        face_name(face)
    );
    for (px, py) in pips(face) {
        let _ = write!(
            s,
            r##"<circle class="pip" cx="{:.1}" cy="{:.1}" r="2.8" fill="#1c140c"/>"##,
            x + px * size,
            y + py * size
        );
    }
    s.push_str("</g>\n");
}

/// Where a face's pips lie on a die of side 1.
fn pips(face: u8) -> Vec<(f32, f32)> {
    let (a, m, b) = (0.27, 0.5, 0.73);
    match face {
        1 => vec![(m, m)],
        2 => vec![(a, a), (b, b)],
        3 => vec![(a, a), (m, m), (b, b)],
        4 => vec![(a, a), (b, a), (a, b), (b, b)],
        5 => vec![(a, a), (b, a), (m, m), (a, b), (b, b)],
        _ => vec![(a, a), (b, a), (a, m), (b, m), (a, b), (b, b)],
    }
}
