//! The teaching content: the glossary has an entry for every term RULES.md asks the app to use
//! and for every word of the games the app's story and status line use; the rules explanation
//! follows every option; the glossary's words are our own, not the sources'.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod glossary;
mod names;
mod own_words;
mod rules_text;
mod story;
