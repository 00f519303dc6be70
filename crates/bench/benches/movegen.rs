//! Legal-play generation over a fixed, seeded sample of positions from random games
//! (the same sample `gamester bench movegen` uses).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

use gamester_core::sample::sample_positions;
use gamester_rules::tables::{MoveRules, Preset, legal_plays};

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_plays");
    for preset in [Preset::Modern, Preset::Irish, Preset::Fails] {
        let sample: Vec<_> = sample_positions(preset, 20)
            .into_iter()
            .map(|(r, p, t)| (p, t.moves(r.dice, r.doublets), MoveRules::from(&r)))
            .collect();
        group.throughput(Throughput::Elements(sample.len() as u64));
        group.bench_function(preset.name(), |b| {
            b.iter(|| {
                let mut n = 0;
                for (pos, moves, rules) in &sample {
                    n += legal_plays(black_box(pos), *moves, *rules).len();
                }
                n
            })
        });
    }
    group.finish();
}

criterion_group!(benches, movegen);
criterion_main!(benches);
