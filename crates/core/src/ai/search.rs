//! Expectimax search over the throws: what a play or a position is worth, looking a few
//! throws ahead, under any combination of the rules' options.
//!
//! Depth counts the throws looked at beyond the play being judged: depth 0 judges the position
//! a play leaves by the static evaluation; depth 1 averages, over every throw the adversary
//! may throw (21, or 56 with three dice), the value of his best reply judged at depth 0; and
//! so on. Plays deeper in the tree are first screened at depth 0 and only the best few are
//! searched further, as GNU Backgammon does. The rules that end a game or change a turn are
//! the engine's own [`Endings`], the functions [`Game`](crate::tables::Game) calls: bearing
//! off the last man (with the stakes table), all men captured, Fails' unplayable die, a bound
//! table that loses or is broken (both sides' best break, as either may win the throw-off), a
//! blocked board.
//! Double-hand Irish: the side on roll plays the better of two throws.

use crate::tables::endings::{break_table, breakable_points};
use crate::tables::movegen::legal_plays;
use crate::tables::{Endings, Players, Position, Rules, TurnStart};

use super::eval::{Evaluator, ThrowInfo};

/// How far below the best play's value at depth 0 a play may be and still be searched deeper
/// at the root: GNU Backgammon's move filter for its 2-ply (0.16, up to eight plays).
pub const ROOT_MARGIN: f32 = 0.16;

/// Plays carried from a search one throw deep to a deeper one, and how far below the best
/// they may be there.
pub const MIDDLE_KEEP: usize = 2;
/// See [`MIDDLE_KEEP`].
pub const MIDDLE_MARGIN: f32 = 0.04;

/// The plays of a throw that the full evaluation judges inside a search, where a screening
/// network ranks them first ([`Searcher::worth_judging`]): GNU Backgammon's pruning keeps the
/// best 5 + ⌊log₂ n⌋ of n ("a lower value causes a measurable degradation of play; a higher
/// one doesn't significantly improve it").
#[must_use]
pub fn kept_by_screen(plays: usize) -> usize {
    5 + plays.max(1).ilog2() as usize
}

/// The depth for judging a position before a throw (cube, break, choice of throw).
pub(crate) fn position_depth(level: crate::level::Level) -> Depth {
    Depth {
        plies: if level == crate::level::Level::Expert {
            1
        } else {
            0
        },
        root_candidates: 1,
        inner_candidates: 1,
    }
}

/// What [`Searcher::deepen`] carries to the full depth besides the plays its filters keep, and
/// how it values them there.
#[derive(Clone, Copy, Default)]
pub(crate) struct Carried<'a> {
    /// The best `keep` plays at depth 0, always.
    pub keep: usize,
    /// A play being judged, always.
    pub also: Option<usize>,
    /// The last search, where it is not the cubeless one: `last(index)`.
    pub last: Option<&'a (dyn Fn(usize) -> f32 + Sync)>,
}

/// Sets each item's value to `value(index)`, the items shared among the machine's cores (each
/// takes the next one not yet taken): a search's root candidates, each a long search.
pub(crate) fn on_every_core(items: &mut [(usize, f32)], value: impl Fn(usize) -> f32 + Sync) {
    let indices: Vec<usize> = items.iter().map(|(i, _)| *i).collect();
    let found = every_core(indices.len(), |k| value(indices[k]));
    for (item, v) in items.iter_mut().zip(found) {
        item.1 = v;
    }
}

/// `value(k)` for each `k` below `count`, in order, the work shared among the machine's cores
/// (each takes the next `k` not yet taken). The results are those of doing it on one core.
pub(crate) fn every_core<T: Send>(count: usize, value: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let workers = cores.min(count);
    if workers <= 1 {
        return (0..count).map(value).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let found: Vec<Vec<(usize, T)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if k >= count {
                            break mine;
                        }
                        mine.push((k, value(k)));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut all: Vec<(usize, T)> = found.into_iter().flatten().collect();
    all.sort_by_key(|(k, _)| *k);
    all.into_iter().map(|(_, v)| v).collect()
}

/// How a search is run: how deep, and how many plays are carried from one depth to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depth {
    /// Throws looked at beyond the play being judged.
    pub plies: u8,
    /// Plays carried to the full depth at the root.
    pub root_candidates: usize,
    /// Plays carried one depth further inside the tree.
    pub inner_candidates: usize,
}

/// A search under one set of rules. `Send` and `Sync`; holds no global state.
#[derive(Clone, Debug)]
pub struct Searcher {
    pub(crate) eval: Evaluator,
    endings: Endings,
    double_hand: bool,
}

