//! A diagram of a pastime's table for a handout or a slide: an SVG drawn from the game itself
//! (not a screenshot), in the period look of the diagrams of tables, with real text. At
//! Doublets and Ketch-Dolt the two home tables, the second player's above and the first's
//! below, each point with its owner's men (at Doublets the men laid down along the point and
//! those still standing piled at its tip; at Ketch-Dolt each player's heap beside the board),
//! and the men borne off; at Sice-Ace each seat's place round the board with the men he holds,
//! the men he has borne and whether he is out. The dice of the last throw lie beside the board
//! (in the middle of Sice-Ace's); each seat is named, and a caption goes underneath.

use std::fmt::Write as _;

use super::pastime_rules::title;
use super::svg::{self, CAPTION_LINE, WOOD, WOOD_EDGE, escape, wrap};
use crate::pastimes::{Game, Kind, Men, Phase, Seat};
use crate::players::Controller;

/// What a diagram of a pastime shows.
#[derive(Clone, Debug)]
pub struct PastimeDiagram<'a> {
    pub game: &'a Game,
    /// The name written for each seat, the first seat's first ("Player 1, a person"); a seat
    /// without one is "Player 2".
    pub names: Vec<String>,
    /// The words under the table, if any.
    pub caption: Option<String>,
}

const WIDTH: f32 = 800.0;
/// The board of the home tables: its left edge, top and size.
const LEFT: f32 = 160.0;
const TOP: f32 = 90.0;
const BOARD_W: f32 = 480.0;
const BOARD_H: f32 = 420.0;
const POINT_W: f32 = BOARD_W / 6.0;
const MAN_R: f32 = 13.0;
/// How far a point's spike reaches from its edge toward the middle.
const SPIKE: f32 = 180.0;
/// The most men drawn laid on a point; more are counted on the last.
const STACK: u8 = 5;
/// The most men drawn standing on a point or in a heap; the words say how many.
const PILE: u8 = 4;
/// The colour of each seat's men and their edge: bone, ebony, then red, blue and green.
const MEN: [(&str, &str); 5] = [
    ("#f4ead2", "#6b5a3c"),
    ("#26201a", "#000000"),
    ("#a8322a", "#4a120e"),
    ("#2f4f8a", "#13223f"),
    ("#3d7040", "#173019"),
];

/// "Player 2": a seat as the pastimes name it.
#[must_use]
pub fn player(seat: Seat) -> String {
    format!("Player {}", seat.index() + 1)
}

/// What the game waits for, or how it ended, in a sentence about its seats: "Player 2 is to
/// throw", "Player 1 wins".
#[must_use]
pub fn state_words(game: &Game) -> String {
    let who = game.turn();
    match game.phase() {
        Phase::ThrowOff => "Each player throws one die to see who throws first".to_string(),
        Phase::ToThrow => format!("{} is to throw", player(who)),
        Phase::ToPlay => format!("{} uses his throw", player(who)),
        Phase::GameOver => match game.result() {
            Some(outcome) if !outcome.winners.is_empty() && outcome.winners.len() < 3 => {
                let names: Vec<String> = outcome.winners.iter().map(|&s| player(s)).collect();
                let verb = if names.len() == 1 { "wins" } else { "win" };
                format!("{} {verb}", names.join(" and "))
            }
            Some(outcome) if !outcome.losers.is_empty() => {
                let names: Vec<String> = outcome.losers.iter().map(|&s| player(s)).collect();
                let verb = if names.len() == 1 { "loses" } else { "lose" };
                format!("{} {verb}", names.join(" and "))
            }
            _ => "The game is over".to_string(),
        },
    }
}

/// The caption a diagram of `game` is given unless another is asked for: the pastime, how many
/// moves in, and what it waits for or how it ended ("Doublets, move 12: Player 2 is to throw").
#[must_use]
pub fn caption_of(game: &Game) -> String {
    let title = title(game.rules());
    match game.record().len() {
        0 => format!("{title}: {}", state_words(game)),
        n => format!("{title}, move {n}: {}", state_words(game)),
    }
}

/// The names a diagram writes for the seats of `game`: "Player 1: a person", "Player 2: the
/// computer (fair)", or where a seat has a name of its own (`given`, at a distance: "You",
/// "Robin") "Player 2: Robin".
#[must_use]
pub fn seat_names(game: &Game, sitters: &[Controller], given: &[String]) -> Vec<String> {
    (0..game.seats())
        .map(|i| {
            let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
            let who = match (
                given.get(i).filter(|n| !n.trim().is_empty()),
                sitters.get(i),
            ) {
                (Some(name), _) => name.clone(),
                (None, Some(sitter)) => sitter.words(),
                (None, None) => return player(seat),
            };
            format!("{}: {who}", player(seat))
        })
        .collect()
}

