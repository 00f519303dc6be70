//! The first-game guide: an optional walk through a first game, step by step on the board —
//! the tables and the array of the men, the throw-off, the first moves, hitting and entering,
//! binding, bearing off and winning — following the rules in force, and following the game:
//! each step is shown while the game is at its part, and the guide catches up whenever the
//! game goes past a step (the first ones included, or a hit the game went by without), whether
//! or not Next was pressed.

use egui::RichText;

use crate::tables::{BearOff, Doublets, Game, Phase, Rules, Side, Stakes};
use crate::ui::tables::board_view::Place;

/// What a step waits for before the guide moves on by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// Nothing of its own: it is done once the game has done what a later step waits for
    /// (or the person moves on with Next).
    Nothing,
    /// The opening throw-off has been thrown.
    ThrowOff,
    /// The person has moved a man.
    FirstPlay,
    /// A man has been hit and has entered again.
    Entered,
    /// The person's men are all in his home table: he may bear off.
    Home,
    /// The game is over.
    Over,
}

/// One lesson of the first-game guide (named so, not `Step`, which is a man moved by one die).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    pub title: &'static str,
    pub text: String,
    pub wait: Wait,
    /// Points (the bottom side's numbering) to ring on the board.
    pub points: Vec<u8>,
}

/// The lessons of the guide for a game under `rules`, seen by the side at the bottom.
#[must_use]
pub fn lessons(rules: &Rules, game: &Game, bottom: Side, ace_left: bool) -> Vec<Lesson> {
    let (home_side, outer_side) = if ace_left {
        ("left", "right")
    } else {
        ("right", "left")
    };
    let start = game.start();
    let start = if bottom == Side::White {
        start
    } else {
        start.switched()
    };
    let array: Vec<u8> = (1..=24u8)
        .filter(|&p| start.at(usize::from(p)) > 0)
        .collect();
    let array_words: Vec<String> = array
        .iter()
        .rev()
        .map(|&p| {
            let n = start.at(usize::from(p));
            let name = crate::teaching::points::point_words_in(
                p,
                crate::teaching::points::Naming::of(rules),
                "your",
                "the adversary's",
            );
            format!("{n} on {name}")
        })
        .collect();
    let doublets = match rules.doublets {
        Doublets::Single => {
            "Doublets are nothing special here: a throw of two sices moves two sices."
        }
        Doublets::Double => "Doublets are played twice over: two sices move four sices.",
        Doublets::Treble => "By this house rule doublets are played three times.",
    };
    let bearing = match rules.bear_off {
        BearOff::OverEdge => {
            "Any die that carries a man past your ace point bears him off, as Willughby allows."
        }
        BearOff::Modern => {
            "A die bears off a man from its own point, or from your highest point when it is larger."
        }
        BearOff::Exact => {
            "Only an exact die bears a man off: a cater from your cater point, and so on."
        }
    };
    let stakes = match rules.stakes {
        Stakes::Single => "In Irish the winner takes a single stake, however he wins.".to_string(),
        // The numbers as the engine scores them, from the words New game gives the stakes.
        Stakes::Willughby | Stakes::Cotton => {
            let option = &crate::tables::options::STAKES;
            option.chosen(rules).map_or_else(String::new, |value| {
                let scale = crate::teaching::rules_text::value_explanation(option, value);
                format!("The winner takes {scale}")
            })
        }
        Stakes::Gammons => {
            "The winner takes one stake, two for a gammon (the loser bore off none), three for a backgammon.".to_string()
        }
        Stakes::Nard => "The winner counts the loser's men left, more for those far from home.".to_string(),
    };
    let opening = match game.phase() {
        Phase::ThrowOff => "Throw now: click either dice box or press Space.",
        _ => "The throw-off is already thrown in this game.",
    };
    let tables = if rules.tick_tack {
        format!(
            "The board is a pair of tables, hinged in the middle: twenty-four points, six in each \
             table. At Tick-tack each side names the points from where his men begin: your home \
             table is at the top {home_side} (its points are named ace, deuce, trey, cater, cinque \
             and sice, like the faces of a die), your second table at the top {outer_side}; the \
             adversary's are across from them, named the same way from his own ace point. Your men \
             travel from your ace point through your second table, round into the adversary's \
             tables, and off the board from his home table."
        )
    } else {
        format!(
            "The board is a pair of tables, hinged in the middle: twenty-four points, six in each \
             table. Your home table is at the bottom {home_side} (its points are named ace, deuce, \
             trey, cater, cinque and sice, like the faces of a die), your outer table at the bottom \
             {outer_side} (its points are your 7 to 12); the adversary's are across from them, \
             named the same way from his own ace point. Your men travel from the adversary's side \
             round to your home table, and off the board."
        )
    };
    let mut lessons = vec![
        Lesson {
            title: "The tables",
            text: format!(
                "{tables}\n\n\
                 Without a mouse: Right and Left walk the places in the order of play, Down and Up \
                 go to the next man who may move or point he may reach, Enter picks a man up and \
                 sets him down, Space throws, and W says where every man stands. Help → Keys \
                 lists every key."
            ),
            wait: Wait::Nothing,
            points: if rules.tick_tack {
                vec![19, 20, 21, 22, 23, 24]
            } else {
                vec![1, 2, 3, 4, 5, 6]
            },
        },
        Lesson {
            title: "The array of the men",
            text: format!(
                "Each side has fifteen men. Yours stand {}, ringed on the board; the adversary's stand \
                 the same way on his side, for his points are counted from his own ace point.",
                array_words.join(", ")
            ),
            wait: Wait::Nothing,
            points: array,
        },
        Lesson {
            title: "The throw-off",
            text: format!(
                "To begin, each side throws one die; the higher throw begins (equal throws are thrown again). {opening}"
            ),
            wait: Wait::ThrowOff,
            points: Vec::new(),
        },
        Lesson {
            title: "Moving the men",
            text: format!(
                "Each die moves one man that many points toward your home. Click a man: the points he \
                 may reach light up, and a click there moves him. One man may take both dice, pausing \
                 on the point between: that is playing at length, and the point between must be open \
                 too. {doublets} A point held by two or more of the adversary's men is closed to you. \
                 When you have played, lift the dice (Enter, or click them)."
            ),
            wait: Wait::FirstPlay,
            points: Vec::new(),
        },
        Lesson {
            title: "Blots, hitting and entering",
            text: "A man alone on a point is a blot. A man who lands on the adversary's blot hits it \
                   (nips it, if he only passes over it in playing at length): the blot goes to the bar, \
                   and must enter again in the adversary's home table — a die of cater enters on his \
                   cater point — before any other man of his side may move. Hover over a blot to see \
                   how many throws hit it."
                .into(),
            wait: Wait::Entered,
            points: Vec::new(),
        },
        Lesson {
            title: "Taking points, binding the table",
            text: format!(
                "Two men together take a point: no adversary may land there. With two or more men on \
                 each of your six home points you have bound your table, and a man of the adversary's \
                 on the bar cannot enter. {}",
                match rules.bound_table {
                    crate::tables::BoundTable::Break => "By Willughby's rule the bound table must then be broken: both throw, and the higher throw chooses the point that goes back to the bar but one man.",
                    crate::tables::BoundTable::Wait => "He simply waits until a point opens.",
                    crate::tables::BoundTable::Loses => "By Alfonso's prime of tables, he then loses the game.",
                }
            ),
            wait: Wait::Home,
            points: Vec::new(),
        },
        Lesson {
            title: "Bearing off",
            text: format!(
                "When all fifteen of your men are in your home table (none on the bar), you bear them \
                 off. {bearing} A man hit after you began must come home again before you go on."
            ),
            wait: Wait::Over,
            points: Vec::new(),
        },
        Lesson {
            title: "Winning",
            text: format!(
                "The first to bear off all his men wins. {stakes} The story of the game, on the right, \
                 tells every turn in these words; hover over the board to have any part of it named."
            ),
            wait: Wait::Nothing,
            points: Vec::new(),
        },
    ];
    if rules.tick_tack {
        tick_tack(rules, &mut lessons);
    }
    lessons
}

