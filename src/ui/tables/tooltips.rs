//! What the board says when the pointer rests on it: the name of a point from the viewer's side,
//! blots and how many throws hit them, the bar, the trays, the dice and the cups.

use crate::session::Session;
use crate::tables::movegen::play_step;
use crate::tables::{BearOff, Game, Phase, Position, Side, Step};
use crate::teaching::blots::hitting_throws;
use crate::teaching::plain::capitalised;
use crate::teaching::points::{Naming, PointName};
use crate::teaching::terms::face_name;
use crate::ui::tables::board_view::{BoardView, Place};
use crate::ui::tables::dice_view::ShownDie;

/// The last hover text, with the place and the position it was made for: kept while the
/// pointer and the position stay the same (counting the throws that hit a blot takes a
/// little working out).
#[derive(Clone, Debug, Default)]
pub struct Hover {
    last: Option<(Place, Position, String)>,
}

impl Hover {
    /// The hover text of `place` in the game `shown`, seen by `viewer` (the side at the
    /// bottom), with the `dice` shown.
    pub fn text(
        &mut self,
        place: Place,
        shown: &Session,
        viewer: Side,
        dice: &[ShownDie],
    ) -> String {
        let position = shown.game().position();
        if let Some((p, pos, text)) = &self.last
            && *p == place
            && *pos == position
        {
            return text.clone();
        }
        let names = [
            shown.colour_name(Side::White),
            shown.colour_name(Side::Black),
        ];
        let text = describe(place, shown.game(), viewer, names, dice);
        self.last = Some((place, position, text.clone()));
        text
    }
}

/// A point's name from the side at the bottom, each point named by its owner
/// ([`PointName`]): "your cater point (4), in your home table", "Black's trey point (your
/// 22), in his home table". `adversary` names the side at the top.
#[must_use]
pub fn point_name(p: u8, adversary: &str, naming: Naming) -> String {
    let name = PointName::named(p, naming);
    let words = name.words("your", &format!("{adversary}'s"));
    let n = naming.count(p);
    if name.own {
        format!("{words} ({n}), in your {}", name.table())
    } else {
        format!("{words} (your {n}), in his {}", name.table())
    }
}

fn shots(game: &Game, hitter: Side, point_of_hitter: u8) -> String {
    let (hits, all) = hitting_throws(
        &game.position_for(hitter),
        usize::from(point_of_hitter),
        game.rules(),
    );
    format!("{hits} of the {all} throws hit it")
}

/// The hover text of a place on the board. `viewer` is the side at the bottom.
#[must_use]
pub fn describe(
    place: Place,
    game: &Game,
    viewer: Side,
    names: [&str; 2],
    dice: &[ShownDie],
) -> String {
    let name = |s: Side| names[s.index()];
    match place {
        Place::Point(p) => {
            let mut text = point_name(p, name(viewer.other()), Naming::of(game.rules()));
            let men = game.position_for(viewer).at(usize::from(p));
            let count = men.unsigned_abs();
            let owner = if men > 0 { viewer } else { viewer.other() };
            if men == 1 {
                text.push_str(&format!(
                    ".\nYour blot: a man alone, whom the adversary may hit. {}.",
                    shots(game, viewer.other(), 25 - p)
                ));
            } else if men == -1 {
                text.push_str(&format!(
                    ".\n{}'s blot: a man alone, whom you may hit. {}.",
                    name(owner),
                    shots(game, viewer, p)
                ));
            } else if count >= 2 {
                let whose = if owner == viewer {
                    "yours".to_string()
                } else {
                    format!("{}'s", name(owner))
                };
                text.push_str(&format!(".\n{count} men, {whose}: the point is taken; no man of the other side may land here."));
            } else {
                text.push_str(".\nEmpty: any man may land here.");
            }
            if (1..=6).contains(&p) && game.position_for(viewer).home_bound() {
                text.push_str("\nYour home table is bound: two or more of your men on each of its six points.");
            }
            capitalised(&text)
        }
        Place::Bar(side) => {
            let pos = game.position_for(side);
            format!(
                "The bar, between the two tables. {} has {} {} here: men that were hit wait on the bar, \
                 and must enter again in the adversary's home table (a die of n enters on his n point) \
                 before any other man of theirs may move.",
                name(side),
                pos.bar(),
                if pos.bar() == 1 { "man" } else { "men" }
            )
        }
        Place::Tray(side) => {
            let pos = game.position_for(side);
            format!(
                "{}'s tray: {} of 15 men borne off. Men are borne off, by the dice, once all fifteen \
                 stand in the home table; the first to bear off all his men wins.",
                name(side),
                pos.off()
            )
        }
        Place::Cup(side) => format!(
            "{}'s dice box. The dice are thrown from it into the table at the thrower's right hand; \
             click it (or press Space) when it is lit.",
            name(side)
        ),
        Place::Die(i) => {
            let Some(die) = dice.get(i) else {
                return String::new();
            };
            let state = if die.spent {
                "; its move is played"
            } else {
                ""
            };
            let then = if game.phase() == Phase::Playing {
                "When the play is done, click the dice to lift them."
            } else {
                "The dice of the last play stay where they fell until the next throw."
            };
            format!(
                "A die showing {} ({}){state}. {then}",
                face_name(die.face),
                die.face
            )
        }
    }
}

