//! Fitting a network's weights to targets: Adam (Kingma and Ba) on the cross-entropy of each
//! output, over small batches. Both ways of training use it: `examples/fit_eval.rs` with GNU
//! Backgammon's evaluations as targets, and [`super::td`] with the network's own later
//! judgements.

use crate::ai::net::{INPUTS, Net, OUTPUTS};

/// A position's inputs and the chances the network should give it.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub x: [f32; INPUTS],
    pub target: [f32; OUTPUTS],
}

/// Adam's running moments, one pair a weight.
#[derive(Clone, Debug)]
pub struct Adam {
    /// The step size.
    pub rate: f32,
    m: Vec<f32>,
    v: Vec<f32>,
    steps: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    /// A fresh optimiser with this step size.
    #[must_use]
    pub fn new(rate: f32) -> Adam {
        Adam {
            rate,
            m: Vec::new(),
            v: Vec::new(),
            steps: 0,
        }
    }

    /// One step of `net` down the mean gradient of `batch`, each output weighted by `weight`.
    /// Returns the batch's summed squared error of each output, before the step.
    pub fn step(
        &mut self,
        net: &mut Net,
        batch: &[&Sample],
        weight: &[f32; OUTPUTS],
    ) -> [f32; OUTPUTS] {
        let mut grad = Net::zero_of(net.hidden_units());
        let mut squared = [0.0f32; OUTPUTS];
        for s in batch {
            let e = net.add_gradient(&s.x, &s.target, weight, &mut grad);
            for (acc, e) in squared.iter_mut().zip(e) {
                *acc += e;
            }
        }
        if batch.is_empty() {
            return squared;
        }
        // The moments are made for the first network stepped, of whatever size.
        let count = net.weights().count();
        if self.m.len() != count {
            self.m = vec![0.0; count];
            self.v = vec![0.0; count];
            self.steps = 0;
        }
        self.steps = self.steps.saturating_add(1);
        let scale = 1.0 / batch.len() as f32;
        let c1 = 1.0 - Self::BETA1.powi(self.steps);
        let c2 = 1.0 - Self::BETA2.powi(self.steps);
        for ((w, g), (m, v)) in net
            .weights_mut()
            .zip(grad.weights())
            .zip(self.m.iter_mut().zip(self.v.iter_mut()))
        {
            let g = g * scale;
            *m = Self::BETA1 * *m + (1.0 - Self::BETA1) * g;
            *v = Self::BETA2 * *v + (1.0 - Self::BETA2) * g * g;
            *w -= self.rate * (*m / c1) / ((*v / c2).sqrt() + Self::EPSILON);
        }
        squared
    }
}

/// A seeded Fisher–Yates shuffle (xorshift), for the order positions are learned in.
pub fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut state = seed | 1;
    for i in (1..items.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        items.swap(i, (state % (i as u64 + 1)) as usize);
    }
}

/// The mean squared error of each output of `net` over `samples`.
#[must_use]
pub fn mean_squared_error(net: &Net, samples: &[Sample]) -> [f32; OUTPUTS] {
    let mut sum = [0.0f32; OUTPUTS];
    for s in samples {
        let out = net.forward(&s.x);
        for o in 0..OUTPUTS {
            sum[o] += (out[o] - s.target[o]).powi(2);
        }
    }
    sum.map(|v| v / samples.len().max(1) as f32)
}
