//! Tick-tack's hits and why-nots ([`super::Lesson::TickTack`]): a throw shown on a position of a
//! random game of Tick-tack, and the question what it gives, to the thrower (a hit, or nothing,
//! or a way spoiled by a stop) or to his adversary after the play (a why-not, a going-in
//! missed). The answer is the engine's: the claims [`Game::open_claims`] offers, the chances it
//! recorded of the throw, and the ways [`ticktack::reaches`] finds. Points are named as
//! Tick-tack names them, from the ace point where a side's men start.

use super::draw::{Names, cite, shuffled};
use super::{Board, Exercise, Lesson};
use crate::ai::random::RandomPlayer;
use crate::tables::ticktack::{self, Claim, Reach};
use crate::tables::{Action, Game, Layout, Phase, Play, Position, Preset, Rules, Side, Throw};
use crate::teaching::points::{Naming, point_words_in};
use crate::teaching::terms::{describe_play_as, reach_words, throw_words};
use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

/// The rules an exercise is judged under: Tick-tack as Cotton plays it.
fn rules() -> Rules {
    Rules::preset(Preset::TickTack)
}

/// The rules random games are played under to find positions: the scores add up (to the most
/// the option allows), so that a game runs long enough to spread the men.
fn finding_rules() -> Rules {
    let mut rules = rules();
    rules.first_score_ends = false;
    rules.score_to = crate::tables::options::SCORE_TO
        .values
        .iter()
        .filter_map(|v| v.name.parse().ok())
        .max()
        .unwrap_or(rules.score_to);
    rules
}

/// A game of Tick-tack from `pos` (White's numbering), `mover` having won the throw for first
/// and thrown `throw`, waiting for him to play it; `None` if the throw leaves nothing to play
/// or claim.
pub(crate) fn thrown(pos: &Position, mover: Side, throw: Throw) -> Option<Game> {
    let mut rules = rules();
    rules.layout = Layout::Custom(pos.to_setup(Side::White));
    let mut game = Game::new(rules).ok()?;
    let (white, black) = match mover {
        Side::White => (6, 1),
        Side::Black => (1, 6),
    };
    game.apply(Action::ThrowOff { white, black }).ok()?;
    game.apply(Action::Throw(throw)).ok()?;
    (game.phase() == Phase::Playing && game.turn() == mover).then_some(game)
}

/// Positions of random games of Tick-tack, `mover` to play a throw none of whose steps is made
/// yet, as games under the lesson's rules, until `wanted` takes one (up to some hundreds);
/// the last seen if none is taken.
fn from_play(rng: &mut StdRng, mover: Side, wanted: &dyn Fn(&Game) -> bool) -> Option<Game> {
    let mut last = None;
    let mut tried = 0;
    for _ in 0..40 {
        let Ok(mut game) = Game::new(finding_rules()) else {
            return None;
        };
        let mut player = RandomPlayer::seeded(rng.random());
        let skip = rng.random_range(0..30u32);
        let mut seen = 0u32;
        for _ in 0..2000 {
            if game.is_over() {
                break;
            }
            if game.phase() == Phase::Playing
                && game.turn() == mover
                && game.steps_played().is_empty()
                && let Some(throw) = game.throw()
            {
                seen += 1;
                if seen > skip
                    && let Some(asked) = thrown(&game.position_for(Side::White), mover, throw)
                {
                    tried += 1;
                    if wanted(&asked) {
                        return Some(asked);
                    }
                    last = Some(asked);
                    if tried > 400 {
                        return last;
                    }
                }
            }
            if player.act(&mut game).is_err() {
                break;
            }
        }
    }
    last
}

/// A point of the learner's numbering, named as Tick-tack names it: "your ace point",
/// "Black's 11 point".
fn point(p: usize, to: &Names) -> String {
    point_words_in(p as u8, Naming::Outward, "your", &to.theirs)
}

/// The ways the mover's throw reaches a lone man, seen from the mover (`game`'s turn).
fn ways(game: &Game) -> Vec<Reach> {
    let mover = game.turn();
    ticktack::reaches(
        &game.position_for(mover),
        game.moves_left(),
        game.rules().hit_by,
    )
}

