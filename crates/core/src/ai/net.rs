//! A small neural network for positions with contact: the men on every point (each side, in
//! the manner of TD-Gammon), the bar, the men off and the evaluation's hand-made features in;
//! one hidden layer of 128 units; out A's chances to win, to win a gammon or more, to win a
//! back-gammon, to lose a gammon or more and to lose a back-gammon (GNU Backgammon's five).
//!
//! Each kind of games has its own weights ([`super::Kind`]); the file that holds them is
//! read by [`super::net_file`]. Training ([`super::learn`], [`super::td`]) adds to a network's
//! weights through [`Net::add_gradient`].

use crate::tables::Position;

/// Inputs for one side: four for each of its 24 points, its bar and its men off.
const SIDE: usize = 24 * 4 + 2;
/// Inputs from the hand-made features (the evaluation's features but the bias).
pub const EXTRA: usize = 26;
/// All inputs.
pub const INPUTS: usize = 2 * SIDE + EXTRA;
/// Hidden units.
pub const HIDDEN: usize = 128;
/// Outputs: win, win a gammon or more, win a back-gammon, lose a gammon or more, lose a
/// back-gammon.
pub const OUTPUTS: usize = 5;
/// Weights in all.
pub const WEIGHTS: usize = INPUTS * HIDDEN + HIDDEN + HIDDEN * OUTPUTS + OUTPUTS;

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
    /// `w1[i * HIDDEN + h]`: from input i to hidden unit h.
    pub w1: Vec<f32>,
    /// The hidden units' biases.
    pub b1: Vec<f32>,
    /// `w2[o * HIDDEN + h]`: from hidden unit h to output o.
    pub w2: Vec<f32>,
    /// The outputs' biases.
    pub b2: Vec<f32>,
}

