//! What the saves of the families beside the tables (the pastimes, the tiles) share, written
//! once: the RON written pretty; a header read first, to tell a family's save from the others'
//! and to refuse a newer format than this Gamester reads; then the whole file read, a mistake
//! said with its line and column. What is in the file is believed only once the family has
//! replayed it.

use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::SaveError;
use super::load::{RECURSION_LIMIT, believable_size, read_text};

/// The header of a family's save: the one field read first, its format.
pub(crate) trait Header: DeserializeOwned {
    /// The format the file names.
    fn format(&self) -> u32;
}

fn options() -> ron::Options {
    ron::Options::default().with_recursion_limit(RECURSION_LIMIT)
}

/// `file` as RON text.
pub(crate) fn to_ron<T: Serialize>(file: &T) -> Result<String, SaveError> {
    ron::ser::to_string_pretty(file, ron::ser::PrettyConfig::default())
        .map_err(SaveError::Unwritable)
}

/// Whether `text` is a save whose header `H` reads (of any format).
pub(crate) fn is<H: Header>(text: &str) -> bool {
    believable_size(text).is_ok_and(|t| options().from_str::<H>(t).is_ok())
}

/// Whether `path` is a regular file holding a save whose header `H` reads (never read if it
/// is a pipe or a device, which could keep a reader waiting for ever).
pub(crate) fn is_file<H: Header>(path: &Path) -> bool {
    path.is_file() && read_text(path).is_ok_and(|text| is::<H>(&text))
}

/// Parses a family's save without believing it yet: a format newer than `newest` is refused
/// by `newer`, format 0 as unknown; then the whole file, as `F`.
pub(crate) fn parse<H: Header, F: DeserializeOwned>(
    text: &str,
    newest: u32,
    newer: fn(u32) -> SaveError,
) -> Result<F, SaveError> {
    let text = believable_size(text)?;
    if let Ok(header) = options().from_str::<H>(text) {
        let found = header.format();
        if found > newest {
            return Err(newer(found));
        }
        if found == 0 {
            return Err(SaveError::UnknownFormat(0));
        }
    }
    options()
        .from_str::<F>(text)
        .map_err(|e| SaveError::Syntax {
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        })
}