impl Searcher {
    /// A searcher for these rules, judging with their family's network.
    #[must_use]
    pub fn new(rules: &Rules) -> Searcher {
        Searcher::with(rules, Evaluator::new(rules))
    }

    /// The same search deciding for a side in a match: every game's end valued by the match's
    /// score from that side ([`super::ends::MatchWeights`]), in units of the cube's worth.
    #[must_use]
    pub fn in_match(&self, score: &super::cube::MatchScore) -> Searcher {
        self.weighed(super::ends::MatchWeights::of(score))
    }

    /// The same search valuing every game's end by `weights`.
    #[must_use]
    pub fn weighed(&self, weights: super::ends::MatchWeights) -> Searcher {
        Searcher {
            eval: self.eval.in_match(weights),
            ..self.clone()
        }
    }

    /// A searcher for these rules judging with `eval`.
    #[must_use]
    pub fn with(rules: &Rules, eval: Evaluator) -> Searcher {
        Searcher {
            eval,
            endings: Endings::from(rules),
            double_hand: rules.players == Players::DoubleHand,
        }
    }

    /// The evaluation the search judges positions with.
    #[must_use]
    pub fn eval(&self) -> &Evaluator {
        &self.eval
    }

    /// The rules' endings.
    #[must_use]
    pub fn endings(&self) -> &Endings {
        &self.endings
    }

    /// Whether a player may stop at any step (`compulsion = free`): many more plays.
    pub(crate) fn free_compulsion(&self) -> bool {
        self.eval.move_rules.compulsion == crate::tables::Compulsion::Free
    }

    /// The throw of the rules' dice that shows these faces, in any order.
    pub(crate) fn throw_info(&self, throw: crate::tables::Throw) -> Option<&ThrowInfo> {
        let faces = |t: crate::tables::Throw| {
            let mut f = t.faces().to_vec();
            f.sort_unstable();
            f
        };
        let wanted = faces(throw);
        self.throws().iter().find(|t| faces(t.throw) == wanted)
    }

    /// The throws of the rules' dice with their chances.
    #[must_use]
    pub fn throws(&self) -> &[ThrowInfo] {
        &self.eval.throws
    }

    /// What a play is worth to the side that made it: `pos` is the position it leaves (seen
    /// from that side), `doublets` whether the throw was doublets.
    #[must_use]
    pub fn after_play(&self, pos: &Position, doublets: bool, depth: Depth) -> f32 {
        self.after_play_as(pos, doublets, depth, true)
    }

    /// [`Searcher::after_play`] for a mover who is the side the search decides for (`mine`) or
    /// its adversary: in a match the two value a game's ends differently.
    pub(crate) fn after_play_as(
        &self,
        pos: &Position,
        doublets: bool,
        depth: Depth,
        mine: bool,
    ) -> f32 {
        if let Some(v) = self.ended_by_play(pos, doublets, mine) {
            return v;
        }
        -self.on_roll_as(&pos.switched(), depth, !mine)
    }

    /// The game's end the play itself brings about, if any: the mover's value.
    fn ended_by_play(&self, pos: &Position, doublets: bool, mine: bool) -> Option<f32> {
        self.endings
            .after_play(pos, doublets)
            .map(|win| self.eval.won_value(win.stake, mine))
    }

    /// What `pos` is worth to the side on roll, at the start of its turn (before the bound
    /// table is looked at and before it throws).
    #[must_use]
    pub fn on_roll(&self, pos: &Position, depth: Depth) -> f32 {
        self.on_roll_as(pos, depth, true)
    }

    fn on_roll_as(&self, pos: &Position, depth: Depth, mine: bool) -> f32 {
        match self.endings.turn_start(pos) {
            TurnStart::LosesToPrime => -1.0,
            TurnStart::BreakTable => self.broken(pos, depth, mine),
            TurnStart::Drawn => 0.0,
            TurnStart::Throw => self.thrown_as(pos, depth, mine),
        }
    }

    /// The side on roll must enter against a bound table that is to be broken: either side
    /// wins the throw-off as often, and each breaks the point best for itself.
    fn broken(&self, pos: &Position, depth: Depth, mine: bool) -> f32 {
        let values: Vec<f32> = Self::break_points(pos)
            .into_iter()
            .map(|(_, after)| self.thrown_as(&after, depth, mine))
            .collect();
        let best = values.iter().copied().fold(f32::MIN, f32::max);
        let worst = values.iter().copied().fold(f32::MAX, f32::min);
        if values.is_empty() {
            return self.thrown_as(pos, depth, mine);
        }
        0.5 * best + 0.5 * worst
    }