/// Where every man stands, said in one go (the W key): each side's men from its bar to its
/// tray, the points named from the side at the bottom (`viewer`) as the board names them, or
/// by its numbers.
#[must_use]
pub fn survey(game: &Game, viewer: Side, names: [&str; 2], numbers: bool) -> String {
    let adversary = format!("{}'s", names[viewer.other().index()]);
    let sides = [viewer, viewer.other()].map(|side| {
        let pos = game.position_for(side);
        let mut parts = Vec::new();
        if pos.bar() > 0 {
            parts.push(format!("{} on the bar", pos.bar()));
        }
        for p in (1..=24u8).rev() {
            let n = pos.at(usize::from(p));
            if n > 0 {
                let seen = if side == viewer { p } else { 25 - p };
                let point = if numbers {
                    format!("point {seen}")
                } else {
                    PointName::named(seen, Naming::of(game.rules())).words("your", &adversary)
                };
                parts.push(format!("{n} on {point}"));
            }
        }
        if pos.off() > 0 {
            parts.push(format!("{} borne off", pos.off()));
        }
        let whose = if side == viewer {
            "Your men".to_string()
        } else {
            format!("{}'s men", names[side.index()])
        };
        format!("{whose}: {}.", parts.join(", "))
    });
    sides.join(" ")
}

/// A place lit for the man picked up: the faces of the dice that take him there, and whether
/// he hits a blot there or on the way (played at length), as the engine's own step says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lit {
    pub place: Place,
    pub faces: Vec<u8>,
    pub hits_here: bool,
    pub hits_on_the_way: bool,
}

impl Lit {
    /// The place `place` reached by `steps` from `position` (the mover's own view of it).
    #[must_use]
    pub fn of(place: Place, steps: &[Step], position: Position, bear_off: BearOff) -> Lit {
        let mut pos = position;
        let mut hits = Vec::new();
        for &step in steps {
            match play_step(&pos, step, bear_off) {
                Some((next, hit)) => {
                    pos = next;
                    hits.push(hit);
                }
                None => break,
            }
        }
        let hits_here = hits.last().copied().unwrap_or(false);
        let hits_on_the_way = hits.iter().rev().skip(1).any(|&h| h);
        Lit {
            place,
            faces: steps.iter().map(|s| s.die()).collect(),
            hits_here,
            hits_on_the_way,
        }
    }
}

