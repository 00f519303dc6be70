//! The table of options: every option of RULES.md declared once, with its name and values, its
//! words for people, its explanation and its sources, and how it is read from and set on a
//! [`Rules`]. Parsing (`--set`), listing (`gamester presets`), the settings window and the rules
//! explained all read [`OPTIONS`]; nothing else lists the options.
//!
//! ```
//! use gamester_rules::tables::{Rules, options::OPTIONS};
//!
//! let mut rules = Rules::default();
//! let bear_off = OPTIONS.iter().find(|o| o.name == "bear_off").unwrap();
//! bear_off.set(&mut rules, "exact").unwrap();
//! assert_eq!(bear_off.value(&rules), "exact");
//! assert_eq!(bear_off.words, "Bearing off");
//! ```

pub use super::option_value::{FLAG, OptionValue};

use super::option_value;
use super::rules::{
    BearOff, BoundTable, Claims, Compulsion, Dice, Doublets, GoingInOpen, HitBy, Layout, Opening,
    Players, Rules, RulesError, Stakes,
};

/// One option of RULES.md, declared once.
///
/// Invariant: every value of [`RuleOption::values`] without a parameter is accepted by
/// [`RuleOption::set`], and [`RuleOption::value`] then reads it back; `value` always reads one of
/// `values` (a parameterised one with its parameter).
#[derive(Clone, Copy, Debug)]
pub struct RuleOption {
    /// The name in RULES.md, in save files and on the command line (`bear_off`).
    pub name: &'static str,
    /// What people call it (`Bearing off`).
    pub words: &'static str,
    /// What it does, in one line.
    pub explanation: &'static str,
    /// The numbers of the sources it comes from, as RULES.md gives them (see [`SOURCES`]).
    pub sources: &'static [&'static str],
    /// What the sources disagree on, where they do; empty where they don't.
    pub disagreement: &'static str,
    /// Every value, in RULES.md's order.
    pub values: &'static [OptionValue],
    read: fn(&Rules) -> String,
    write: fn(&mut Rules, &str) -> Result<(), RulesError>,
}

impl RuleOption {
    /// The option's value in `rules`, as RULES.md writes it.
    #[must_use]
    pub fn value(&self, rules: &Rules) -> String {
        (self.read)(rules)
    }

    /// Sets the option in `rules` from a value as RULES.md writes it; an unknown value leaves
    /// `rules` as they were.
    pub fn set(&self, rules: &mut Rules, value: &str) -> Result<(), RulesError> {
        (self.write)(rules, value)
    }

    /// The value in force in `rules`.
    #[must_use]
    pub fn chosen(&self, rules: &Rules) -> Option<&'static OptionValue> {
        let written = self.value(rules);
        self.values.iter().find(|v| v.is(&written))
    }

    /// Whether the option is a flag: its values are `false` and `true`.
    #[must_use]
    pub fn is_flag(&self) -> bool {
        self.values == FLAG
    }

    /// Its values as an error lists them: `over_edge modern exact`.
    #[must_use]
    pub fn value_list(&self) -> String {
        option_value::list(self.values)
    }
}

/// The option called `name` in RULES.md.
#[must_use]
pub fn option(name: &str) -> Option<&'static RuleOption> {
    OPTIONS.iter().find(|o| o.name == name)
}

/// A flag of [`Rules`], named as its field.
macro_rules! flag {
    ($field:ident { $($what:ident: $text:expr),+ $(,)? }) => {
        RuleOption {
            name: stringify!($field),
            values: FLAG,
            read: |rules| rules.$field.to_string(),
            write: |rules, value| {
                rules.$field = value.parse().map_err(|_| RulesError::UnknownValue {
                    option: stringify!($field),
                    value: value.to_string(),
                    values: FLAG,
                })?;
                Ok(())
            },
            $($what: $text),+
        }
    };
}

/// An option of [`Rules`] with values of its own (a type with `OPTION`, `FromStr` and
/// `Display`), named as the type says.
macro_rules! choice {
    ($field:ident: $kind:ty = $values:expr, { $($what:ident: $text:expr),+ $(,)? }) => {
        RuleOption {
            name: <$kind>::OPTION,
            values: $values,
            read: |rules| rules.$field.to_string(),
            write: |rules, value| {
                rules.$field = value.parse()?;
                Ok(())
            },
            $($what: $text),+
        }
    };
}

