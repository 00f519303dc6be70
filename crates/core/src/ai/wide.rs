//! The network's hidden layer with the widest vector instructions the processor has.
//!
//! Most of a decision's time is the network's hidden layer: for each input that is not zero,
//! its row of weights added to the hidden units' sums, then each sum squashed by the logistic
//! function. Built for any x86-64, the compiler works on four numbers at a time; most
//! processors since 2013 have AVX2, which works on eight. The same loops are compiled both ways
//! and the processor is asked, once a call, which it may run. The logistic function is
//! written here ([`squash`]) so that it too runs side by side: the library's `exp` is one
//! number at a time, and took as long as the sums.
//!
//! Each hidden unit is the same operations in the same order either way (only how many units
//! are worked on side by side differs, and no multiplication is fused with its addition), so a
//! position is judged to the last bit alike on every processor: a test below checks it.
// Running code compiled for instructions the processor may not have takes `unsafe`: it is
// called only once the processor has been found to have them.
#![allow(unsafe_code)]

/// The hidden layer: `h` (as long as `b1`) set to the logistic of `b1` plus `x[k]` times row
/// `at[k]` of `w1`, for each `k` in turn (the inputs that are not zero, in their order).
pub(crate) fn hidden(b1: &[f32], w1: &[f32], at: &[u16], x: &[f32], h: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, the only instructions `hidden_avx2` is compiled to
        // use beyond the target's own; the function itself is safe Rust.
        unsafe { hidden_avx2(b1, w1, at, x, h) };
        return;
    }
    hidden_plain(b1, w1, at, x, h);
}

