//! A small neural network for positions with contact: the men on every point (each side, in
//! the manner of TD-Gammon), the bar, the men off and the evaluation's hand-made features in;
//! one hidden layer (of [`HIDDEN`] units for a network made here, up to [`MAX_HIDDEN`] read
//! from a file); out A's chances to win, to win a gammon or more, to win a
//! back-gammon, to lose a gammon or more and to lose a back-gammon (GNU Backgammon's five).
//!
//! Each kind of games has its own weights ([`super::Kind`]); the file that holds them is
//! read by [`super::net_file`]. Training (the `gamester-train` crate's `learn` and `td`) adds
//! to a network's weights through [`Net::add_gradient`].

use crate::tables::Position;

/// Inputs for one side: four for each of its 24 points, its bar and its men off.
const SIDE: usize = 24 * 4 + 2;
/// Inputs from the hand-made features (the evaluation's features but the bias).
pub const EXTRA: usize = 26;
/// All inputs.
pub const INPUTS: usize = 2 * SIDE + EXTRA;
/// Hidden units of a network made here ([`Net::zero`], [`Net::seeded`]).
pub const HIDDEN: usize = 128;
/// The most hidden units a network may have; a network's hidden units are a multiple of 8
/// (its output sums run eight side by side).
pub const MAX_HIDDEN: usize = 512;
/// Outputs: win, win a gammon or more, win a back-gammon, lose a gammon or more, lose a
/// back-gammon.
pub const OUTPUTS: usize = 5;
/// Weights in all of a network of `hidden` hidden units.
#[must_use]
pub const fn weights(hidden: usize) -> usize {
    INPUTS * hidden + hidden + hidden * OUTPUTS + OUTPUTS
}

/// Whether a network may have `hidden` hidden units.
#[must_use]
pub const fn hidden_fits(hidden: usize) -> bool {
    hidden > 0 && hidden <= MAX_HIDDEN && hidden.is_multiple_of(8)
}

/// What the network's outputs mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Outputs {
    /// GNU Backgammon's five chances (see [`OUTPUTS`]).
    #[default]
    Chances,
    /// The stakes: out 0 the chance to win; out 1 the stakes A may expect to win (counted
    /// only when A wins: the stakes table's gammons, back-gammons, doublets or Nard's count),
    /// out 3 what B may expect likewise, each over the most a game can score
    /// ([`crate::tables::most_stake`]); outs 2 and 4 unused. Such a network judges every
    /// position, races too.
    Stakes,
}

impl Outputs {
    /// The outputs' name in a network file's header.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Outputs::Chances => "chances",
            Outputs::Stakes => "stakes",
        }
    }

    /// The outputs called `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Outputs> {
        [Outputs::Chances, Outputs::Stakes]
            .into_iter()
            .find(|o| o.name() == name)
    }
}

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// What its outputs mean.
    pub outputs: Outputs,
    /// Whether it judges races too (positions without contact), which are otherwise left to
    /// the race model. A network of [`Outputs::Stakes`] always does.
    pub races: bool,
    /// `w1[i * H + h]`: from input i to hidden unit h, H the hidden units
    /// ([`Net::hidden_units`]).
    pub w1: Vec<f32>,
    /// The hidden units' biases.
    pub b1: Vec<f32>,
    /// `w2[o * H + h]`: from hidden unit h to output o.
    pub w2: Vec<f32>,
    /// The outputs' biases.
    pub b2: Vec<f32>,
}

/// A network's inputs that are not zero, in the order of their index: what the hidden layer
/// reads. Most inputs are zero (a point without men has four), so neither making them nor
/// reading them costs anything. `N` is how many there may be; a position has at most
/// [`POSITION_INPUTS`].
struct Sparse<const N: usize> {
    len: usize,
    at: [u16; N],
    values: [f32; N],
}

/// The most inputs of a position that are not zero: on each side one for each man on a
/// point at most (a point's `k`-th input needs `k` men there), its bar's and its men off's;
/// and the features.
const POSITION_INPUTS: usize = 2 * (crate::tables::MEN as usize + 2) + EXTRA;

impl<const N: usize> Sparse<N> {
    fn new() -> Sparse<N> {
        Sparse {
            len: 0,
            at: [0; N],
            values: [0.0; N],
        }
    }

