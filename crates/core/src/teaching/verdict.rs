//! A judged decision told to the player who made it, in the period's words: what the play did,
//! the blots it left and how many throws hit them, the better play, and what the choice lost.
//! The analysis in the window and the tutor both speak through here; like every teaching
//! text it knows only the engine, so its callers hand it the choices as the engine names them.
//!
//! "Playing at length from your 13 point to your 7 point left a blot on your cinque point that
//! 11 of the 36 throws hit; better was 13/9 13/10, losing 0.092 stakes."

use crate::tables::ticktack::Claim;
use crate::tables::{CubeChoice, Position, Rules, Throw};

use super::blots::hitting_throws;
use super::plain::capitalised;
use super::points::point_words;
use super::terms::{describe_play, throw_words};

/// The player's own point `p` (in his numbering) named to him: "your cinque point", or past
/// his 12, "Black's 9 point".
fn yours(p: u8, adversary: &str) -> String {
    point_words(p, "your", adversary)
}

/// A play advised to the player to move, as a hint tells it: "Play at length from Black's 12
/// point to your 7 point, nipping a blot on your 10 point". His own points are "your", never
/// the story's "his".
#[must_use]
pub fn advice(
    before: &Position,
    steps: &[crate::tables::Step],
    rules: &Rules,
    adversary: &str,
) -> String {
    let third = super::terms::describe_play_as(
        before,
        steps,
        rules.bear_off,
        "your",
        adversary,
        super::points::Naming::of(rules),
    );
    let told: Vec<&str> = third
        .split(' ')
        .map(|word| match word {
            "plays" => "play",
            "enters" => "enter",
            "bears" => "bear",
            other => other,
        })
        .collect();
    capitalised(&told.join(" "))
}

/// A play told to its maker: "playing at length from your 13 point to your 7 point".
#[must_use]
pub fn playing(
    before: &Position,
    steps: &[crate::tables::Step],
    rules: &Rules,
    adversary: &str,
) -> String {
    let third = describe_play(
        before,
        steps,
        rules.bear_off,
        adversary,
        super::points::Naming::of(rules),
    );
    // The log's third person ("plays", "enters", "his") turned to the maker's own.
    let mut out = String::new();
    for (i, word) in third.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(match word {
            "plays" if i == 0 => "playing",
            "enters" if i == 0 => "entering",
            "bears" if i == 0 => "bearing",
            "plays" => "play",
            "enters" => "enter",
            "bears" => "bear",
            "his" => "your",
            "him" => "him",
            other => other,
        });
    }
    // Later men's phrases start after "and " or "; ": their verbs become gerunds too.
    for verb in ["play", "enter", "bear"] {
        for joint in ["; and ", "; ", " and "] {
            out = out.replace(&format!("{joint}{verb} "), &format!("{joint}{verb}ing "));
        }
    }
    out.replace("playing on to", "play on to")
        .replace("and bearing him off", "and bear him off")
}

/// The blots of the mover's in `after` (seen from the mover), with how many of the
/// adversary's throws hit each, most hit first: `(point, hitting, of all throws)`.
fn blots(after: &Position, rules: &Rules) -> Vec<(u8, u32, u32)> {
    let theirs = after.switched();
    let mut out: Vec<(u8, u32, u32)> = (1..=24u8)
        .filter(|&p| after.pips()[usize::from(p)] == 1)
        .map(|p| {
            let (hits, all) = hitting_throws(&theirs, usize::from(25 - p), rules);
            (p, hits, all)
        })
        .filter(|(_, hits, _)| *hits > 0)
        .collect();
    out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}

/// A judged play told to its maker (`adversary` names the other side, "Black's").
#[must_use]
pub fn play_verdict(
    rules: &Rules,
    before: &Position,
    played: &crate::tables::Play,
    best: &crate::tables::Play,
    loss: f32,
    adversary: &str,
) -> String {
    let mut text = capitalised(&playing(before, &played.steps.to_vec(), rules, adversary));
    let left = blots(&played.position, rules);
    let better_left = blots(&best.position, rules);
    // The blot the play made that the better play does not, the one most often hit.
    if let Some((p, hits, all)) = left
        .iter()
        .find(|(p, ..)| !better_left.iter().any(|(q, ..)| q == p))
    {
        text.push_str(&format!(
            " left a blot on {} that {hits} of the {all} throws hit",
            yours(*p, adversary)
        ));
    }
    if loss <= 0.0 || played.position == best.position {
        text.push_str(": the best play.");
        return text;
    }
    let best_text = super::points::play_text(before, &best.steps.to_vec(), rules);
    text.push_str(&format!(
        "; better was {best_text}, {}, losing {loss:.3} stakes.",
        playing(before, &best.steps.to_vec(), rules, adversary)
    ));
    text
}

