//! Gamester's benchmarks are under `benches/`, run by `cargo bench -p gamester-bench`; this
//! crate is kept out of the workspace's default members, so that a plain `cargo test` never
//! builds criterion. Its positions (`data/`) are the sample `gamester bench movegen` reads.