fn men_of(game: &Game, seat: Seat) -> Men {
    game.men(seat).copied().unwrap_or_default()
}

fn colours(seat: Seat) -> (&'static str, &'static str) {
    MEN.get(seat.index()).copied().unwrap_or(MEN[0])
}

impl PastimeDiagram<'_> {
    /// The name written for `seat`.
    fn name(&self, seat: Seat) -> String {
        self.names
            .get(seat.index())
            .filter(|n| !n.trim().is_empty())
            .cloned()
            .unwrap_or_else(|| player(seat))
    }

    /// The diagram as an SVG document.
    #[must_use]
    pub fn svg(&self) -> String {
        let caption = self.caption.as_deref().map(wrap).unwrap_or_default();
        let body = match self.game.rules().kind {
            Kind::SiceAce => 560.0,
            Kind::Doublets | Kind::KetchDolt => TOP + BOARD_H + 80.0,
        };
        let height = body + 15.0 + CAPTION_LINE * caption.len() as f32;
        let mut s = String::new();
        let title = self
            .caption
            .clone()
            .unwrap_or_else(|| format!("A table of {}", title(self.game.rules())));
        svg::open(&mut s, WIDTH, height, &title);
        let middle = match self.game.rules().kind {
            Kind::SiceAce => self.round_table(&mut s),
            Kind::Doublets | Kind::KetchDolt => self.home_tables(&mut s),
        };
        self.dice(&mut s, middle);
        svg::caption(&mut s, &caption, WIDTH, height);
        s.push_str("</svg>\n");
        s
    }

    /// The board of two home tables, the second player's above: each seat's points, his heap
    /// at Ketch-Dolt, his men borne, his name. Where the dice go: beside the board, at the
    /// right.
    fn home_tables(&self, s: &mut String) -> (f32, f32) {
        let _ = writeln!(
            s,
            r##"<rect class="board" x="{}" y="{}" width="{}" height="{}" fill="{WOOD}" stroke="{WOOD_EDGE}" stroke-width="6" rx="6"/>"##,
            LEFT - 10.0,
            TOP - 10.0,
            BOARD_W + 20.0,
            BOARD_H + 20.0
        );
        let _ = writeln!(
            s,
            r##"<rect class="field" x="{LEFT}" y="{TOP}" width="{BOARD_W}" height="{BOARD_H}" fill="#d9c49a"/>"##
        );
        for seat in [Seat(0), Seat(1)] {
            let top = seat == Seat(1);
            let men = men_of(self.game, seat);
            for point in 1..=6u8 {
                self.point(s, seat, point, &men);
            }
            let y = if top {
                TOP + BOARD_H * 0.25
            } else {
                TOP + BOARD_H * 0.75
            };
            if self.game.rules().kind == Kind::KetchDolt {
                heap(s, seat, men.heap, y);
            }
            borne(s, seat, men.borne, y);
            let name_y = if top {
                TOP - 48.0
            } else {
                TOP + BOARD_H + 62.0
            };
            let _ = writeln!(
                s,
                r##"<text class="name" data-seat="{}" x="{}" y="{name_y}" font-size="18" text-anchor="middle">{}</text>"##,
                seat.index(),
                WIDTH / 2.0,
                escape(&self.name(seat))
            );
        }
        // Beside the board, between the trays of the men borne: clear of every point.
        (
            LEFT + BOARD_W + (WIDTH - LEFT - BOARD_W) / 2.0 + 5.0,
            TOP + BOARD_H / 2.0,
        )
    }

    /// One of a seat's points: its spike, its name, the men laid along it from its edge and
    /// (at Doublets) those standing piled at its tip, with their count.
    fn point(&self, s: &mut String, seat: Seat, point: u8, men: &Men) {
        let top = seat == Seat(1);
        let x0 = LEFT + POINT_W * f32::from(point - 1);
        let x = x0 + POINT_W / 2.0;
        let (base, dir) = if top {
            (TOP, 1.0)
        } else {
            (TOP + BOARD_H, -1.0)
        };
        let _ = writeln!(
            s,
            r##"<g class="point" data-seat="{}" data-point="{point}">"##,
            seat.index()
        );
        let fill = if point.is_multiple_of(2) {
            "#9c3b2a"
        } else {
            "#f1e6cb"
        };
        let _ = writeln!(
            s,
            r##"<polygon class="spike" points="{:.1},{base} {:.1},{base} {x:.1},{:.1}" fill="{fill}" stroke="#4a3220"/>"##,
            x0 + 3.0,
            x0 + POINT_W - 3.0,
            base + dir * SPIKE
        );
        let label_y = if top {
            TOP - 16.0
        } else {
            TOP + BOARD_H + 30.0
        };
        let _ = writeln!(
            s,
            r##"<text class="label" x="{x:.1}" y="{label_y}" font-size="15" text-anchor="middle">{}</text>"##,
            super::faces::face_name(point)
        );
        let (face, edge) = colours(seat);
        let i = usize::from(point - 1);
        let laid = men.laid[i];
        for k in 0..laid.min(STACK) {
            let y = base + dir * (MAN_R + 1.0 + f32::from(k) * (2.0 * MAN_R + 1.0));
            let _ = writeln!(
                s,
                r##"<circle class="man laid" cx="{x:.1}" cy="{y:.1}" r="{MAN_R}" fill="{face}" stroke="{edge}" stroke-width="1.5"/>"##
            );
            if k == STACK - 1 && laid > STACK {
                let ink = colours(Seat(1 - seat.0.min(1))).0;
                let _ = writeln!(
                    s,
                    r##"<text class="count" x="{x:.1}" y="{:.1}" font-size="14" text-anchor="middle" fill="{ink}">{laid}</text>"##,
                    y + 5.0
                );
            }
        }
        let standing = men.standing[i];
        if self.game.rules().kind == Kind::Doublets && standing > 0 {
            // Upright and narrow, side by side, near the spike's tip.
            let y = base + dir * (SPIKE - 14.0);
            let shown = standing.min(PILE);
            for k in 0..shown {
                let cx = x + (f32::from(k) - (f32::from(shown) - 1.0) / 2.0) * 9.0;
                let _ = writeln!(
                    s,
                    r##"<rect class="man standing" x="{:.1}" y="{:.1}" width="7" height="{}" rx="2" fill="{face}" stroke="{edge}"/>"##,
                    cx - 3.5,
                    y - MAN_R,
                    2.0 * MAN_R
                );
            }
            let _ = writeln!(
                s,
                r##"<text class="standing" x="{x:.1}" y="{:.1}" font-size="12" text-anchor="middle">{standing} standing</text>"##,
                y + dir * (MAN_R + 12.0) + 4.0
            );
        }
        s.push_str("</g>\n");
    }

    /// Sice-Ace: each seat's place round the board, the first at the bottom and the others
    /// clockwise, with his name, the men he holds, the men he has borne and whether he is out;
    /// the order the seats went out in. Where the dice go.
    fn round_table(&self, s: &mut String) -> (f32, f32) {
        let (cx, cy) = (WIDTH / 2.0, 285.0);
        let _ = writeln!(
            s,
            r##"<rect class="board" x="{}" y="{}" width="300" height="150" fill="{WOOD}" stroke="{WOOD_EDGE}" stroke-width="6" rx="6"/>"##,
            cx - 150.0,
            cy - 75.0
        );
        let _ = writeln!(
            s,
            r##"<rect class="field" x="{}" y="{}" width="280" height="130" fill="#d9c49a"/>"##,
            cx - 140.0,
            cy - 65.0
        );
        let seats = self.game.seats();
        for i in 0..seats {
            let seat = Seat(u8::try_from(i).unwrap_or(0));
            let a = std::f32::consts::FRAC_PI_2 + std::f32::consts::TAU * i as f32 / seats as f32;
            let (x, y) = (cx + a.cos() * 290.0, cy + a.sin() * 195.0);
            self.place(s, seat, x, y);
        }
        let out = self.game.out_order();
        if !out.is_empty() {
            let names: Vec<String> = out.iter().map(|&seat| self.name(seat)).collect();
            let _ = writeln!(
                s,
                r##"<text class="out-order" x="20" y="28" font-size="16">{}</text>"##,
                escape(&format!("Out, first to last: {}", names.join("; ")))
            );
        }
        (cx, cy)
    }

    /// A seat's place at Sice-Ace, centred on (`x`, `y`).
    fn place(&self, s: &mut String, seat: Seat, x: f32, y: f32) {
        let (w, h) = (220.0, 100.0);
        let (left, top) = (x - w / 2.0, y - h / 2.0);
        let men = men_of(self.game, seat);
        let out = !self.game.is_in(seat);
        let lit = self.game.turn() == seat && self.game.result().is_none();
        let _ = writeln!(
            s,
            r##"<g class="seat" data-seat="{}"><rect x="{left:.1}" y="{top:.1}" width="{w}" height="{h}" rx="8" fill="#e3d3ae" stroke="{}" stroke-width="{}"/>"##,
            seat.index(),
            if lit { "#b08a2e" } else { "#8a6a44" },
            if lit { 3 } else { 1 }
        );
        let _ = writeln!(
            s,
            r##"<text class="name" data-seat="{}" x="{x:.1}" y="{:.1}" font-size="17" text-anchor="middle">{}</text>"##,
            seat.index(),
            top + 20.0,
            escape(&self.name(seat))
        );
        let (face, edge) = colours(seat);
        let shown = men.heap.min(10);
        let rows = shown.div_ceil(5).max(1);
        for k in 0..shown {
            let (row, col) = (k / 5, k % 5);
            let in_row = if row + 1 < rows { 5 } else { shown - row * 5 };
            let mx = x + (f32::from(col) - (f32::from(in_row) - 1.0) / 2.0) * 20.0;
            let my = top + 50.0 + (f32::from(row) - (f32::from(rows) - 1.0) / 2.0) * 20.0;
            let _ = writeln!(
                s,
                r##"<circle class="man held" cx="{mx:.1}" cy="{my:.1}" r="9" fill="{face}" stroke="{edge}" stroke-width="1.2"/>"##
            );
        }
        let _ = writeln!(
            s,
            r##"<text class="held" x="{x:.1}" y="{:.1}" font-size="14" text-anchor="middle">{}</text>"##,
            top + h - 10.0,
            held_words(men, out)
        );
        s.push_str("</g>\n");
    }

    /// The dice of the last throw, side by side about (`x`, `y`).
    fn dice(&self, s: &mut String, (x, y): (f32, f32)) {
        let size = 30.0;
        let thrown = self.game.last_throw();
        let step = size + 12.0;
        let start = x - (step * thrown.len() as f32 - 12.0) / 2.0;
        for (i, &face) in thrown.iter().enumerate() {
            svg::die(s, start + i as f32 * step, y - size / 2.0, size, face);
        }
    }
}