/// What a screen reader says of each place on the board, in the words of the view: a point by
/// its owner's name for it ("Black's cinque point", "Your trey point") or by the bottom side's
/// number ("Point 20"), what stands there, and what a click there would do now.
pub struct Spoken<'a> {
    pub board: &'a BoardView,
    pub game: &'a Game,
    /// The sides' names, White's first.
    pub names: [&'a str; 2],
    /// The places lit for the man picked up, each with the faces of the dice that take him there.
    pub lit_by: &'a [Lit],
    /// The places where a click does something now.
    pub live: &'a [Place],
}

impl Spoken<'_> {
    fn men(&self, n: usize, side: Side) -> String {
        let colour = self.board.colours[side.index()].name().to_lowercase();
        match n {
            0 => "empty".to_string(),
            1 => format!("1 {colour} man"),
            n => format!("{n} {colour} men"),
        }
    }

    /// The name of `place`, with what stands there and what a click there would do.
    #[must_use]
    pub fn name(&self, place: Place) -> String {
        let board = self.board;
        let top = board.bottom.other();
        let live = self.live.contains(&place);
        let phase = self.game.phase();
        let mut text = match place {
            Place::Point(p) => {
                let title = if board.numbers {
                    format!("Point {p}")
                } else {
                    capitalised(
                        &PointName::named(p, Naming::of(self.game.rules()))
                            .words("your", &format!("{}'s", self.names[top.index()])),
                    )
                };
                let at = board.position.at(usize::from(p));
                let side = if at > 0 { board.bottom } else { top };
                let n = board.count(place, side);
                let blot = if n == 1 { ", a blot" } else { "" };
                if n == 0 {
                    format!("{title}, empty")
                } else {
                    format!("{title}: {}{blot}", self.men(n, side))
                }
            }
            Place::Bar(side) => {
                let n = board.count(place, side);
                let name = self.names[side.index()];
                if n == 0 {
                    format!("{name}'s men on the bar: none")
                } else {
                    format!("{name}'s men on the bar: {}", self.men(n, side))
                }
            }
            Place::Tray(side) => {
                let n = board.count(place, side);
                format!(
                    "{}'s tray: {n} of 15 men borne off",
                    self.names[side.index()]
                )
            }
            Place::Cup(side) => {
                let lit = if live { ", lit: throw the dice" } else { "" };
                format!("{}'s dice box{lit}", self.names[side.index()])
            }
            Place::Die(i) => match board.dice.get(i) {
                Some(die) => {
                    let spent = if die.spent { ", played" } else { "" };
                    format!("A die showing {}{spent}", face_name(die.face))
                }
                None => "A die".to_string(),
            },
        };
        if board.selected == Some(place) {
            text.push_str("; the man picked up");
        }
        if let Some(lit) = self.lit_by.iter().find(|l| l.place == place) {
            let faces: Vec<String> = lit.faces.iter().map(|&f| face_name(f)).collect();
            let verb = if matches!(place, Place::Tray(_)) {
                "may bear off here"
            } else {
                "may move here"
            };
            text.push_str(&format!("; {verb} with the {}", faces.join(" and the ")));
            if lit.hits_here {
                text.push_str(", hitting the blot here");
            } else if lit.hits_on_the_way {
                text.push_str(", hitting a blot on the way");
            }
        } else if live {
            match (phase, place) {
                (Phase::ChooseBreak { .. }, _) => {
                    text.push_str("; choose it to break the bound table");
                }
                (Phase::ChooseThrow, Place::Die(_)) => text.push_str("; choose this throw"),
                (Phase::Playing, Place::Die(_)) => {
                    text.push_str("; lift the dice: the play is done");
                }
                (Phase::Playing, Place::Point(_) | Place::Bar(_)) => {
                    text.push_str("; a man here may move");
                }
                _ => {}
            }
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{Layout, Preset, Rules};

    #[test]
    fn points_are_named_from_the_viewers_side() {
        assert_eq!(
            point_name(4, "Black", Naming::Homeward),
            "your cater point (4), in your home table"
        );
        assert_eq!(
            point_name(22, "Black", Naming::Homeward),
            "Black's trey point (your 22), in his home table"
        );
        assert_eq!(
            point_name(16, "Black", Naming::Homeward),
            "Black's 9 point (your 16), in his outer table"
        );
    }

    #[test]
    fn at_tick_tack_a_point_is_numbered_from_where_the_side_s_men_start() {
        // The engine's 24 is where the men start: the viewer's ace point, his 1
        assert_eq!(
            point_name(24, "Black", Naming::Outward),
            "your ace point (1), in your home table"
        );
        // The engine's 1 is the adversary's ace point, the viewer's 24, as the board numbers it
        assert_eq!(
            point_name(1, "Black", Naming::Outward),
            "Black's ace point (your 24), in his home table"
        );
        assert_eq!(
            point_name(16, "Black", Naming::Outward),
            "your 9 point (9), in your second table"
        );
    }

    #[test]
    fn a_lit_place_says_whether_the_man_hits_there_or_on_the_way() {
        // Given Black's blot on White's cinque point (Black's 20), White to move from his 8
        let position: Position = "24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:4 20:1"
            .parse()
            .unwrap();
        let bear_off = Rules::preset(Preset::Irish).bear_off;
        let step = |from, die| Step::new(from, die).unwrap();
        // A trey lands on the blot: a hit there
        let lit = Lit::of(Place::Point(5), &[step(8, 3)], position, bear_off);
        assert!(lit.hits_here && !lit.hits_on_the_way);
        assert_eq!(lit.faces, vec![3]);
        // The trey and then an ace, at length: a hit on the way
        let lit = Lit::of(
            Place::Point(4),
            &[step(8, 3), step(5, 1)],
            position,
            bear_off,
        );
        assert!(!lit.hits_here && lit.hits_on_the_way);
        // A deuce lands on his own sice point: no hit
        let lit = Lit::of(Place::Point(6), &[step(8, 2)], position, bear_off);
        assert!(!lit.hits_here && !lit.hits_on_the_way);
    }

    #[test]
    fn a_taken_point_says_how_many_men_stand_there_and_whose() {
        let game = Game::new(Rules::preset(Preset::Irish)).unwrap();
        // No blots at the start: the 6 point holds five men
        let text = describe(Place::Point(6), &game, Side::White, ["White", "Black"], &[]);
        assert!(text.contains("5 men, yours"), "{text}");
    }

    #[test]
    fn a_blot_says_how_many_throws_hit_it() {
        // Given White's blot on his cinque point, four pips from Black's two men on White's ace
        // point, under Irish (doublets played single)
        let mut rules = Rules::preset(Preset::Irish);
        let position: Position = "24:2 13:5 8:3 6:4 5:1 / 24:2 13:5 8:3 6:5".parse().unwrap();
        rules.layout = Layout::Custom(position.to_setup(Side::White));
        let game = Game::new(rules).unwrap();
        // When the pointer rests on it
        let text = describe(Place::Point(5), &game, Side::White, ["White", "Black"], &[]);
        // Then it is called a blot, hit by the eleven throws with a 4, 3-1 both ways and 2-2
        // (1-1, played single, falls short): 14 of 36
        assert!(
            text.contains(
                "Your blot: a man alone, whom the adversary may hit. 14 of the 36 throws hit it."
            ),
            "{text}"
        );
    }

    #[test]
    fn the_dice_of_the_last_play_say_they_stay_until_the_next_throw() {
        // Given a game waiting for its opening throw, and a die left from a play
        let game = Game::new(Rules::preset(Preset::Irish)).unwrap();
        let die = ShownDie {
            at: egui::pos2(200.0, 350.0),
            face: 5,
            angle: 0.0,
            spent: true,
            colour: crate::players::Colour::Black,
        };
        let text = describe(
            Place::Die(0),
            &game,
            Side::White,
            ["White", "Black"],
            &[die],
        );
        assert!(text.contains("its move is played"), "{text}");
        assert!(
            text.contains("stay where they fell until the next throw"),
            "{text}"
        );
        assert!(!text.contains("click the dice to lift them"), "{text}");
    }
}
