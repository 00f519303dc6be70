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
    /// Tick-tack: no man is ever hit, so no man lands where any man of the adversary stands.
    pub no_hitting: bool,
}

impl From<&Rules> for MoveRules {
    fn from(rules: &Rules) -> MoveRules {
        MoveRules {
            bear_off: rules.bear_off,
            compulsion: rules.compulsion,
            no_hitting: rules.tick_tack,
        }
    }
}

/// What a single step's landing depends on: the bearing-off rule, and whether men are hit at
/// all. A bare [`BearOff`] is a game where a lone man is hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Landing {
    pub bear_off: BearOff,
    pub no_hitting: bool,
}

impl Landing {
    /// The fewest of the mover's men (adversary's negative) a point may hold to be landed on:
    /// a lone adversary man (−1) is hit, unless no man is ever hit.
    #[inline(always)]
    fn open(self) -> i8 {
        if self.no_hitting { 0 } else { -1 }
    }
}

impl From<BearOff> for Landing {
    fn from(bear_off: BearOff) -> Landing {
        Landing {
            bear_off,
            no_hitting: false,
        }
    }
}

impl From<MoveRules> for Landing {
    fn from(rules: MoveRules) -> Landing {
        Landing {
            bear_off: rules.bear_off,
            no_hitting: rules.no_hitting,
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
    pub(crate) fn after(self, die: u8) -> Reach {
        Reach {
            dice: self.dice + 1,
            pips: self.pips + u16::from(die),
        }
    }
}

/// Where a man on `from` (25 = bar) lands with `die`: `Some(1..=24)`, `Some(0)` when borne off,
/// `None` when the step is not allowed (men on the bar must enter first; no landing on two or
/// more of the adversary's men, nor on one where no man is hit; bearing off only with all men
/// home, as `bear_off` allows). `rules` is a [`BearOff`] or a [`MoveRules`].
#[inline]
#[must_use]
pub fn landing(pos: &Position, from: usize, die: u8, rules: impl Into<Landing>) -> Option<usize> {
    let rules = rules.into();
    let pips = pos.pips();
    if from > BAR || from == 0 || pips[from] <= 0 || (pips[BAR] > 0 && from != BAR) {
        return None;
    }
    let home = from <= usize::from(die) && pos.all_home();
    land_from(pips, from, die, rules.bear_off, home, rules.open())
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
    open: i8,
) -> Option<usize> {
    let die = usize::from(die);
    if from > die {
        let to = from - die;
        return (pips[to] >= open).then_some(to);
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
pub fn play_step(
    pos: &Position,
    step: Step,
    rules: impl Into<Landing>,
) -> Option<(Position, bool)> {
    let from = usize::from(step.from());
    let to = landing(pos, from, step.die(), rules)?;
    let mut next = *pos;
    let hit = move_man(&mut next, from, to);
    Some((next, hit))
}

/// Whether any man of the mover can move by `die`.
#[must_use]
pub fn can_move(pos: &Position, die: u8, rules: impl Into<Landing>) -> bool {
    let rules = rules.into();
    if pos.bar() > 0 {
        return landing(pos, BAR, die, rules).is_some();
    }
    (1..=24).any(|from| landing(pos, from, die, rules).is_some())
}

/// A 64-bit digest of a position (equal positions, equal keys).
#[inline]
fn key(pos: &Position) -> u64 {
    let p = pos.pips();
    let word = |at: usize| {
        let mut w = 0u64;
        for (i, &b) in p[at..(at + 8).min(26)].iter().enumerate() {
            w |= u64::from(b as u8) << (8 * i);
        }
        w
    };
    let mut h = word(0).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h = (h ^ word(8))
        .rotate_left(27)
        .wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h = (h ^ word(16))
        .rotate_left(31)
        .wrapping_mul(0x1656_67B1_9E37_79F9);
    h = (h ^ word(24)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^ (h >> 29)
}

/// Plays compared one by one before a table is made for them.
const LINEAR: usize = 16;

/// Collects plays, keeping one per resulting position.
struct Collector {
    plays: Vec<Play>,
    /// Once there are more than [`LINEAR`] plays, an open-addressed table of them (index + 1;
    /// 0 is empty) by position, so that a repeat is found in constant time.
    slots: Vec<u32>,
    best: Reach,
    compulsion: Compulsion,
    bear_off: BearOff,
    /// See [`Landing::open`].
    open: i8,
    /// Set while the larger of two unlike dice is walked first: a second step by a man who
    /// stood on his point from the start, neither step bearing off, makes a play that the
    /// smaller-first walk has found already, so it is not walked again.
    larger_first: bool,
    /// The mover's men at the start of the throw.
    start: [i8; 26],
}

impl Collector {
    fn new(rules: MoveRules) -> Collector {
        Collector {
            plays: Vec::with_capacity(64),
            slots: Vec::new(),
            best: Reach::default(),
            compulsion: rules.compulsion,
            bear_off: rules.bear_off,
            open: Landing::from(rules).open(),
            larger_first: false,
            start: [0; 26],
        }
    }

    /// Keeps the play `steps` leading to `pos` if the rules allow it. `unique` says the walk
    /// cannot have found `pos` before (no check is then needed).
    fn offer(&mut self, pos: &Position, steps: &Steps, reach: Reach, leaf: bool, unique: bool) {
        match self.compulsion {
            Compulsion::Free => {}
            Compulsion::Max => {
                if !leaf || reach < self.best {
                    return;
                }
                if reach > self.best {
                    self.best = reach;
                    self.plays.clear();
                    self.slots.clear();
                }
            }
        }
        if unique {
            self.plays.push(Play {
                position: *pos,
                steps: *steps,
            });
            return;
        }
        // Two plays that leave the same position are one play: a few plays are compared one
        // by one, more are looked up in a table.
        if self.slots.is_empty() {
            if self.plays.iter().any(|p| p.position == *pos) {
                return;
            }
            self.plays.push(Play {
                position: *pos,
                steps: *steps,
            });
            if self.plays.len() > LINEAR {
                self.slots = vec![0; 4 * LINEAR];
                self.refile();
            }
            return;
        }
        let mask = self.slots.len() - 1;
        let mut at = key(pos) as usize & mask;
        loop {
            match self.slots[at] {
                0 => break,
                i if self.plays[i as usize - 1].position == *pos => return,
                _ => at = (at + 1) & mask,
            }
        }
        self.plays.push(Play {
            position: *pos,
            steps: *steps,
        });
        self.slots[at] = self.plays.len() as u32;
        if self.plays.len() * 2 > self.slots.len() {
            self.slots = vec![0; self.slots.len() * 2];
            self.refile();
        }
    }

    /// Files every play in the (empty) table.
    fn refile(&mut self) {
        let mask = self.slots.len() - 1;
        for (i, play) in self.plays.iter().enumerate() {
            let mut at = key(&play.position) as usize & mask;
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = i as u32 + 1;
        }
    }
}

/// Every legal play of these moves, one per distinct resulting position.
///
/// Under `compulsion = max` the plays use the most dice, then the most pips; when nothing can
/// be played the one play is the empty play (the throw is forfeit). Under `compulsion = free`
/// every prefix of a play is a play too, the empty play included.
#[must_use]
pub fn legal_plays(pos: &Position, moves: Moves, rules: MoveRules) -> Vec<Play> {
    let mut out = Collector::new(rules);
    let faces = moves.faces();
    let alike = faces.iter().all(|&f| f == faces[0]);
    let mut order = [0u8; 4];
    let n = faces.len();
    order[..n].copy_from_slice(faces);
    let mask = occupied(pos.pips());
    if n == 2 && !alike && rules.compulsion == Compulsion::Max && pos.bar() == 0 {
        let (small, big) = (faces[0].min(faces[1]), faces[0].max(faces[1]));
        if let Some(plays) = both_dice_before_bearing_off(pos, mask, small, big, out.open) {
            return plays;
        }
    }
    if alike
        && rules.compulsion == Compulsion::Max
        && pos.bar() == 0
        && let Some(&die) = faces.first()
        && let Some(plays) = alike_before_bearing_off(pos, mask, die, n, out.open)
    {
        return plays;
    }
    if alike {
        walk_alike(
            pos,
            mask,
            &order[..n],
            BAR,
            &mut Steps::default(),
            Reach::default(),
            &mut out,
        );
    } else {
        // Every distinct order of the dice (faces are sorted, so permutations come in order).
        order[..n].sort_unstable();
        out.start = *pos.pips();
        loop {
            walk_ordered(
                pos,
                mask,
                &order[..n],
                &mut Steps::default(),
                Reach::default(),
                &mut out,
            );
            if !next_permutation(&mut order[..n]) {
                break;
            }
            // Two men moved one die each, in either order, leave the same position (the
            // landing points are open or not whatever moved first, and neither is the bar or
            // off the board): the second order need only find the plays the first could not.
            out.larger_first = n == 2 && pos.bar() == 0;
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

/// Every play of two unlike dice that uses both, when no man is on the bar and two or more
/// stand outside the home table (so that no man can be borne off), each play once and without
/// looking for repeats, in wildbg's way; `None` when there are more men home or no play uses
/// both dice, for [`legal_plays`]'s general walk to answer.
///
/// Here the steps of two men can be made in either order to the same end, so each pair is
/// walked in one order: the small die first, then a man no higher than the first; or the big
/// die first, then a lower man, leaving out a second step from where the first man landed
/// when the small-first walk found the same play (both his landings open and neither a hit).
fn both_dice_before_bearing_off(
    pos: &Position,
    mask: u32,
    small: u8,
    big: u8,
    open: i8,
) -> Option<Vec<Play>> {
    let pips = pos.pips();
    if men_outside_home(pos) < 2 {
        return None;
    }
    let mut plays = Vec::with_capacity(64);
    let mut both = |first: usize, die: u8, second: u32, then: u8| {
        let Some(to) = land_from(pips, first, die, BearOff::Exact, false, open) else {
            return;
        };
        let mut next = *pos;
        move_man(&mut next, first, to);
        let mut seconds = occupied_after(mask, next.pips(), first, to) & second;
        while seconds != 0 {
            let from = 31 - seconds.leading_zeros() as usize;
            seconds &= !(1 << from);
            if let Some(to2) = land_from(next.pips(), from, then, BearOff::Exact, false, open) {
                let mut position = next;
                move_man(&mut position, from, to2);
                let mut steps = Steps::default();
                steps.push(Step::unchecked(first, die));
                steps.push(Step::unchecked(from, then));
                plays.push(Play { position, steps });
            }
        }
    };
    let mut m = mask;
    while m != 0 {
        let first = 31 - m.leading_zeros() as usize;
        m &= !(1 << first);
        // The small die first, then any man no higher.
        both(first, small, up_to(first), big);
        // The big die first, then a lower man; his own second step only when it ends
        // elsewhere than the small-first walk's (a landing blocked or a blot hit on the way).
        if first > usize::from(big) {
            let (s, b) = (usize::from(small), usize::from(big));
            let elsewhere = pips[first - s] < 0 || pips[first - b] < 0;
            let mut lower = up_to(first - 1);
            if !elsewhere {
                lower &= !(1 << (first - b));
            }
            both(first, big, lower, small);
        }
    }
    (!plays.is_empty()).then_some(plays)
}

/// Every play of `n` moves all of `die` that uses them all, when no man is on the bar and `n`
/// or more stand outside the home table (so that no man can be borne off): men are moved from
/// the highest point down, so each play is walked once; `None` when there are more men home
/// or no play uses every move, for [`legal_plays`]'s general walk to answer.
fn alike_before_bearing_off(
    pos: &Position,
    mask: u32,
    die: u8,
    n: usize,
    open: i8,
) -> Option<Vec<Play>> {
    #[allow(clippy::too_many_arguments, reason = "a recursive walk's state")]
    fn walk(
        pos: &Position,
        mask: u32,
        die: u8,
        open: i8,
        left: usize,
        highest: usize,
        steps: &mut Steps,
        plays: &mut Vec<Play>,
    ) {
        let mut m = mask & up_to(highest);
        while m != 0 {
            let from = 31 - m.leading_zeros() as usize;
            m &= !(1 << from);
            let Some(to) = land_from(pos.pips(), from, die, BearOff::Exact, false, open) else {
                continue;
            };
            let mut next = *pos;
            move_man(&mut next, from, to);
            steps.push(Step::unchecked(from, die));
            if left == 1 {
                plays.push(Play {
                    position: next,
                    steps: *steps,
                });
            } else {
                let after = occupied_after(mask, next.pips(), from, to);
                walk(&next, after, die, open, left - 1, from, steps, plays);
            }
            steps.pop();
        }
    }
    if men_outside_home(pos) < n {
        return None;
    }
    let mut plays = Vec::with_capacity(64);
    walk(
        pos,
        mask,
        die,
        open,
        n,
        24,
        &mut Steps::default(),
        &mut plays,
    );
    (!plays.is_empty()).then_some(plays)
}

/// How many of the mover's men stand on points 7 to 24: while more stand there than he has
/// moves, none of them can be borne off this throw.
#[inline]
fn men_outside_home(pos: &Position) -> usize {
    pos.pips()[7..=24].iter().map(|&k| k.max(0) as usize).sum()
}

/// The mover's points 1 to 24 that hold his men, as bits.
#[inline]
fn occupied(pips: &[i8; 26]) -> u32 {
    let mut mask = 0u32;
    for (p, &n) in pips.iter().enumerate().take(25).skip(1) {
        mask |= u32::from(n > 0) << p;
    }
    mask
}

/// The occupied points after a man moved from `from` to `to` (0 when borne off).
#[inline(always)]
fn occupied_after(mask: u32, pips: &[i8; 26], from: usize, to: usize) -> u32 {
    let mut mask = mask;
    if from != BAR && pips[from] == 0 {
        mask &= !(1 << from);
    }
    if to != 0 {
        mask |= 1 << to;
    }
    mask
}

/// Calls `each` with every point the mover may move from now, highest first, and whether all
/// his men are home: the bar alone while men are on it (if `allowed` has bit 25), else every
/// point of `mask` (his men) that `allowed` has.
#[inline(always)]
fn each_source(pos: &Position, mask: u32, allowed: u32, mut each: impl FnMut(usize, bool)) {
    if pos.bar() > 0 {
        if allowed & 1 << BAR != 0 {
            each(BAR, false);
        }
        return;
    }
    let home = mask < 1 << 7;
    let mut m = mask & allowed;
    while m != 0 {
        let from = 31 - m.leading_zeros() as usize;
        m &= !(1 << from);
        each(from, home);
    }
}

/// Every source, the bar included.
const ANY: u32 = u32::MAX;

/// The sources from `highest` down (25 is the bar).
#[inline(always)]
fn up_to(highest: usize) -> u32 {
    (2u32 << highest) - 1
}

fn walk_ordered(
    pos: &Position,
    mask: u32,
    dice: &[u8],
    steps: &mut Steps,
    so_far: Reach,
    out: &mut Collector,
) {
    let mut leaf = true;
    if let Some((&die, rest)) = dice.split_first() {
        // The larger die walked first: a second step by a man who stood on his point from the
        // start and does not bear off was found by the smaller-first walk, so only the man
        // just moved (if his point was empty at the start) and men that may bear off are
        // tried; a leaf so cut short is never the fullest play, so it is refused as it should.
        let first = steps
            .iter()
            .next()
            .filter(|f| out.larger_first && f.to() != 0);
        let allowed = match first {
            Some(f) => {
                let t = usize::from(f.to());
                let moved = if out.start[t] <= 0 { 1u32 << t } else { 0 };
                moved | up_to(usize::from(die)) & !1
            }
            None => ANY,
        };
        each_source(pos, mask, allowed, |from, home| {
            if let Some(to) = land_from(pos.pips(), from, die, out.bear_off, home, out.open) {
                leaf = false;
                if first.is_some() && to != 0 && out.start[from] > 0 {
                    return;
                }
                let mut next = *pos;
                move_man(&mut next, from, to);
                let after = occupied_after(mask, next.pips(), from, to);
                steps.push(Step::unchecked(from, die));
                walk_ordered(&next, after, rest, steps, so_far.after(die), out);
                steps.pop();
            }
        });
    }
    if out.compulsion == Compulsion::Free || leaf {
        out.offer(pos, steps, so_far, leaf, false);
    }
}

/// As [`walk_ordered`] for moves all alike: men are moved from the highest point down only
/// (`highest_from`), since any order of the same steps leaves the same position.
fn walk_alike(
    pos: &Position,
    mask: u32,
    dice: &[u8],
    highest_from: usize,
    steps: &mut Steps,
    so_far: Reach,
    out: &mut Collector,
) {
    let mut leaf = true;
    if let Some((&die, rest)) = dice.split_first() {
        each_source(pos, mask, up_to(highest_from), |from, home| {
            if let Some(to) = land_from(pos.pips(), from, die, out.bear_off, home, out.open) {
                leaf = false;
                let mut next = *pos;
                move_man(&mut next, from, to);
                let after = occupied_after(mask, next.pips(), from, to);
                steps.push(Step::unchecked(from, die));
                walk_alike(&next, after, rest, from, steps, so_far.after(die), out);
                steps.pop();
            }
        });
    }
    if out.compulsion == Compulsion::Free || leaf {
        out.offer(pos, steps, so_far, leaf, true);
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
