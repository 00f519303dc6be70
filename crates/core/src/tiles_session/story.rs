//! The story of a tiles game in words, a line for each event: "Robin sets the double sice",
//! "Kate draws", "Tom knocks", "Muggins! 15 at the ends scores 3", "You: domino!". The
//! numbers are named in the period words (blank, ace, deuce, trey, cater, cinque, sice).

use crate::tiles::{End, Event, Game, Kind, MugginsScore, end_word};

/// The line the story tells of `event`, made by the action that turned `before` into `after`;
/// `name` names a player.
pub fn tell(
    event: &Event,
    before: &Game,
    after: &Game,
    name: &dyn Fn(usize) -> String,
) -> Option<String> {
    let rules = after.rules();
    Some(match event {
        Event::Dealt { hand, boneyard } => {
            let each = rules.hand_size;
            let yard = if rules.kind == Kind::Block {
                String::new()
            } else {
                format!(", {boneyard} in the boneyard")
            };
            format!("Hand {hand} is dealt: {each} tiles each{yard}.")
        }
        Event::Threw { faces, setter } => {
            let thrown: Vec<String> = faces
                .iter()
                .enumerate()
                .map(|(p, f)| format!("{} a {}", name(p), end_word(*f)))
                .collect();
            match setter {
                Some(p) => format!(
                    "Each throws a die for the set: {}. {} highest and {}.",
                    thrown.join(", "),
                    does(&name(*p), "throws", "throw"),
                    verb(&name(*p), "sets", "set")
                ),
                None => format!(
                    "Each throws a die for the set: {}. The highest is tied; they throw again.",
                    thrown.join(", ")
                ),
            }
        }
        Event::ToSet { player, tile } => match tile {
            Some(t) => format!(
                "{} the {}, the highest, and {} it.",
                does(&name(*player), "has", "have"),
                t.words(),
                verb(&name(*player), "sets", "set")
            ),
            None => format!("{} to set.", does(&name(*player), "is", "are")),
        },
        Event::Laid { player, tile, end } => {
            if before.line().is_empty() {
                format!(
                    "{} the {}.",
                    does(&name(*player), "sets", "set"),
                    tile.words()
                )
            } else {
                let open = before.line().open(*end).unwrap_or(0);
                let across = if tile.is_double() { ", crosswise" } else { "" };
                format!(
                    "{} the {} on the {} at the {}{across}.",
                    does(&name(*player), "lays", "lay"),
                    tile.words(),
                    end_word(open),
                    side_words(*end)
                )
            }
        }
        Event::Scored {
            player,
            count,
            points,
        } => {
            let rate = match rules.muggins {
                MugginsScore::PerFive => "one for each five",
                MugginsScore::Pips => "the pips",
            };
            format!(
                "Muggins! {count} at the ends: {} {points} ({rate}).",
                does(&name(*player), "scores", "score")
            )
        }
        Event::Drew { player } => {
            format!(
                "{} from the boneyard.",
                does(&name(*player), "draws", "draw")
            )
        }
        Event::Knocked { player } => format!(
            "{} cannot lay and {}.",
            name(*player),
            verb(&name(*player), "knocks", "knock")
        ),
        Event::Domino { player } => format!("{}: “Domino!” The last tile is down.", name(*player)),
        Event::Blocked { pips } => {
            let counts: Vec<String> = pips
                .iter()
                .enumerate()
                .map(|(p, n)| format!("{} {n}", name(p)))
                .collect();
            format!(
                "No one can lay, and the hand ends. The pips in hand: {}.",
                counts.join(", ")
            )
        }
        Event::HandWon { player, points, .. } => format!(
            "{} the hand and {} {points} for the pips of the other hands.",
            does(&name(*player), "wins", "win"),
            verb(&name(*player), "scores", "score")
        ),
        Event::HandDrawn => "The hand is drawn: the least pips are tied, and no one scores.".into(),
        Event::GameOver { side } => match side {
            Some(s) => {
                let members: Vec<String> = (0..usize::from(rules.players))
                    .filter(|&p| rules.side_of(p) == *s)
                    .map(name)
                    .collect();
                let members: Vec<&str> = members.iter().map(String::as_str).collect();
                format!(
                    "{}.",
                    crate::teaching::terms::does(&members, "wins the game", "win the game")
                )
            }
            None => "The game is drawn.".into(),
        },
    })
}

