//! Where each tile of the line lies on the table: the set in the middle, each end of the line
//! running out from it and turning at the table's edge, so that however long the line grows it
//! winds and stays on the table. The right-hand end turns downwards, the left-hand end upwards,
//! so the two never cross.
//!
//! Units: a tile is 1 wide and 2 long. A double lies crosswise to its row, as the rules lay
//! it; a tile at a turn lies along the turn.

use egui::{Pos2, Rect, Vec2, pos2, vec2};

use crate::tiles::{End, Laid, Line};

/// Between one row and the next: a turn's tile is 2 long, from the top of one row's tiles to
/// the top of the next's; a double stands 1 above and below its row, so the doubles of
/// neighbouring rows at most touch.
const ROW_PITCH: f32 = 2.0;

/// A tile as it lies: its rectangle, and the numbers on its two halves, the left (or top)
/// first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lying {
    pub rect: Rect,
    pub halves: (u8, u8),
}

impl Lying {
    /// Whether it lies along the y axis.
    #[must_use]
    pub fn upright(&self) -> bool {
        self.rect.height() > self.rect.width()
    }
}

/// The line laid out: each tile in the line's order (left to right), and where a tile laid at
/// each end would go.
#[derive(Clone, Debug, PartialEq)]
pub struct Winding {
    pub tiles: Vec<Lying>,
    /// Where the next tile goes at the left end and at the right (both at the middle before
    /// the set).
    pub next: [Rect; 2],
}

impl Winding {
    /// Where a tile laid at `end` would go.
    #[must_use]
    pub fn next_at(&self, end: End) -> Rect {
        match end {
            End::Left => self.next[0],
            End::Right => self.next[1],
        }
    }

    /// The rectangle around every tile and both places for the next.
    #[must_use]
    pub fn bounds(&self) -> Rect {
        self.tiles
            .iter()
            .map(|t| t.rect)
            .chain(self.next)
            .fold(Rect::NOTHING, Rect::union)
    }
}

/// One end of the line as it runs out from the set.
struct Runner {
    /// Which way along the row it runs now: +1 right, -1 left.
    heading: f32,
    /// Which way it turns at an edge: +1 down, -1 up.
    turns: f32,
    /// The edge of the last tile, where the next one joins.
    x: f32,
    row: f32,
    /// The left edge of the turning tile, if the next tile follows a turn.
    after_turn: Option<f32>,
    half_width: f32,
}

impl Runner {
    /// Where a tile goes next, moving on past it: `double` lies across the row.
    fn place(&mut self, double: bool) -> (Rect, Lean) {
        let along = if double { 1.0 } else { 2.0 };
        // Just after a turn, a tile lies under (or over) the turning tile's far half; a double,
        // standing taller, beside it.
        let from = match self.after_turn {
            Some(x0) if double => x0 + if self.heading > 0.0 { 1.0 } else { 0.0 },
            Some(x0) => x0 + if self.heading > 0.0 { 0.0 } else { 1.0 },
            None => self.x,
        };
        let beyond = from + self.heading * along;
        // A double may stand one past the edge (it is narrow); another tile turns.
        let room = self.half_width + if double { 1.0 } else { 0.0 };
        if self.after_turn.is_none() && !double && beyond.abs() > room {
            // The turn: the tile runs down (or up) from the row's end, level with the row's
            // tiles where it joins them.
            let x0 = if self.heading > 0.0 {
                self.x
            } else {
                self.x - 1.0
            };
            let (y0, y1) = if self.turns > 0.0 {
                (self.row - 0.5, self.row + 1.5)
            } else {
                (self.row - 1.5, self.row + 0.5)
            };
            let rect = Rect::from_min_max(pos2(x0, y0), pos2(x0 + 1.0, y1));
            self.row += self.turns * ROW_PITCH;
            self.heading = -self.heading;
            self.after_turn = Some(x0);
            return (rect, Lean::Turning(self.turns));
        }
        self.after_turn = None;
        let (x0, x1) = if self.heading > 0.0 {
            (from, beyond)
        } else {
            (beyond, from)
        };
        let half = if double { 1.0 } else { 0.5 };
        let rect = Rect::from_min_max(pos2(x0, self.row - half), pos2(x1, self.row + half));
        self.x = beyond;
        (rect, Lean::Along(self.heading))
    }
}