    /// Each point of the adversary's bound table that may be broken (in the binder's
    /// numbering) and the position it leaves, seen from the side on roll.
    pub(crate) fn break_points(pos: &Position) -> Vec<(u8, Position)> {
        let binder = pos.switched();
        breakable_points(&binder)
            .filter_map(|p| break_table(&binder, p).map(|(after, _)| (p, after.switched())))
            .collect()
    }

    /// The side on roll throws: the expectation over the throws of its best play.
    pub(crate) fn thrown(&self, pos: &Position, depth: Depth) -> f32 {
        self.thrown_as(pos, depth, true)
    }

    fn thrown_as(&self, pos: &Position, depth: Depth, mine: bool) -> f32 {
        if depth.plies == 0 {
            return self.eval.value_for(pos, mine);
        }
        // Two throws deep or more, the throws are shared among the cores (the same values as
        // on one).
        let throws = self.throws();
        let values: Vec<f32> = if depth.plies >= 2 {
            every_core(throws.len(), |k| {
                self.best_of_throw(pos, &throws[k], depth, mine)
            })
        } else {
            throws
                .iter()
                .map(|t| self.best_of_throw(pos, t, depth, mine))
                .collect()
        };
        self.expect(&values)
    }

    /// Fails: whether this throw has a die the side on roll cannot play (it loses outright).
    #[must_use]
    pub fn throw_loses(&self, pos: &Position, t: &ThrowInfo) -> bool {
        self.endings.throw_loses(pos, t.moves)
    }

    /// The expectation of per-throw values (in Double-hand, of the better of two throws).
    pub(crate) fn expect(&self, values: &[f32]) -> f32 {
        let throws = self.throws();
        if self.double_hand {
            let mut sum = 0.0;
            for (a, va) in throws.iter().zip(values) {
                for (b, vb) in throws.iter().zip(values) {
                    sum += a.chance * b.chance * va.max(*vb);
                }
            }
            sum
        } else {
            throws.iter().zip(values).map(|(t, v)| t.chance * v).sum()
        }
    }

    /// The value to the side on roll of its best play of one throw, searched to `depth`.
    pub(crate) fn best_of_throw(
        &self,
        pos: &Position,
        t: &ThrowInfo,
        depth: Depth,
        mine: bool,
    ) -> f32 {
        if self.throw_loses(pos, t) {
            return -1.0;
        }
        let plays = legal_plays(pos, t.moves, self.eval.move_rules);
        let plays =
            self.worth_judging(plays.iter().map(|p| p.position).collect(), t.doublets, mine);
        let shallow = Depth {
            plies: depth.plies - 1,
            ..depth
        };
        if shallow.plies == 0 {
            return plays
                .iter()
                .map(|p| self.after_play_as(p, t.doublets, shallow, mine))
                .fold(f32::MIN, f32::max);
        }
        let screened = self.screen(plays.iter(), t.doublets, depth.inner_candidates, mine);
        screened
            .into_iter()
            .map(|(pos, _)| self.after_play_as(&pos, t.doublets, shallow, mine))
            .fold(f32::MIN, f32::max)
    }

    /// The root of a search: `scored` holds each play's index in `positions` (the positions
    /// the plays leave) with its value at depth 0. The best `keep` plays, and up to
    /// `depth.root_candidates` within [`ROOT_MARGIN`] of the best, go on; searched two throws
    /// deep or more, they are first searched one throw deep and only [`MIDDLE_KEEP`] within
    /// [`MIDDLE_MARGIN`] go on to `depth`. The best `keep` and the play `also` (a play being
    /// judged) always go to `depth`. The last search is `last(index)` where given (the
    /// cube's, [`super::decide::PlaysWithCube`]). The machine's cores share the candidates.
    /// Returns those searched to `depth` with their values, best first; at depth 0, every
    /// play.
    pub(crate) fn deepen(
        &self,
        positions: &[Position],
        doublets: bool,
        depth: Depth,
        mut scored: Vec<(usize, f32)>,
        carried: Carried<'_>,
    ) -> Vec<(usize, f32)> {
        let Carried { keep, also, last } = carried;
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        if depth.plies == 0 {
            return scored;
        }
        let best = scored.first().map_or(0.0, |s| s.1);
        let mut chosen: Vec<(usize, f32)> = scored
            .iter()
            .enumerate()
            .filter(|(rank, (_, v))| {
                *rank < keep.max(1) || (*rank < depth.root_candidates && *v >= best - ROOT_MARGIN)
            })
            .map(|(_, s)| *s)
            .collect();
        if let Some(also) = also.filter(|a| !chosen.iter().any(|(i, _)| i == a)) {
            chosen.push((also, 0.0));
        }
        // Many plays close at depth 0: a search one throw deep keeps the few worth the
        // full depth (GNU Backgammon's move filter for its 3-ply: two within 0.04).
        if depth.plies >= 2 && chosen.len() > MIDDLE_KEEP {
            let one = Depth { plies: 1, ..depth };
            on_every_core(&mut chosen, |i| {
                self.after_play(&positions[i], doublets, one)
            });
            chosen.sort_by(|a, b| b.1.total_cmp(&a.1));
            let best = chosen[0].1;
            chosen = chosen
                .iter()
                .enumerate()
                .filter(|(rank, (i, v))| {
                    *rank < keep.max(1)
                        || Some(*i) == also
                        || (*rank < MIDDLE_KEEP && *v >= best - MIDDLE_MARGIN)
                })
                .map(|(_, s)| *s)
                .collect();
        }
        on_every_core(&mut chosen, |i| match last {
            Some(last) => last(i),
            None => self.after_play(&positions[i], doublets, depth),
        });
        chosen.sort_by(|a, b| b.1.total_cmp(&a.1));
        chosen
    }

