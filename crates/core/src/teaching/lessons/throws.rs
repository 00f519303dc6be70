//! A throw played ([`super::Lesson::Throws`]): one play the rules allow among plays they
//! refuse, each refusal explained.

use super::draw::{Names, capital, cite, fallback, from_play, shuffled};
use super::{Board, Exercise, Lesson};
use crate::tables::movegen::{MoveRules, legal_plays, play_step};
use crate::tables::{BAR, Compulsion, Position, Preset, Rules, Step, Throw};
use crate::teaching::faces::face_name;
use crate::teaching::points::Naming;
use crate::teaching::terms::{describe_play_as, throw_words};
use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};

/// A play as a list of steps, each die named: "cater from your 13 point to your 9 point, then
/// ace from your 9 point to your 8 point". The same words for a legal play as for one the rules
/// refuse, so that the words give nothing away.
pub(super) fn steps_words(steps: &[(u8, usize, usize)], to: &Names) -> String {
    let parts: Vec<String> = steps
        .iter()
        .map(|&(die, from, lands)| {
            let whither = if lands == 0 {
                "off the board".to_string()
            } else {
                format!("to {}", to.place(lands))
            };
            format!("the {} from {} {whither}", face_name(die), to.place(from))
        })
        .collect();
    capital(&parts.join(", then "))
}

/// Whether the rules take these steps, in this order or the other, as a whole legal play.
pub(super) fn legal_in_some_order(
    pos: &Position,
    steps: &[Step],
    rules: &Rules,
    legal: &[Position],
) -> bool {
    let orders: Vec<Vec<Step>> = if steps.len() == 2 {
        vec![steps.to_vec(), vec![steps[1], steps[0]]]
    } else {
        vec![steps.to_vec()]
    };
    orders.iter().any(|order| {
        let mut at = *pos;
        order
            .iter()
            .all(|&s| match play_step(&at, s, rules.bear_off) {
                Some((next, _)) => {
                    at = next;
                    true
                }
                None => false,
            })
            && legal.contains(&at)
    })
}

/// "Play cinque-ace from here": one play the rules allow among plays they refuse, each refusal
/// explained.
pub(super) fn throw_played(rng: &mut StdRng, to: &Names) -> Exercise {
    let rules = Rules::preset(Preset::Irish);
    let found = from_play(rng, &rules, &|pos, throw| {
        !throw.is_doublets()
            && legal_plays(
                pos,
                throw.moves(rules.dice, rules.doublets),
                MoveRules::from(&rules),
            )
            .iter()
            .filter(|p| p.steps.len() == 2)
            .count()
                >= 2
    });
    let (pos, throw) = found.unwrap_or_else(|| {
        (
            fallback(),
            Throw::two(4, 1).unwrap_or_else(|_| Throw::all(2)[0].0),
        )
    });
    let moves = throw.moves(rules.dice, rules.doublets);
    let plays = legal_plays(&pos, moves, MoveRules::from(&rules));
    let legal: Vec<Position> = plays.iter().map(|p| p.position).collect();
    let full = plays.iter().map(|p| p.steps.len()).max().unwrap_or(0);
    let faces = throw.faces().to_vec();
    let steps: Vec<Step> = plays
        .choose(rng)
        .map(|p| p.steps.iter().collect())
        .unwrap_or_default();
    let as_triples = |steps: &[Step]| -> Vec<(u8, usize, usize)> {
        steps
            .iter()
            .map(|s| (s.die(), usize::from(s.from()), usize::from(s.to())))
            .collect()
    };
    let told = describe_play_as(
        &pos,
        &steps,
        rules.bear_off,
        "your",
        &to.theirs,
        Naming::of(&rules),
    );
    let mut options = vec![(
        steps_words(&as_triples(&steps), to),
        format!("The rules allow it: it {told}."),
    )];

    // Plays the rules refuse, each with its reason.
    let mut refused: Vec<(Vec<Step>, String)> = Vec::new();
    let mine: Vec<usize> = (1..=25).filter(|&p| pos.at(p) > 0).collect();
    // One die only, when both can be played.
    if full == 2
        && rules.compulsion == Compulsion::Max
        && let Some(&one) = steps.first()
    {
        refused.push((
            vec![one],
            format!(
                "That plays only the {}: a throw must be played in full when it can be, and here both dice can be played.",
                face_name(one.die())
            ),
        ));
    }
    for &die in &faces {
        let other = faces.iter().copied().find(|&f| f != die).unwrap_or(die);
        for &from in &mine {
            let Ok(step) = Step::new(from as u8, die) else {
                continue;
            };
            let lands = usize::from(step.to());
            if step.bears_off() || lands == 0 {
                continue;
            }
            // A point held by the adversary.
            if pos.at(lands) <= -2 {
                // Played at length on through it, or with the other die elsewhere.
                let at_length = Step::new(lands as u8, other)
                    .ok()
                    .filter(|s| !s.bears_off() && pos.at(usize::from(s.to())) > -2);
                match at_length {
                    Some(on) if rng.random_bool(0.5) => refused.push((
                        vec![step, on],
                        format!(
                            "Playing at length, the man stops on the point of the first die, and {} holds it with {} men: the point where he pauses must be open to him too.",
                            to.point(lands as u8),
                            pos.at(lands).unsigned_abs()
                        ),
                    )),
                    _ => refused.push((
                        vec![step],
                        format!(
                            "{} is held: {} has {} men there, and no man may land on a point the adversary holds with two or more.",
                            capital(&to.point(lands as u8)),
                            to.adversary,
                            pos.at(lands).unsigned_abs()
                        ),
                    )),
                }
            }
        }
        // Another man moved while one waits on the bar.
        if pos.bar() > 0
            && let Some(&from) = mine.iter().find(|&&p| p != BAR && p > usize::from(die))
            && let Ok(step) = Step::new(from as u8, die)
            && pos.at(usize::from(step.to())) > -2
        {
            refused.push((
                vec![step],
                "A man on the bar must enter before any other man moves.".to_string(),
            ));
        }
        // Bearing off before every man is home.
        if !pos.all_home()
            && let Some(&from) = mine.iter().find(|&&p| p <= usize::from(die))
            && let Ok(step) = Step::new(from as u8, die)
        {
            refused.push((
                vec![step],
                "A man is borne off only once all your men are in your home table.".to_string(),
            ));
        }
    }
    refused.shuffle(rng);
    let mut shown: Vec<String> = vec![options[0].0.clone()];
    for (steps, why) in refused {
        if options.len() >= 4 {
            break;
        }
        if legal_in_some_order(&pos, &steps, &rules, &legal) {
            continue;
        }
        let words = steps_words(&as_triples(&steps), to);
        if shown.contains(&words) {
            continue;
        }
        shown.push(words.clone());
        options.push((words, why));
    }
    let answer = shuffled(rng, options, 0);
    Exercise {
        lesson: Lesson::Throws,
        prompt: format!(
            "You have thrown {}. Which of these may you play?",
            throw_words(&throw)
        ),
        board: Some(Board {
            position: pos,
            dice: faces,
            marked: None,
            naming: crate::teaching::points::Naming::Homeward,
        }),
        line: None,
        pastime: None,
        answer,
        why: "Each die moves a man that many points, to a point that is empty, yours, or a blot of the adversary's; one man may play both dice, playing at length.".to_string(),
        sources: cite(&["playing at length", "point"]),
    }
}