/// "You lay", "Robin lays": the name and the verb that agrees with it.
fn does(name: &str, third: &str, plain: &str) -> String {
    crate::teaching::terms::does(&[name], third, plain)
}

/// The verb alone that agrees with a name.
fn verb<'a>(name: &str, third: &'a str, plain: &'a str) -> &'a str {
    crate::teaching::terms::agrees(&[name], third, plain)
}

/// An end of the line as the story names it.
#[must_use]
pub fn side_words(end: End) -> &'static str {
    match end {
        End::Left => "left",
        End::Right => "right",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::{Action, Deck, Preset, Rules, Tile};

    fn names(p: usize) -> String {
        ["You", "Robin", "Kate", "Tom"][p].to_string()
    }

    #[test]
    fn each_event_of_a_muggins_game_is_told_in_the_period_words() {
        // Given a game of Muggins played out by its first legal actions
        let mut game = crate::tiles::Game::new(Rules::preset(Preset::Muggins)).unwrap();
        let mut lines = Vec::new();
        let mut actions = vec![Action::Deal(Deck::shuffled(3))];
        for _ in 0..400 {
            let action = match actions.pop() {
                Some(a) => a,
                None if game.phase() == crate::tiles::Phase::ToThrow => Action::Throw(vec![6, 2]),
                None if game.phase() == crate::tiles::Phase::ToDeal => {
                    Action::Deal(Deck::shuffled(lines.len() as u64))
                }
                None => match game.legal_actions().into_iter().next() {
                    Some(a) => a,
                    None => break,
                },
            };
            let before = game.clone();
            let events = game.apply(action).unwrap();
            for e in &events {
                lines.extend(tell(e, &before, &game, &names));
            }
            if game.phase() == crate::tiles::Phase::GameOver {
                break;
            }
        }
        let all = lines.join("\n");
        // Then the set, the lays and the draws are told, with the numbers in words
        assert!(all.contains(" sets the "), "{all}");
        assert!(all.contains(" lays the "), "{all}");
        for digit_name in ["-1 ", "-2 ", "6-"] {
            assert!(!all.contains(digit_name), "{digit_name} in {all}");
        }
        // And no line is empty, and the person's verbs agree with "You"
        assert!(lines.iter().all(|l| !l.is_empty()));
        for wrong in [
            "You lays",
            "You sets",
            "You draws",
            "You knocks",
            "You wins",
            "You has",
        ] {
            assert!(!all.contains(wrong), "{wrong} in {all}");
        }
    }

    #[test]
    fn a_lay_names_the_end_and_the_number_it_matches() {
        let mut game = crate::tiles::Game::new(Rules::preset(Preset::Draw)).unwrap();
        game.apply(Action::Deal(Deck::shuffled(11))).unwrap();
        if game.phase() == crate::tiles::Phase::ToThrow {
            game.apply(Action::Throw(vec![6, 1])).unwrap();
        }
        let set = game.legal_actions()[0].clone();
        game.apply(set).unwrap();
        let lay = game
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Lay { .. }));
        if let Some(Action::Lay { tile, end }) = lay {
            let before = game.clone();
            let events = game.apply(Action::Lay { tile, end }).unwrap();
            let open = before.line().open(end).unwrap();
            let line = tell(&events[0], &before, &game, &names).unwrap();
            assert!(
                line.contains(&format!("on the {}", end_word(open))),
                "{line}"
            );
            assert!(line.contains(side_words(end)), "{line}");
            assert!(line.contains(&tile.words()), "{line}");
            let _: Tile = tile;
        }
    }
}
