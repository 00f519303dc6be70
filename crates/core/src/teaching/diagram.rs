//! A diagram of a position for a handout or a slide: an SVG drawn from the position itself
//! (not a screenshot), in the period look, with real text for the points' names, so that it
//! prints sharp and can be searched. The side whose numbering the position is in sits at the
//! bottom, its ace point at the bottom right, as the window draws it by default.

use std::fmt::Write as _;

use super::points::PointName;
use super::svg::{self, CAPTION_LINE, WOOD, WOOD_EDGE, escape, wrap};
use crate::tables::Position;

/// How the points are named on the diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Labels {
    /// As their owners count them: ace … sice, 7 … 12 on each side.
    Period,
    /// 1 to 24 in the bottom side's numbering.
    Numbers,
}

/// What a diagram shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The men, in the numbering of the side at the bottom.
    pub position: Position,
    /// The dice shown (none, or the throw).
    pub dice: Vec<u8>,
    pub labels: Labels,
    /// The words under the board, if any.
    pub caption: Option<String>,
    /// The names of the bottom side and of the top side ("White", "Black").
    pub sides: [String; 2],
}

const WIDTH: f32 = 800.0;
const LEFT: f32 = 40.0;
const TOP: f32 = 50.0;
const BOARD_W: f32 = 720.0;
const BOARD_H: f32 = 420.0;
const BAR_W: f32 = 40.0;
const POINT_W: f32 = (BOARD_W - BAR_W) / 12.0;
const MAN_R: f32 = 13.0;
/// How far a point's spike reaches into the board from its edge.
const SPIKE: f32 = 170.0;
/// The most men drawn on a point; more are counted on the last.
const STACK: i8 = 5;

/// The x of the middle of a point (1..=24, the bottom side's numbering).
fn point_x(point: usize) -> f32 {
    // The bottom row runs from the bottom side's 12 (left) to its ace (right); the top row from
    // its 13 (left) to its 24 (right).
    let column = if point <= 12 { 12 - point } else { point - 13 };
    let bar = if column >= 6 { BAR_W } else { 0.0 };
    LEFT + bar + POINT_W * (column as f32 + 0.5)
}

/// The point's label, as `labels` asks.
fn label(point: usize, labels: Labels) -> String {
    match labels {
        Labels::Numbers => point.to_string(),
        Labels::Period => {
            // The top row belongs to the adversary, who counts it from his own ace.
            let owner = if point <= 12 { point } else { 25 - point };
            PointName::of(owner as u8).label()
        }
    }
}

impl Diagram {
    /// The diagram as an SVG document.
    #[must_use]
    pub fn svg(&self) -> String {
        let caption = self.caption.as_deref().map(wrap).unwrap_or_default();
        let height = if caption.is_empty() {
            540.0
        } else {
            555.0 + CAPTION_LINE * caption.len() as f32
        };
        let mut s = String::new();
        svg::open(
            &mut s,
            WIDTH,
            height,
            self.caption.as_deref().unwrap_or("A position at tables"),
        );
        // The box: its wood, its two tables, the bar between them.
        let _ = writeln!(
            s,
            r##"<rect class="board" x="{}" y="{}" width="{}" height="{}" fill="{WOOD}" stroke="{WOOD_EDGE}" stroke-width="6" rx="6"/>"##,
            LEFT - 8.0,
            TOP - 8.0,
            BOARD_W + 16.0,
            BOARD_H + 16.0
        );
        let _ = writeln!(
            s,
            r##"<rect class="bar" x="{}" y="{TOP}" width="{BAR_W}" height="{BOARD_H}" fill="#b8864b"/>"##,
            LEFT + POINT_W * 6.0
        );
        for point in 1..=24usize {
            self.point(&mut s, point);
        }
        self.bar_and_trays(&mut s);
        self.dice(&mut s);
        let _ = writeln!(
            s,
            r##"<text class="side" x="{}" y="{}" font-size="16" text-anchor="end">{}</text>"##,
            LEFT + BOARD_W,
            TOP + BOARD_H + 52.0,
            escape(&format!("{} plays from the bottom", self.sides[0]))
        );
        svg::caption(&mut s, &caption, WIDTH, height);
        s.push_str("</svg>\n");
        s
    }

