//! The file a network's weights are kept in: a few lines of text saying what made it, then the
//! weights as little-endian `f32`s.
//!
//! ```text
//! gamester network 1
//! family: irish
//! shape: 222 128 5
//! games: 60000
//! recipe: cargo run --release --example train -- --preset irish …
//!
//! <weights>
//! ```
//!
//! The header ends at the first empty line. `family` and `shape` must be there; `outputs`
//! says what the outputs mean (`chances` if it is not there, or `stakes`,
//! [`super::net::Outputs`]); `races: judged` that it judges races too ([`Net::races`]);
//! every other line is kept as it is, for people to read.

use thiserror::Error;

use super::net::{INPUTS, MAX_HIDDEN, Net, OUTPUTS, Outputs, hidden_fits, weights};

/// The first line of every network file.
pub const MAGIC: &str = "gamester network 1";

/// Why a network file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NetFileError {
    #[error("this is not a Gamester network file (it does not begin `{MAGIC}`)")]
    NotANetwork,
    #[error("the header has no empty line to end it")]
    Unterminated,
    #[error("the header's line `{0}` is not `name: value`")]
    BadLine(String),
    #[error("the header does not say `{0}`")]
    Missing(&'static str),
    #[error("the header's family is empty")]
    NoFamily,
    #[error("the header's outputs are `{0}`, not `chances` or `stakes`")]
    UnknownOutputs(String),
    #[error("the header's races are `{0}`, not `judged`")]
    UnknownRaces(String),
    #[error(
        "the network's shape is {found}, not {INPUTS} inputs, hidden units a multiple of 8 up to \
         {MAX_HIDDEN}, and {OUTPUTS} outputs"
    )]
    WrongShape { found: String },
    #[error("the file holds {found} bytes of weights, not {expected}")]
    WrongSize { found: usize, expected: usize },
}

/// A network with the header that says what made it.
#[derive(Clone, Debug, PartialEq)]
pub struct NetFile {
    /// The name of the family of games it was trained for
    /// ([`super::Kind::name`]).
    pub family: String,
    /// The header's other lines, `(name, value)`, in order.
    pub notes: Vec<(String, String)>,
    pub net: Net,
}

/// The largest network file read: four times the weights of the largest network
/// ([`MAX_HIDDEN`] hidden units: 116,741 weights of four bytes, 466,964 bytes), 1,867,856
/// bytes. A network's inputs and outputs are fixed and its hidden units bounded
/// ([`NetFile::parse`] refuses any other shape), so a network file is its weights and a header
/// of a few lines; the networks Gamester ships have headers of under 1 KB. A file near the cap
/// is no network, and an endless one is never read into memory.
pub const MAX_NET_FILE_BYTES: u64 = 4 * 4 * weights(MAX_HIDDEN) as u64;

impl NetFile {
    /// The value of a note, if the header has it.
    #[must_use]
    pub fn note(&self, name: &str) -> Option<&str> {
        self.notes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a note, replacing one of the same name.
    pub fn set_note(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into().replace('\n', " ");
        match self.notes.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.notes.push((name.to_string(), value)),
        }
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// Whatever is wrong with the file, as a [`NetFileError`].
    pub fn parse(bytes: &[u8]) -> Result<NetFile, NetFileError> {
        let end = bytes.windows(2).position(|w| w == b"\n\n").ok_or(
            if bytes.starts_with(MAGIC.as_bytes()) {
                NetFileError::Unterminated
            } else {
                NetFileError::NotANetwork
            },
        )?;
        let header = std::str::from_utf8(&bytes[..end]).map_err(|_| NetFileError::NotANetwork)?;
        let mut lines = header.lines();
        if lines.next() != Some(MAGIC) {
            return Err(NetFileError::NotANetwork);
        }
        let (mut family, mut shape, mut notes) = (None, None, Vec::new());
        let (mut outputs, mut races) = (Outputs::Chances, false);
        for line in lines {
            let (name, value) = line
                .split_once(": ")
                .ok_or_else(|| NetFileError::BadLine(line.to_string()))?;
            match name {
                "family" if value.trim().is_empty() => return Err(NetFileError::NoFamily),
                "family" => family = Some(value.to_string()),
                "shape" => shape = Some(value.to_string()),
                "outputs" => {
                    outputs = Outputs::from_name(value)
                        .ok_or_else(|| NetFileError::UnknownOutputs(value.to_string()))?;
                }
                "races" if value == "judged" => races = true,
                "races" => return Err(NetFileError::UnknownRaces(value.to_string())),
                _ => notes.push((name.to_string(), value.to_string())),
            }
        }
        let family = family.ok_or(NetFileError::Missing("family"))?;
        let shape = shape.ok_or(NetFileError::Missing("shape"))?;
        let hidden = match shape.split(' ').collect::<Vec<_>>()[..] {
            [i, h, o] if i == INPUTS.to_string() && o == OUTPUTS.to_string() => h
                .parse::<usize>()
                .ok()
                .filter(|&n| hidden_fits(n) && n.to_string() == h),
            _ => None,
        }
        .ok_or_else(|| NetFileError::WrongShape {
            found: shape.clone(),
        })?;
        let found = &bytes[end + 2..];
        let mut net = Net::from_bytes(found, hidden).ok_or(NetFileError::WrongSize {
            found: found.len(),
            expected: weights(hidden) * 4,
        })?;
        net.outputs = outputs;
        net.races = races;
        Ok(NetFile { family, notes, net })
    }

    /// The file's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut text = format!(
            "{MAGIC}\nfamily: {}\nshape: {INPUTS} {} {OUTPUTS}\n",
            self.family,
            self.net.hidden_units()
        );
        if self.net.outputs != Outputs::Chances {
            text.push_str(&format!("outputs: {}\n", self.net.outputs.name()));
        }
        if self.net.races {
            text.push_str("races: judged\n");
        }
        for (name, value) in &self.notes {
            text.push_str(&format!("{name}: {value}\n"));
        }
        text.push('\n');
        let mut bytes = text.into_bytes();
        bytes.extend(self.net.to_bytes());
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_network_is_far_under_the_cap() {
        use super::super::data::*;
        for bytes in [
            NET_MODERN,
            NET_TODAS_TABLAS,
            NET_IRISH,
            NET_FAILS,
            NET_NARD,
            NET_INCOMPLEAT_BACKGAMMON,
        ] {
            assert!(NetFile::parse(bytes).is_ok());
            assert!((bytes.len() as u64) < MAX_NET_FILE_BYTES / 3);
        }
    }