/// `layout`: the starting array of the men.
pub const LAYOUT: RuleOption = choice!(layout: Layout = Layout::VALUES, {
    words: "Array of the men",
    explanation: "How the fifteen men of each side are arrayed at the start.",
    sources: &["000", "001", "002", "003", "004", "005"],
    disagreement: "Willughby arrays the men as modern backgammon does; Cotton's first array (and Todas Tablas) sets them further back; Fails and Nard have arrays of their own; at Tick-tack all stand on the ace point.",
});

/// `dice`: how many dice a throw has.
pub const DICE: RuleOption = choice!(dice: Dice = Dice::VALUES, {
    words: "Dice",
    explanation: "Two dice, three dice, or two with the lower thrown a third time (minoret).",
    sources: &["003"],
    disagreement: "Fails is played with three dice; with only two, the lower counts again (minoret).",
});

/// `doublets`: what doublets give.
pub const DOUBLETS: RuleOption = choice!(doublets: Doublets = Doublets::VALUES, {
    words: "Doublets",
    explanation: "Whether a throw of doublets is played twice (as any throw), four times, or three times.",
    sources: &["000", "001", "002", "004"],
    disagreement: "In Irish doublets mean nothing special; in Backgammon they are played twice over; a house rule plays them three times.",
});

/// `opening`: how the first turn begins.
pub const OPENING: RuleOption = choice!(opening: Opening = Opening::VALUES, {
    words: "Who begins",
    explanation: "Whether the winner of the throw-off throws again, or plays the two single dice.",
    sources: &["000", "001"],
    disagreement: "The period sources have the higher die begin and throw both dice; today the two single dice are played.",
});

/// `bound_table`: a side must enter and the adversary's home table is bound.
pub const BOUND_TABLE: RuleOption = choice!(bound_table: BoundTable = BoundTable::VALUES, {
    words: "The bound table",
    explanation: "When a side must enter against a bound table: break it, wait, or lose.",
    sources: &["000", "001", "002", "004"],
    disagreement: "Willughby has the bound table broken; elsewhere the side simply cannot enter; Alfonso's prime of tables loses the game.",
});

/// `bear_off`: which dice bear a man off.
pub const BEAR_OFF: RuleOption = choice!(bear_off: BearOff = BearOff::VALUES, {
    words: "Bearing off",
    explanation: "Which dice bear a man off: any die past the edge, the modern rule, or only an exact die.",
    sources: &["000", "001", "004"],
    disagreement: "Willughby lets any die carry a man off; the Incompleat Gamester and Nard want an exact die; modern play allows a higher die from the highest point.",
});

/// `compulsion`: how much of a throw must be played.
pub const COMPULSION: RuleOption = choice!(compulsion: Compulsion = Compulsion::VALUES, {
    words: "How much must be played",
    explanation: "Whether as much of a throw as possible must be played, or the player may stop.",
    sources: &["003"],
    disagreement: "Murray has the throw used to the full; the older sources are silent, and modern practice plays as much as possible.",
});

/// `stakes`: what the winner scores.
pub const STAKES: RuleOption = choice!(stakes: Stakes = Stakes::VALUES, {
    words: "Stakes",
    explanation: "What the winner scores: one stake, Willughby's or Cotton's table, gammons, or Nard's count.",
    sources: &["000", "001", "002", "004"],
    disagreement: "Irish wins one stake; Willughby and Cotton score doublets and back-gammons differently; 002 reads Cotton's back-gammon as winning before any of the loser's men reached his home table.",
});

/// `unplayable_die_loses`: Fails' rule.
pub const UNPLAYABLE_DIE_LOSES: RuleOption = flag!(unplayable_die_loses {
    words: "An unplayable die loses",
    explanation: "Fails: a die that cannot be played loses the game outright.",
    sources: &["003"],
    disagreement: "",
});