/// What the learner may claim, in three answers: a hit, none, or one a stop spoils.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Hit,
    Nothing,
    Stopped,
}

fn kind_of(game: &Game) -> Kind {
    if game.open_claims(game.turn()).contains(&Claim::Hit) {
        Kind::Hit
    } else if ways(game).iter().any(|w| w.stop.is_some()) {
        Kind::Stopped
    } else {
        Kind::Nothing
    }
}

/// "You have thrown cinque and deuce. Does the throw give you a hit?"
pub(super) fn hit_or_not(rng: &mut StdRng, to: &Names) -> Exercise {
    let wanted = *[Kind::Hit, Kind::Hit, Kind::Nothing, Kind::Stopped]
        .choose(rng)
        .unwrap_or(&Kind::Hit);
    let game = from_play(rng, Side::White, &|g| kind_of(g) == wanted);
    let Some(game) = game else {
        return super::games::games_differ(rng);
    };
    let kind = kind_of(&game);
    let throw = game.throw().unwrap_or_else(|| Throw::all(2)[0].0);
    let name = |p: usize| point(p, to);
    let lone = format!("{}'s lone man", to.adversary);
    let all = ways(&game);
    let hit = all.iter().find(|w| w.stop.is_none());
    let stopped = all.iter().find(|w| w.stop.is_some());
    let because = match (hit, stopped) {
        (Some(way), _) => format!(
            "It does: {}, and no stop stands in the way.",
            reach_words(way, &name, &lone)
        ),
        (None, Some(way)) => format!(
            "It does not: {}, but the man would rest on {}, which {} holds, a stop in the way; and every other way is stopped too.",
            reach_words(way, &name, &lone),
            name(way.stop.unwrap_or(way.to)),
            to.adversary
        ),
        (None, None) => format!(
            "It does not: no man of yours reaches a lone man of {}'s with either die, nor with both.",
            to.adversary
        ),
    };
    let options = vec![
        (
            "A hit: claim it, for a single game".to_string(),
            because.clone(),
        ),
        (
            format!(
                "No hit: no man of yours reaches a lone man of {}'s",
                to.adversary
            ),
            because.clone(),
        ),
        (
            "No hit: the only way there rests on a stop".to_string(),
            because,
        ),
    ];
    let right = match kind {
        Kind::Hit => 0,
        Kind::Nothing => 1,
        Kind::Stopped => 2,
    };
    let answer = shuffled(rng, options, right);
    Exercise {
        lesson: Lesson::TickTack,
        prompt: format!(
            "Tick-tack: you have thrown {}. Does the throw give you a hit?",
            throw_words(&throw)
        ),
        board: Some(Board {
            position: game.position_for(Side::White),
            dice: throw.faces().to_vec(),
            marked: None,
            naming: Naming::Outward,
        }),
        line: None,
        pastime: None,
        answer,
        why: format!(
            "At Tick-tack no man is taken up: a throw hits when some man of yours could reach a lone man of {}'s with one die, or with both one after the other, and you claim it without moving a man. A way whose resting point {} holds is stopped, and then the hit counts for nothing.",
            to.adversary, to.adversary
        ),
        sources: cite(&["Tick-tack"]),
    }
}

/// What the adversary's play leaves the learner to claim.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Left {
    WhyNot,
    GoingIn,
    Both,
    Nothing,
}

fn left_of(claims: &[Claim]) -> Left {
    match (
        claims.contains(&Claim::WhyNot),
        claims.contains(&Claim::MissedGoingIn),
    ) {
        (true, true) => Left::Both,
        (true, false) => Left::WhyNot,
        (false, true) => Left::GoingIn,
        (false, false) => Left::Nothing,
    }
}

/// The play `mover` makes in `game`, claiming nothing, and the game after it (the learner to
/// throw), if the game goes on.
fn played(game: &Game, play: &Play) -> Option<Game> {
    let mut after = game.clone();
    after.apply_play(play).ok()?;
    (!after.is_over() && after.phase() == Phase::ToThrow).then_some(after)
}

