//! The tiles table drawn and clicked: the person's hand face up along the bottom, the other
//! hands face down at their places round the table (partners opposite), the boneyard as a heap,
//! and the line winding in the middle. Clicking a tile of the hand picks it up and lights the
//! ends where it may go; clicking a lit end lays it there, and clicking the tile again puts it
//! back. Everything on the table explains itself on hover.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, pos2, vec2};

use crate::tiles::{Action, End, Kind, Phase, Tile, end_word, pip_count};

use super::paint::{TileLook, paint_place, paint_table, paint_tile};
use super::winding;
use crate::tiles_session::TilesSession;
use crate::ui::{access, tables::theme};

/// What the person asked for at the tiles table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TilesIntent {
    /// Picks a tile up from the hand (or puts it back, if it was picked).
    Pick(Tile),
    /// An action for the game's gate.
    Act(Action),
    /// Throw a die each for the set.
    Throw,
    /// Show the person to act his tiles (friends at one screen).
    Reveal,
    /// The next hand, or the next game of the session.
    GoOn,
    /// A word for the person (a click that cannot be done, and why).
    Say(String),
}

/// A place at the table: where each player's hand lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Bottom,
    Left,
    Top,
    Right,
}

/// The places of `players` players, the person's first, play going round to the left.
fn places(players: usize) -> &'static [Place] {
    match players {
        2 => &[Place::Bottom, Place::Top],
        3 => &[Place::Bottom, Place::Left, Place::Right],
        _ => &[Place::Bottom, Place::Left, Place::Top, Place::Right],
    }
}

/// What lies at a place on the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Spot {
    /// A tile of the shown hand.
    Hand(Tile),
    /// A place where the picked tile may be laid.
    End(End),
    /// A tile of the line, by its index from the left.
    Laid(usize),
    /// Another player's hand.
    Hidden(usize),
    Boneyard,
}

/// The table laid out on the screen, for painting and for finding what a click hit.
struct Layout {
    spots: Vec<(Rect, Spot)>,
}

impl Layout {
    fn at(&self, p: Pos2) -> Option<Spot> {
        // The last drawn is on top.
        self.spots
            .iter()
            .rev()
            .find(|(r, _)| r.contains(p))
            .map(|(_, s)| *s)
    }
}

/// The ends a tile may go to that are worth asking about: both, unless both show the same
/// number (then the right, as either gives the same ends).
pub fn ends_to_offer(table: &TilesSession, tile: Tile) -> Vec<End> {
    let game = table.game();
    let mut ends = game.ends_for(tile);
    let line = game.line();
    if ends.len() == 2 && line.open(End::Left) == line.open(End::Right) {
        ends.retain(|e| *e == End::Right);
    }
    ends
}

/// Draws the table into the whole of `ui`'s room and adds what the person asked for.
pub fn table_ui(
    ui: &mut egui::Ui,
    table: &TilesSession,
    intents: &mut Vec<TilesIntent>,
    focusable: bool,
) -> Vec<(Rect, Spot)> {
    let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click());
    let painter = ui.painter_at(rect);
    paint_table(&painter, rect);
    let rules = table.game().rules();
    let seats = places(usize::from(rules.players));
    let areas = Areas::of(rect, seats, rules.kind);
    let mut layout = Layout { spots: Vec::new() };
    line_ui(&painter, table, &areas, &mut layout);
    if areas.yard_w > 0.0 {
        boneyard_ui(&painter, table.game().boneyard_len(), &areas, &mut layout);
    }
    hands_ui(&painter, table, seats, &areas, &mut layout);
    // The places to lay, over everything, lit; the one under the pointer brighter.
    let hover = response.hover_pos().and_then(|p| layout.at(p));
    for (r, spot) in &layout.spots {
        if let Spot::End(_) = spot {
            paint_place(&painter, *r, hover == Some(*spot));
        }
    }
    answer(response, table, &layout, hover, intents);
    intents.extend(nodes(ui, rect, table, &layout.spots, focusable));
    layout.spots
}

