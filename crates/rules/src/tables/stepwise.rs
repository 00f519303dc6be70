//! A play one step at a time, as a person makes it: how much of a throw can still be played,
//! whether a step keeps the fullest play within reach, and where a man may go. The whole list
//! of plays at once is [`super::movegen`]'s.

use super::board::{BAR, Position};
use super::dice::Moves;
use super::movegen::{Landing, MoveRules, Reach, landing, move_man, play_step};
use super::play::Step;
use super::rules::Compulsion;

/// The most of these moves that can be played from here (dice, then pips). `rules` is a
/// [`BearOff`](super::rules::BearOff) or a [`MoveRules`].
#[must_use]
pub fn reach(pos: &Position, moves: Moves, rules: impl Into<Landing>) -> Reach {
    fn walk(
        pos: &Position,
        moves: Moves,
        bear_off: Landing,
        best: &mut Reach,
        so_far: Reach,
        ceiling: Reach,
    ) {
        if so_far > *best {
            *best = so_far;
        }
        if *best == ceiling {
            return;
        }
        let faces = moves.faces();
        for (i, &die) in faces.iter().enumerate() {
            if i > 0 && faces[i - 1] == die {
                continue;
            }
            let Some(rest) = moves.without(die) else {
                continue;
            };
            let mut buf = [0usize; 24];
            let n = sources(pos, &mut buf);
            for &from in &buf[..n] {
                if let Some(to) = landing(pos, from, die, bear_off) {
                    let mut next = *pos;
                    move_man(&mut next, from, to);
                    walk(&next, rest, bear_off, best, so_far.after(die), ceiling);
                }
            }
        }
    }
    let mut best = Reach::default();
    let ceiling = Reach {
        dice: moves.len() as u8,
        pips: moves.faces().iter().map(|&f| u16::from(f)).sum(),
    };
    walk(
        pos,
        moves,
        rules.into(),
        &mut best,
        Reach::default(),
        ceiling,
    );
    best
}

/// The points the mover may move from now, highest first: the bar alone while men are on it,
/// else every point holding his men.
#[inline]
fn sources(pos: &Position, buf: &mut [usize; 24]) -> usize {
    let pips = pos.pips();
    if pips[BAR] > 0 {
        buf[0] = BAR;
        return 1;
    }
    let mut n = 0;
    for p in (1..=24).rev() {
        if pips[p] > 0 {
            buf[n] = p;
            n += 1;
        }
    }
    n
}

/// Whether a step may be played now, given the steps already played of this throw: it must be
/// allowed by itself, and under `compulsion = max` it must still let the whole play reach the
/// most dice and pips the throw can give.
#[must_use]
pub fn step_allowed(
    pos: &Position,
    remaining: Moves,
    used: Reach,
    best: Reach,
    step: Step,
    rules: MoveRules,
) -> bool {
    let Some(rest) = remaining.without(step.die()) else {
        return false;
    };
    let Some((next, _)) = play_step(pos, step, rules) else {
        return false;
    };
    match rules.compulsion {
        Compulsion::Free => true,
        Compulsion::Max => {
            let after = used.after(step.die());
            let more = reach(&next, rest, rules);
            Reach {
                dice: after.dice + more.dice,
                pips: after.pips + more.pips,
            } == best
        }
    }
}

/// Every step that may be played now (see [`step_allowed`]), each die face once per source.
#[must_use]
pub fn allowed_steps(
    pos: &Position,
    remaining: Moves,
    used: Reach,
    best: Reach,
    rules: MoveRules,
) -> Vec<Step> {
    let mut out = Vec::new();
    let faces = remaining.faces();
    for from in (1..=BAR).rev() {
        for (i, &die) in faces.iter().enumerate() {
            if i > 0 && faces[i - 1] == die {
                continue;
            }
            let step = Step::unchecked(from, die);
            if step_allowed(pos, remaining, used, best, step, rules) {
                out.push(step);
            }
        }
    }
    out
}

/// Where the man on `from` (25 = bar) may go with the `remaining` moves, `used` already played
/// of a throw whose fullest play reaches `best`: each place once (0 is off the board), with the
/// steps that take him there (one die, or several played at length, every one of them allowed
/// in turn by [`step_allowed`]), fewest steps first.
#[must_use]
pub fn destinations(
    pos: &Position,
    remaining: Moves,
    used: Reach,
    best: Reach,
    rules: MoveRules,
    from: u8,
) -> Vec<(u8, Vec<Step>)> {
    let mut out: Vec<(u8, Vec<Step>)> = Vec::new();
    let mut frontier = std::collections::VecDeque::from([((*pos, remaining, used, from), vec![])]);
    while let Some(((pos, moves, used, at), path)) = frontier.pop_front() {
        let steps = allowed_steps(&pos, moves, used, best, rules);
        for step in steps.into_iter().filter(|s| s.from() == at) {
            let (Some((next, _)), Some(rest)) =
                (play_step(&pos, step, rules), moves.without(step.die()))
            else {
                continue;
            };
            let mut steps = path.clone();
            steps.push(step);
            if !out.iter().any(|(to, _)| *to == step.to()) {
                out.push((step.to(), steps.clone()));
            }
            if step.to() != 0 {
                frontier.push_back(((next, rest, used.after(step.die()), step.to()), steps));
            }
        }
    }
    out
}
