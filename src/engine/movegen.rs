//! Legal plays: every distinct position a throw can leave, under any combination of options.
//!
//! The generator thinks for the mover only (a [`Position`] is seen from the side to move).
//! It walks the steps of the throw depth first, die order by die order; for a throw whose
//! moves are all alike it walks men from the highest point down only, since any order of the
//! same steps leaves the same position. Two plays that leave the same position are one play.

use super::board::{ADVERSARY_BAR, BAR, Position};
use super::dice::Moves;
use super::play::{Play, Step, Steps};
use super::rules::{BearOff, Compulsion, Rules};

/// The options that decide how men may move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveRules {
    pub bear_off: BearOff,
    pub compulsion: Compulsion,
}

impl From<&Rules> for MoveRules {
    fn from(rules: &Rules) -> MoveRules {
        MoveRules {
            bear_off: rules.bear_off,
            compulsion: rules.compulsion,
        }
    }
}

/// How much of a throw a play uses: dice first, then pips (the order of `compulsion = max`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Reach {
    pub dice: u8,
    pub pips: u16,
}

impl Reach {
    fn after(self, die: u8) -> Reach {
        Reach {
            dice: self.dice + 1,
            pips: self.pips + u16::from(die),
        }
    }
}

/// Where a man on `from` (25 = bar) lands with `die`: `Some(1..=24)`, `Some(0)` when borne off,
/// `None` when the step is not allowed (men on the bar must enter first; no landing on two or
/// more of the adversary's men; bearing off only with all men home, as `bear_off` allows).
#[inline]
#[must_use]
pub fn landing(pos: &Position, from: usize, die: u8, bear_off: BearOff) -> Option<usize> {
    let pips = pos.pips();
    if from > BAR || from == 0 || pips[from] <= 0 || (pips[BAR] > 0 && from != BAR) {
        return None;
    }
    let home = from <= usize::from(die) && pos.all_home();
    land_from(pips, from, die, bear_off, home)
}

/// [`landing`] for a source known to hold the mover's men (and to be the bar if men are on it),
/// with whether all his men are home already known.
#[inline(always)]
fn land_from(
    pips: &[i8; 26],
    from: usize,
    die: u8,
    bear_off: BearOff,
    home: bool,
) -> Option<usize> {
    let die = usize::from(die);
    if from > die {
        let to = from - die;
        return (pips[to] >= -1).then_some(to);
    }
    if !home {
        return None;
    }
    let allowed = match bear_off {
        BearOff::OverEdge => true,
        BearOff::Exact => from == die,
        BearOff::Modern => from == die || pips[from + 1..=6].iter().all(|&n| n <= 0),
    };
    allowed.then_some(0)
}

/// Moves one man; returns whether a blot was hit. The step must be allowed ([`landing`]).
#[inline]
pub(crate) fn move_man(pos: &mut Position, from: usize, to: usize) -> bool {
    let pips = pos.pips_mut();
    pips[from] -= 1;
    if to == 0 {
        return false;
    }
    let hit = pips[to] == -1;
    if hit {
        pips[to] = 0;
        pips[ADVERSARY_BAR] -= 1;
    }
    pips[to] += 1;
    hit
}

/// Plays one step if it is allowed, returning the new position and whether it hit.
#[must_use]
pub fn play_step(pos: &Position, step: Step, bear_off: BearOff) -> Option<(Position, bool)> {
    let from = usize::from(step.from());
    let to = landing(pos, from, step.die(), bear_off)?;
    let mut next = *pos;
    let hit = move_man(&mut next, from, to);
    Some((next, hit))
}

/// Whether any man of the mover can move by `die`.
#[must_use]
pub fn can_move(pos: &Position, die: u8, bear_off: BearOff) -> bool {
    if pos.bar() > 0 {
        return landing(pos, BAR, die, bear_off).is_some();
    }
    (1..=24).any(|from| landing(pos, from, die, bear_off).is_some())
}