/// Where the parts of the table lie in its room: the hands round the edges, the line in the
/// middle, and the boneyard in a strip on the middle's right.
struct Areas {
    /// The whole table.
    rect: Rect,
    /// How tall the hand at the bottom is, and the others.
    hand_h: f32,
    other_h: f32,
    /// The middle, inside the hands.
    inner: Rect,
    /// The boneyard's strip (none in the Block game), and the line's room beside it.
    yard_w: f32,
    yard_area: Rect,
    line_area: Rect,
}

impl Areas {
    /// The parts of a table in `rect` with players at `seats`, in a game of `kind`.
    fn of(rect: Rect, seats: &[Place], kind: Kind) -> Areas {
        let hand_h = (rect.height() * 0.2).clamp(56.0, 130.0);
        let other_h = (hand_h * 0.55).max(34.0);
        let has = |p: Place| seats.contains(&p);
        let inner = Rect::from_min_max(
            pos2(
                rect.min.x
                    + if has(Place::Left) {
                        other_h + 16.0
                    } else {
                        8.0
                    },
                rect.min.y
                    + if has(Place::Top) {
                        other_h + 26.0
                    } else {
                        26.0
                    },
            ),
            pos2(
                rect.max.x
                    - if has(Place::Right) {
                        other_h + 16.0
                    } else {
                        8.0
                    },
                rect.max.y - hand_h - 30.0,
            ),
        );
        // The boneyard keeps a strip on the right of the middle; the line has the rest.
        let yard_w = if kind == Kind::Block {
            0.0
        } else {
            (inner.width() * 0.16).clamp(60.0, 150.0)
        };
        Areas {
            rect,
            hand_h,
            other_h,
            inner,
            yard_w,
            yard_area: Rect::from_min_max(pos2(inner.max.x - yard_w, inner.min.y), inner.max),
            line_area: Rect::from_min_max(inner.min, pos2(inner.max.x - yard_w, inner.max.y)),
        }
    }
}

/// The line of play, winding in its room, and the places the picked tile may go.
fn line_ui(painter: &egui::Painter, table: &TilesSession, areas: &Areas, layout: &mut Layout) {
    let game = table.game();
    let line_area = areas.line_area;
    let longest = (areas.hand_h * 0.7).min(line_area.height() / 2.5);
    let (wind, scale, offset) = winding::fit(game.line(), line_area.shrink(8.0), longest);
    let to_screen = |r: Rect| {
        Rect::from_min_max(
            (r.min.to_vec2() * scale + offset).to_pos2(),
            (r.max.to_vec2() * scale + offset).to_pos2(),
        )
    };
    for (i, lying) in wind.tiles.iter().enumerate() {
        let r = to_screen(lying.rect).shrink(scale * 0.03);
        paint_tile(painter, &TileLook::in_rect(r, Some(lying.halves)));
        layout.spots.push((r, Spot::Laid(i)));
    }
    // The places the picked tile may go.
    if let (Some(_), Some(tile)) = (table.person_to_act(), table.picked) {
        let empty = game.line().is_empty();
        for end in ends_to_offer(table, tile) {
            let r = to_screen(wind.next_at(end));
            let r = if empty { r } else { r.shrink(scale * 0.03) };
            layout.spots.push((r, Spot::End(end)));
        }
    }
}