    fn sample() -> NetFile {
        let mut file = NetFile {
            family: "irish".into(),
            notes: Vec::new(),
            net: Net::seeded(3),
        };
        file.set_note("games", "1200");
        file.set_note("recipe", "train --preset irish\nsecond line");
        file
    }

    #[test]
    fn a_file_reads_back_as_written() {
        let file = sample();
        let back = NetFile::parse(&file.to_bytes()).unwrap();
        assert_eq!(back, file);
        assert_eq!(back.note("games"), Some("1200"));
        assert_eq!(
            back.note("recipe"),
            Some("train --preset irish second line")
        );
    }

    #[test]
    fn what_the_outputs_mean_is_kept_in_the_header() {
        let mut file = sample();
        file.net.outputs = Outputs::Stakes;
        file.net.races = true;
        let bytes = file.to_bytes();
        assert!(String::from_utf8_lossy(&bytes[..80]).contains("\noutputs: stakes\n"));
        let back = NetFile::parse(&bytes).unwrap();
        assert_eq!(back.net.outputs, Outputs::Stakes);
        assert!(back.net.races);
        assert_eq!(back, file);
        // A file that does not say is read as chances for contact only, as every file was
        // before.
        let plain = NetFile::parse(&sample().to_bytes()).unwrap().net;
        assert_eq!((plain.outputs, plain.races), (Outputs::Chances, false));
        let text = String::from_utf8_lossy(&bytes[..100]).to_string();
        let odd = [
            text.replace("outputs: stakes", "outputs: scores")
                .as_bytes(),
            &bytes[100..],
        ]
        .concat();
        assert_eq!(
            NetFile::parse(&odd),
            Err(NetFileError::UnknownOutputs("scores".into()))
        );
    }

    #[test]
    fn a_broken_file_says_what_is_wrong() {
        let good = sample().to_bytes();
        assert_eq!(NetFile::parse(b"hello"), Err(NetFileError::NotANetwork));
        assert_eq!(
            NetFile::parse(MAGIC.as_bytes()),
            Err(NetFileError::Unterminated)
        );
        let cut = &good[..good.len() - 4];
        assert!(matches!(
            NetFile::parse(cut),
            Err(NetFileError::WrongSize { .. })
        ));
        let text = String::from_utf8_lossy(&good[..60]).to_string();
        let renamed = [
            text.replace("family: irish", "family:  ").as_bytes(),
            &good[60..],
        ]
        .concat();
        assert_eq!(NetFile::parse(&renamed), Err(NetFileError::NoFamily));
        for odd in [
            "221 128 5",
            "222 12 5",
            "222 0 5",
            "222 1024 5",
            "222 0128 5",
            "222 128",
        ] {
            let reshaped = [text.replace("222 128 5", odd).as_bytes(), &good[60..]].concat();
            assert!(
                matches!(
                    NetFile::parse(&reshaped),
                    Err(NetFileError::WrongShape { .. })
                ),
                "{odd}"
            );
        }
        // Another size the header says, with the weights of this one, is the wrong size.
        let resized = [
            text.replace("222 128 5", "222 256 5").as_bytes(),
            &good[60..],
        ]
        .concat();
        assert_eq!(
            NetFile::parse(&resized),
            Err(NetFileError::WrongSize {
                found: good.len() - good.windows(2).position(|w| w == b"\n\n").unwrap() - 2,
                expected: weights(256) * 4,
            })
        );
    }

    #[test]
    fn a_network_of_another_size_reads_back_as_written() {
        for hidden in [8, 256, MAX_HIDDEN] {
            let mut file = sample();
            file.net = Net::seeded_of(9, hidden);
            let bytes = file.to_bytes();
            assert!(
                String::from_utf8_lossy(&bytes[..80]).contains(&format!("shape: 222 {hidden} 5\n"))
            );
            assert!((bytes.len() as u64) < MAX_NET_FILE_BYTES);
            let back = NetFile::parse(&bytes).unwrap();
            assert_eq!(back.net.hidden_units(), hidden);
            assert_eq!(back, file);
        }
    }
}
