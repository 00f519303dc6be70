//! The tutor at the table: a choice a person is about to make (the play before the dice are
//! lifted, a cube action, the point broken of a bound table, Double-hand's throw) judged by the
//! computer, and, if it loses at least the mark the person asked to be warned of, what the
//! tutor says: the choice and the better one in the period's words, and the better choice
//! itself, for the window to draw. At Tick-tack a claim let pass comes first ([`ticktack`]):
//! the dice lifted on a hit neither claimed nor bettered, or on a going in missed, and a throw
//! (or a vie) that gives up the claim of the adversary's miss. Free of any window code; the window asks on a thread of its
//! own and decides what to do with the answer.
//!
//! The tutor judges at [`LEVEL`], fair: every play valued by the evaluation, without looking
//! ahead. `cargo run --release -p gamester-train --example tutor_level` measured, over 627 plays of modern,
//! Irish, Fails and Nard: fair judges a play in 0.04 ms (median; 1.9 ms at most), the expert's
//! two throws ahead in 136 ms (median; 379 ms at the 90th percentile, 1.2 s at most), too slow
//! to answer the lifting of the dice at once. Fair agrees with the expert on whether a play
//! loses at least doubtful in 581 of the 627 plays, and at least bad in 578.

mod ticktack;

use crate::ai::judge::{Judge, Mark};
use crate::level::Level;
use crate::tables::{Action, Claim, CubeChoice, Game, Phase, Play, Position, Side};
use crate::teaching::points::point_words;
use crate::teaching::terms::throw_words;
use crate::teaching::verdict::play_verdict;

/// The level the tutor judges at: quick enough to answer at once (see the module's note).
pub const LEVEL: Level = Level::Fair;

/// A choice the tutor looks at before it is carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chosen {
    /// The play of the throw as the men stand now, the dice about to be lifted.
    Play,
    /// A cube action (not doubling is throwing when the side could double).
    Cube(CubeChoice),
    /// The point of the bound table to break, in the binder's numbering.
    Break(u8),
    /// Double-hand Irish: the throw played, 0 or 1.
    Throw(u8),
    /// Tick-tack: throwing (or vying) while a claim of the adversary's miss is open, which
    /// gives it up.
    LetPass,
}

impl Chosen {
    /// The choice `action` makes in `game`, if it is one the tutor looks at and the game would
    /// accept it now: lifting the dice, doubling, taking, dropping, breaking, choosing a throw.
    #[must_use]
    pub fn of(game: &Game, action: Action) -> Option<Chosen> {
        let chosen = match action {
            Action::Confirm => return game.may_confirm().then_some(Chosen::Play),
            Action::Double if ticktack::claims_open(game, game.turn()) => Chosen::LetPass,
            Action::Double => Chosen::Cube(CubeChoice::Double),
            Action::Take => Chosen::Cube(CubeChoice::Take),
            Action::Drop => Chosen::Cube(CubeChoice::Drop),
            Action::Break(point) => Chosen::Break(point),
            Action::ChooseThrow(i) => Chosen::Throw(i),
            _ => return None,
        };
        game.choices().contains(&action).then_some(chosen)
    }

    /// Throwing the dice in `game`: at Tick-tack, while a claim is open to the side to throw,
    /// letting it pass; when the side could double instead, not doubling.
    #[must_use]
    pub fn by_throwing(game: &Game) -> Option<Chosen> {
        if game.phase() == Phase::ToThrow && ticktack::claims_open(game, game.turn()) {
            return Some(Chosen::LetPass);
        }
        (game.phase() == Phase::ToThrow && game.choices().contains(&Action::Double))
            .then_some(Chosen::Cube(CubeChoice::NoDouble))
    }
}

/// The better choice the tutor points to.
#[derive(Clone, Debug, PartialEq)]
pub enum Better {
    /// The better play of the throw, from `before`, where the men stood when it was thrown
    /// (seen from the mover).
    Play {
        before: Position,
        play: Play,
    },
    Cube(CubeChoice),
    /// The better point to break, in the binder's numbering.
    Break {
        binder: Side,
        point: u8,
    },
    Throw(u8),
    /// Tick-tack: a claim to make first.
    Claim(Claim),
}

/// What the tutor says of a choice that loses at least the mark asked.
#[derive(Clone, Debug, PartialEq)]
pub struct Warning {
    pub mark: Mark,
    /// What the choice loses against the better one (stakes per unit of the cube).
    pub loss: f32,
    /// "A bad play", "A doubtful take".
    pub heading: String,
    /// The choice and the better one told in the period's words, with what it loses.
    pub text: String,
    pub better: Better,
}