    /// The positions left by a throw's plays (`plays`, seen from the mover) that a search
    /// judges in full: all of them where the evaluation has no screening network or there
    /// are few; else the [`kept_by_screen`] best by the screening network's quick value, in
    /// their given order. GNU Backgammon's pruning: its evaluations inside a search rank every
    /// play by a small network first. A play that ends the game is valued exactly.
    pub(crate) fn worth_judging(
        &self,
        plays: Vec<Position>,
        doublets: bool,
        mine: bool,
    ) -> Vec<Position> {
        let keep = kept_by_screen(plays.len());
        if plays.len() <= keep || !self.eval.screens() {
            return plays;
        }
        let zero = Depth {
            plies: 0,
            root_candidates: 0,
            inner_candidates: 0,
        };
        let quick = |p: &Position| -> f32 {
            if self.ended_by_play(p, doublets, mine).is_none() {
                let next = p.switched();
                if self.endings.turn_start(&next) == TurnStart::Throw
                    && let Some(v) = self.eval.quick_value_for(&next, !mine)
                {
                    return -v;
                }
            }
            self.after_play_as(p, doublets, zero, mine)
        };
        let values: Vec<f32> = plays.iter().map(quick).collect();
        let mut order: Vec<usize> = (0..plays.len()).collect();
        order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
        order.truncate(keep);
        order.sort_unstable();
        order.into_iter().map(|i| plays[i]).collect()
    }