/// `all_captured_wins`: an ending of Todas Tablas.
pub const ALL_CAPTURED_WINS: RuleOption = flag!(all_captured_wins {
    words: "Capturing every man wins",
    explanation: "Todas Tablas: a side whose men left are all on the bar loses.",
    sources: &["002", "004"],
    disagreement: "",
});

/// `blocked_is_draw`: an ending of Todas Tablas.
pub const BLOCKED_IS_DRAW: RuleOption = flag!(blocked_is_draw {
    words: "A blocked board is drawn",
    explanation: "Todas Tablas: when neither side can move whatever it throws, the game is drawn.",
    sources: &["002", "004"],
    disagreement: "",
});

/// `cube`: the doubling cube.
pub const CUBE: RuleOption = flag!(cube {
    words: "The doubling cube",
    explanation: "The doubling cube (2 to 64): a side may offer to double the stake before throwing.",
    sources: &["004"],
    disagreement: "The cube is a modern invention: no period source knows it.",
});

/// `players`: two players, or four in two partnerships.
pub const PLAYERS: RuleOption = choice!(players: Players = Players::VALUES, {
    words: "Players",
    explanation: "Two players, or four in two partnerships (Double-hand): both partners throw, the side plays the better throw.",
    sources: &["002"],
    disagreement: "Willughby thought the double-hand game duller than the single.",
});

/// Every option, in RULES.md's order: one for each field of [`Rules`].
/// The values of `match`: `0`, a session for stakes, then matches to 1 to 25 points.
macro_rules! match_values {
    ($($n:literal)+) => {
        &[
            OptionValue {
                name: "0",
                words: "a session for stakes",
                explanation: "No match: the games are scored as the stakes say, as long as the players like.",
                parameter: None,
            },
            $(OptionValue {
                name: stringify!($n),
                words: concat!("a match to ", stringify!($n)),
                explanation: concat!("The first side to ", stringify!($n), " points wins the match."),
                parameter: None,
            },)+
        ]
    };
}

/// `match`: a session for stakes, or a match to a number of points.
pub const MATCH: RuleOption = RuleOption {
    name: "match",
    words: "Match",
    explanation: "A session for stakes, or a match to a number of points (the first side to reach them wins).",
    sources: &[MODERN],
    disagreement: "The period sources play for stakes, game after game; matches to a number of points are modern tournament play.",
    values: match_values!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25),
    read: |rules| rules.match_to.to_string(),
    write: |rules, value| {
        let length = value
            .parse::<u16>()
            .ok()
            .filter(|n| *n <= super::rules::MATCH_MOST)
            .ok_or_else(|| RulesError::UnknownValue {
                option: "match",
                value: value.to_string(),
                values: MATCH.values,
            })?;
        // A match of Modern backgammon is played with the cube, as the backgammon world plays
        // one and as GNU Backgammon reads one: a session made a match on its rules turns the
        // cube on (the window and the command line both set the match here; the cube may be
        // turned off after).
        let to_a_match = rules.match_to == 0 && length > 0;
        rules.match_to = length;
        if to_a_match
            && !rules.cube
            && super::rules::Preset::of_game(rules) == Some(super::rules::Preset::Modern)
        {
            rules.cube = true;
        }
        Ok(())
    },
};

/// `crawford`: the Crawford rule in a match.
pub const CRAWFORD: RuleOption = flag!(crawford {
    words: "The Crawford rule",
    explanation: "In a match: the game after a side first comes within one point of winning is played without the cube.",
    sources: &[MODERN],
    disagreement: "",
});

/// `jacoby`: the Jacoby rule in a session for stakes.
pub const JACOBY: RuleOption = flag!(jacoby {
    words: "The Jacoby rule",
    explanation: "In a session for stakes with the cube: a gammon or back-gammon counts as a single game while the cube has not been turned.",
    sources: &[MODERN],
    disagreement: "",
});