/// The boneyard: its `n` tiles face down in a heap, and how many there are.
fn boneyard_ui(painter: &egui::Painter, n: usize, areas: &Areas, layout: &mut Layout) {
    let (yard_w, yard_area) = (areas.yard_w, areas.yard_area);
    let short = (yard_w * 0.22).min(areas.hand_h * 0.3);
    let centre = yard_area.center();
    for k in 0..n {
        let a = (k as f32 * 2.399_963).sin();
        let b = (k as f32 * 1.618_034 + 0.7).cos();
        let at = centre
            + vec2(
                a * yard_w * 0.28,
                b * yard_area.height().min(yard_w * 1.6) * 0.2,
            );
        let look = TileLook {
            centre: at,
            half: vec2(0.0, -short / 2.0),
            width: short / 2.0,
            faces: None,
            lit: false,
        }
        .turned(k as f32 * 0.9);
        paint_tile(painter, &look);
    }
    let heap = Rect::from_center_size(
        centre,
        vec2(yard_w * 0.8, yard_w.min(yard_area.height()) * 0.8),
    );
    for (k, words) in ["the boneyard".to_string(), n.to_string()]
        .iter()
        .enumerate()
    {
        painter.text(
            pos2(centre.x, heap.max.y + 4.0 + 17.0 * k as f32),
            Align2::CENTER_TOP,
            words,
            FontId::proportional(15.0),
            theme::LABEL_INK,
        );
    }
    layout.spots.push((heap, Spot::Boneyard));
}

/// A hand as it is drawn: whose, face up or down, and the label over it.
struct HandShown<'a> {
    player: usize,
    tiles: &'a [Tile],
    face_up: bool,
    label: String,
    ink: Color32,
}

/// The hands. The player at the bottom: the first person, or at a shared screen the one to
/// act, the others round the table from him in the order of play.
fn hands_ui(
    painter: &egui::Painter,
    table: &TilesSession,
    seats: &[Place],
    areas: &Areas,
    layout: &mut Layout,
) {
    let game = table.game();
    let players = usize::from(game.rules().players);
    let shown = table.shown_player();
    let bottom = table.bottom_player();
    for (k, place) in seats.iter().enumerate().take(players) {
        let p = (bottom + k) % players;
        let hand = game.hand(p);
        let face_up = shown == Some(p)
            || (game.phase() != Phase::Playing
                && game.hands_dealt() > 0
                && !hand.is_empty()
                && table.waits_for_next());
        let name = table.name(p);
        let to_play = game.phase() == Phase::Playing && game.turn() == p;
        let hand = HandShown {
            player: p,
            tiles: hand,
            face_up,
            label: format!("{name}{}", if to_play { " — to play" } else { "" }),
            ink: if to_play {
                theme::PERIOD_BRASS_LIGHT
            } else {
                theme::LABEL_INK
            },
        };
        match place {
            Place::Bottom => bottom_hand(painter, table, hand, areas, layout),
            Place::Top | Place::Left | Place::Right => {
                other_hand(painter, *place, hand, areas, layout);
            }
        }
    }
}

/// The hand along the bottom, its tiles side by side: the one picked lifted and lit, those
/// that fit neither end shaded.
fn bottom_hand(
    painter: &egui::Painter,
    table: &TilesSession,
    hand: HandShown<'_>,
    areas: &Areas,
    layout: &mut Layout,
) {
    let game = table.game();
    let (rect, face_up, p) = (areas.rect, hand.face_up, hand.player);
    let n = hand.tiles.len().max(1) as f32;
    let long = (areas.hand_h * 0.86).min((rect.width() - 40.0) / n * 2.0 / 1.15);
    let short = long / 2.0;
    let gap = short * 0.15;
    let total = n * short + (n - 1.0) * gap;
    let mut x = rect.center().x - total / 2.0;
    let y = rect.max.y - 8.0 - long;
    for &tile in hand.tiles {
        let picked = table.picked == Some(tile) && face_up;
        let lift = if picked { short * 0.3 } else { 0.0 };
        let r = Rect::from_min_size(pos2(x, y - lift), vec2(short, long));
        let mut look = TileLook::in_rect(r, face_up.then(|| (tile.high(), tile.low())));
        look.lit = picked;
        paint_tile(painter, &look);
        if face_up
            && table.person_to_act() == Some(p)
            && !game.line().is_empty()
            && game.ends_for(tile).is_empty()
        {
            // A tile that fits neither end now is shaded.
            painter.rect_filled(r, short * 0.12, Color32::from_black_alpha(90));
        }
        layout.spots.push((
            r,
            if face_up {
                Spot::Hand(tile)
            } else {
                Spot::Hidden(p)
            },
        ));
        x += short + gap;
    }
    painter.text(
        pos2(rect.center().x, y - 6.0 - short * 0.3),
        Align2::CENTER_BOTTOM,
        hand.label,
        FontId::proportional(17.0),
        hand.ink,
    );
}