/// How a tile lies relative to the way its end runs.
enum Lean {
    Along(f32),
    Turning(f32),
}

/// The halves of a tile, left (or top) first, given the number toward the set (`near`) and the
/// other.
fn halves(lean: &Lean, near: u8, far: u8) -> (u8, u8) {
    let forward = match lean {
        Lean::Along(h) | Lean::Turning(h) => *h > 0.0,
    };
    if forward { (near, far) } else { (far, near) }
}

/// The line laid out with rows `half_width` either side of the set.
#[must_use]
pub fn wind(line: &Line, half_width: f32) -> Winding {
    let laid: Vec<&Laid> = line.laid().collect();
    let Some(set) = laid.get(line.set_index()) else {
        let middle = Rect::from_center_size(Pos2::ZERO, vec2(2.0, 1.0));
        return Winding {
            tiles: Vec::new(),
            next: [middle, middle],
        };
    };
    let set_rect = if set.tile.is_double() {
        Rect::from_center_size(Pos2::ZERO, vec2(1.0, 2.0))
    } else {
        Rect::from_center_size(Pos2::ZERO, vec2(2.0, 1.0))
    };
    let mut tiles = vec![
        Lying {
            rect: set_rect,
            halves: (set.left, set.right),
        };
        laid.len()
    ];
    let runner = |heading: f32| Runner {
        heading,
        turns: heading,
        x: heading * set_rect.width() / 2.0,
        row: 0.0,
        after_turn: None,
        half_width: half_width.max(3.0),
    };
    // The right end: from the set outwards, each tile's left number toward the set.
    let mut right = runner(1.0);
    for (i, l) in laid.iter().enumerate().skip(line.set_index() + 1) {
        let (rect, lean) = right.place(l.tile.is_double());
        tiles[i] = Lying {
            rect,
            halves: halves(&lean, l.left, l.right),
        };
    }
    // The left end: outwards from the set, each tile's right number toward the set.
    let mut left = runner(-1.0);
    for i in (0..line.set_index()).rev() {
        let l = laid[i];
        let (rect, lean) = left.place(l.tile.is_double());
        let (a, b) = halves(&lean, l.right, l.left);
        // Running left, or turning up, the number toward the set is on the right (or below).
        tiles[i] = Lying {
            rect,
            halves: (a, b),
        };
    }
    let next = [left.place(false).0, right.place(false).0];
    Winding { tiles, next }
}