/// A number option of [`Rules`] (a `u8` field) whose values are listed.
macro_rules! number {
    ($field:ident, $name:literal, $values:expr, { $($what:ident: $text:expr),+ $(,)? }) => {
        RuleOption {
            name: $name,
            values: $values,
            read: |rules| rules.$field.to_string(),
            write: |rules, value| {
                let values: &'static [OptionValue] = $values;
                rules.$field = value
                    .parse::<u8>()
                    .ok()
                    .filter(|_| values.iter().any(|v| v.name == value))
                    .ok_or_else(|| RulesError::UnknownValue {
                        option: $name,
                        value: value.to_string(),
                        values,
                    })?;
                Ok(())
            },
            $($what: $text),+
        }
    };
}

/// `tick_tack`: Tick-tack's way of winning, and no man hit.
pub const TICK_TACK: RuleOption = flag!(tick_tack {
    words: "Tick-tack's scores",
    explanation: "No man is ever hit; a game is won by a hit, going in, the second table filled or bearing off, and lost by a chance missed.",
    sources: &["005", "006"],
    disagreement: "Cotton gives the scores; Willughby, as Waks and Levy read him, adds bearing off and ends the game at the first score.",
});

/// `hit_by`: what a throw may use to hit at Tick-tack.
pub const HIT_BY: RuleOption = choice!(hit_by: HitBy = HitBy::VALUES, {
    words: "A hit reaches by",
    explanation: "Tick-tack: whether a hit is reached by one die only, or also by both dice with the point between not a stop.",
    sources: &["005"],
    disagreement: "Cotton says a hit stopped on the way is nothing, which supposes both dice; what a stop is he does not say.",
});

/// `claims`: who counts Tick-tack's hits and penalties.
pub const CLAIMS: RuleOption = choice!(claims: Claims = Claims::VALUES, {
    words: "Hits and why-nots",
    explanation: "Tick-tack: whether the players claim hits and the penalties of chances missed, or the rules count them.",
    sources: &["005", "006"],
    disagreement: "Cotton has the adversary take the careless player with a why-not; counting every chance by the rules is our own offer.",
});

/// `going_in_open`: what a hit taken, or a going in let pass, costs when going in was open.
pub const GOING_IN_OPEN: RuleOption = choice!(going_in_open: GoingInOpen = GoingInOpen::VALUES, {
    words: "A hit taken when going in was open",
    explanation: "Tick-tack: when the throw lets the thrower go in, whether a hit taken instead, or the going in let pass, loses two (Cotton), or the hit still scores.",
    sources: &["005"],
    disagreement: "Cotton: \"if you are in, and your cast is such that you may also go into your Adversaries eleventh point by two other men, and you see it not, either by carelesness or eager prosecution of a hit which is apparent before your eyes, you lose two irrecoverably\". That the hit still scores, the going in missed a penalty apart, is Gamester's own earlier reading.",
});

/// `first_score_ends`: Tick-tack ends at the first score.
pub const FIRST_SCORE_ENDS: RuleOption = flag!(first_score_ends {
    words: "The first score winning the game",
    explanation: "Tick-tack: the first score wins the game, single or double; else scores add up to the target.",
    sources: &["006"],
    disagreement: "Willughby, as Waks and Levy read him, ends the game at the first score; Trictrac and Ludii's summary add scores up.",
});

/// The values of `score_to`.
const SCORE_TO_VALUES: &[OptionValue] = &[
    OptionValue {
        name: "6",
        words: "six",
        explanation: "The game ends at six points.",
        parameter: None,
    },
    OptionValue {
        name: "12",
        words: "twelve",
        explanation: "The game ends at twelve points.",
        parameter: None,
    },
    OptionValue {
        name: "24",
        words: "twenty-four",
        explanation: "The game ends at twenty-four points.",
        parameter: None,
    },
];

/// `score_to`: the target when Tick-tack's scores add up.
pub const SCORE_TO: RuleOption = number!(score_to, "score_to", SCORE_TO_VALUES, {
    words: "Points to win",
    explanation: "Tick-tack, when scores add up: the points that end the game; the side ahead then wins a single game.",
    sources: &["006"],
    disagreement: "No source gives a target: twelve is our choice, after Trictrac's twelve holes.",
});

/// `touch_and_take`: a step once made stands.
pub const TOUCH_AND_TAKE: RuleOption = flag!(touch_and_take {
    words: "Touch and take",
    explanation: "A man moved cannot be taken back: a step once made stands.",
    sources: &["005"],
    disagreement: "",
});

