//! Why the pastimes' engine refused something: the one error of [`super`], in words a player
//! may read.

use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PastimeError {
    #[error("these rules cannot be played: {0}")]
    BadRules(String),
    #[error("there is no option {option:?}; the options are: {known}")]
    UnknownOption { option: String, known: String },
    #[error("{value:?} is not a value of {option}; its values are: {values}")]
    UnknownValue {
        option: &'static str,
        value: String,
        values: String,
    },
    #[error("not now: {0}")]
    NotNow(&'static str),
    #[error("the throw needs {0} dice, each of 1 to 6")]
    BadThrow(usize),
    #[error("not allowed: {0}")]
    NotAllowed(&'static str),
}
