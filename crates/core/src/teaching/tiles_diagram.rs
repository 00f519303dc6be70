//! A diagram of a tiles game's table for a handout or a slide: an SVG drawn from the game
//! itself (not a screenshot), in the period look of the other diagrams, with real text. The
//! line from left to right (broken into rows, doubles crosswise, the set marked), then each
//! player's hand face up, as a handout shows every hand, with his name and his side's points;
//! the boneyard's count; and a caption underneath. Before the first deal, the double-six set
//! itself is drawn, the tiles the game is dealt from.

use std::fmt::Write as _;

use super::svg::{self, CAPTION_LINE, WOOD, WOOD_EDGE, escape, wrap};
use super::tiles_rules::title_of;
use crate::tiles::{Game, Kind, Phase, Tile, waiting_words};

/// What a diagram of a tiles game shows.
#[derive(Clone, Debug)]
pub struct TilesDiagram<'a> {
    pub game: &'a Game,
    /// The name written for each player, the first's first; a player without one is "Player 2".
    pub names: Vec<String>,
    /// The words under the table, if any.
    pub caption: Option<String>,
}

const WIDTH: f32 = 900.0;
const MARGIN: f32 = 30.0;
/// A half of a tile: a tile lengthwise is two of these side by side.
const HALF: f32 = 30.0;
/// The room between two tiles.
const GAP: f32 = 6.0;

/// A tile as a row lays it: its numbers as they lie, whether it is crosswise (a double in the
/// line), and whether it is the set.
type Placed = ((u8, u8), bool, bool);

/// The caption a diagram of `game` is given unless another is asked for: the game, the hand,
/// and what it waits for ("Draw dominoes, hand 2: a player is to lay, draw or knock").
#[must_use]
pub fn caption_of(game: &Game) -> String {
    let title = title_of(game.rules());
    match (game.phase(), game.hands_dealt()) {
        (Phase::ToDeal, 0) => format!(
            "{title}: the double-six set, 28 tiles, to be shuffled and dealt {} each to {} \
             players",
            game.rules().hand_size,
            game.rules().players
        ),
        (phase, 0) => format!("{title}: {}", waiting_words(phase)),
        (phase, hand) => format!("{title}, hand {hand}: {}", waiting_words(phase)),
    }
}

/// Where a number's pips lie on a half of side 1.
fn pips(n: u8) -> &'static [(f32, f32)] {
    const A: f32 = 0.27;
    const M: f32 = 0.5;
    const B: f32 = 0.73;
    match n {
        0 => &[],
        1 => &[(M, M)],
        2 => &[(A, A), (B, B)],
        3 => &[(A, A), (M, M), (B, B)],
        4 => &[(A, A), (B, A), (A, B), (B, B)],
        5 => &[(A, A), (B, A), (M, M), (A, B), (B, B)],
        _ => &[(A, A), (B, A), (A, M), (B, M), (A, B), (B, B)],
    }
}

/// A tile at (`x`, `y`), its top left corner, its numbers `first` then `second` from left to
/// right (or top to bottom when `crosswise`); `set` marks the tile the line began with.
fn tile(s: &mut String, x: f32, y: f32, (first, second): (u8, u8), crosswise: bool, set: bool) {
    let (w, h) = if crosswise {
        (HALF, 2.0 * HALF)
    } else {
        (2.0 * HALF, HALF)
    };
    let t = Tile::new(first, second).ok();
    let name = t.map(Tile::words).unwrap_or_default();
    let _ = writeln!(
        s,
        r##"<g class="tile{}" data-tile="{}"><title>{}</title><rect x="{x:.1}" y="{y:.1}" width="{w}" height="{h}" rx="4" fill="#fbf7ec" stroke="{WOOD_EDGE}" stroke-width="{}"/>"##,
        if set { " set" } else { "" },
        t.map(|t| t.to_string()).unwrap_or_default(),
        escape(&name),
        if set { 2.5 } else { 1.2 }
    );
    let (x2, y2) = if crosswise {
        (x, y + HALF)
    } else {
        (x + HALF, y)
    };
    let _ = writeln!(
        s,
        r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{WOOD_EDGE}"/>"##,
        if crosswise { x + 4.0 } else { x2 },
        if crosswise { y2 } else { y + 4.0 },
        if crosswise { x + w - 4.0 } else { x2 },
        if crosswise { y2 } else { y + h - 4.0 }
    );
    for (n, (hx, hy)) in [(first, (x, y)), (second, (x2, y2))] {
        for (px, py) in pips(n) {
            let _ = write!(
                s,
                r##"<circle class="pip" cx="{:.1}" cy="{:.1}" r="2.8" fill="#1c140c"/>"##,
                hx + px * HALF,
                hy + py * HALF
            );
        }
    }
    s.push_str("</g>\n");
}

/// The width a tile takes in a row, its gap after it included.
fn room(crosswise: bool) -> f32 {
    if crosswise {
        HALF + GAP
    } else {
        2.0 * HALF + GAP
    }
}

/// Tiles laid in rows from `top`, left to right, broken where a row is full; each is its numbers
/// as they lie, whether it is crosswise, and whether it is the set. Returns the foot of the
/// last row.
fn rows(s: &mut String, top: f32, tiles: &[Placed]) -> f32 {
    let row_h = 2.0 * HALF + 2.0 * GAP;
    let (mut x, mut y) = (MARGIN, top);
    for &(numbers, crosswise, set) in tiles {
        if x + room(crosswise) > WIDTH - MARGIN {
            x = MARGIN;
            y += row_h;
        }
        // A tile lengthwise lies in the middle of its row, a double across it.
        let ty = if crosswise { y } else { y + HALF / 2.0 };
        tile(s, x, ty, numbers, crosswise, set);
        x += room(crosswise);
    }
    y + row_h
}