/// Tick-tack's own steps in place of Irish's: no man is hit, one man closes a point, and the
/// game is won by its scores.
fn tick_tack(rules: &Rules, lessons: &mut [Lesson]) {
    let scores = if rules.first_score_ends {
        "The first score wins the game: a hit is a single game; going in, filling your second \
         table and bearing off all your men are double games."
            .to_string()
    } else {
        format!(
            "Scores add up, and the first to {} points wins: a hit counts one; going in, filling \
             your second table and bearing off all your men count two each.",
            rules.score_to
        )
    };
    for lesson in lessons.iter_mut() {
        match lesson.title {
            "Moving the men" => {
                lesson.text = lesson.text.replace(
                    "A point held by two or more of the adversary's men is closed to you.",
                    "A point where any man of the adversary's stands, even one, is closed to you.",
                );
            }
            "Blots, hitting and entering" => {
                lesson.title = "Hits and the why-not";
                lesson.text = "At Tick-tack no man is ever taken up. A throw by which one of your \
                               men could reach a lone man of the adversary's gives you a hit, unless \
                               a point he cannot rest on stands in the way: claim it while you play \
                               that throw (Claim a hit, or C). If you let it pass, the adversary may \
                               ask you why not before he throws, and the point is his. Two men of \
                               yours coming in together on his eleventh point is going in."
                    .into();
                lesson.wait = Wait::Nothing;
            }
            "Taking points, binding the table" => {
                lesson.title = "Filling your second table";
                lesson.text = "A man of yours alone on a point keeps the adversary off it. Fill \
                               every point of your second table with your own men and you win a \
                               double game; one man of his standing there is enough to stop you."
                    .into();
            }
            "Bearing off" => {
                lesson.text = lesson
                    .text
                    .replace(
                        "in your home table (none on the bar)",
                        "in the adversary's home table",
                    )
                    .replace(
                        " A man hit after you began must come home again before you go on.",
                        "",
                    );
            }
            "Winning" => {
                lesson.text = format!(
                    "{scores} The story of the game, on the right, tells every turn in these \
                     words; hover over the board to have any part of it named."
                );
            }
            _ => {}
        }
    }
}