/// The most of these moves that can be played from here (dice, then pips).
#[must_use]
pub fn reach(pos: &Position, moves: Moves, bear_off: BearOff) -> Reach {
    fn walk(
        pos: &Position,
        moves: Moves,
        bear_off: BearOff,
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
    walk(pos, moves, bear_off, &mut best, Reach::default(), ceiling);
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

/// A 64-bit digest of a position (equal positions, equal keys).
#[inline]
fn key(pos: &Position) -> u64 {
    let p = pos.pips();
    let mut h = 0u64;
    for chunk in p.chunks(8) {
        let mut w = 0u64;
        for (i, &b) in chunk.iter().enumerate() {
            w |= u64::from(b as u8) << (8 * i);
        }
        h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }
    h
}

/// Collects plays, keeping one per resulting position.
struct Collector {
    plays: Vec<Play>,
    /// A short key of each play's position, for finding repeats quickly.
    keys: Vec<u64>,
    best: Reach,
    compulsion: Compulsion,
}

impl Collector {
    fn offer(&mut self, pos: &Position, steps: &Steps, reach: Reach, leaf: bool) {
        match self.compulsion {
            Compulsion::Free => {}
            Compulsion::Max => {
                if !leaf || reach < self.best {
                    return;
                }
                if reach > self.best {
                    self.best = reach;
                    self.plays.clear();
                    self.keys.clear();
                }
            }
        }
        // Two plays that leave the same position are one play: compare short keys first.
        let key = key(pos);
        let mut i = 0;
        while let Some(off) = self.keys[i..].iter().position(|&k| k == key) {
            if self.plays[i + off].position == *pos {
                return;
            }
            i += off + 1;
        }
        self.keys.push(key);
        self.plays.push(Play {
            position: *pos,
            steps: *steps,
        });
    }
}

/// Every legal play of these moves, one per distinct resulting position.
///
/// Under `compulsion = max` the plays use the most dice, then the most pips; when nothing can
/// be played the one play is the empty play (the throw is forfeit). Under `compulsion = free`
/// every prefix of a play is a play too, the empty play included.
#[must_use]
pub fn legal_plays(pos: &Position, moves: Moves, rules: MoveRules) -> Vec<Play> {
    let mut out = Collector {
        plays: Vec::with_capacity(32),
        keys: Vec::with_capacity(32),
        best: Reach::default(),
        compulsion: rules.compulsion,
    };
    let faces = moves.faces();
    let alike = faces.iter().all(|&f| f == faces[0]);
    let mut order = [0u8; 4];
    let n = faces.len();
    order[..n].copy_from_slice(faces);
    if alike {
        walk_alike(
            pos,
            &order[..n],
            rules.bear_off,
            BAR,
            &mut Steps::default(),
            Reach::default(),
            &mut out,
        );
    } else {
        // Every distinct order of the dice (faces are sorted, so permutations come in order).
        order[..n].sort_unstable();
        loop {
            walk_ordered(
                pos,
                &order[..n],
                rules.bear_off,
                &mut Steps::default(),
                Reach::default(),
                &mut out,
            );
            if !next_permutation(&mut order[..n]) {
                break;
            }
        }
    }
    if out.plays.is_empty() {
        out.plays.push(Play {
            position: *pos,
            steps: Steps::default(),
        });
    }
    out.plays
}

fn walk_ordered(
    pos: &Position,
    dice: &[u8],
    bear_off: BearOff,
    steps: &mut Steps,
    so_far: Reach,
    out: &mut Collector,
) {
    let mut leaf = true;
    if let Some((&die, rest)) = dice.split_first() {
        let mut buf = [0usize; 24];
        let n = sources(pos, &mut buf);
        let home = buf[0] <= 6;
        for &from in &buf[..n] {
            if let Some(to) = land_from(pos.pips(), from, die, bear_off, home) {
                leaf = false;
                let mut next = *pos;
                move_man(&mut next, from, to);
                steps.push(Step::unchecked(from, die));
                walk_ordered(&next, rest, bear_off, steps, so_far.after(die), out);
                steps.pop();
            }
        }
    }
    if out.compulsion == Compulsion::Free || leaf {
        out.offer(pos, steps, so_far, leaf);
    }
}

fn walk_alike(
    pos: &Position,
    dice: &[u8],
    bear_off: BearOff,
    highest_from: usize,
    steps: &mut Steps,
    so_far: Reach,
    out: &mut Collector,
) {
    let mut leaf = true;
    if let Some((&die, rest)) = dice.split_first() {
        if pos.bar() > 0 {
            if let Some(to) = landing(pos, BAR, die, bear_off) {
                leaf = false;
                let mut next = *pos;
                move_man(&mut next, BAR, to);
                steps.push(Step::unchecked(BAR, die));
                walk_alike(&next, rest, bear_off, BAR, steps, so_far.after(die), out);
                steps.pop();
            }
        } else {
            let mut buf = [0usize; 24];
            let n = sources(pos, &mut buf);
            let home = buf[0] <= 6;
            for &from in buf[..n].iter().filter(|&&f| f <= highest_from) {
                if let Some(to) = land_from(pos.pips(), from, die, bear_off, home) {
                    leaf = false;
                    let mut next = *pos;
                    move_man(&mut next, from, to);
                    steps.push(Step::unchecked(from, die));
                    walk_alike(&next, rest, bear_off, from, steps, so_far.after(die), out);
                    steps.pop();
                }
            }
        }
    }
    if out.compulsion == Compulsion::Free || leaf {
        out.offer(pos, steps, so_far, leaf);
    }
}

/// The next lexicographic permutation; false when `v` was the last.
fn next_permutation(v: &mut [u8]) -> bool {
    let n = v.len();
    if n < 2 {
        return false;
    }
    let mut i = n - 1;
    while i > 0 && v[i - 1] >= v[i] {
        i -= 1;
    }
    if i == 0 {
        return false;
    }
    let mut j = n - 1;
    while v[j] <= v[i - 1] {
        j -= 1;
    }
    v.swap(i - 1, j);
    v[i..].reverse();
    true
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
    let Some((next, _)) = play_step(pos, step, rules.bear_off) else {
        return false;
    };
    match rules.compulsion {
        Compulsion::Free => true,
        Compulsion::Max => {
            let after = used.after(step.die());
            let more = reach(&next, rest, rules.bear_off);
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
            let (Some((next, _)), Some(rest)) = (
                play_step(&pos, step, rules.bear_off),
                moves.without(step.die()),
            ) else {
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