/// Another player's hand at the top, the left or the right: its tiles in a row (across at the
/// top, down at the sides), one spot round them all.
fn other_hand(
    painter: &egui::Painter,
    place: Place,
    hand: HandShown<'_>,
    areas: &Areas,
    layout: &mut Layout,
) {
    let (rect, inner) = (areas.rect, areas.inner);
    let upright = place == Place::Top;
    let long = areas.other_h;
    let short = long / 2.0;
    let gap = short * 0.12;
    let n = hand.tiles.len() as f32;
    let total = n * short + (n - 1.0).max(0.0) * gap;
    let (mut at, step, label_at, align) = match place {
        Place::Top => (
            pos2(
                rect.center().x - total / 2.0 + short / 2.0,
                rect.min.y + 22.0 + long / 2.0,
            ),
            vec2(short + gap, 0.0),
            pos2(rect.center().x, rect.min.y + 4.0),
            Align2::CENTER_TOP,
        ),
        Place::Left => (
            pos2(
                rect.min.x + 8.0 + long / 2.0,
                inner.center().y - total / 2.0 + short / 2.0,
            ),
            vec2(0.0, short + gap),
            pos2(rect.min.x + 8.0, inner.center().y - total / 2.0 - 6.0),
            Align2::LEFT_BOTTOM,
        ),
        _ => (
            pos2(
                rect.max.x - 8.0 - long / 2.0,
                inner.center().y - total / 2.0 + short / 2.0,
            ),
            vec2(0.0, short + gap),
            pos2(rect.max.x - 8.0, inner.center().y - total / 2.0 - 6.0),
            Align2::RIGHT_BOTTOM,
        ),
    };
    let size = if upright {
        vec2(short, long)
    } else {
        vec2(long, short)
    };
    let mut all = Rect::NOTHING;
    for &tile in hand.tiles {
        let r = Rect::from_center_size(at, size);
        let faces = hand.face_up.then(|| (tile.high(), tile.low()));
        paint_tile(painter, &TileLook::in_rect(r, faces));
        all = all.union(r);
        at += step;
    }
    painter.text(
        label_at,
        align,
        hand.label,
        FontId::proportional(16.0),
        hand.ink,
    );
    if all.is_positive() {
        layout.spots.push((all, Spot::Hidden(hand.player)));
    }
}

/// What the pointer does on the table: a click asks for what the spot under it does, and a
/// spot hovered explains itself.
fn answer(
    response: egui::Response,
    table: &TilesSession,
    layout: &Layout,
    hover: Option<Spot>,
    intents: &mut Vec<TilesIntent>,
) {
    if response.clicked()
        && let Some(p) = response.interact_pointer_pos()
        && let Some(spot) = layout.at(p)
        && let Some(intent) = clicked(table, spot)
    {
        intents.push(intent);
    }
    if let Some(spot) = hover {
        let text = hover_text(table, spot);
        if !text.is_empty() {
            response.on_hover_ui_at_pointer(|ui| {
                ui.set_max_width(360.0);
                ui.label(text);
            });
        }
    }
}

/// The id of a spot's node in the accessibility tree: the same every frame.
#[must_use]
pub fn spot_id(spot: Spot) -> egui::Id {
    egui::Id::unique("gamester tiles spot").with(format!("{spot:?}"))
}