/// Judges `chosen` in `game` at [`LEVEL`]: the warning if it loses at least `least`, `None` if
/// it loses less (or there was nothing to choose). `colours` are the sides' colour words,
/// White's first, as the story names them ("Black").
#[must_use]
pub fn check(game: &Game, chosen: Chosen, least: Mark, colours: [&str; 2]) -> Option<Warning> {
    let missed = match chosen {
        Chosen::Play => ticktack::play_lets_pass(game, colours),
        Chosen::LetPass => ticktack::throw_lets_pass(game, colours),
        _ => None,
    };
    if let Some(missed) = missed {
        let mark = Mark::of(missed.loss);
        return (mark >= least && mark > Mark::Ok).then_some(Warning {
            mark,
            loss: missed.loss,
            heading: missed.heading,
            text: missed.text,
            better: missed.better,
        });
    }
    let judge = Judge::new(game.rules(), LEVEL);
    let actor = game.actor()?;
    let whose = |side: Side| format!("{}'s", colours[side.index()]);
    let (loss, text, better) = match chosen {
        Chosen::LetPass => return None,
        Chosen::Play => {
            let side = game.turn();
            let throw = game.throw()?;
            let before = as_thrown(game)?.position_for(side);
            let j = judge.play_in(game, &before, throw, &game.position_for(side))?;
            let loss = j.loss();
            let text = play_verdict(
                game.rules(),
                &before,
                &j.played,
                &j.best,
                loss,
                &whose(side.other()),
            );
            let better = Better::Play {
                before,
                play: j.best,
            };
            (loss, text, better)
        }
        Chosen::Cube(choice) => {
            let (best, loss) = judge.cube(game, choice)?;
            let text = format!(
                "To {} would lose {loss:.3} stakes; better is to {}.",
                cube_words(choice),
                cube_words(best)
            );
            (loss, text, Better::Cube(best))
        }
        Chosen::Break(point) => {
            let Phase::ChooseBreak { binder, .. } = game.phase() else {
                return None;
            };
            let (best, loss) = judge.broken(game, point)?;
            let owner = if binder == actor {
                "your".to_string()
            } else {
                whose(binder)
            };
            let named = |p: u8| point_words(p, &owner, &owner);
            let text = format!(
                "To break the bound table at {} would lose {loss:.3} stakes; better is {}.",
                named(point),
                named(best)
            );
            (
                loss,
                text,
                Better::Break {
                    binder,
                    point: best,
                },
            )
        }
        Chosen::Throw(i) => {
            let (best, loss) = judge.chosen_throw(game, i)?;
            // "the second throw, deuce and ace": the throw's words stand between commas.
            let named = |i: u8, after: &str| {
                let which = if i == 0 { "first" } else { "second" };
                game.throws()
                    .get(usize::from(i))
                    .map_or(format!("the {which} throw"), |t| {
                        format!("the {which} throw, {}{after}", throw_words(t))
                    })
            };
            let text = format!(
                "To play {} would lose {loss:.3} stakes; better is {}.",
                named(i, ","),
                named(best, "")
            );
            (loss, text, Better::Throw(best))
        }
    };
    let mark = Mark::of(loss);
    (mark >= least && mark > Mark::Ok).then(|| Warning {
        mark,
        loss,
        heading: heading(mark, chosen),
        text,
        better,
    })
}

/// `game` as it stood when the throw being played was thrown: every step of it taken back.
fn as_thrown(game: &Game) -> Option<Game> {
    let mut start = game.clone();
    for _ in 0..game.steps_played().len() {
        start.apply(Action::Undo).ok()?;
    }
    Some(start)
}

/// A cube choice as the tutor says it after "to": "double", "drop, paying the stake".
fn cube_words(choice: CubeChoice) -> &'static str {
    match choice {
        CubeChoice::Double => "double now",
        CubeChoice::NoDouble => "throw without doubling",
        CubeChoice::Take => "take the double",
        CubeChoice::Drop => "drop the double, paying the stake",
    }
}