    /// The inputs of `x` that are not zero.
    fn of(x: &[f32]) -> Sparse<N> {
        let mut sparse = Sparse::new();
        for (i, &v) in x.iter().enumerate() {
            sparse.put(i, v);
        }
        sparse
    }

    /// Input `i` is `v`; given in the order of the inputs, each at most once.
    #[inline(always)]
    fn put(&mut self, i: usize, v: f32) {
        if v != 0.0 && self.len < N {
            self.at[self.len] = i as u16;
            self.values[self.len] = v;
            self.len += 1;
        }
    }

    fn at(&self) -> &[u16] {
        &self.at[..self.len]
    }

    fn values(&self) -> &[f32] {
        &self.values[..self.len]
    }
}

/// `put(i, v)` for each of the network's inputs `i` for `pos` (seen from the side on roll)
/// and its hand-made features `extra` (the bias left out) whose value `v` may not be zero,
/// in the order of the inputs.
#[inline(always)]
fn each_input(pos: &Position, extra: &[f32], mut put: impl FnMut(usize, f32)) {
    let p = pos.pips();
    for (side, base) in [(1i8, 0usize), (-1i8, SIDE)] {
        for i in 1..=24usize {
            // The side's own point i: A counts from 1 upwards, B from 24 downwards.
            let n = if side == 1 { p[i] } else { -p[25 - i] };
            if n > 0 {
                let at = base + (i - 1) * 4;
                put(at, 1.0);
                if n >= 2 {
                    put(at + 1, 1.0);
                }
                if n >= 3 {
                    put(at + 2, 1.0);
                }
                if n >= 4 {
                    put(at + 3, (f32::from(n) - 3.0) / 2.0);
                }
            }
        }
        let (bar, off) = if side == 1 {
            (pos.bar(), pos.off())
        } else {
            (pos.adversary_bar(), pos.adversary_off())
        };
        put(base + 96, f32::from(bar) / 2.0);
        put(base + 97, f32::from(off) / 15.0);
    }
    for (i, v) in extra.iter().enumerate().take(EXTRA) {
        put(2 * SIDE + i, *v);
    }
}

impl Net {
    /// A network of [`HIDDEN`] hidden units with all weights zero.
    #[must_use]
    pub fn zero() -> Net {
        Net::zero_of(HIDDEN)
    }

    /// A network of `hidden` hidden units with all weights zero (a gradient for a network of
    /// that size).
    #[must_use]
    pub fn zero_of(hidden: usize) -> Net {
        Net {
            outputs: Outputs::Chances,
            races: false,
            w1: vec![0.0; INPUTS * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; hidden * OUTPUTS],
            b2: vec![0.0; OUTPUTS],
        }
    }

    /// Its hidden units.
    #[must_use]
    pub fn hidden_units(&self) -> usize {
        self.b1.len()
    }

    /// Reads the weights of a network of `hidden` hidden units written by [`Net::to_bytes`];
    /// `None` if the size is wrong or `hidden` is not one a network may have.
    #[must_use]
    pub fn from_bytes(bytes: &[u8], hidden: usize) -> Option<Net> {
        if !hidden_fits(hidden) || bytes.len() != weights(hidden) * 4 {
            return None;
        }
        let mut all = bytes
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut take = |n: usize| all.by_ref().take(n).collect::<Vec<f32>>();
        Some(Net {
            outputs: Outputs::Chances,
            races: false,
            w1: take(INPUTS * hidden),
            b1: take(hidden),
            w2: take(hidden * OUTPUTS),
            b2: take(OUTPUTS),
        })
    }