/// The line laid out to fill `area` (in any units) as fully as it can: the width of the rows
/// that gives the largest tiles, and the transform from tile units into `area`, with tiles no
/// longer than `longest`.
#[must_use]
pub fn fit(line: &Line, area: Rect, longest: f32) -> (Winding, f32, Vec2) {
    let scaled: Vec<(Winding, f32)> = (3..=16)
        .map(|half_width| {
            let w = wind(line, half_width as f32);
            let b = w.bounds().expand(0.3);
            let scale = (area.width() / b.width())
                .min(area.height() / b.height())
                .min(longest / 2.0);
            (w, scale)
        })
        .collect();
    // The straightest line whose tiles are nearly as large as they can be: a line that winds
    // where it need not looks crowded.
    let largest = scaled.iter().map(|(_, s)| *s).fold(0.0, f32::max);
    let best = scaled.into_iter().rev().find(|(_, s)| *s >= largest * 0.7);
    let (w, scale) = best.unwrap_or_else(|| (wind(line, 8.0), 1.0));
    let b = w.bounds();
    let offset = area.center().to_vec2() - b.center().to_vec2() * scale;
    (w, scale, offset)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::{Deck, Tile};

    /// A line of `n` tiles: the tiles of a shuffled set laid wherever they fit, until `n` are
    /// down or none fits.
    fn a_line(seed: u64, n: usize) -> Line {
        let mut line = Line::default();
        let mut left: Vec<Tile> = Deck::shuffled(seed).tiles().to_vec();
        while line.len() < n {
            let Some(i) = left.iter().position(|t| !line.fits(*t).is_empty()) else {
                break;
            };
            let t = left.remove(i);
            let ends = line.fits(t);
            let end = ends[(seed as usize + line.len()) % ends.len()];
            line.lay(t, end).unwrap();
        }
        line
    }

    fn overlaps(a: Rect, b: Rect) -> bool {
        a.shrink(0.01).intersects(b.shrink(0.01))
    }

    #[test]
    fn no_two_tiles_overlap_and_each_touches_the_one_before() {
        for seed in 0..300 {
            let line = a_line(seed, 28);
            for hw in [3.0, 5.0, 8.0, 12.0] {
                let w = wind(&line, hw);
                assert_eq!(w.tiles.len(), line.len());
                for (i, a) in w.tiles.iter().enumerate() {
                    for b in &w.tiles[i + 1..] {
                        assert!(!overlaps(a.rect, b.rect), "seed {seed} width {hw}");
                    }
                    // Neighbours in the line touch on the table.
                    if let Some(b) = w.tiles.get(i + 1) {
                        assert!(
                            a.rect.expand(0.01).intersects(b.rect),
                            "seed {seed} width {hw}: tile {i} and the next do not touch"
                        );
                    }
                }
                for next in w.next {
                    assert!(w.tiles.iter().all(|t| !overlaps(t.rect, next)));
                }
            }
        }
    }

    #[test]
    fn the_line_stays_within_its_rows_width() {
        for seed in 0..100 {
            let line = a_line(seed, 28);
            let w = wind(&line, 6.0);
            let b = w.bounds();
            // The set's half, a row, a double standing past the edge, and a turn.
            assert!(
                b.max.x <= 6.0 + 2.0 && b.min.x >= -8.0,
                "seed {seed}: {b:?}"
            );
        }
    }

    #[test]
    fn the_halves_that_meet_show_the_same_number() {
        for seed in 0..300 {
            let line = a_line(seed, 28);
            let w = wind(&line, 5.0);
            let laid: Vec<&Laid> = line.laid().collect();
            for (i, t) in w.tiles.iter().enumerate() {
                // Each tile shows its own two numbers.
                let mut shown = [t.halves.0, t.halves.1];
                let mut own = [laid[i].left, laid[i].right];
                shown.sort_unstable();
                own.sort_unstable();
                assert_eq!(shown, own, "seed {seed} tile {i}");
                // A tile lying along its row beside the next shows the number they share on
                // the sides that face each other.
                if let Some(n) = w.tiles.get(i + 1)
                    && !t.upright()
                    && !n.upright()
                    && (t.rect.center().y - n.rect.center().y).abs() < 0.01
                {
                    let (a, b) = if t.rect.center().x < n.rect.center().x {
                        (t.halves.1, n.halves.0)
                    } else {
                        (t.halves.0, n.halves.1)
                    };
                    assert_eq!(a, b, "seed {seed} tiles {i} and {}", i + 1);
                }
            }
        }
    }

    #[test]
    fn a_short_line_with_room_runs_straight() {
        for seed in 0..50 {
            let line = a_line(seed, 6);
            // The line's room beside four hands at 1024 by 600 points.
            let area = Rect::from_min_size(pos2(0.0, 0.0), vec2(441.0, 272.0));
            let (w, _, _) = fit(&line, area, 71.0);
            let laid: Vec<&Laid> = line.laid().collect();
            for (t, l) in w.tiles.iter().zip(laid) {
                assert_eq!(
                    t.upright(),
                    l.tile.is_double(),
                    "seed {seed}: a turn with room to spare"
                );
            }
        }
    }

    #[test]
    fn a_long_line_is_fitted_into_the_table() {
        let line = a_line(7, 28);
        let area = Rect::from_min_size(pos2(10.0, 20.0), vec2(600.0, 300.0));
        let (w, scale, offset) = fit(&line, area, 80.0);
        for t in &w.tiles {
            let r = Rect::from_min_max(
                (t.rect.min.to_vec2() * scale + offset).to_pos2(),
                (t.rect.max.to_vec2() * scale + offset).to_pos2(),
            );
            assert!(area.expand(0.5).contains_rect(r), "{r:?} outside {area:?}");
        }
    }
}
