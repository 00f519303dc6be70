//! A small neural network for positions with contact: the men on every point (each side, in
//! the manner of TD-Gammon), the bar, the men off and the evaluation's hand-made features in;
//! one hidden layer of 128 units; out A's chances to win, to win a gammon or more, to win a
//! back-gammon, to lose a gammon or more and to lose a back-gammon (GNU Backgammon's five).
//!
//! Its weights (`data/net.bin`, little-endian `f32`s) were fitted by `examples/fit_eval.rs` to GNU
//! Backgammon's evaluations of modern positions. They are read once, on first use, into a
//! shared immutable table.

use std::sync::OnceLock;

use crate::engine::Position;

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

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
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
            let z: f32 = self.b2[o] + row.iter().zip(&h).map(|(w, v)| w * v).sum::<f32>();
            *slot = sigmoid(z);
        }
        (out, h)
    }
}

/// The fitted network, or `None` if its weights are missing or malformed.
pub fn trained() -> Option<&'static Net> {
    static NET: OnceLock<Option<Net>> = OnceLock::new();
    NET.get_or_init(|| Net::from_bytes(super::data::NET))
        .as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_weights_fit_the_network() {
        // A weights file of the wrong size would silently leave the evaluation to the
        // logistic stand-in.
        assert_eq!(crate::ai::data::NET.len(), WEIGHTS * 4);
        assert!(trained().is_some());
    }
}