/// The plays of `game` after which it goes on, each with the game after it.
fn plays_that_go_on(game: &Game) -> Vec<(Play, Game)> {
    game.legal_plays()
        .into_iter()
        .filter_map(|p| played(game, &p).map(|after| (p, after)))
        .collect()
}

/// "Black threw cinque and deuce and played so, claiming nothing. What may you claim?"
pub(super) fn why_not(rng: &mut StdRng, to: &Names) -> Exercise {
    let wanted = *[
        Left::WhyNot,
        Left::WhyNot,
        Left::Nothing,
        Left::GoingIn,
        Left::Both,
    ]
    .choose(rng)
    .unwrap_or(&Left::WhyNot);
    // A throw of Black's, and a play of it that leaves what is wanted, if one does.
    let pick = |game: &Game| -> Option<(Play, Game)> {
        plays_that_go_on(game)
            .into_iter()
            .find(|(_, after)| left_of(&after.open_claims(Side::White)) == wanted)
    };
    let found = from_play(rng, Side::Black, &|g| pick(g).is_some());
    let chosen = found.and_then(|game| {
        let (play, after) = pick(&game).or_else(|| {
            let all = plays_that_go_on(&game);
            all.choose(rng).cloned()
        })?;
        Some((game, play, after))
    });
    let Some((game, play, after)) = chosen else {
        return super::games::games_differ(rng);
    };
    let left = left_of(&after.open_claims(Side::White));
    let throw = game.throw().unwrap_or_else(|| Throw::all(2)[0].0);
    let black = game.position_for(Side::Black);
    let steps: Vec<_> = play.steps.iter().collect();
    let his_play = describe_play_as(
        &black,
        &steps,
        game.rules().bear_off,
        "his",
        "your",
        Naming::Outward,
    );
    // Black's numbering named for the learner.
    let name = |p: usize| point(25 - p, to);
    let chances = game.chances();
    let went_in = ticktack::went_in(&black, &after.position_for(Side::Black));
    let adversary = &to.adversary;
    let hit_words = match ways(&game).iter().find(|w| w.stop.is_none()) {
        Some(way) if !went_in => format!(
            "{adversary}'s throw gave him a hit ({}), and he neither claimed it nor went in: you take him with a why-not.",
            reach_words(way, &name, "your lone man")
        ),
        Some(_) => format!(
            "{adversary}'s throw gave him a hit, but he went in instead, which is worth more: no why-not is owed."
        ),
        None => format!("{adversary}'s throw reached no lone man of yours, so no why-not is owed."),
    };
    let going_in_words = if chances.going_in && !went_in {
        format!(
            " He could have brought two men into {} with it and did not: a going-in missed, worth a double game to you.",
            name(ticktack::GOING_IN_POINT)
        )
    } else {
        " He had no going in with it to miss.".to_string()
    };
    let because = format!("{hit_words}{going_in_words}");
    let options = vec![
        ("A why-not, a single game".to_string(), because.clone()),
        (
            "A going-in missed, a double game".to_string(),
            because.clone(),
        ),
        (
            "Either a why-not or a going-in missed".to_string(),
            because.clone(),
        ),
        ("Nothing: his play leaves you no claim".to_string(), because),
    ];
    let right = match left {
        Left::WhyNot => 0,
        Left::GoingIn => 1,
        Left::Both => 2,
        Left::Nothing => 3,
    };
    let answer = shuffled(rng, options, right);
    Exercise {
        lesson: Lesson::TickTack,
        prompt: format!(
            "Tick-tack: {adversary} threw {} from where the men stand on the board. He {}, claiming nothing. What may you claim before you throw?",
            throw_words(&throw),
            his_play
        ),
        board: Some(Board {
            position: game.position_for(Side::White),
            dice: throw.faces().to_vec(),
            marked: None,
            naming: Naming::Outward,
        }),
        line: None,
        pastime: None,
        answer,
        why: "A thrower who lets his hit pass, and does not go in instead, is taken with a why-not, a single game to his adversary; one who could have gone in and did not loses a double game. The adversary claims either before he throws, or it is gone.".to_string(),
        sources: cite(&["why-not", "going in"]),
    }
}
