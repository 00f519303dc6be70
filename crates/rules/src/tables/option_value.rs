//! One value of an option of RULES.md, as the table of options and the types of the values
//! both declare it: its name, its words for people and what it means.

use std::fmt;

/// One value of an option: its name in RULES.md, what people call it, and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionValue {
    /// The name in RULES.md and on the command line (`over_edge`).
    pub name: &'static str,
    /// What people call it (`any die over the edge`).
    pub words: &'static str,
    /// What it means, in one sentence.
    pub explanation: &'static str,
    /// What the value carries after `name:`, if anything: `custom:<position id>` carries a
    /// `position id`. Such a value cannot be chosen without it.
    pub parameter: Option<&'static str>,
}

impl OptionValue {
    /// Whether `written` (a value as RULES.md writes it, `exact` or `custom:4HPwATDgc/ABMA`)
    /// is this value.
    #[must_use]
    pub fn is(&self, written: &str) -> bool {
        match self.parameter {
            None => written == self.name,
            Some(_) => written
                .strip_prefix(self.name)
                .is_some_and(|rest| rest.starts_with(':')),
        }
    }
}

impl fmt::Display for OptionValue {
    /// The value as a list of values shows it: `exact`, `custom:<position id>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.parameter {
            None => f.write_str(self.name),
            Some(parameter) => write!(f, "{}:<{parameter}>", self.name),
        }
    }
}

/// The values of a flag.
pub const FLAG: &[OptionValue] = &[
    OptionValue {
        name: "false",
        words: "no",
        explanation: "The rule is not played.",
        parameter: None,
    },
    OptionValue {
        name: "true",
        words: "yes",
        explanation: "The rule is played.",
        parameter: None,
    },
];

/// Values as an error lists them: `over_edge modern exact`.
#[must_use]
pub fn list(values: &[OptionValue]) -> String {
    let names: Vec<String> = values.iter().map(ToString::to_string).collect();
    names.join(" ")
}