/// Sice-Ace: "3 held, 2 borne, out".
fn held_words(men: Men, out: bool) -> String {
    format!(
        "{} held, {} borne{}",
        men.heap,
        men.borne,
        if out { ", out" } else { "" }
    )
}

/// Ketch-Dolt: a seat's heap at the left of the board, at height `y`, with its count.
fn heap(s: &mut String, seat: Seat, n: u8, y: f32) {
    let (face, edge) = colours(seat);
    let x = LEFT / 2.0 - 5.0;
    let _ = writeln!(s, r##"<g class="heap" data-seat="{}">"##, seat.index());
    for k in 0..n.min(PILE) {
        let _ = writeln!(
            s,
            r##"<circle class="man heaped" cx="{:.1}" cy="{:.1}" r="{MAN_R}" fill="{face}" stroke="{edge}" stroke-width="1.5"/>"##,
            x + (f32::from(k % 2) - 0.5) * 20.0,
            y - f32::from(k / 2) * 14.0
        );
    }
    let _ = writeln!(
        s,
        r##"<text class="heap-count" x="{x}" y="{}" font-size="16" text-anchor="middle">heap: {n}</text>"##,
        y + 34.0
    );
    s.push_str("</g>\n");
}

/// A seat's men borne off, at the right of the board at height `y`, in a tray with their count.
fn borne(s: &mut String, seat: Seat, n: u8, y: f32) {
    let (face, _) = colours(seat);
    let x = LEFT + BOARD_W + (WIDTH - LEFT - BOARD_W) / 2.0 + 5.0;
    let _ = writeln!(
        s,
        r##"<g class="borne" data-seat="{}"><rect x="{}" y="{}" width="40" height="84" rx="4" fill="#5a3418"/>"##,
        seat.index(),
        x - 20.0,
        y - 42.0
    );
    for k in 0..n.min(15) {
        let ly = y + 38.0 - f32::from(k) * 5.4;
        let _ = writeln!(
            s,
            r##"<line x1="{}" y1="{ly:.1}" x2="{}" y2="{ly:.1}" stroke="{face}" stroke-width="3"/>"##,
            x - 16.0,
            x + 16.0
        );
    }
    let _ = writeln!(
        s,
        r##"<text class="borne-count" x="{x}" y="{}" font-size="16" text-anchor="middle">borne: {n}</text>"##,
        y + 64.0
    );
    s.push_str("</g>\n");
}