/// The table to a screen reader: each thing on it (the tiles of the hand, the ends where the
/// picked tile may go, the line, the other hands, the boneyard) is a node named in words, and
/// a screen reader's click on one is a click there. A tile picked up (by the keys too) takes
/// the focus, so the screen reader says which it is.
fn nodes(
    ui: &mut egui::Ui,
    rect: Rect,
    table: &TilesSession,
    spots: &[(Rect, Spot)],
    focusable: bool,
) -> Vec<TilesIntent> {
    // A spot drawn in several pieces (the tiles of a hidden hand) is one node, round them all.
    let mut merged: Vec<access::Spot<Spot>> = Vec::new();
    for &(r, spot) in spots {
        match merged.iter_mut().find(|s| s.place == spot) {
            Some(whole) => whole.rect = whole.rect.union(r),
            None => merged.push(access::Spot {
                place: spot,
                id: spot_id(spot),
                rect: r,
            }),
        }
    }
    let group = (egui::Id::unique("gamester tiles table"), "The table", rect);
    let clicks = access::nodes(
        ui,
        group,
        &merged,
        &|spot| spoken(table, spot),
        None,
        (false, focusable),
    );
    // The tile picked up takes the focus when it is picked (not every frame: the person may
    // go on to another with Tab).
    let ctx = ui.ctx();
    let last_picked = egui::Id::unique("gamester tiles last picked");
    let before: Option<Option<Tile>> = ctx.data(|d| d.get_temp(last_picked));
    if before != Some(table.picked) {
        ctx.data_mut(|d| d.insert_temp(last_picked, table.picked));
        if let Some(tile) = table.picked {
            access::take_focus(ctx, spot_id(Spot::Hand(tile)));
        }
    }
    clicks
        .into_iter()
        .filter_map(|spot| clicked(table, spot))
        .collect()
}

/// What a screen reader says of a spot: its hover text, the tile of the hand named as the
/// person's, with whether it is picked up.
#[must_use]
pub fn spoken(table: &TilesSession, spot: Spot) -> String {
    let text = hover_text(table, spot);
    match spot {
        Spot::Hand(tile) if table.picked == Some(tile) => format!("Your tile, picked up: {text}"),
        Spot::Hand(_) => format!("Your tile: {text}"),
        Spot::Boneyard if table.game().legal_actions().contains(&Action::Draw) => {
            format!("{text} You may draw.")
        }
        Spot::End(_) if text.is_empty() => "An end of the line".to_string(),
        _ => text,
    }
}

/// What a click on `spot` asks for (and a key that names the same spot).
pub fn clicked(table: &TilesSession, spot: Spot) -> Option<TilesIntent> {
    let game = table.game();
    let acting = table.person_to_act();
    match spot {
        Spot::Hand(tile) => {
            acting?;
            // A tile is picked up first and laid by a click on a lit end: a tile laid is never
            // taken back, so a slip of the hand must not lay one.
            if game.line().is_empty() {
                return Some(match game.must_set() {
                    Some(t) if t != tile => TilesIntent::Say(format!(
                        "The {} is the set this hand: the highest double sets.",
                        t.words()
                    )),
                    _ => TilesIntent::Pick(tile),
                });
            }
            Some(if ends_to_offer(table, tile).is_empty() {
                TilesIntent::Say(format!(
                    "The {} fits neither end: the ends are the {} and the {}.",
                    tile.words(),
                    end_word(game.line().open(End::Left).unwrap_or(0)),
                    end_word(game.line().open(End::Right).unwrap_or(0)),
                ))
            } else {
                TilesIntent::Pick(tile)
            })
        }
        Spot::End(end) => {
            acting?;
            let tile = table.picked?;
            Some(TilesIntent::Act(Action::Lay { tile, end }))
        }
        Spot::Boneyard => {
            acting?;
            Some(if game.legal_actions().contains(&Action::Draw) {
                TilesIntent::Act(Action::Draw)
            } else if game.may_draw() {
                TilesIntent::Say("You can lay a tile: a player draws only when he cannot.".into())
            } else {
                TilesIntent::Say(format!(
                    "The boneyard is exhausted: its last {} stay where they are.",
                    game.rules().reserve()
                ))
            })
        }
        Spot::Laid(_) | Spot::Hidden(_) => None,
    }
}