#[inline]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Net {
    /// A network with all weights zero.
    #[must_use]
    pub fn zero() -> Net {
        Net {
            outputs: Outputs::Chances,
            races: false,
            w1: vec![0.0; INPUTS * HIDDEN],
            b1: vec![0.0; HIDDEN],
            w2: vec![0.0; HIDDEN * OUTPUTS],
            b2: vec![0.0; OUTPUTS],
        }
    }

    /// Reads the weights written by [`Net::to_bytes`]; `None` if the size is wrong.
    #[must_use]
    pub fn from_bytes(bytes: &[u8]) -> Option<Net> {
        if bytes.len() != WEIGHTS * 4 {
            return None;
        }
        let mut all = bytes
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut take = |n: usize| all.by_ref().take(n).collect::<Vec<f32>>();
        Some(Net {
            outputs: Outputs::Chances,
            races: false,
            w1: take(INPUTS * HIDDEN),
            b1: take(HIDDEN),
            w2: take(HIDDEN * OUTPUTS),
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

    /// Small seeded starting weights, for a network trained from nothing.
    #[must_use]
    pub fn seeded(seed: u64) -> Net {
        let mut state = seed | 1;
        let mut rnd = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % 20_001) as f32 / 10_000.0 - 1.0
        };
        let mut net = Net::zero();
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
        let (out, h) = self.forward(x);
        let mut dh = [0.0f32; HIDDEN];
        let mut squared = [0.0f32; OUTPUTS];
        for o in 0..OUTPUTS {
            let d = (out[o] - target[o]) * weight[o];
            squared[o] = (out[o] - target[o]).powi(2) * weight[o];
            if d == 0.0 {
                continue;
            }
            grad.b2[o] += d;
            let row = &self.w2[o * HIDDEN..(o + 1) * HIDDEN];
            let g_row = &mut grad.w2[o * HIDDEN..(o + 1) * HIDDEN];
            for j in 0..HIDDEN {
                g_row[j] += d * h[j];
                dh[j] += d * row[j];
            }
        }
        for j in 0..HIDDEN {
            dh[j] *= h[j] * (1.0 - h[j]);
            grad.b1[j] += dh[j];
        }
        for (i, &xi) in x.iter().enumerate() {
            if xi != 0.0 {
                let row = &mut grad.w1[i * HIDDEN..(i + 1) * HIDDEN];
                for (g, d) in row.iter_mut().zip(&dh) {
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
        let p = pos.pips();
        for (side, base) in [(1i8, 0usize), (-1i8, SIDE)] {
            for i in 1..=24usize {
                // The side's own point i: A counts from 1 upwards, B from 24 downwards.
                let n = if side == 1 { p[i] } else { -p[25 - i] };
                if n > 0 {
                    let at = base + (i - 1) * 4;
                    x[at] = 1.0;
                    x[at + 1] = f32::from(u8::from(n >= 2));
                    x[at + 2] = f32::from(u8::from(n >= 3));
                    x[at + 3] = (f32::from(n) - 3.0).max(0.0) / 2.0;
                }
            }
            let (bar, off) = if side == 1 {
                (pos.bar(), pos.off())
            } else {
                (pos.adversary_bar(), pos.adversary_off())
            };
            x[base + 96] = f32::from(bar) / 2.0;
            x[base + 97] = f32::from(off) / 15.0;
        }
        for (slot, v) in x[2 * SIDE..].iter_mut().zip(extra) {
            *slot = *v;
        }
        x
    }

    /// The hidden layer's outputs for inputs `x`.
    #[must_use]
    pub fn hidden(&self, x: &[f32; INPUTS]) -> [f32; HIDDEN] {
        let mut h = [0.0f32; HIDDEN];
        h.copy_from_slice(&self.b1);
        for (i, &xi) in x.iter().enumerate() {
            if xi != 0.0 {
                let row = &self.w1[i * HIDDEN..(i + 1) * HIDDEN];
                for (acc, w) in h.iter_mut().zip(row) {
                    *acc += xi * w;
                }
            }
        }
        for v in h.iter_mut() {
            *v = sigmoid(*v);
        }
        h
    }

    /// The chances (see [`OUTPUTS`]) for inputs `x`, and the hidden layer.
    #[must_use]
    pub fn forward(&self, x: &[f32; INPUTS]) -> ([f32; OUTPUTS], [f32; HIDDEN]) {
        let h = self.hidden(x);
        let mut out = [0.0f32; OUTPUTS];
        for (o, slot) in out.iter_mut().enumerate() {
            let row = &self.w2[o * HIDDEN..(o + 1) * HIDDEN];
            // Eight sums side by side: one running sum would wait on each addition.
            let mut lanes = [0.0f32; 8];
            for (w, v) in row.chunks_exact(8).zip(h.chunks_exact(8)) {
                for ((lane, w), v) in lanes.iter_mut().zip(w).zip(v) {
                    *lane += w * v;
                }
            }
            let z: f32 = self.b2[o] + lanes.iter().sum::<f32>();
            *slot = sigmoid(z);
        }
        (out, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gradient_is_the_slope_of_the_cross_entropy() {
        let net = Net::seeded(7);
        let mut x = [0.0f32; INPUTS];
        for (i, v) in x.iter_mut().enumerate().step_by(5) {
            *v = (i % 3) as f32 * 0.5;
        }
        let target = [0.7, 0.2, 0.05, 0.1, 0.01];
        let weight = [1.0; OUTPUTS];
        let loss = |n: &Net| -> f64 {
            let (out, _) = n.forward(&x);
            out.iter()
                .zip(&target)
                .map(|(&o, &t)| {
                    let (o, t) = (f64::from(o), f64::from(t));
                    -(t * o.ln() + (1.0 - t) * (1.0 - o).ln())
                })
                .sum()
        };
        let mut grad = Net::zero();
        net.add_gradient(&x, &target, &weight, &mut grad);
        // Numerical slopes of a few weights in each layer.
        for (layer, index) in [
            (0usize, 5 * HIDDEN + 3),
            (1, 9),
            (2, 2 * HIDDEN + 17),
            (3, 4),
        ] {
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
