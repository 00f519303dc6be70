//! The network's hidden layer with the widest vector instructions the processor has.
//!
//! Most of a decision's time is the network's hidden layer: for each input that is not zero,
//! its row of weights added to the hidden units' sums, then each sum squashed by the logistic
//! function. Built for any x86-64, the compiler works on four numbers at a time; most
//! processors since 2013 have AVX2, which works on eight, and many servers and some desktops
//! AVX-512, which works on sixteen. The same loops are compiled each way and the processor is
//! asked, once a call, which it may run. The logistic function is
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
    if std::arch::is_x86_feature_detected!("avx512f") {
        // SAFETY: the processor has AVX-512F (and so AVX2), the only instructions
        // `hidden_avx512` is compiled to use beyond the target's own.
        unsafe { hidden_avx512(b1, w1, at, x, h) };
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, the only instructions `hidden_avx2` is compiled to
        // use beyond the target's own; the function itself is safe Rust.
        unsafe { hidden_avx2(b1, w1, at, x, h) };
        return;
    }
    hidden_plain(b1, w1, at, x, h);
}

/// Hidden units are summed a block of `BLOCK` at a time: the block's sums stay in registers
/// while every input's row is added to them, where a whole layer's would go to memory and back
/// for each. A block is eight registers' worth (as many sums as the processor adds at once, so
/// that no sum waits on its own last addition): 32 units with the target's own instructions,
/// 64 with AVX2, 128 with AVX-512.
#[inline(always)]
fn hidden_plain(b1: &[f32], w1: &[f32], at: &[u16], x: &[f32], h: &mut [f32]) {
    hidden_blocks::<32>(b1, w1, at, x, h);
}

#[inline(always)]
fn hidden_blocks<const BLOCK: usize>(b1: &[f32], w1: &[f32], at: &[u16], x: &[f32], h: &mut [f32]) {
    let n = h.len();
    let mut start = 0;
    while start + BLOCK <= n {
        block::<BLOCK>(b1, w1, at, x, h, start);
        start += BLOCK;
    }
    // What is left of a layer narrower than a block, or not a whole number of blocks, in
    // smaller ones.
    while start + 32 <= n {
        block::<32>(b1, w1, at, x, h, start);
        start += 32;
    }
    while start + 8 <= n {
        block::<8>(b1, w1, at, x, h, start);
        start += 8;
    }
    while start < n {
        block::<1>(b1, w1, at, x, h, start);
        start += 1;
    }
}

/// Hidden units `start` to `start + B` of the layer `h`.
#[inline(always)]
fn block<const B: usize>(
    b1: &[f32],
    w1: &[f32],
    at: &[u16],
    x: &[f32],
    h: &mut [f32],
    start: usize,
) {
    let n = h.len();
    let mut acc = [0.0f32; B];
    acc.copy_from_slice(&b1[start..start + B]);
    for (&i, &xi) in at.iter().zip(x) {
        let from = usize::from(i) * n + start;
        let Some(row) = w1.get(from..from + B) else {
            continue;
        };
        for (a, w) in acc.iter_mut().zip(row) {
            *a += xi * w;
        }
    }
    for (v, a) in h[start..start + B].iter_mut().zip(acc) {
        *v = squash(a);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn hidden_avx2(b1: &[f32], w1: &[f32], at: &[u16], x: &[f32], h: &mut [f32]) {
    hidden_blocks::<64>(b1, w1, at, x, h);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn hidden_avx512(b1: &[f32], w1: &[f32], at: &[u16], x: &[f32], h: &mut [f32]) {
    hidden_blocks::<128>(b1, w1, at, x, h);
}

/// The outputs: for each output `o`, the logistic of `b2[o]` plus the hidden units `h`
/// weighted by row `o` of `w2`, summed eight side by side (one running sum would wait on each
/// addition), all the outputs' sums in step so that none waits on its own last addition. The
/// logistic function is [`squash`] here too, within 2e-7 of the library's.
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
    let mut lanes = [[0.0f32; 8]; O];
    if w2.len() >= O * n {
        for (c, v) in h.chunks_exact(8).enumerate() {
            for (o, lane) in lanes.iter_mut().enumerate() {
                let w = &w2[o * n + c * 8..o * n + c * 8 + 8];
                for k in 0..8 {
                    lane[k] += w[k] * v[k];
                }
            }
        }
        // The units past the last eight, if the layer is not a whole number of eights.
        let whole = n - n % 8;
        for (o, lane) in lanes.iter_mut().enumerate() {
            for k in 0..n - whole {
                lane[k] += w2[o * n + whole + k] * h[whole + k];
            }
        }
    }
    let mut out = [0.0f32; O];
    for ((slot, lane), bias) in out.iter_mut().zip(&lanes).zip(b2) {
        *slot = bias + lane.iter().sum::<f32>();
    }
    for slot in &mut out {
        *slot = squash(*slot);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_way_of_summing_gives_the_same_bits() {
        // Layers of whole blocks of every width, and of blocks and pieces of blocks.
        for n in [512, 256, 64, 200, 43] {
            same_bits_every_way(n);
        }
    }

    fn same_bits_every_way(n: usize) {
        let inputs = 37;
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
        // Each wider way this processor has, not only the widest the dispatch picks.
        #[cfg(target_arch = "x86_64")]
        {
            let mut ways = 0;
            if std::arch::is_x86_feature_detected!("avx2") {
                let mut wide = vec![0.0; n];
                // SAFETY: the processor has AVX2.
                unsafe { hidden_avx2(&b1, &w1, &at, &values, &mut wide) };
                assert_eq!(bits(&wide), bits(&one_by_one));
                ways += 1;
            }
            if std::arch::is_x86_feature_detected!("avx512f") {
                let mut wide = vec![0.0; n];
                // SAFETY: the processor has AVX-512F.
                unsafe { hidden_avx512(&b1, &w1, &at, &values, &mut wide) };
                assert_eq!(bits(&wide), bits(&one_by_one));
                ways += 1;
            }
            eprintln!("{ways} wider ways checked on this processor");
        }
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