/// The words a spot shows under the pointer.
fn hover_text(table: &TilesSession, spot: Spot) -> String {
    let game = table.game();
    let line = game.line();
    match spot {
        Spot::Hand(tile) => {
            let mut text = format!("The {}: {} pips.", tile.words(), tile.pips());
            if tile.is_double() {
                text.push_str(" A double: it is laid crosswise.");
            }
            if !line.is_empty() {
                let ends = game.ends_for(tile);
                text.push_str(&match ends.as_slice() {
                    [] => " It fits neither end now.".to_string(),
                    [e] => format!(
                        " It fits the {} at the {} end.",
                        end_word(line.open(*e).unwrap_or(0)),
                        e.words()
                    ),
                    _ => " It fits either end.".to_string(),
                });
            }
            text
        }
        Spot::End(end) => match table.picked {
            Some(t) if line.is_empty() => format!("Set the {} here.", t.words()),
            Some(t) => format!(
                "Lay the {} here, on the {} at the {} end.",
                t.words(),
                end_word(line.open(end).unwrap_or(0)),
                end.words()
            ),
            None => String::new(),
        },
        Spot::Laid(i) => laid_text(table, i),
        Spot::Hidden(p) => hidden_text(table, p),
        Spot::Boneyard => format!(
            "The boneyard: the {} tiles not dealt, face down. A player who cannot lay draws from it until he can; the last {} are never drawn.",
            game.boneyard_len(),
            game.rules().reserve()
        ),
    }
}

/// What the pointer on the `i`th tile of the line says: the tile, whether it is the set, and
/// at either end of the line what the end is open at (and in Muggins what the ends count).
fn laid_text(table: &TilesSession, i: usize) -> String {
    let game = table.game();
    let line = game.line();
    let Some(laid) = line.laid().nth(i) else {
        return String::new();
    };
    let mut text = if i == line.set_index() {
        format!(
            "The set: the {}, the first tile laid this hand.",
            laid.tile.words()
        )
    } else {
        format!("The {}.", laid.tile.words())
    };
    if laid.tile.is_double() {
        text.push_str(" A double lies crosswise, and nothing is played on its sides.");
    }
    if i == 0 {
        text.push_str(&format!(
            " The left end is open at the {}.",
            end_word(laid.left)
        ));
    }
    if i + 1 == line.len() {
        text.push_str(&format!(
            " The right end is open at the {}.",
            end_word(laid.right)
        ));
    }
    if game.rules().kind == Kind::Muggins && (i == 0 || i + 1 == line.len()) {
        text.push_str(&format!(" The ends count {}.", line.end_count()));
    }
    text
}

/// What the pointer on player `p`'s hidden hand says: how many tiles, the numbers his knocks
/// and draws showed he lacks, and once the hand is over his pips.
fn hidden_text(table: &TilesSession, p: usize) -> String {
    let game = table.game();
    let hand = game.hand(p);
    let mut text = format!("{} holds {} tiles, face down.", table.name(p), hand.len());
    if let Some(me) = table.shown_player() {
        let seen = game.seen_by(me);
        if let Some(lacks) = seen.lacks.get(p) {
            let lacking: Vec<&str> = (0..=6).filter(|&n| lacks.lacks(n)).map(end_word).collect();
            if !lacking.is_empty() {
                text.push_str(&format!(
                    " By knocking or drawing, {} has shown he holds no {}.",
                    table.name(p),
                    lacking.join(", no ")
                ));
            }
        }
    }
    if table.waits_for_next() {
        text.push_str(&format!(" Pips in hand: {}.", pip_count(hand)));
    }
    text
}