#[inline(always)]
fn hidden_plain(b1: &[f32], w1: &[f32], at: &[u16], x: &[f32], h: &mut [f32]) {
    h.copy_from_slice(b1);
    add_rows(w1, at, x, h);
    for v in h.iter_mut() {
        *v = squash(*v);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn hidden_avx2(b1: &[f32], w1: &[f32], at: &[u16], x: &[f32], h: &mut [f32]) {
    hidden_plain(b1, w1, at, x, h);
}

/// The outputs: for each output `o`, the logistic of `b2[o]` plus the hidden units `h`
/// weighted by row `o` of `w2`, summed eight side by side (one running sum would wait on each
/// addition). The logistic function is [`squash`] here too, within 2e-7 of the library's.
pub(crate) fn outputs<const O: usize>(w2: &[f32], b2: &[f32], h: &[f32]) -> [f32; O] {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: as in `hidden`.
        return unsafe { outputs_avx2(w2, b2, h) };
    }
    outputs_plain(w2, b2, h)
}

#[inline(always)]
fn outputs_plain<const O: usize>(w2: &[f32], b2: &[f32], h: &[f32]) -> [f32; O] {
    let n = h.len();
    let mut out = [0.0f32; O];
    for ((slot, row), bias) in out.iter_mut().zip(w2.chunks_exact(n.max(1))).zip(b2) {
        let mut lanes = [0.0f32; 8];
        for (w, v) in row.chunks_exact(8).zip(h.chunks_exact(8)) {
            for ((lane, w), v) in lanes.iter_mut().zip(w).zip(v) {
                *lane += w * v;
            }
        }
        *slot = squash(bias + lanes.iter().sum::<f32>());
    }
    out
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn outputs_avx2<const O: usize>(w2: &[f32], b2: &[f32], h: &[f32]) -> [f32; O] {
    outputs_plain(w2, b2, h)
}

/// Adding it to a number below 2^22 rounds it to an integer, kept in the sum's low bits:
/// 1.5 × 2^23.
const ROUND: f32 = 12_582_912.0;

/// The logistic function `1 / (1 + e^−v)`, within 2e-7 of it: `e^−v` as 2^t, `t` split into
/// an integer (the float's exponent) and a remainder in [−½, ½], whose 2^f is Cephes'
/// polynomial for `exp2f` (relative error about 2e-7). Nothing in it is one number at a time.
#[inline(always)]
pub(crate) fn squash(v: f32) -> f32 {
    let t = (-v * std::f32::consts::LOG2_E).clamp(-126.0, 126.0);
    let m = t + ROUND;
    let f = t - (m - ROUND);
    // round(t) in two's complement, then 2^round(t) built as a float's exponent.
    let n = m.to_bits().wrapping_sub(ROUND.to_bits());
    let scale = f32::from_bits(n.wrapping_add(127) << 23);
    let p = 1.0
        + f * (std::f32::consts::LN_2
            + f * (0.240_226_48
                + f * (0.055_503_324
                    + f * (0.009_618_437 + f * (0.001_339_887_4 + f * 0.000_153_533_62)))));
    1.0 / (1.0 + p * scale)
}

#[inline(always)]
fn add_rows(w1: &[f32], at: &[u16], x: &[f32], h: &mut [f32]) {
    let n = h.len();
    for (&i, &xi) in at.iter().zip(x) {
        let start = usize::from(i) * n;
        let Some(row) = w1.get(start..start + n) else {
            continue;
        };
        for (acc, w) in h.iter_mut().zip(row) {
            *acc += xi * w;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_way_of_summing_gives_the_same_bits() {
        let (inputs, n) = (37, 256);
        let mut state = 0x9e37_79b9_u64;
        let mut rnd = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % 20_001) as f32 / 10_000.0 - 1.0
        };
        let w1: Vec<f32> = (0..inputs * n).map(|_| rnd()).collect();
        let x: Vec<f32> = (0..inputs)
            .map(|i| if i % 3 == 0 { 0.0 } else { rnd() })
            .collect();
        let b1: Vec<f32> = (0..n).map(|_| rnd()).collect();
        let at: Vec<u16> = (0..inputs as u16)
            .filter(|&i| x[usize::from(i)] != 0.0)
            .collect();
        let values: Vec<f32> = at.iter().map(|&i| x[usize::from(i)]).collect();
        let mut by_dispatch = vec![0.0; n];
        hidden(&b1, &w1, &at, &values, &mut by_dispatch);
        let mut plain = vec![0.0; n];
        hidden_plain(&b1, &w1, &at, &values, &mut plain);
        // One unit at a time, as the definition says.
        let mut one_by_one = b1.clone();
        for (j, acc) in one_by_one.iter_mut().enumerate() {
            for (i, &xi) in x.iter().enumerate() {
                if xi != 0.0 {
                    *acc += xi * w1[i * n + j];
                }
            }
            *acc = squash(*acc);
        }
        let bits = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<u32>>();
        assert_eq!(bits(&by_dispatch), bits(&one_by_one));
        assert_eq!(bits(&plain), bits(&one_by_one));
        assert!(plain.iter().all(|v| *v > 0.0 && *v < 1.0), "{plain:?}");
        // The outputs likewise.
        let w2: Vec<f32> = (0..3 * n).map(|_| rnd()).collect();
        let b2 = [rnd(), rnd(), rnd()];
        let out: [f32; 3] = outputs(&w2, &b2, &plain);
        let out_plain: [f32; 3] = outputs_plain(&w2, &b2, &plain);
        assert_eq!(bits(&out), bits(&out_plain));
        for (o, v) in out.iter().enumerate() {
            let z: f64 = f64::from(b2[o])
                + (0..n)
                    .map(|j| f64::from(w2[o * n + j]) * f64::from(plain[j]))
                    .sum::<f64>();
            assert!(
                (f64::from(*v) - 1.0 / (1.0 + (-z).exp())).abs() < 1e-5,
                "{v} {z}"
            );
        }
    }

    #[test]
    fn the_squash_is_the_logistic_function() {
        let exact = |v: f64| 1.0 / (1.0 + (-v).exp());
        let mut worst = 0.0f64;
        for i in -40_000..=40_000 {
            let v = i as f32 / 1000.0;
            worst = worst.max((f64::from(squash(v)) - exact(f64::from(v))).abs());
        }
        assert!(worst < 2e-7, "{worst}");
        // Far out it is 0 or 1, and never a number that is not one.
        for v in [
            -1e30f32,
            -500.0,
            -89.0,
            89.0,
            500.0,
            1e30,
            f32::MAX,
            f32::MIN,
        ] {
            let s = squash(v);
            assert!(
                (f64::from(s) - exact(f64::from(v))).abs() < 1e-7,
                "{v}: {s}"
            );
        }
        assert_eq!(squash(0.0), 0.5);
    }
}
