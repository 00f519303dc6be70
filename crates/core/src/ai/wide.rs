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

/// The hidden layer: `h` (as long as `b1`) set to the logistic of `b1` plus `x[i]` times row
/// `i` of `w1`, for every `x[i]` that is not zero.
pub(crate) fn hidden(b1: &[f32], w1: &[f32], x: &[f32], h: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, the only instructions `hidden_avx2` is compiled to
        // use beyond the target's own; the function itself is safe Rust.
        unsafe { hidden_avx2(b1, w1, x, h) };
        return;
    }
    hidden_plain(b1, w1, x, h);
}

#[inline(always)]
fn hidden_plain(b1: &[f32], w1: &[f32], x: &[f32], h: &mut [f32]) {
    h.copy_from_slice(b1);
    add_rows(w1, x, h);
    for v in h.iter_mut() {
        *v = squash(*v);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn hidden_avx2(b1: &[f32], w1: &[f32], x: &[f32], h: &mut [f32]) {
    hidden_plain(b1, w1, x, h);
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
fn add_rows(w1: &[f32], x: &[f32], h: &mut [f32]) {
    let n = h.len();
    for (row, &xi) in w1.chunks_exact(n).zip(x) {
        if xi != 0.0 {
            for (acc, w) in h.iter_mut().zip(row) {
                *acc += xi * w;
            }
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
        let mut by_dispatch = vec![0.0; n];
        hidden(&b1, &w1, &x, &mut by_dispatch);
        let mut plain = vec![0.0; n];
        hidden_plain(&b1, &w1, &x, &mut plain);
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
