//! The options of the pastimes (Cotton, Holme, and our choices where they are silent, each said
//! in RULES.md), the table that names them ([`OPTIONS`]), and the presets.

use serde::{Deserialize, Serialize};

use super::error::PastimeError;

/// Which of the three pastimes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Fifteen men piled on the six home points: laid down, then borne, by the dice.
    Doublets,
    /// Fifteen men in a heap: laid on the points thrown, drawn from the adversary's same point.
    KetchDolt,
    /// Two to five players, six men each: aces load, sices bear.
    SiceAce,
}

/// How many men a doublet lays down or bears (Doublets, Ketch-Dolt).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DoubletsCount {
    /// As many as the pips: two fours, eight men (Cotton, Holme's second law).
    Pips,
    /// Four times the number, as at backgammon.
    Four,
    /// Twice, as any throw.
    Two,
}

/// What becomes of a man drawn at Ketch-Dolt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawnBecomes {
    /// He is the drawer's, on the same point of his tables (Cotton).
    Drawers,
    /// He goes back to his owner's heap (Ludii).
    OwnersHeap,
}

/// How many men a draw at Ketch-Dolt takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Draws {
    One,
    /// The whole point (Cotton's "draw them").
    All,
}

/// Who finds a dolt at Ketch-Dolt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DoltClaimed {
    /// The rules: the player dolted loses at once (Cotton).
    ByRules,
    /// The adversary, who must claim it before he throws, or it is forgiven.
    ByAdversary,
}

/// Whom an ace loads at Sice-Ace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LoadTo {
    /// The next player round the table who is still in.
    Next,
    /// A player still in, of the thrower's choosing.
    Chosen,
}

/// How a game of Sice-Ace ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The last with men loses, the rest go free (Cotton).
    LastOutLoses,
    /// The last two with men lose (Cotton).
    LastTwoLose,
    /// The first rid of his men wins (Holme).
    FirstOutWins,
}

/// Every option of a pastime. Each option is read only by the games it names in [`OPTIONS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    pub kind: Kind,
    /// Two at Doublets and Ketch-Dolt; two to five at Sice-Ace.
    pub seats: u8,
    /// Sice-Ace: men a player, 6 to 10.
    pub men: u8,
    /// Doublets: a number the thrower cannot use lays down a man of the adversary's.
    pub adversary_uses: bool,
    pub doublets: DoubletsCount,
    pub drawn_becomes: DrawnBecomes,
    pub draws: Draws,
    pub dolt_claimed: DoltClaimed,
    pub load_to: LoadTo,
    pub result: Ending,
}

/// The rules set all at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    Doublets,
    KetchDolt,
    SiceAce,
}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::Doublets, Preset::KetchDolt, Preset::SiceAce];

    /// The name on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Preset::Doublets => "doublets",
            Preset::KetchDolt => "ketch-dolt",
            Preset::SiceAce => "sice-ace",
        }
    }

    /// The name people read.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Preset::Doublets => "Doublets",
            Preset::KetchDolt => "Ketch-Dolt",
            Preset::SiceAce => "Sice-Ace",
        }
    }

    /// The preset of this command-line name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// The fewest and most men a player at Sice-Ace (Holme: "six or more"; ten is our bound).
pub const SICE_ACE_MEN: std::ops::RangeInclusive<u8> = 6..=10;
/// The fewest and most players at Sice-Ace (Cotton: "Five may play").
pub const SICE_ACE_SEATS: std::ops::RangeInclusive<u8> = 2..=5;

impl Rules {
    /// A preset: Doublets and Ketch-Dolt for two, Sice-Ace for five (Cotton's number).
    #[must_use]
    pub fn preset(preset: Preset) -> Rules {
        let base = Rules {
            kind: Kind::Doublets,
            seats: 2,
            men: 15,
            adversary_uses: true,
            doublets: DoubletsCount::Pips,
            drawn_becomes: DrawnBecomes::Drawers,
            draws: Draws::One,
            dolt_claimed: DoltClaimed::ByRules,
            load_to: LoadTo::Next,
            result: Ending::LastOutLoses,
        };
        match preset {
            Preset::Doublets => base,
            Preset::KetchDolt => Rules {
                kind: Kind::KetchDolt,
                doublets: DoubletsCount::Two,
                ..base
            },
            Preset::SiceAce => Rules {
                kind: Kind::SiceAce,
                seats: 5,
                men: 6,
                ..base
            },
        }
    }

    /// These rules for `seats` players (refused by [`Rules::check`] unless the game allows).
    #[must_use]
    pub fn with_seats(mut self, seats: u8) -> Rules {
        self.seats = seats;
        self
    }

    /// The men each player starts with: fifteen, or `men` at Sice-Ace.
    #[must_use]
    pub fn men_each(&self) -> u8 {
        match self.kind {
            Kind::SiceAce => self.men,
            Kind::Doublets | Kind::KetchDolt => 15,
        }
    }