/// A cube action told to its maker.
#[must_use]
pub fn cube_verdict(chosen: CubeChoice, best: CubeChoice, loss: f32) -> String {
    let did = match chosen {
        CubeChoice::Double => "You doubled",
        CubeChoice::NoDouble => "You threw without doubling",
        CubeChoice::Take => "You took the double",
        CubeChoice::Drop => "You dropped the double, paying the stake",
    };
    if chosen == best {
        return format!("{did}: right.");
    }
    let better = match best {
        CubeChoice::Double => "to double",
        CubeChoice::NoDouble => "to throw without doubling",
        CubeChoice::Take => "to take",
        CubeChoice::Drop => "to drop",
    };
    format!("{did}; better was {better}, losing {loss:.3} stakes.")
}

/// The breaking of a bound table told to the chooser: `points` are in the binder's numbering,
/// `binder` names the binder as the sentence should ("your" when it is the chooser himself,
/// "Black's" otherwise).
#[must_use]
pub fn break_verdict(chosen: u8, best: u8, loss: f32, binder: &str) -> String {
    let point = |p: u8| point_words(p, binder, binder);
    if chosen == best || loss <= 0.0 {
        return format!("You broke the bound table at {}: right.", point(chosen));
    }
    format!(
        "You broke the bound table at {}; better was {}, losing {loss:.3} stakes.",
        point(chosen),
        point(best)
    )
}

/// Double-hand Irish: the throw chosen told to the side that chose.
#[must_use]
pub fn throw_verdict(throws: &[Throw], chosen: u8, best: u8, loss: f32) -> String {
    let named = |i: u8| {
        let which = if i == 0 { "first" } else { "second" };
        throws.get(usize::from(i)).map_or(which.to_string(), |t| {
            format!("the {which} throw, {}", throw_words(t))
        })
    };
    if chosen == best || loss <= 0.0 {
        return format!("You played {}: right.", named(chosen));
    }
    format!(
        "You played {}; better was {}, losing {loss:.3} stakes.",
        named(chosen),
        named(best)
    )
}

/// Tick-tack: a score let pass, told to the side that could have claimed it (`adversary`
/// names the other side as the sentence should: "Black's"); `won` when claiming it would
/// have ended the game.
#[must_use]
pub fn claim_verdict(
    missed: Claim,
    loss: f32,
    adversary: &str,
    how: Option<&str>,
    won: bool,
) -> String {
    let how = how.map_or_else(String::new, |how| format!(" ({how})"));
    let what = match missed {
        Claim::Hit => format!("Your throw gave a hit{how}, and you did not claim it"),
        Claim::WhyNot => format!(
            "{} throw gave a hit{how} he neither took nor bettered, and you did not ask him \
             why not",
            capitalised(adversary)
        ),
        Claim::MissedGoingIn => format!(
            "{} throw let him go in, which he did not do, and you did not claim it",
            capitalised(adversary)
        ),
    };
    if won {
        format!("{what}: claimed, it would have won the game.")
    } else {
        let points = if (loss - 1.0).abs() < f32::EPSILON {
            "1 point".to_string()
        } else {
            format!("{loss:.0} points")
        };
        format!("{what}: claimed, it would have scored {points}.")
    }
}

/// The first way the throw being played in `game` reaches a lone man of the adversary with no
/// stop in the way (the hit it gives at Tick-tack), in the mover's numbering, from where his
/// men stood when it was thrown. None when it gives no hit.
#[must_use]
pub fn hit_reach(game: &crate::tables::Game) -> Option<crate::tables::ticktack::Reach> {
    let rules = game.rules();
    let before = game.as_thrown_for(game.turn());
    let moves = game.throw()?.moves(rules.dice, rules.doublets);
    crate::tables::ticktack::reaches(&before, moves, rules.hit_by)
        .into_iter()
        .find(|w| w.stop.is_none())
}