/// `vie`: Vie Tick-tack's vies in place of the cube's doubling.
pub const VIE: RuleOption = flag!(vie {
    words: "Vying",
    explanation: "A side may vie before throwing; the adversary sees it, adding one stake, or yields the game.",
    sources: &["006"],
    disagreement: "Willughby's Vie Ticktack, as Levy quotes it; who may vie next is not said.",
});

/// The values of a score of Cotton's variant: not played, or worth one or two; the words name
/// the score, so that each value reads alone beside its option.
macro_rules! variant_values {
    ($what:literal) => {
        &[
            OptionValue {
                name: "0",
                words: concat!("no ", $what),
                explanation: "It is not scored.",
                parameter: None,
            },
            OptionValue {
                name: "1",
                words: concat!($what, " win a single game"),
                explanation: "It wins a single game.",
                parameter: None,
            },
            OptionValue {
                name: "2",
                words: concat!($what, " win a double game"),
                explanation: "It wins a double game.",
                parameter: None,
            },
        ]
    };
}

/// `toots`: Cotton's toots.
pub const TOOTS: RuleOption = number!(toots, "toots", variant_values!("toots"), {
    words: "Toots",
    explanation: "Tick-tack: filling all six points of the home table scores.",
    sources: &["005"],
    disagreement: "Cotton names toots and gives no value: a single game is our choice.",
});

/// `boveries`: Cotton's boveries.
pub const BOVERIES: RuleOption = number!(boveries, "boveries", variant_values!("boveries"), {
    words: "Boveries",
    explanation: "Tick-tack: a man on your own eleventh point and one on the adversary's, directly answering, scores.",
    sources: &["005"],
    disagreement: "Cotton names boveries and gives no value: a single game is our choice.",
});

/// `flyers`: Cotton's flyers.
pub const FLYERS: RuleOption = number!(flyers, "flyers", variant_values!("flyers"), {
    words: "Flyers",
    explanation: "Tick-tack: a man brought round into the bearing table before the adversary has left his first table scores.",
    sources: &["005"],
    disagreement: "Cotton names flyers and gives no value: a single game is our choice.",
});

pub const OPTIONS: &[RuleOption] = &[
    LAYOUT,
    DICE,
    DOUBLETS,
    OPENING,
    BOUND_TABLE,
    BEAR_OFF,
    COMPULSION,
    STAKES,
    UNPLAYABLE_DIE_LOSES,
    ALL_CAPTURED_WINS,
    BLOCKED_IS_DRAW,
    CUBE,
    PLAYERS,
    MATCH,
    CRAWFORD,
    JACOBY,
    TICK_TACK,
    HIT_BY,
    CLAIMS,
    GOING_IN_OPEN,
    FIRST_SCORE_ENDS,
    SCORE_TO,
    TOUCH_AND_TAKE,
    VIE,
    TOOTS,
    BOVERIES,
    FLYERS,
];

/// The options of the match, not of the game: how games are counted one after another (a
/// session for stakes or a match to a number of points, the Crawford and Jacoby rules) and the
/// doubling cube that raises what a game is worth. Choosing them does not change the game a
/// preset names: Modern backgammon with the cube, in a match to 5, is still Modern backgammon.
pub const OF_THE_MATCH: &[RuleOption] = &[CUBE, MATCH, CRAWFORD, JACOBY];

/// The options that bear on nothing but Tick-tack (its hits, claims, scores and vies).
pub const OF_TICK_TACK: &[RuleOption] = &[
    HIT_BY,
    CLAIMS,
    GOING_IN_OPEN,
    FIRST_SCORE_ENDS,
    SCORE_TO,
    TOUCH_AND_TAKE,
    VIE,
    TOOTS,
    BOVERIES,
    FLYERS,
];

impl RuleOption {
    /// Whether the option is one of the match's ([`OF_THE_MATCH`]), not of the game.
    #[must_use]
    pub fn of_the_match(&self) -> bool {
        OF_THE_MATCH.iter().any(|o| o.name == self.name)
    }