/// Whether the game has done what a step waits for. The later parts of a game come in order,
/// so a step also counts as done once the game has gone on to a later part without it.
#[must_use]
pub fn satisfied(wait: Wait, game: &Game, person: Side) -> bool {
    match wait {
        Wait::Nothing => false,
        Wait::Over => game.is_over(),
        Wait::Home => game.position_for(person).all_home() || satisfied(Wait::Over, game, person),
        Wait::Entered => {
            let on_bar = |pos: &crate::tables::Position| pos.bar() + pos.adversary_bar() > 0;
            (was_hit(game) && !on_bar(&game.position())) || satisfied(Wait::Home, game, person)
        }
        Wait::ThrowOff => game.phase() != Phase::ThrowOff,
        // The person (the side at the bottom) has moved a man: not merely that a turn has
        // passed, which the computer's first play does.
        Wait::FirstPlay => {
            // His own men only: the adversary's play moves the adversary's.
            let own = |pos: &crate::tables::Position| -> Vec<i8> {
                (1..=25).map(|p| pos.at(p).max(0)).collect()
            };
            let start = Game::new(game.rules().clone())
                .map(|g| own(&g.position_for(person)))
                .ok();
            start.is_some_and(|s| s != own(&game.position_for(person)))
        }
    }
}

/// Whether a man has stood on the bar at some moment of the game: its record replayed from
/// its start through the rules' gate.
fn was_hit(game: &Game) -> bool {
    let Ok(mut replay) = Game::with_tally(game.rules().clone(), game.tally_before()) else {
        return false;
    };
    for action in game.record() {
        if replay.apply(*action).is_err() {
            return false;
        }
        let pos = replay.position();
        if pos.bar() + pos.adversary_bar() > 0 {
            return true;
        }
    }
    false
}

/// What the person did with the guide this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuideChoice {
    Stay,
    Back,
    Next,
    Close,
}

/// The step the game is at: the one after the last step whose part the game has done. A step
/// that waits for nothing (the tables, the array) is done once a later one is, so a person who
/// throws without reading on is met by the step of his throw.
#[must_use]
pub fn part_of_the_game(steps: &[Lesson], game: &Game, person: Side) -> usize {
    steps
        .iter()
        .rposition(|s| satisfied(s.wait, game, person))
        .map_or(0, |i| (i + 1).min(steps.len().saturating_sub(1)))
}

/// The guide's step, drawn in the side panel beside the board (never over the men or the
/// table it talks about); returns what was clicked. Its title and its buttons stay in view:
/// only its text scrolls, in at most `text_height`.
pub fn panel(
    ui: &mut egui::Ui,
    step: &Lesson,
    index: usize,
    count: usize,
    text_height: f32,
) -> GuideChoice {
    let mut choice = GuideChoice::Stay;
    ui.group(|ui| {
        ui.label(
            RichText::new(format!(
                "First game guide: {} ({}/{count})",
                step.title,
                index + 1
            ))
            .strong()
            .size(18.0),
        );
        egui::ScrollArea::vertical()
            .id_salt("the guide's text")
            .max_height(text_height)
            .auto_shrink([false, true])
            .show(ui, |ui| ui.label(&step.text));
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(index > 0, egui::Button::new("Back"))
                .clicked()
            {
                choice = GuideChoice::Back;
            }
            let next = if index + 1 == count { "Done" } else { "Next" };
            if ui.button(next).clicked() {
                choice = if index + 1 == count {
                    GuideChoice::Close
                } else {
                    GuideChoice::Next
                };
            }
            if ui.button("Close the guide").clicked() {
                choice = GuideChoice::Close;
            }
        });
    });
    ui.add_space(6.0);
    choice
}