    /// Refuses rules no game can be played by.
    pub fn check(&self) -> Result<(), PastimeError> {
        let bad = |why: &str| Err(PastimeError::BadRules(why.to_string()));
        match self.kind {
            Kind::Doublets | Kind::KetchDolt if self.seats != 2 => {
                bad("Doublets and Ketch-Dolt are played by two")
            }
            Kind::SiceAce if !SICE_ACE_SEATS.contains(&self.seats) => {
                bad("two to five play at Sice-Ace")
            }
            Kind::SiceAce if !SICE_ACE_MEN.contains(&self.men) => {
                bad("at Sice-Ace each player has six to ten men")
            }
            Kind::SiceAce if self.result == Ending::LastTwoLose && self.seats < 3 => {
                bad("the last two cannot lose when only two play")
            }
            _ => Ok(()),
        }
    }

    /// Sets one option from its RULES.md name and value; a refusal leaves the rules as they
    /// were.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), PastimeError> {
        let opt = option(name).ok_or_else(|| PastimeError::UnknownOption {
            option: name.to_string(),
            known: OPTIONS.iter().map(|o| o.name).collect::<Vec<_>>().join(" "),
        })?;
        if !opt.values.iter().any(|v| v.name == value) {
            return Err(PastimeError::UnknownValue {
                option: opt.name,
                value: value.to_string(),
                values: opt.value_list(),
            });
        }
        (opt.write)(self, value);
        Ok(())
    }

    /// The value of an option as RULES.md writes it.
    #[must_use]
    pub fn value(&self, name: &str) -> Option<String> {
        option(name).map(|o| (o.read)(self))
    }

    /// Every option of this game with its value, in RULES.md's order.
    #[must_use]
    pub fn values(&self) -> Vec<(&'static str, String)> {
        OPTIONS
            .iter()
            .filter(|o| o.games.contains(&self.kind))
            .map(|o| (o.name, (o.read)(self)))
            .collect()
    }
}

/// One value of an option: its name in RULES.md and its words for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionValue {
    pub name: &'static str,
    pub words: &'static str,
}

/// One option of the pastimes, declared once, as RULES.md names it.
#[derive(Clone, Copy, Debug)]
pub struct PastimeOption {
    /// The name in RULES.md, in save files and on the command line.
    pub name: &'static str,
    /// What people call it.
    pub words: &'static str,
    /// What it does, in one line.
    pub explanation: &'static str,
    /// The games it is read by.
    pub games: &'static [Kind],
    /// Every value, in RULES.md's order.
    pub values: &'static [OptionValue],
    /// Who says so, as RULES.md's table of the pastimes' options names them, in a player's
    /// words ("Gamester's choice" for RULES.md's "our choice" where the sources are silent).
    pub sources: &'static str,
    read: fn(&Rules) -> String,
    write: fn(&mut Rules, &str),
}

impl PastimeOption {
    /// The option's value in `rules`, as RULES.md writes it.
    #[must_use]
    pub fn value(&self, rules: &Rules) -> String {
        (self.read)(rules)
    }

    /// The option's value in `rules` as a player reads it ("one man"), or as RULES.md writes
    /// it where no words are given.
    #[must_use]
    pub fn value_words(&self, rules: &Rules) -> String {
        let value = self.value(rules);
        self.values
            .iter()
            .find(|v| v.name == value)
            .map_or(value.clone(), |v| v.words.to_string())
    }

