//! A play one step at a time, as a person makes it: how much of a throw can still be played,
//! whether a step keeps the fullest play within reach, and where a man may go. The whole list
//! of plays at once is [`super::movegen`]'s.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::{BAR, Position};
use super::dice::Moves;
use super::movegen::{Landing, MoveRules, Reach, landing, move_man, play_step};
use super::play::Step;
use super::rules::Compulsion;

/// The most of these moves that can be played from here (dice, then pips). `rules` is a
/// [`BearOff`](super::rules::BearOff) or a [`MoveRules`].
///
/// A depth-first walk over the orders of the dice and the men that stops at the first play of
/// every die. Where a throw cannot all be played the walk sees the whole tree, whose branches
/// meet again (one man by the ace and another by the deuce, or the other way round); so a node
/// with two dice or more left is walked once only: what it can still reach depends on nothing
/// but its position and the dice it has left.
#[must_use]
pub fn reach(pos: &Position, moves: Moves, rules: impl Into<Landing>) -> Reach {
    struct Walk {
        landing: Landing,
        best: Reach,
        ceiling: Reach,
        seen: HashSet<(Position, Moves), BuildHasherDefault<Fx>>,
    }
    impl Walk {
        fn go(&mut self, pos: &Position, moves: Moves, so_far: Reach) {
            if so_far > self.best {
                self.best = so_far;
            }
            if self.best == self.ceiling {
                return;
            }
            if moves.len() >= 2 && !self.seen.insert((*pos, moves)) {
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
                    if let Some(to) = landing(pos, from, die, self.landing) {
                        let mut next = *pos;
                        move_man(&mut next, from, to);
                        self.go(&next, rest, so_far.after(die));
                        if self.best == self.ceiling {
                            return;
                        }
                    }
                }
            }
        }
    }
    let mut walk = Walk {
        landing: rules.into(),
        best: Reach::default(),
        ceiling: Reach {
            dice: moves.len() as u8,
            pips: moves.faces().iter().map(|&f| u16::from(f)).sum(),
        },
        seen: HashSet::default(),
    };
    walk.go(pos, moves, Reach::default());
    walk.best
}

/// Which of the mover's men each die could move now, by which most throws are seen to be
/// playable in full without walking their plays ([`Movers::surely_all`]).
#[derive(Clone, Copy, Debug)]
pub struct Movers {
    /// `points[d]`: the points (bit `p`) whose men may move by `d` from here; `points[0]` unused.
    points: [u32; 7],
    /// `men[d]`: how many men stand on those points.
    men: [u8; 7],
    /// The mover's men on each point.
    count: [u8; 25],
    /// Whether men are on the bar (then only they may move, and the test gives up).
    bar: bool,
}

impl Movers {
    /// The men each die could move in `pos`. `rules` is a [`BearOff`](super::rules::BearOff)
    /// or a [`MoveRules`].
    #[must_use]
    pub fn new(pos: &Position, rules: impl Into<Landing>) -> Movers {
        let landing_rules = rules.into();
        let pips = pos.pips();
        let mut movers = Movers {
            points: [0; 7],
            men: [0; 7],
            count: [0; 25],
            bar: pos.bar() > 0,
        };
        if movers.bar {
            return movers;
        }
        for p in 1..=24 {
            movers.count[p] = pips[p].max(0).unsigned_abs();
        }
        for die in 1u8..=6 {
            let d = usize::from(die);
            for p in 1..=24 {
                if pips[p] > 0 && landing(pos, p, die, landing_rules).is_some() {
                    movers.points[d] |= 1 << p;
                    movers.men[d] += movers.count[p];
                }
            }
        }
        movers
    }

    /// Whether every die of `moves` can surely be played (a quick test: `false` means only
    /// "not seen", and [`reach`] must then decide).
    ///
    /// With no man on the bar, a step that is allowed now stays allowed after other men have
    /// moved: they only go forward, so all the men who were home stay home, no man comes to
    /// stand above one bearing off, and the adversary's points only open as his blots are hit.
    /// So if each die can be given a different man that it could move now, all are played.
    /// That is so at once when each die has as many such men as there are dice (none can run
    /// short once the others have each taken one); else the dice are given men one by one.
    #[must_use]
    pub fn surely_all(&self, moves: Moves) -> bool {
        if self.bar {
            return false;
        }
        let faces = moves.faces();
        if faces
            .iter()
            .all(|&f| usize::from(self.men[usize::from(f)]) >= faces.len())
        {
            return true;
        }
        let mut left = self.count;
        self.give(faces, &mut left)
    }

    /// Whether each of `faces` can be given a man of its own among those `left`.
    fn give(&self, faces: &[u8], left: &mut [u8; 25]) -> bool {
        let Some((&face, rest)) = faces.split_first() else {
            return true;
        };
        let mut points = self.points[usize::from(face)];
        while points != 0 {
            let p = points.trailing_zeros() as usize;
            points &= points - 1;
            if left[p] > 0 {
                left[p] -= 1;
                let given = self.give(rest, left);
                left[p] += 1;
                if given {
                    return true;
                }
            }
        }
        false
    }
}

/// The hash of Firefox and rustc (`FxHasher`), eight bytes at a time: the walk's keys are a
/// few dozen bytes, hashed often, and need no defence against an adversary's choice of keys.
#[derive(Default)]
struct Fx(u64);

impl Fx {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
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