/// "A bad play", "A very bad take", "A doubtful choice of throw".
fn heading(mark: Mark, chosen: Chosen) -> String {
    let how = match mark {
        Mark::Ok => "a good",
        Mark::Doubtful => "a doubtful",
        Mark::Bad => "a bad",
        Mark::VeryBad => "a very bad",
    };
    let what = match chosen {
        Chosen::Play => "play",
        Chosen::Cube(CubeChoice::Double) => "double",
        Chosen::Cube(CubeChoice::NoDouble) => "throw without doubling",
        Chosen::Cube(CubeChoice::Take) => "take",
        Chosen::Cube(CubeChoice::Drop) => "drop",
        Chosen::Break(_) => "point to break",
        Chosen::Throw(_) => "choice of throw",
        Chosen::LetPass => "claim let pass",
    };
    let mut words = format!("{how} {what}");
    words.replace_range(0..1, "A");
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::notation::format_play;
    use crate::tables::{Layout, Opening, Preset, Rules, Throw};

    const COLOURS: [&str; 2] = ["White", "Black"];

    /// A game under `rules` from `position` (White's view), White having won the throw-off
    /// and thrown `faces`.
    fn thrown(mut rules: Rules, position: &str, faces: &[u8]) -> Game {
        let pos: Position = position.parse().unwrap();
        rules.layout = Layout::Custom(pos.to_setup(Side::White));
        rules.opening = Opening::ThrowAgain;
        let mut game = Game::new(rules).unwrap();
        game.apply(Action::ThrowOff { white: 6, black: 1 }).unwrap();
        if !faces.is_empty() {
            game.apply(Action::Throw(Throw::new(faces).unwrap()))
                .unwrap();
        }
        game
    }

    /// `game` with the play written `text` made, the dice not yet lifted.
    fn played(game: &Game, text: &str) -> Game {
        let pos = game.position_for(game.turn());
        let play = game
            .legal_plays()
            .into_iter()
            .find(|p| format_play(&pos, &p.steps.to_vec(), game.rules().bear_off) == text)
            .unwrap_or_else(|| panic!("no play {text}"));
        let mut game = game.clone();
        for step in play.steps.iter() {
            game.apply(Action::Step(step)).unwrap();
        }
        game
    }

    const OPENING: &str = "24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5";

    #[test]
    fn a_clearly_bad_play_is_pointed_out_with_the_better_play() {
        for preset in [Preset::Modern, Preset::Irish] {
            // Given the opening array and White's 4 and 2, played 8/6 8/4: two blots in his
            // outer and home tables, where 8/4 6/4 makes his cater point
            let game = thrown(Rules::preset(preset), OPENING, &[4, 2]);
            let made = played(&game, "8/6 8/4");
            // When the tutor looks at it before the dice are lifted
            let chosen = Chosen::of(&made, Action::Confirm);
            assert_eq!(chosen, Some(Chosen::Play));
            let warning = check(&made, Chosen::Play, Mark::Bad, COLOURS).expect("a warning");
            // Then it is a very bad play, the better play is 8/4 6/4 from where the men
            // stood when the dice were thrown, and the words say so
            assert_eq!(warning.mark, Mark::VeryBad, "{preset:?}");
            assert_eq!(warning.heading, "A very bad play");
            let Better::Play { before, play } = &warning.better else {
                panic!("{:?}", warning.better);
            };
            assert_eq!(*before, game.position_for(Side::White));
            let bear_off = game.rules().bear_off;
            assert_eq!(
                format_play(before, &play.steps.to_vec(), bear_off),
                "8/4 6/4"
            );
            assert!(
                warning.text.contains("better was 8/4 6/4"),
                "{}",
                warning.text
            );
            assert!(
                warning.text.starts_with("Playing from your 8 point"),
                "{}",
                warning.text
            );
        }
    }

    #[test]
    fn the_best_play_goes_through() {
        let game = thrown(Rules::preset(Preset::Irish), OPENING, &[4, 2]);
        let made = played(&game, "8/4 6/4");
        assert_eq!(check(&made, Chosen::Play, Mark::Doubtful, COLOURS), None);
    }

    #[test]
    fn a_doubtful_play_is_pointed_out_only_to_who_asked_for_doubtful_ones() {
        // Given Irish's opening 4 and 2 played 24/22 13/9, which fair judges a doubtful play
        let game = thrown(Rules::preset(Preset::Irish), OPENING, &[4, 2]);
        let made = played(&game, "24/22 13/9");
        // Then it is pointed out when doubtful plays are asked for, and not when bad ones are
        let warning = check(&made, Chosen::Play, Mark::Doubtful, COLOURS).expect("a warning");
        assert_eq!(warning.mark, Mark::Doubtful);
        assert_eq!(warning.heading, "A doubtful play");
        assert_eq!(check(&made, Chosen::Play, Mark::Bad, COLOURS), None);
    }

    #[test]
    fn a_double_of_a_lost_race_and_its_drop_are_pointed_out() {
        // Given a race White loses but for doublets, the cube in play, White to throw
        let mut rules = Rules::preset(Preset::Modern);
        rules.cube = true;
        let game = thrown(rules, "6:2 5:1 / 1:2", &[]);
        // When White would double, then Black would drop
        assert_eq!(
            Chosen::of(&game, Action::Double),
            Some(Chosen::Cube(CubeChoice::Double))
        );
        let double = check(&game, Chosen::Cube(CubeChoice::Double), Mark::Bad, COLOURS);
        let mut doubled = game.clone();
        doubled.apply(Action::Double).unwrap();
        let drop = check(&doubled, Chosen::Cube(CubeChoice::Drop), Mark::Bad, COLOURS);
        // Then both are pointed out, with the better choice
        let double = double.expect("the double is pointed out");
        assert_eq!(double.better, Better::Cube(CubeChoice::NoDouble));
        assert_eq!(double.heading, "A very bad double");
        assert!(
            double.text.starts_with("To double now would lose ")
                && double
                    .text
                    .ends_with("better is to throw without doubling."),
            "{}",
            double.text
        );
        let drop = drop.expect("the drop is pointed out");
        assert_eq!(drop.better, Better::Cube(CubeChoice::Take));
        // And the take, and not doubling, go through
        assert_eq!(
            check(
                &doubled,
                Chosen::Cube(CubeChoice::Take),
                Mark::Doubtful,
                COLOURS
            ),
            None
        );
        assert_eq!(
            Chosen::by_throwing(&game),
            Some(Chosen::Cube(CubeChoice::NoDouble))
        );
        assert_eq!(
            check(
                &game,
                Chosen::Cube(CubeChoice::NoDouble),
                Mark::Doubtful,
                COLOURS
            ),
            None
        );
    }

    #[test]
    fn throwing_is_a_cube_choice_only_where_the_side_could_double() {
        let game = thrown(Rules::preset(Preset::Irish), OPENING, &[]);
        assert_eq!(Chosen::by_throwing(&game), None, "no cube in Irish");
        assert_eq!(Chosen::of(&game, Action::Double), None);
        assert_eq!(Chosen::of(&game, Action::Confirm), None, "nothing to lift");
    }

    #[test]
    fn breaking_a_bound_table_where_most_men_stand_is_pointed_out() {
        // Given White's bound table, three men on his sice point, Black on the bar, and White
        // choosing the point to break
        let mut rules = Rules::preset(Preset::Irish);
        let pos: Position = "6:3 5:2 4:2 3:2 2:2 1:2 13:2 / bar:1 13:5 8:4 6:5"
            .parse()
            .unwrap();
        rules.layout = Layout::Custom(pos.to_setup(Side::White));
        rules.opening = Opening::ThrowAgain;
        let mut game = Game::new(rules).unwrap();
        game.apply(Action::ThrowOff { white: 1, black: 6 }).unwrap();
        game.apply(Action::BreakThrowOff {
            white: [6, 5],
            black: [1, 2],
        })
        .unwrap();
        // When he would break it on his sice point
        let chosen = Chosen::of(&game, Action::Break(6)).expect("a choice");
        let warning = check(&game, chosen, Mark::Bad, COLOURS).expect("a warning");
        // Then the better point is his ace point, named as his own
        assert_eq!(
            warning.better,
            Better::Break {
                binder: Side::White,
                point: 1
            }
        );
        assert!(
            warning
                .text
                .starts_with("To break the bound table at your sice point would lose"),
            "{}",
            warning.text
        );
        assert!(warning.text.ends_with("better is your ace point."));
        assert_eq!(
            check(&game, Chosen::Break(1), Mark::Doubtful, COLOURS),
            None
        );
    }

    #[test]
    fn double_hand_choosing_the_smaller_throw_is_pointed_out() {
        // Given Double-hand Irish, Black's partners having thrown doublet sices and ace-deuce
        let mut rules = Rules::preset(Preset::Irish);
        rules.players = crate::tables::Players::DoubleHand;
        let mut game = thrown(rules, OPENING, &[2, 1]);
        let first = game.legal_plays()[0];
        game.apply_play(&first).unwrap();
        game.apply(Action::Throw(Throw::two(6, 6).unwrap()))
            .unwrap();
        game.apply(Action::Throw(Throw::two(2, 1).unwrap()))
            .unwrap();
        // When Black would play the ace-deuce
        let chosen = Chosen::of(&game, Action::ChooseThrow(1)).expect("a choice");
        let warning = check(&game, chosen, Mark::Doubtful, COLOURS).expect("a warning");
        // Then the better throw is the first
        assert_eq!(warning.better, Better::Throw(0));
        assert!(
            warning
                .text
                .starts_with("To play the second throw, deuce and ace, would lose")
                && warning
                    .text
                    .ends_with("better is the first throw, doublet sices."),
            "{}",
            warning.text
        );
    }
}
