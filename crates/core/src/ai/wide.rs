//! The network's hidden layer summed with the widest vector instructions the processor has.
//!
//! Most of a decision's time is the network's hidden layer: for each input that is not zero,
//! its row of weights added to the hidden units' sums. Built for any x86-64, the compiler adds
//! four numbers at a time; most processors since 2013 have AVX2, which adds eight. The same
//! loop is compiled both ways and the processor is asked, once a call, which it may run.
//!
//! Each hidden unit's sum is the same additions in the same order either way (only how many
//! units are added side by side differs, and no multiplication is fused with its addition),
//! so a position is judged to the last bit alike on every processor: a test below checks it.
// Running code compiled for instructions the processor may not have takes `unsafe`: it is
// called only once the processor has been found to have them.
#![allow(unsafe_code)]

/// Adds to `h` (the hidden units' sums, as many as the rows are long) `x[i]` times row `i` of
/// `w1` for every `x[i]` that is not zero.
pub(crate) fn add_rows(w1: &[f32], x: &[f32], h: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, the only instructions `add_rows_avx2` is compiled
        // to use beyond the target's own; the function itself is safe Rust.
        unsafe { add_rows_avx2(w1, x, h) };
        return;
    }
    add_rows_plain(w1, x, h);
}

#[inline(always)]
fn add_rows_plain(w1: &[f32], x: &[f32], h: &mut [f32]) {
    let n = h.len();
    for (row, &xi) in w1.chunks_exact(n).zip(x) {
        if xi != 0.0 {
            for (acc, w) in h.iter_mut().zip(row) {
                *acc += xi * w;
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn add_rows_avx2(w1: &[f32], x: &[f32], h: &mut [f32]) {
    add_rows_plain(w1, x, h);
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
        let start: Vec<f32> = (0..n).map(|_| rnd()).collect();
        let mut by_dispatch = start.clone();
        add_rows(&w1, &x, &mut by_dispatch);
        let mut plain = start.clone();
        add_rows_plain(&w1, &x, &mut plain);
        // One unit at a time, as the definition says.
        let mut one_by_one = start.clone();
        for (j, acc) in one_by_one.iter_mut().enumerate() {
            for (i, &xi) in x.iter().enumerate() {
                if xi != 0.0 {
                    *acc += xi * w1[i * n + j];
                }
            }
        }
        let bits = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<u32>>();
        assert_eq!(bits(&by_dispatch), bits(&one_by_one));
        assert_eq!(bits(&plain), bits(&one_by_one));
        assert_ne!(bits(&plain), bits(&start), "the rows were added");
    }
}
