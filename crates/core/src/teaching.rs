//! Teaching the games: the period words (ace … sice, the points, plays told in them), the
//! glossary of every word the app uses with its sources, the rules in force explained in plain
//! sentences, and the shots at a blot. Pure like the engine, which it reads and never changes:
//! it depends on the engine only, and nothing of the window.

pub mod blots;
pub mod diagram;
pub mod faces;
pub mod glossary;
pub mod handout;
pub mod lessons;
pub mod pastime_diagram;
pub mod pastime_rules;
pub mod pastime_story;
pub mod plain;
pub mod points;
pub mod rules_text;
mod svg;
pub mod terms;
pub mod tiles_diagram;
pub mod tiles_rules;
pub mod verdict;