/// The guide at step `at` (while it is open) for the game in play, in the side panel: it
/// follows the game, catching up with it whenever the game comes to a later part than the
/// step shown, and follows Back, Next and Close between, for reading back and ahead (a step
/// read back to stays until the game moves on again). `text_height`: the most its text takes.
pub fn show(
    ui: &mut egui::Ui,
    at: &mut Option<usize>,
    game: &Game,
    bottom: Side,
    ace_left: bool,
    text_height: f32,
) {
    // The part of the game the guide last saw: it catches up only when the game moves on.
    let seen_id = egui::Id::unique("guide-part-of-the-game-seen");
    let Some(mut index) = *at else {
        ui.data_mut(|d| d.remove::<usize>(seen_id));
        return;
    };
    let steps = lessons(game.rules(), game, bottom, ace_left);
    let part = part_of_the_game(&steps, game, bottom);
    let seen = ui.data(|d| d.get_temp::<usize>(seen_id));
    if seen != Some(part) {
        ui.data_mut(|d| d.insert_temp(seen_id, part));
        if seen.is_none_or(|s| part > s) && part > index {
            index = part;
            *at = Some(part);
        }
    }
    let Some(step) = steps.get(index) else {
        *at = None;
        return;
    };
    match panel(ui, step, index, steps.len(), text_height) {
        GuideChoice::Stay => {}
        GuideChoice::Back => *at = Some(index.saturating_sub(1)),
        GuideChoice::Next => *at = Some(index + 1),
        GuideChoice::Close => *at = None,
    }
}

/// The points a step rings, as board places.
#[must_use]
pub fn places(step: &Lesson) -> Vec<Place> {
    step.points.iter().map(|&p| Place::Point(p)).collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::tables::Preset;

    #[test]
    fn the_guide_gives_cottons_stakes_in_the_engines_numbers() {
        // Given Cotton's Early Backgammon
        let rules = Rules::preset(Preset::BackgammonCotton);
        let game = Game::new(rules.clone()).unwrap();
        // When the guide is read
        let text: String = lessons(&rules, &game, Side::White, false)
            .iter()
            .map(|l| l.text.clone())
            .collect();
        // Then it says what each win scores, not only "more"
        assert!(
            text.contains("The winner takes 1 stake for a plain win, 2 for the last man borne off with doublets, 3 for a back-gammon"),
            "{text}"
        );
    }

    #[test]
    fn the_guide_to_tick_tack_tells_tick_tacks_board_and_scores_not_irishs() {
        // Given Tick-tack, its scores adding up to twelve
        let mut rules = Rules::preset(Preset::TickTack);
        rules.first_score_ends = false;
        let game = Game::new(rules.clone()).unwrap();
        // When the guide is read
        let lessons = lessons(&rules, &game, Side::White, false);
        let text: String = lessons.iter().map(|l| l.text.clone() + "\n").collect();
        // Then the men start on the side's own ace point, named as the board names it
        assert!(text.contains("15 on your ace point"), "{text}");
        assert!(
            text.contains("your home table is at the top right"),
            "{text}"
        );
        // And no man is hit, sent to the bar or entered, and one man closes a point
        for irish in [
            "to the bar",
            "enter again",
            "two or more of the adversary's men",
            "none on the bar",
            "A man hit after",
        ] {
            assert!(!text.contains(irish), "{irish}: {text}");
        }
        assert!(text.contains("even one, is closed to you"), "{text}");
        assert!(lessons.iter().any(|l| l.title == "Hits and the why-not"));
        // And the game is won by its scores
        assert!(text.contains("the first to 12 points wins"), "{text}");
        assert!(!text.contains("In Irish"), "{text}");
        // While Irish's guide is Irish's
        let irish = Rules::preset(Preset::Irish);
        let game = Game::new(irish.clone()).unwrap();
        let text: String = super::lessons(&irish, &game, Side::White, false)
            .iter()
            .map(|l| l.text.clone())
            .collect();
        assert!(text.contains("goes to the bar"), "{text}");
        assert!(
            text.contains("Your men travel from the adversary's side"),
            "{text}"
        );
    }
}