    /// The weights as little-endian `f32`s.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        [&self.w1, &self.b1, &self.w2, &self.b2]
            .iter()
            .flat_map(|v| v.iter().flat_map(|x| x.to_le_bytes()))
            .collect()
    }

    /// A digest of the weights (FNV-1a over [`Net::to_bytes`], in hex): a screening network
    /// names the network it imitates by it, so that a screen left behind by a new network is
    /// found out.
    #[must_use]
    pub fn digest(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in self.to_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        format!("{h:016x}")
    }

    /// Small seeded starting weights, for a network of [`HIDDEN`] hidden units trained from
    /// nothing.
    #[must_use]
    pub fn seeded(seed: u64) -> Net {
        Net::seeded_of(seed, HIDDEN)
    }

    /// Small seeded starting weights for a network of `hidden` hidden units.
    #[must_use]
    pub fn seeded_of(seed: u64, hidden: usize) -> Net {
        let mut state = seed | 1;
        let mut rnd = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % 20_001) as f32 / 10_000.0 - 1.0
        };
        let mut net = Net::zero_of(hidden);
        for w in net.w1.iter_mut() {
            *w = 0.1 * rnd();
        }
        for w in net.w2.iter_mut() {
            *w = 0.3 * rnd();
        }
        net
    }

    /// Adds to `grad` the gradient of the cross-entropy between the outputs for `x` and
    /// `target` (each output a chance), weighted by `weight` per output. Returns the squared
    /// error of each output, weighted likewise.
    pub fn add_gradient(
        &self,
        x: &[f32; INPUTS],
        target: &[f32; OUTPUTS],
        weight: &[f32; OUTPUTS],
        grad: &mut Net,
    ) -> [f32; OUTPUTS] {
        let n = self.hidden_units();
        let sparse = Sparse::<INPUTS>::of(x);
        let mut layer = [0.0f32; MAX_HIDDEN];
        let h = &mut layer[..n];
        super::wide::hidden(&self.b1, &self.w1, sparse.at(), sparse.values(), h);
        let out = self.outputs_of(h);
        let mut store = [0.0f32; MAX_HIDDEN];
        let dh = &mut store[..n];
        let mut squared = [0.0f32; OUTPUTS];
        for o in 0..OUTPUTS {
            let d = (out[o] - target[o]) * weight[o];
            squared[o] = (out[o] - target[o]).powi(2) * weight[o];
            if d == 0.0 {
                continue;
            }
            grad.b2[o] += d;
            let row = &self.w2[o * n..(o + 1) * n];
            let g_row = &mut grad.w2[o * n..(o + 1) * n];
            for j in 0..n {
                g_row[j] += d * h[j];
                dh[j] += d * row[j];
            }
        }
        for j in 0..n {
            dh[j] *= h[j] * (1.0 - h[j]);
            grad.b1[j] += dh[j];
        }
        for (i, &xi) in x.iter().enumerate() {
            if xi != 0.0 {
                let row = &mut grad.w1[i * n..(i + 1) * n];
                for (g, d) in row.iter_mut().zip(dh.iter()) {
                    *g += xi * d;
                }
            }
        }
        squared
    }

    /// Every weight, in the order of [`Net::to_bytes`], for an optimiser to walk.
    pub fn weights_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.w1
            .iter_mut()
            .chain(self.b1.iter_mut())
            .chain(self.w2.iter_mut())
            .chain(self.b2.iter_mut())
    }

    /// Every weight, in the order of [`Net::to_bytes`].
    pub fn weights(&self) -> impl Iterator<Item = &f32> {
        self.w1
            .iter()
            .chain(self.b1.iter())
            .chain(self.w2.iter())
            .chain(self.b2.iter())
    }

    /// The inputs for `pos` (seen from the side on roll), given its hand-made features
    /// (`extra`, the bias left out).
    #[must_use]
    pub fn encode(pos: &Position, extra: &[f32]) -> [f32; INPUTS] {
        let mut x = [0.0f32; INPUTS];
        each_input(pos, extra, |i, v| x[i] = v);
        x
    }

    /// The outputs for the hidden layer's `h`.
    fn outputs_of(&self, h: &[f32]) -> [f32; OUTPUTS] {
        super::wide::outputs(&self.w2, &self.b2, h)
    }

    /// The chances (see [`OUTPUTS`]) for inputs `x`.
    #[must_use]
    pub fn forward(&self, x: &[f32; INPUTS]) -> [f32; OUTPUTS] {
        let sparse = Sparse::<INPUTS>::of(x);
        self.forward_sparse(&sparse)
    }

    /// The chances for `pos` (seen from the side on roll) with its hand-made features
    /// `extra`: [`Net::forward`] of [`Net::encode`], without the inputs that are zero ever
    /// being written or read (most are, and a search judges thousands of positions).
    #[must_use]
    pub fn forward_position(&self, pos: &Position, extra: &[f32]) -> [f32; OUTPUTS] {
        let mut sparse = Sparse::<POSITION_INPUTS>::new();
        each_input(pos, extra, |i, v| sparse.put(i, v));
        self.forward_sparse(&sparse)
    }

    fn forward_sparse<const N: usize>(&self, x: &Sparse<N>) -> [f32; OUTPUTS] {
        // The hidden layer on the stack, no longer than it need be: it is written whole.
        match self.hidden_units() {
            n if n <= 64 => self.through::<N, 64>(x),
            n if n <= 256 => self.through::<N, 256>(x),
            _ => self.through::<N, MAX_HIDDEN>(x),
        }
    }

    fn through<const N: usize, const H: usize>(&self, x: &Sparse<N>) -> [f32; OUTPUTS] {
        let mut layer = [0.0f32; H];
        let h = &mut layer[..self.hidden_units()];
        super::wide::hidden(&self.b1, &self.w1, x.at(), x.values(), h);
        self.outputs_of(h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_judged_from_its_inputs_that_are_not_zero_is_judged_to_the_bit_alike() {
        use crate::ai::contest::{Contender, play_game};
        use crate::tables::{Preset, Rules};
        let rules = Rules::preset(Preset::Modern);
        let net = Net::seeded_of(3, 64);
        let (mut seen, mut varied) = (0, std::collections::HashSet::new());
        for seed in 0..6 {
            let mut check = |_: &crate::tables::Game, made: crate::ai::contest::PlayMade| {
                for pos in [made.before, made.play.position] {
                    // Features of every kind: zeros, negatives, fractions, big numbers.
                    let extra: Vec<f32> = (0..EXTRA)
                        .map(|i| [0.0, -0.75, 0.3, 2.0, 0.0][(i + seen) % 5])
                        .collect();
                    let dense = net.forward(&Net::encode(&pos, &extra));
                    let sparse = net.forward_position(&pos, &extra);
                    let bits = |o: [f32; OUTPUTS]| o.map(f32::to_bits);
                    assert_eq!(bits(dense), bits(sparse), "{pos}");
                    varied.insert(bits(sparse));
                    seen += 1;
                }
            };
            play_game(
                &rules,
                Contender::Random,
                Contender::Random,
                seed,
                &mut check,
            )
            .expect("a game");
        }
        assert!(
            seen > 200 && varied.len() > seen / 2,
            "{seen} {}",
            varied.len()
        );
    }

    #[test]
    fn the_gradient_is_the_slope_of_the_cross_entropy() {
        for hidden in [HIDDEN, 256] {
            gradient_is_the_slope(&Net::seeded_of(7, hidden));
        }
    }

    fn gradient_is_the_slope(net: &Net) {
        let n = net.hidden_units();
        let mut x = [0.0f32; INPUTS];
        for (i, v) in x.iter_mut().enumerate().step_by(5) {
            *v = (i % 3) as f32 * 0.5;
        }
        let target = [0.7, 0.2, 0.05, 0.1, 0.01];
        let weight = [1.0; OUTPUTS];
        let loss = |net: &Net| -> f64 {
            let out = net.forward(&x);
            out.iter()
                .zip(&target)
                .map(|(&o, &t)| {
                    let (o, t) = (f64::from(o), f64::from(t));
                    -(t * o.ln() + (1.0 - t) * (1.0 - o).ln())
                })
                .sum()
        };
        let mut grad = Net::zero_of(n);
        net.add_gradient(&x, &target, &weight, &mut grad);
        // Numerical slopes of a few weights in each layer.
        for (layer, index) in [(0usize, 5 * n + 3), (1, 9), (2, 2 * n + 17), (3, 4)] {
            let h = 1e-2f32;
            let nudge = |d: f32| {
                let mut n = net.clone();
                let w = match layer {
                    0 => &mut n.w1[index],
                    1 => &mut n.b1[index],
                    2 => &mut n.w2[index],
                    _ => &mut n.b2[index],
                };
                *w += d;
                loss(&n)
            };
            let numeric = (nudge(h) - nudge(-h)) / (2.0 * f64::from(h));
            let analytic = f64::from([&grad.w1, &grad.b1, &grad.w2, &grad.b2][layer][index]);
            assert!(
                (numeric - analytic).abs() < 1e-3 + 1e-2 * numeric.abs(),
                "layer {layer} weight {index}: numeric {numeric}, analytic {analytic}"
            );
        }
    }
}