    /// One point: its spike, its label, its men.
    fn point(&self, s: &mut String, point: usize) {
        let x = point_x(point);
        let bottom = point <= 12;
        let (base, tip) = if bottom {
            (TOP + BOARD_H, TOP + BOARD_H - SPIKE)
        } else {
            (TOP, TOP + SPIKE)
        };
        let fill = if point.is_multiple_of(2) {
            "#e8d9b5"
        } else {
            "#2e1c10"
        };
        let half = POINT_W / 2.0 - 2.0;
        let _ = writeln!(
            s,
            r##"<polygon class="point" points="{:.1},{base} {:.1},{base} {x:.1},{tip}" fill="{fill}"/>"##,
            x - half,
            x + half
        );
        let label_y = if bottom {
            TOP + BOARD_H + 28.0
        } else {
            TOP - 16.0
        };
        let _ = writeln!(
            s,
            r##"<text class="label" x="{x:.1}" y="{label_y}" font-size="15" text-anchor="middle">{}</text>"##,
            label(point, self.labels)
        );
        let men = self.position.at(point);
        if men == 0 {
            return;
        }
        let (colour, stroke) = if men > 0 {
            ("#f4ead2", "#6b5a3c")
        } else {
            ("#26201a", "#000000")
        };
        let count = men.abs();
        for i in 0..count.min(STACK) {
            let offset = MAN_R + 1.0 + f32::from(i) * (2.0 * MAN_R + 1.0);
            let y = if bottom {
                TOP + BOARD_H - offset
            } else {
                TOP + offset
            };
            let _ = writeln!(
                s,
                r##"<circle class="man {}" cx="{x:.1}" cy="{y:.1}" r="{MAN_R}" fill="{colour}" stroke="{stroke}" stroke-width="1.5"/>"##,
                if men > 0 { "bottom" } else { "top" }
            );
            if i == STACK - 1 && count > STACK {
                let ink = if men > 0 { "#26201a" } else { "#f4ead2" };
                let _ = writeln!(
                    s,
                    r##"<text class="count" x="{x:.1}" y="{:.1}" font-size="14" text-anchor="middle" fill="{ink}">{count}</text>"##,
                    y + 5.0
                );
            }
        }
    }

    /// The men on the bar (each side's in its half of the bar) and borne off (beside the box).
    /// A man on the bar and his count lie in the band between the spikes' tips, so that the
    /// words ("2 on the bar") never lie over the point beside the bar or its men.
    fn bar_and_trays(&self, s: &mut String) {
        let x = LEFT + POINT_W * 6.0 + BAR_W / 2.0;
        // Halfway between the middle of the board and a spike's tip.
        let from_middle = (BOARD_H / 2.0 - SPIKE) / 2.0;
        let bars = [
            (
                self.position.bar(),
                TOP + BOARD_H / 2.0 + from_middle,
                "#f4ead2",
                "bottom",
            ),
            (
                self.position.adversary_bar(),
                TOP + BOARD_H / 2.0 - from_middle,
                "#26201a",
                "top",
            ),
        ];
        for (n, y, colour, class) in bars {
            if n > 0 {
                let _ = writeln!(
                    s,
                    r##"<circle class="man {class} on-bar" cx="{x}" cy="{y}" r="{MAN_R}" fill="{colour}" stroke="#6b5a3c" stroke-width="1.5"/>"##
                );
                let _ = writeln!(
                    s,
                    r##"<text class="bar-count" x="{}" y="{}" font-size="14" text-anchor="start">{n} on the bar</text>"##,
                    x + MAN_R + 4.0,
                    y + 5.0
                );
            }
        }
        let off = [
            (self.position.off(), TOP + BOARD_H + 52.0, &self.sides[0]),
            (self.position.adversary_off(), TOP - 34.0, &self.sides[1]),
        ];
        for (n, y, side) in off {
            if n > 0 {
                let _ = writeln!(
                    s,
                    r##"<text class="off" x="{LEFT}" y="{y}" font-size="16">{}</text>"##,
                    escape(&format!("{side}: {n} borne off"))
                );
            }
        }
    }

    /// The dice, in the bottom side's table, each with its pips and its name.
    fn dice(&self, s: &mut String) {
        let size = 30.0;
        let y = TOP + BOARD_H / 2.0 - size / 2.0;
        let start = LEFT + POINT_W * 6.0 + BAR_W + POINT_W * 2.0;
        for (i, &face) in self.dice.iter().enumerate() {
            let x = start + i as f32 * (size + 12.0);
            svg::die(s, x, y, size, face);
        }
    }
}