/// How many rows `tiles` take.
fn rows_needed(tiles: &[bool]) -> usize {
    let mut n = usize::from(!tiles.is_empty());
    let mut x = MARGIN;
    for &crosswise in tiles {
        if x + room(crosswise) > WIDTH - MARGIN {
            x = MARGIN;
            n += 1;
        }
        x += room(crosswise);
    }
    n
}

impl TilesDiagram<'_> {
    /// The name written for `player`.
    fn name(&self, player: usize) -> String {
        self.names
            .get(player)
            .filter(|n| !n.trim().is_empty())
            .cloned()
            .unwrap_or_else(|| format!("Player {}", player + 1))
    }

    /// The line's tiles as [`rows`] lays them.
    fn line_tiles(&self) -> Vec<Placed> {
        let line = self.game.line();
        let set = line.set_index();
        line.laid()
            .enumerate()
            .map(|(i, l)| ((l.left, l.right), l.tile.is_double(), i == set))
            .collect()
    }

    /// Each player's hand as [`rows`] lays it, each tile lengthwise.
    fn hand_tiles(&self, player: usize) -> Vec<Placed> {
        self.game
            .hand(player)
            .iter()
            .map(|t| ((t.high(), t.low()), false, false))
            .collect()
    }

    /// The diagram as an SVG document.
    #[must_use]
    pub fn svg(&self) -> String {
        let rules = self.game.rules();
        let players = usize::from(rules.players);
        let fresh = self.game.phase() == Phase::ToDeal && self.game.hands_dealt() == 0;
        let row_h = 2.0 * HALF + 2.0 * GAP;
        let heading = 34.0;
        let flags = |t: &[Placed]| t.iter().map(|x| x.1).collect::<Vec<_>>();
        let line: Vec<Placed> = if fresh {
            Tile::set()
                .into_iter()
                .map(|t| ((t.high(), t.low()), false, false))
                .collect()
        } else {
            self.line_tiles()
        };
        let line_rows = rows_needed(&flags(&line)).max(1);
        let hands: Vec<Vec<Placed>> = if fresh {
            Vec::new()
        } else {
            (0..players).map(|p| self.hand_tiles(p)).collect()
        };
        let hands_h: f32 = hands
            .iter()
            .map(|h| heading + row_h * rows_needed(&flags(h)).max(1) as f32)
            .sum();
        let caption = self.caption.as_deref().map(wrap).unwrap_or_default();
        let table_h = heading + row_h * line_rows as f32 + 20.0;
        let footer = 40.0;
        let height =
            MARGIN + table_h + hands_h + footer + 15.0 + CAPTION_LINE * caption.len() as f32;
        let mut s = String::new();
        let title = self
            .caption
            .clone()
            .unwrap_or_else(|| format!("A table of {}", title_of(rules)));
        svg::open(&mut s, WIDTH, height, &title);
        // The table: the line on the green cloth in its wooden frame.
        let _ = writeln!(
            s,
            r##"<rect class="table" x="{}" y="{MARGIN}" width="{}" height="{table_h}" fill="#3f6b48" stroke="{WOOD}" stroke-width="8" rx="8"/>"##,
            MARGIN / 2.0,
            WIDTH - MARGIN
        );
        let _ = writeln!(
            s,
            r##"<text class="heading" x="{}" y="{}" font-size="18" fill="#f4ead2">{}</text>"##,
            MARGIN,
            MARGIN + 24.0,
            if fresh {
                "The double-six set".to_string()
            } else if line.is_empty() {
                "The line: no tile laid yet".to_string()
            } else {
                format!(
                    "The line, left to right: {} tile{}",
                    line.len(),
                    if line.len() == 1 { "" } else { "s" }
                )
            }
        );
        rows(&mut s, MARGIN + heading, &line);
        let mut y = MARGIN + table_h + 10.0;
        for (p, hand) in hands.iter().enumerate() {
            let side = rules.side_of(p);
            let points = self.game.scores().get(side).copied().unwrap_or(0);
            let _ = writeln!(
                s,
                r##"<text class="name" data-player="{p}" x="{MARGIN}" y="{:.1}" font-size="18">{}: {} tile{} in hand, {points} point{}{}</text>"##,
                y + 22.0,
                escape(&self.name(p)),
                hand.len(),
                if hand.len() == 1 { "" } else { "s" },
                if points == 1 { "" } else { "s" },
                if self.game.phase() == Phase::Playing && self.game.turn() == p {
                    " (to act)"
                } else {
                    ""
                }
            );
            y = rows(&mut s, y + heading, hand);
        }
        if !fresh && rules.kind != Kind::Block {
            let _ = writeln!(
                s,
                r##"<text class="boneyard" x="{MARGIN}" y="{:.1}" font-size="17">The boneyard: {} tile{}</text>"##,
                y + 24.0,
                self.game.boneyard_len(),
                if self.game.boneyard_len() == 1 {
                    ""
                } else {
                    "s"
                }
            );
        }
        svg::caption(&mut s, &caption, WIDTH, height);
        s.push_str("</svg>\n");
        s
    }
}