    /// The `keep` best positions by their value at depth 0 (best first, ties in given order).
    pub(crate) fn screen<'a>(
        &self,
        positions: impl Iterator<Item = &'a Position>,
        doublets: bool,
        keep: usize,
        mine: bool,
    ) -> Vec<(Position, f32)> {
        let zero = Depth {
            plies: 0,
            root_candidates: 0,
            inner_candidates: 0,
        };
        let mut all: Vec<(Position, f32)> = positions
            .map(|p| (*p, self.after_play_as(p, doublets, zero, mine)))
            .collect();
        all.sort_by(|a, b| b.1.total_cmp(&a.1));
        all.truncate(keep.max(1));
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{Game, Preset, Throw};

    #[test]
    fn work_shared_among_the_cores_comes_back_in_order_and_whole() {
        for count in [0, 1, 2, 3, 21, 100] {
            let shared = every_core(count, |k| k * k + 1);
            let alone: Vec<usize> = (0..count).map(|k| k * k + 1).collect();
            assert_eq!(shared, alone);
        }
        let mut items: Vec<(usize, f32)> = [7, 3, 9].iter().map(|&i| (i, 0.0)).collect();
        on_every_core(&mut items, |i| i as f32 / 2.0);
        assert_eq!(items, vec![(7, 3.5), (3, 1.5), (9, 4.5)]);
    }

    #[test]
    fn the_cores_give_each_candidate_its_own_value() {
        let mut items: Vec<(usize, f32)> = (0..37).map(|i| (i * 3 + 1, -1.0)).collect();
        on_every_core(&mut items, |i| i as f32 * 0.5);
        for (i, v) in &items {
            assert_eq!(*v, *i as f32 * 0.5, "candidate {i}");
        }
    }

    #[test]
    fn the_screen_keeps_gnubgs_count_of_plays() {
        let kept: Vec<usize> = [1, 2, 7, 8, 15, 16, 100, 1000]
            .iter()
            .map(|&n| kept_by_screen(n))
            .collect();
        assert_eq!(kept, vec![5, 6, 7, 8, 8, 9, 11, 14]);
    }

    #[test]
    fn the_screen_keeps_the_best_play_of_nearly_every_throw_and_only_a_few() {
        use crate::ai::contest::{Contender, PlayMade, play_game};
        let rules = Rules::preset(Preset::Modern);
        let searcher = Searcher::new(&rules);
        assert!(searcher.eval.screens(), "the modern network has its screen");
        let plain = Searcher::with(
            &rules,
            Evaluator::with_net(&rules, crate::ai::Kind::Modern.shipped()),
        );
        assert!(!plain.eval.screens());
        let zero = Depth {
            plies: 0,
            root_candidates: 0,
            inner_candidates: 0,
        };
        let (mut screened, mut missed, mut lost) = (0u32, 0u32, 0.0f32);
        for seed in 1..=4 {
            let mut seen = |_: &Game, made: PlayMade| {
                let moves = made.throw.moves(rules.dice, rules.doublets);
                let doublets = made.throw.is_doublets();
                let plays: Vec<Position> =
                    legal_plays(&made.before, moves, searcher.eval.move_rules)
                        .iter()
                        .map(|p| p.position)
                        .collect();
                // Without a screen, every play is judged.
                assert_eq!(plain.worth_judging(plays.clone(), doublets, true), plays);
                let kept = searcher.worth_judging(plays.clone(), doublets, true);
                let keep = kept_by_screen(plays.len());
                assert_eq!(kept.len(), keep.min(plays.len()));
                // Plays of the throw, in their order.
                let mut rest = plays.iter();
                assert!(kept.iter().all(|k| rest.any(|p| p == k)), "{kept:?}");
                if plays.len() > keep {
                    screened += 1;
                    let value = |p: &Position| searcher.after_play(p, doublets, zero);
                    let best = plays.iter().map(value).fold(f32::MIN, f32::max);
                    let best_kept = kept.iter().map(value).fold(f32::MIN, f32::max);
                    if best_kept < best {
                        missed += 1;
                        lost += best - best_kept;
                    }
                }
            };
            let fair = Contender::Computer(crate::level::Level::Fair);
            play_game(&rules, fair, Contender::Random, seed, &mut seen).expect("a game");
        }
        assert!(screened >= 40, "{screened}");
        // The full evaluation's best play is among those kept in at least 19 throws of 20,
        // and little is lost where it is not.
        assert!(missed * 20 <= screened, "{missed} of {screened}");
        assert!(lost / (screened as f32) < 0.002, "{lost} over {screened}");
    }

    #[test]
    fn the_root_searches_the_best_and_the_play_judged_to_the_full_depth() {
        let rules = Rules::preset(Preset::Modern);
        let searcher = Searcher::new(&rules);
        let start = Game::new(rules.clone()).expect("the modern preset").start();
        let t = Throw::two(3, 1).expect("a throw");
        let moves = t.moves(rules.dice, rules.doublets);
        let positions: Vec<Position> = legal_plays(&start, moves, searcher.eval.move_rules)
            .iter()
            .map(|p| p.position)
            .collect();
        let zero = Depth {
            plies: 0,
            root_candidates: 0,
            inner_candidates: 0,
        };
        let scored: Vec<(usize, f32)> = positions
            .iter()
            .enumerate()
            .map(|(i, p)| (i, searcher.after_play(p, false, zero)))
            .collect();
        let worst = scored
            .iter()
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|s| s.0)
            .expect("plays");
        let depth = Depth {
            plies: 2,
            root_candidates: 8,
            inner_candidates: 1,
        };
        let carried = Carried {
            keep: 1,
            also: Some(worst),
            last: None,
        };
        let deep = searcher.deepen(&positions, false, depth, scored.clone(), carried);
        assert!(deep.len() <= 1 + MIDDLE_KEEP, "{deep:?}");
        assert!(deep.iter().any(|(i, _)| *i == worst), "{deep:?}");
        assert!(deep.windows(2).all(|w| w[0].1 >= w[1].1), "{deep:?}");
        for (i, v) in &deep {
            assert_eq!(
                *v,
                searcher.after_play(&positions[*i], false, depth),
                "play {i}"
            );
        }
        // The best at depth 0 always goes on.
        let best0 = scored
            .iter()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .expect("plays");
        assert!(deep.iter().any(|(i, _)| *i == best0.0), "{deep:?}");
        // At depth 0 every play comes back, best first.
        let all = searcher.deepen(&positions, false, zero, scored, Carried::default());
        assert_eq!(all.len(), positions.len());
    }
}