    /// Whether the option bears on nothing but Tick-tack ([`OF_TICK_TACK`]).
    #[must_use]
    pub fn of_tick_tack(&self) -> bool {
        OF_TICK_TACK.iter().any(|o| o.name == self.name)
    }
}

/// The source of what no period text says, only today's game (matches, the Crawford rule):
/// named as it is, "modern backgammon".
pub const MODERN: &str = "modern backgammon";

/// The source texts RULES.md cites, by their number there, with how the app names them.
pub const SOURCES: [(&str, &str); 7] = [
    ("000", "du Coeur's letter on Irish (after Willughby)"),
    (
        "001",
        "du Coeur's game report on Irish and early Backgammon (Willughby, Cotton)",
    ),
    ("002", "the Irish Game (Willughby, Cotton, Alfonso X)"),
    ("003", "Murray, A History of Board-Games: Irish and Fails"),
    ("004", "the Incompleat Gamester"),
    (
        "005",
        "Cotton, The Compleat Gamester (1674): the games within the Tables",
    ),
    (
        "006",
        "the other games at Tables: Holme and Willughby, with modern readings of them",
    ),
];

/// The short names of the sources, for a line beside an option (the full name on hover).
const SOURCE_SHORT: [(&str, &str); 7] = [
    ("000", "du Coeur's letter"),
    ("001", "du Coeur's report"),
    ("002", "the Irish Game"),
    ("003", "Murray"),
    ("004", "the Incompleat Gamester"),
    ("005", "Cotton"),
    ("006", "Holme and Willughby"),
];

/// The short name of a source number ("003" → "Murray"), or the number itself.
#[must_use]
pub fn source_short(id: &str) -> &str {
    SOURCE_SHORT
        .iter()
        .find(|(n, _)| *n == id)
        .map_or(id, |(_, name)| name)
}

/// The name the app gives a source number ("003" → "Murray, …"), or the number itself.
#[must_use]
pub fn source_name(id: &str) -> &str {
    SOURCES
        .iter()
        .find(|(n, _)| *n == id)
        .map_or(id, |(_, name)| name)
}

impl Rules {
    /// Sets one option from its RULES.md name and value, as `--set option=value` does.
    /// A custom layout is given by a gnubg Position ID: `layout=custom:4HPwATDgc/ABMA`.
    pub fn set(&mut self, option_name: &str, value: &str) -> Result<(), RulesError> {
        option(option_name)
            .ok_or_else(|| RulesError::UnknownOption {
                option: option_name.to_string(),
                known: OPTIONS.iter().map(|o| o.name).collect(),
            })?
            .set(self, value)
    }

    /// Sets one option from `option=value`.
    pub fn set_assignment(&mut self, assignment: &str) -> Result<(), RulesError> {
        let (option, value) = assignment
            .split_once('=')
            .ok_or_else(|| RulesError::NotAnAssignment(assignment.to_string()))?;
        self.set(option.trim(), value.trim())
    }

    /// The rules of the game alone: every option of the match ([`OF_THE_MATCH`]) as a preset
    /// has it (no cube, a session for stakes), the rest as they are.
    #[must_use]
    pub fn without_the_match(&self) -> Rules {
        let plain = Rules::default();
        let mut game = self.clone();
        for option in OF_THE_MATCH {
            let _ = option.set(&mut game, &option.value(&plain));
        }
        game
    }

    /// `self` with the options of the match ([`OF_THE_MATCH`]) taken from `other`: a preset
    /// chosen keeps the match and the cube chosen.
    #[must_use]
    pub fn with_the_match_of(&self, other: &Rules) -> Rules {
        let mut rules = self.clone();
        // The match first: a match set may turn the cube on (see MATCH), the cube chosen after.
        for option in std::iter::once(&MATCH).chain(OF_THE_MATCH) {
            let _ = option.set(&mut rules, &option.value(other));
        }
        rules
    }

    /// Every option with its value as RULES.md writes it, in RULES.md's order.
    #[must_use]
    pub fn values(&self) -> Vec<(&'static str, String)> {
        OPTIONS.iter().map(|o| (o.name, o.value(self))).collect()
    }
}

#[cfg(test)]
mod tests;
