//! The command line, run as the real `gamester` binary: exact formats and exit codes.

mod ai;
mod analysis;
mod commands;
mod diagram;
mod edges;
mod exchange;
mod families;
mod help;
mod network;
mod pastimes;
mod rollout;
mod tiles;
mod tiles_saves;