/// How the throw being played in `game` gives a hit at Tick-tack: the first way a man of the
/// mover reaches a lone man of the adversary with no stop in the way, in words ("the man on
/// your sice point reaches Black's lone man on Black's cater point with the cinque"). `mover`
/// and `other` own the points as the reader says them ("your" and "Black's", or the other way
/// about). None when the throw gives no hit.
#[must_use]
pub fn hit_way(game: &crate::tables::Game, mover: &str, other: &str) -> Option<String> {
    use super::points::{Naming, point_words_in};
    let naming = Naming::of(game.rules());
    let name = |p: usize| point_words_in(u8::try_from(p).unwrap_or(0), naming, mover, other);
    let way = hit_reach(game)?;
    Some(super::terms::reach_words(
        &way,
        &name,
        &format!("{other} lone man"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::notation::format_play;
    use crate::tables::{MoveRules, Preset, legal_plays};

    fn play_of(pos: &Position, rules: &Rules, throw: Throw, text: &str) -> crate::tables::Play {
        legal_plays(
            pos,
            throw.moves(rules.dice, rules.doublets),
            MoveRules::from(rules),
        )
        .into_iter()
        .find(|p| format_play(pos, &p.steps.to_vec(), rules.bear_off) == text)
        .unwrap()
    }

    #[test]
    fn a_play_at_length_that_leaves_a_blot_is_told_with_its_shots_and_the_better_play() {
        let rules = Rules::preset(Preset::Modern);
        let pos = crate::tables::Game::new(rules.clone())
            .unwrap()
            .position_for(crate::tables::Side::White);
        let throw = Throw::two(4, 2).unwrap();
        let played = play_of(&pos, &rules, throw, "13/7");
        let best = play_of(&pos, &rules, throw, "8/4 6/4");
        let text = play_verdict(&rules, &pos, &played, &best, 0.092, "Black's");
        assert!(
            text.starts_with(
                "Playing at length from Black's 12 point to your 7 point left a blot on your 7 point that "
            ),
            "{text}"
        );
        assert!(
            text.ends_with(
                "your 7 point that 17 of the 36 throws hit; better was 8/4 6/4, playing from your \
                 8 point to your cater point and playing from your sice point to your cater point, \
                 losing 0.092 stakes."
            ),
            "{text}"
        );
    }

    #[test]
    fn a_hint_advises_the_mover_of_his_own_points_as_yours() {
        // Given the opening 4-2 of a modern game (issue 57, item 10: "his 8 point")
        let rules = Rules::preset(Preset::Modern);
        let pos = crate::tables::Game::new(rules.clone())
            .unwrap()
            .position_for(crate::tables::Side::White);
        let best = play_of(&pos, &rules, Throw::two(4, 2).unwrap(), "8/4 6/4");
        let text = advice(&pos, &best.steps.to_vec(), &rules, "Black's");
        assert_eq!(
            text,
            "Play from your 8 point to your cater point and play from your sice point to your \
             cater point"
        );
    }

    #[test]
    fn the_best_play_is_called_so() {
        let rules = Rules::preset(Preset::Modern);
        let pos = crate::tables::Game::new(rules.clone())
            .unwrap()
            .position_for(crate::tables::Side::White);
        let throw = Throw::two(3, 1).unwrap();
        let best = play_of(&pos, &rules, throw, "8/5 6/5");
        let text = play_verdict(&rules, &pos, &best, &best, 0.0, "Black's");
        assert!(text.ends_with(": the best play."), "{text}");
        assert!(!text.contains("blot"), "{text}");
    }

    #[test]
    fn cube_and_break_verdicts_name_the_better_choice() {
        assert_eq!(
            cube_verdict(CubeChoice::Drop, CubeChoice::Take, 0.25),
            "You dropped the double, paying the stake; better was to take, losing 0.250 stakes."
        );
        assert_eq!(
            break_verdict(6, 5, 0.1, "Black's"),
            "You broke the bound table at Black's sice point; better was Black's cinque point, losing 0.100 stakes."
        );
    }

    #[test]
    fn a_score_let_pass_at_tick_tack_says_what_was_seen_and_what_it_would_have_counted() {
        let hit = claim_verdict(Claim::Hit, 1.0, "Black's", None, false);
        assert_eq!(
            hit,
            "Your throw gave a hit, and you did not claim it: claimed, it would have scored 1 \
             point."
        );
        let how = "the man on your sice point reaches Black's lone man on your ace point";
        let hit = claim_verdict(Claim::Hit, 1.0, "Black's", Some(how), false);
        assert!(hit.starts_with(&format!("Your throw gave a hit ({how}), and")));
        let why_not = claim_verdict(Claim::WhyNot, 1.0, "Black's", None, true);
        assert!(why_not.starts_with("Black's throw gave a hit he neither took"));
        assert!(why_not.ends_with("it would have won the game."));
        let going_in = claim_verdict(Claim::MissedGoingIn, 2.0, "White's", None, false);
        assert!(going_in.starts_with("White's throw let him go in"));
        assert!(going_in.ends_with("scored 2 points."));
    }
}
