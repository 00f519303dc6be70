//! The window, headless (egui_kittest): each test drives `GamesterApp` through clicks and keys
//! and reads what it draws and what it tells a screen reader.

pub mod support;

mod access;
mod analysis;
mod autosave;
mod cube_hint;
mod edges;
mod exports;
mod files;
mod fit;
mod folders;
mod follow;
mod fourth_family;
mod guide;
mod left;
mod lessons;
mod look;
mod matches;
mod names;
mod names_on_disk;
mod network;
mod network_comeback;
mod network_pastimes;
mod new_game;
mod pastimes;
mod play;
mod positions;
mod reading;
mod resign;
mod rollout;
mod shell;
mod sizes;
mod sound;
mod status;
mod steady;
mod story;
mod ticktack;
mod tiles;
mod tutor;
mod words;