    /// Its values as an error lists them.
    #[must_use]
    pub fn value_list(&self) -> String {
        self.values
            .iter()
            .map(|v| v.name)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The option called `name` in RULES.md.
#[must_use]
pub fn option(name: &str) -> Option<&'static PastimeOption> {
    OPTIONS.iter().find(|o| o.name == name)
}

const fn v(name: &'static str, words: &'static str) -> OptionValue {
    OptionValue { name, words }
}

const FLAG: &[OptionValue] = &[v("false", "no"), v("true", "yes")];

/// Every option of the pastimes, in RULES.md's order.
pub static OPTIONS: [PastimeOption; 9] = [
    PastimeOption {
        name: "seats",
        words: "Players",
        explanation: "How many play: two at Doublets and Ketch-Dolt, two to five at Sice-Ace.",
        games: &[Kind::SiceAce],
        values: &[
            v("2", "two"),
            v("3", "three"),
            v("4", "four"),
            v("5", "five"),
        ],
        sources: "Cotton",
        read: |r| r.seats.to_string(),
        write: |r, value| r.seats = value.parse().unwrap_or(r.seats),
    },
    PastimeOption {
        name: "men",
        words: "Men each",
        explanation: "How many men each player has at Sice-Ace: six, or more as some play.",
        games: &[Kind::SiceAce],
        values: &[
            v("6", "six"),
            v("7", "seven"),
            v("8", "eight"),
            v("9", "nine"),
            v("10", "ten"),
        ],
        sources: "Cotton; Holme (\"six or more\")",
        read: |r| r.men.to_string(),
        write: |r, value| r.men = value.parse().unwrap_or(r.men),
    },
    PastimeOption {
        name: "adversary_uses",
        words: "The adversary uses a lost number",
        explanation: "A number the thrower cannot use lays down a man of the adversary's.",
        games: &[Kind::Doublets],
        values: FLAG,
        sources: "Cotton; Willughby lacks it",
        read: |r| r.adversary_uses.to_string(),
        write: |r, value| r.adversary_uses = value == "true",
    },
    PastimeOption {
        name: "doublets",
        words: "Doublets",
        explanation: "How many men a doublet lays down or bears.",
        games: &[Kind::Doublets, Kind::KetchDolt],
        values: &[
            v("pips", "as many as the pips: two fours, eight"),
            v("four", "four times the number"),
            v("two", "twice, as any throw"),
        ],
        sources: "Cotton, Holme; Gamester's choice at Ketch-Dolt",
        read: |r| {
            match r.doublets {
                DoubletsCount::Pips => "pips",
                DoubletsCount::Four => "four",
                DoubletsCount::Two => "two",
            }
            .to_string()
        },
        write: |r, value| {
            r.doublets = match value {
                "pips" => DoubletsCount::Pips,
                "four" => DoubletsCount::Four,
                _ => DoubletsCount::Two,
            }
        },
    },
    PastimeOption {
        name: "drawn_becomes",
        words: "A man drawn",
        explanation: "Whether a man drawn becomes the drawer's or goes back to his owner's heap.",
        games: &[Kind::KetchDolt],
        values: &[
            v("drawers", "becomes the drawer's, on the same point"),
            v("owners_heap", "goes back to his owner's heap"),
        ],
        sources: "Cotton; Ludii",
        read: |r| {
            match r.drawn_becomes {
                DrawnBecomes::Drawers => "drawers",
                DrawnBecomes::OwnersHeap => "owners_heap",
            }
            .to_string()
        },
        write: |r, value| {
            r.drawn_becomes = if value == "drawers" {
                DrawnBecomes::Drawers
            } else {
                DrawnBecomes::OwnersHeap
            }
        },
    },
    PastimeOption {
        name: "draws",
        words: "A draw takes",
        explanation: "Whether a draw takes one man or every man of the point.",
        games: &[Kind::KetchDolt],
        values: &[v("one", "one man"), v("all", "the whole point")],
        sources: "Cotton (\"draw them\"); Gamester's choice",
        read: |r| {
            match r.draws {
                Draws::One => "one",
                Draws::All => "all",
            }
            .to_string()
        },
        write: |r, value| {
            r.draws = if value == "one" {
                Draws::One
            } else {
                Draws::All
            }
        },
    },
    PastimeOption {
        name: "dolt_claimed",
        words: "A dolt is found",
        explanation: "Whether a player dolted loses at once, or only if his adversary claims it \
                      before he throws.",
        games: &[Kind::KetchDolt],
        values: &[
            v("by_rules", "at once: he loses"),
            v(
                "by_adversary",
                "when the adversary claims it before he throws",
            ),
        ],
        sources: "Cotton; Gamester's choice",
        read: |r| {
            match r.dolt_claimed {
                DoltClaimed::ByRules => "by_rules",
                DoltClaimed::ByAdversary => "by_adversary",
            }
            .to_string()
        },
        write: |r, value| {
            r.dolt_claimed = if value == "by_rules" {
                DoltClaimed::ByRules
            } else {
                DoltClaimed::ByAdversary
            }
        },
    },
    PastimeOption {
        name: "load_to",
        words: "An ace loads",
        explanation: "Whom an ace loads: the next player still in, or one the thrower chooses.",
        games: &[Kind::SiceAce],
        values: &[
            v("next", "the next player still in"),
            v("chosen", "a player the thrower chooses"),
        ],
        sources: "Gamester's choice",
        read: |r| {
            match r.load_to {
                LoadTo::Next => "next",
                LoadTo::Chosen => "chosen",
            }
            .to_string()
        },
        write: |r, value| {
            r.load_to = if value == "next" {
                LoadTo::Next
            } else {
                LoadTo::Chosen
            }
        },
    },
    PastimeOption {
        name: "result",
        words: "Who loses",
        explanation: "Whether the last out loses, the last two lose, or the first out wins.",
        games: &[Kind::SiceAce],
        values: &[
            v("last_out_loses", "the last out loses, the rest go free"),
            v("last_two_lose", "the last two lose"),
            v("first_out_wins", "the first out wins"),
        ],
        sources: "Cotton; Holme",
        read: |r| {
            match r.result {
                Ending::LastOutLoses => "last_out_loses",
                Ending::LastTwoLose => "last_two_lose",
                Ending::FirstOutWins => "first_out_wins",
            }
            .to_string()
        },
        write: |r, value| {
            r.result = match value {
                "last_out_loses" => Ending::LastOutLoses,
                "last_two_lose" => Ending::LastTwoLose,
                _ => Ending::FirstOutWins,
            }
        },
    },
];
