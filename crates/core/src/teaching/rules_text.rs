//! The rules in force, explained in plain sentences: generated from a [`Rules`] value, so the
//! explanation is always true to the options chosen. Each section names its sources, says where
//! they disagree, and says plainly where the sources left a choice open that Gamester settles.
//!
//! ```
//! use gamester_rules::tables::{Preset, Rules};
//! use gamester_core::teaching::rules_text::explain;
//!
//! let sections = explain(&Rules::preset(Preset::Fails));
//! let dice = sections.iter().find(|s| s.title == "Dice").unwrap();
//! assert!(dice.text.contains("three dice"));
//! ```

use super::glossary::MODERN;
use super::plain::capitalised;
use super::terms::face_name;
use crate::tables::options::{self, RuleOption, SOURCES, source_name};
use crate::tables::{
    BearOff, BoundTable, Compulsion, Dice, Doublets, Layout, Men, Opening, Players, Position,
    Preset, Rules, Side, Stakes, bear_off_stake, stake_words,
};

/// One part of the explanation: a heading, plain sentences, the sources they rest on (as the
/// app names them), and what the sources disagree on, where they do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub title: String,
    pub text: String,
    pub sources: Vec<&'static str>,
    pub disagreement: Option<String>,
}

impl Section {
    fn new(title: &str, text: String, ids: &[&'static str]) -> Section {
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        Section {
            title: title.to_string(),
            text,
            sources: ids.into_iter().map(source_name).collect(),
            disagreement: None,
        }
    }

    /// Adds what the sources disagree on about `option`, from the table of options (a source's
    /// number there becomes its name), then `more`.
    fn disagreeing(mut self, option: &RuleOption, more: &str) -> Section {
        let mut note = option.disagreement.to_string();
        for (id, name) in SOURCES {
            note = note.replace(id, name);
        }
        let text = [note.as_str(), more]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        self.disagreement = (!text.is_empty()).then_some(text);
        self
    }
}

/// The rules in force explained, in reading order: the game, the board and the array, moving,
/// hitting and entering, dice, doublets, who begins, bearing off, the bound table, how much
/// must be played, stakes, how a game ends, the cube, the players.
#[must_use]
pub fn explain(rules: &Rules) -> Vec<Section> {
    vec![
        game(rules),
        board(&rules.layout),
        moving(),
        entering(),
        dice(rules.dice),
        doublets(rules.dice, rules.doublets),
        opening(rules.opening, rules.dice),
        bearing_off(rules.bear_off),
        bound_table(rules.bound_table),
        compulsion(rules.compulsion, rules.unplayable_die_loses),
        stakes(rules),
        endings(rules),
        cube(rules.cube),
        players(rules.players),
        matches(rules),
    ]
}

/// A session for stakes, or a match: its length and the Crawford rule.
fn matches(rules: &Rules) -> Section {
    let text = if rules.match_to == 0 {
        format!(
            "The games are a session for stakes: each game's winner takes what the stakes say, for as long as the players like, as the period played.{}{}",
            if rules.jacoby {
                " By the Jacoby rule, a game won before the cube has turned counts as a single game, whatever the stakes would pay more for."
            } else {
                ""
            },
            if rules.crawford {
                " Were it a match, the Crawford rule would be played."
            } else {
                " Were it a match, the Crawford rule would not be played."
            }
        )
    } else {
        let crawford = if rules.crawford {
            " The game after a side first comes within one point of the match is the Crawford game, played without the cube; the cube comes back after it."
        } else {
            " The Crawford rule is not played: the cube stays in play to the end."
        };
        format!(
            "The games are a match to {} points: each game's winner scores what the stakes give, times the cube, and the first side to reach {} wins the match.{crawford}",
            rules.match_to, rules.match_to
        )
    };
    Section::new("Match or stakes", text, &[MODERN]).disagreeing(&options::MATCH, "")
}

fn game(rules: &Rules) -> Section {
    // The match and the cube have sections of their own: they leave the game a preset's.
    let preset = Preset::of_game(rules);
    let (intro, ids): (String, &[&'static str]) = match preset {
        Some(p) => {
            let (what, ids): (&str, &[&'static str]) = match p {
                Preset::Irish => (
                    "Irish, the great game at Tables of Renaissance Britain, as Willughby describes it",
                    &["000", "001", "002"],
                ),
                Preset::IrishCotton => (
                    "Irish from the first of the two arrays Cotton gives, the array of Alfonso X's Todas Tablas",
                    &["002"],
                ),
                Preset::BackgammonWillughby => (
                    "early Backgammon as Willughby scores it: Irish with doublets played twice over and more than one stake for some wins",
                    &["000", "001", "002"],
                ),
                Preset::BackgammonCotton => (
                    "early Backgammon with Cotton's higher stakes for a back-gammon",
                    &["001", "002"],
                ),
                Preset::BackgammonIncompleat => (
                    "Backgammon as the Incompleat Gamester gives it: an exact throw to bear off, gammons and backgammons, and the cube if you want it",
                    &["004"],
                ),
                Preset::Modern => (
                    "modern backgammon, for reference: the rules GNU Backgammon plays",
                    &[MODERN],
                ),
                Preset::TodasTablas => (
                    "Todas Tablas, the game of Alfonso X's Book of Games of 1283, with the endings the Incompleat Gamester gives it",
                    &["002", "004"],
                ),
                Preset::Fails => (
                    "Fails, the English game with three dice that Murray describes",
                    &["003"],
                ),
                Preset::Nard => (
                    "Nard, the Persian game, as the Incompleat Gamester gives it",
                    &["004"],
                ),
                Preset::DoubleHandIrish => (
                    "Double-hand Irish: Irish for four players in two partnerships",
                    &["002"],
                ),
            };
            let mut what = what.to_string();
            if let Some(first) = what.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            (
                format!("These are the rules of {}. {what}.", p.title()),
                ids,
            )
        }
        None => (
            "These rules are a mixture of your own: no preset has exactly these options. Each section below says which choice is in force and where it comes from.".to_string(),
            &[],
        ),
    };
    let text = format!(
        "{intro} Two sides of fifteen men race round the board in opposite directions. Each must gather all its men into its own home table before it may bear any off, and the first to have borne off all his men wins. On the way a man left alone on a point, a blot, may be hit and sent back to start again."
    );
    Section::new("The game", text, ids)
}

fn count_word(n: u8) -> String {
    const WORDS: [&str; 16] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen",
    ];
    WORDS
        .get(usize::from(n))
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Where one side's men stand, in words: "two on the 24 point, … and five on the sice point".
fn men_words(men: &Men) -> String {
    let mut parts = Vec::new();
    if men.bar > 0 {
        parts.push(format!("{} on the bar", count_word(men.bar)));
    }
    for p in (1..=24u8).rev() {
        let n = men.points[usize::from(p) - 1];
        if n > 0 {
            let point = match p {
                1..=6 => format!("the {} point", face_name(p)),
                _ => format!("the {p} point"),
            };
            parts.push(format!("{} on {point}", count_word(n)));
        }
    }
    if men.off > 0 {
        parts.push(format!("{} already borne off", count_word(men.off)));
    }
    join_and(&parts)
}

fn board(layout: &Layout) -> Section {
    let mut text = "The board has four tables of six points, twenty-four points in all. Each side counts them from its own ace point (1) round to its 24 point, and its men only ever move to lower numbers, so your point p is the adversary's point 25 − p. Points 1 to 6 are a side's home table, 7 to 12 its outer table, and 13 to 24 lie on the adversary's side. The six points of each table are named like the faces of a die: ace, deuce, trey, cater, cinque and sice.".to_string();
    let setup = match layout {
        Layout::Custom(setup) => Position::from_setup(setup, Side::White)
            .map(|_| setup.clone())
            .map_err(|e| e.to_string()),
        other => other
            .position(Side::White)
            .map(|p| p.to_setup(Side::White))
            .map_err(|e| e.to_string()),
    };
    match setup {
        Ok(setup) if setup.white == setup.black => text.push_str(&format!(
            " Each side arrays its men alike, in its own numbering: {}.",
            men_words(&setup.white)
        )),
        Ok(setup) => text.push_str(&format!(
            " White's men stand {}; Black's, in Black's own numbering, {}.",
            men_words(&setup.white),
            men_words(&setup.black)
        )),
        Err(e) => text.push_str(&format!(" The array chosen is not a position: {e}.")),
    }
    let (whose, ids, more): (&str, &[&'static str], &str) = match layout {
        Layout::Willughby => (
            "This is Willughby's array for Irish, the one modern backgammon still uses; Cotton gives it as his second.",
            &["000", "001", "002", "004"],
            "",
        ),
        Layout::CottonFirst => (
            "This is the first of Cotton's two arrays, which the Irish Game article matches with the picture in Alfonso X's Todas Tablas: all fifteen men start on the adversary's side, and the whole board must be crossed.",
            &["002", "004"],
            "Scholars do not agree which array Alfonso X's text describes: its picture shows this one, but some read the text as Willughby's.",
        ),
        Layout::Fails => (
            "This is the array of Fails, after Murray: thirteen men wait on the sice point and two start at the far end.",
            &["003"],
            "",
        ),
        Layout::Nard => (
            "This is the Incompleat Gamester's array for Nard, with most men already on their own side of the board.",
            &["004"],
            "",
        ),
        Layout::Custom(_) => (
            "This is an array of your own choosing; no source gives it.",
            &[],
            "",
        ),
    };
    text.push(' ');
    text.push_str(whose);
    let mut ids = ids.to_vec();
    ids.extend(["000", "001"]);
    Section::new("The board and the array", text, &ids).disagreeing(&options::LAYOUT, more)
}

fn moving() -> Section {
    let text = "A throw gives one move a die: each die moves one man that many points toward his ace point. One man may take several dice in turn, playing at length, but he must be able to stop on every point along the way. A man may land on an empty point, on his own men (as many as you like), or on a point where the adversary has a blot, a single man: the blot is hit and goes to the bar. Two or more men hold a point, and no adversary's man may land there, not even in passing while playing at length. A blot hit on the point where a man pauses while playing at length is nipped, in Willughby's word. Moving two men together onto an empty point takes the point; playing a second man to a lone one binds him. A throw gives the same play however its moves are ordered: plays that leave the men in the same places count as one.".to_string();
    Section::new("Moving and hitting", text, &["000", "001", "002", "004"])
}

fn entering() -> Section {
    let text = "A man that has been hit waits on the bar. While a side has men on the bar it must enter them all before any other man moves. A man enters in the adversary's home table on the point of his own die: an ace on the adversary's ace point (the mover's 24), a deuce on his deuce point (23), and so on to the sice (19), landing by the same rules as any move. A man entered may go on with the dice left.".to_string();
    Section::new(
        "The bar and entering",
        text,
        &["000", "001", "002", "003", "004"],
    )
}

fn dice(dice: Dice) -> Section {
    let (text, ids): (&str, &[&'static str]) = match dice {
        Dice::Two => (
            "Each side throws two dice from its box, and each die is one move. One man may take both dice, playing at length, or each die may move a different man.",
            &["000", "001", "002"],
        ),
        Dice::Three => (
            "The game is played with three dice, as Murray describes Fails: each throw gives three moves, one a die, and one man may take two or all three of them in turn.",
            &["003"],
        ),
        Dice::TwoMinoret => (
            "Two dice are thrown, and the lower face counts a second time (minoret), as if a third die had shown it: a cinque and a deuce give moves of cinque, deuce and deuce. Murray says this is how Fails was played when only two dice were to hand.",
            &["003"],
        ),
    };
    Section::new("Dice", text.to_string(), ids).disagreeing(&options::DICE, "")
}

fn doublets(dice: Dice, doublets: Doublets) -> Section {
    let two_dice = match doublets {
        Doublets::Single => "two moves",
        Doublets::Double => "four moves",
        Doublets::Treble => "three moves",
    };
    let (text, ids): (String, &[&'static str]) = match (dice, doublets) {
        (Dice::Two, Doublets::Single) => (
            "Doublets, both dice alike, are nothing special: two cinques give two moves of five, like any other throw. So Willughby plays Irish, and Murray notes that doublets do not give a second throw.".to_string(),
            &["000", "001", "003"],
        ),
        (Dice::Two, Doublets::Double) => (
            "Doublets, both dice alike, are played twice over: two cinques give four moves of five. This is the mark of Backgammon against Irish.".to_string(),
            &["000", "001", "002", "004"],
        ),
        (Dice::Two, Doublets::Treble) => (
            "Doublets, both dice alike, are played three times: two cinques give three moves of five. This is a house rule the Incompleat Gamester mentions, not a period rule.".to_string(),
            &["004"],
        ),
        (Dice::Three, _) => (
            format!("With three dice, faces that are alike are not special: each die is one move, so three cinques give three moves of five. The doublets setting (doublets give {two_dice}) applies only to throws of two dice. The sources leave three dice open here; Gamester settles it so, after Murray's word that doublets are not special in Fails."),
            &["003"],
        ),
        (Dice::TwoMinoret, _) => (
            format!("With minoret, doublets are not special either: two cinques give three moves of five, the lower face counting again as always. The doublets setting (doublets give {two_dice}) applies only to plain throws of two dice. The sources leave this open; Gamester settles it so, after Murray's word that doublets are not special in Fails."),
            &["003"],
        ),
    };
    Section::new("Doublets", text, ids).disagreeing(&options::DOUBLETS, "")
}

fn opening(opening: Opening, dice: Dice) -> Section {
    let (text, ids): (&str, &[&'static str]) = match (opening, dice) {
        (Opening::ThrowAgain, _) => (
            "To decide who begins, each side throws one die; equal throws throw again. The higher begins, taking up all his dice for his first throw. So Willughby and du Coeur's reconstructions have it.",
            &["000", "001"],
        ),
        (Opening::PlayOpening, Dice::Two | Dice::TwoMinoret) => (
            "To decide who begins, each side throws one die; equal throws throw again. The higher begins, and the two dice already thrown are his first throw, as in modern backgammon.",
            &[MODERN],
        ),
        (Opening::PlayOpening, Dice::Three) => (
            "To decide who begins, each side throws one die; equal throws throw again. The two single dice would be the first throw, but a throw here needs three dice: so the higher throws again, as in the period games. The sources leave this open; Gamester settles it so.",
            &[MODERN],
        ),
    };
    Section::new("Who begins", text.to_string(), ids).disagreeing(&options::OPENING, "")
}

fn bearing_off(bear_off: BearOff) -> Section {
    let common = "A side may bear off only when all fifteen of its men are in its home table, none on the bar. A man hit after the bearing off has begun must come round into the home table again before another is borne off.";
    let (rule, ids, more): (&str, &[&'static str], &str) = match bear_off {
        BearOff::OverEdge => (
            "Any die that carries a man past the ace point bears him off: a sice may bear off a man from the cater point even while men stand higher. Willughby speaks of bearing men over the ace point, and du Coeur reads him as needing no exact throw.",
            &["000", "001"],
            "Du Coeur notes that Willughby insists on the exact throw in another game (Dublets), and weighs that against this reading.",
        ),
        BearOff::Modern => (
            "A man is borne off by an exact die, a cater from the cater point; a higher die bears off from the highest point only when no man stands higher, and otherwise must be moved, as in modern backgammon.",
            &[MODERN],
            "",
        ),
        BearOff::Exact => (
            "Only an exact die bears a man off: a cater from the cater point and from nowhere else. A higher die must be played by moving a man within the home table, if it can be played at all. So the Incompleat Gamester gives Backgammon and Nard.",
            &["004"],
            "",
        ),
    };
    Section::new("Bearing off", format!("{common} {rule}"), ids)
        .disagreeing(&options::BEAR_OFF, more)
}

fn bound_table(bound: BoundTable) -> Section {
    let common = "A table is bound when each of its six points holds two or more men. If the adversary then has a man on the bar, there is nowhere for him to enter.";
    let (rule, ids): (&str, &[&'static str]) = match bound {
        BoundTable::Break => (
            "Then the table must be broken, as Willughby rules. Before the side on the bar throws, both sides throw two dice (equal totals throw again), and the higher total chooses one point of the bound table. That point loses all its men but one: they go to their owner's bar as if hit, and must enter and come round again. The binder must break even if he wins the throw. Then the turn goes on. Du Coeur found this rule in Willughby alone.",
            &["000", "001", "002", "004"],
        ),
        BoundTable::Wait => (
            "Then he simply cannot enter: his throws are forfeit until a point of the table opens, as in modern backgammon.",
            &[MODERN],
        ),
        BoundTable::Loses => (
            "Then he loses the game at once, before he throws: this is the prime of tables of Alfonso X's Todas Tablas.",
            &["002"],
        ),
    };
    Section::new("The bound table", format!("{common} {rule}"), ids)
        .disagreeing(&options::BOUND_TABLE, "")
}

fn compulsion(compulsion: Compulsion, unplayable_die_loses: bool) -> Section {
    let (rule, ids): (&str, &[&'static str]) = match compulsion {
        Compulsion::Max => (
            "A player must play as much of his throw as can be played: as many dice as he can, and where only one of two dice can be played, the higher (in general, the most dice, then the most pips). Murray says the numbers thrown are to be used to the full; it is also exactly the modern rule, as GNU Backgammon enforces it.",
            &["003", MODERN],
        ),
        Compulsion::Free => (
            "A player may stop at any step and leave the rest of his throw unplayed, even before he has moved a man at all (the sources leave that open; Gamester allows it). Willughby and Cotton do not say that a player must play all he can.",
            &["000", "001"],
        ),
    };
    let forfeit = if unplayable_die_loses {
        "A throw of which nothing can be played would be forfeit, but under Fails' rule below a die that cannot be played loses the game."
    } else {
        "A throw of which nothing can be played is forfeit, and the turn passes."
    };
    Section::new("How much must be played", format!("{rule} {forfeit}"), ids)
        .disagreeing(&options::COMPULSION, "")
}

/// What the engine's stakes table gives a win, the loser's men being as `loser` says (the
/// loser's men / the winner's, who has borne off all).
fn engine_stake(stakes: Stakes, loser: &str, doublets: bool) -> u32 {
    loser
        .parse::<Position>()
        .map_or(0, |pos| bear_off_stake(stakes, &pos, doublets).0)
}

/// The rules in words, one option a line, in the order of the table of options: each option's
/// name and its value as a player reads them ("Bearing off", "exact, or higher from the highest
/// point"); a flag reads "yes" or "no".
#[must_use]
pub fn in_words(rules: &Rules) -> Vec<(&'static str, String)> {
    options::OPTIONS
        .iter()
        .filter(|option| bears_on(option, rules))
        .map(|option| {
            let value = option
                .chosen(rules)
                .map_or_else(|| option.value(rules), |v| v.words.to_string());
            (option.words, value)
        })
        .collect()
}

/// Whether `option` bears on a game under `rules`: the Crawford rule only in a match, the
/// Jacoby rule only in a session for stakes with the cube; every other option always.
fn bears_on(option: &RuleOption, rules: &Rules) -> bool {
    if option.name == options::CRAWFORD.name {
        rules.match_to > 0
    } else if option.name == options::JACOBY.name {
        rules.match_to == 0 && rules.cube
    } else {
        true
    }
}

/// What one value of an option means, in words with its numbers, for a line beside the option
/// (New game): a named array says where the men stand, as the engine arrays them; a table of
/// stakes says what each win scores, as the engine scores it; any other value, its explanation.
#[must_use]
pub fn value_explanation(option: &RuleOption, value: &options::OptionValue) -> String {
    if option.name == options::LAYOUT.name {
        let named = Layout::NAMED.into_iter().find(|l| l.name() == value.name);
        if let Some(Ok(pos)) = named.map(|l| l.position(Side::White)) {
            let men = capitalised(&men_words(&pos.to_setup(Side::White).white));
            return format!("{men}. {}", value.explanation);
        }
    }
    if option.name == options::STAKES.name
        && let Ok(stakes) = value.name.parse::<Stakes>()
    {
        return stakes_scale(stakes);
    }
    value.explanation.to_string()
}

/// What each win scores under `stakes`, short, in the engine's numbers: "1 stake for a plain
/// win, 2 for the last man borne off with doublets, 3 for a back-gammon, 4 for a back-gammon
/// on doublets, as Cotton scores."
fn stakes_scale(stakes: Stakes) -> String {
    let at = |loser: &str, doublets: bool| engine_stake(stakes, loser, doublets);
    let (home, outside) = (STAKES_HOME, STAKES_OUTSIDE);
    match stakes {
        Stakes::Single => format!(
            "{} for any win, however won (Irish).",
            stake_words(at(outside, true))
        ),
        Stakes::Willughby | Stakes::Cotton => format!(
            "{} for a plain win, {} for the last man borne off with doublets, {} for a \
             back-gammon (a man of the loser's still outside his home table or on the bar), {} \
             for a back-gammon on doublets, as {} scores.",
            stake_words(at(home, false)),
            at(home, true),
            at(outside, false),
            at(outside, true),
            if stakes == Stakes::Cotton {
                "Cotton"
            } else {
                "Willughby"
            }
        ),
        Stakes::Gammons => format!(
            "{} for a plain win, {} for a gammon (the loser bore off no man), {} for a \
             backgammon (none borne off, and a man still on the bar or in the winner's home \
             table).",
            stake_words(at(home, false)),
            at(STAKES_GAMMON, false),
            at(STAKES_BACKGAMMON, false)
        ),
        Stakes::Nard => format!(
            "The loser's men are counted where they stand: {} for each in his home table, {} in \
             his outer table, {} in the winner's outer table, {} in the winner's home table or on \
             the bar.",
            stake_words(at(NARD_AT[0], false)),
            at(NARD_AT[1], false),
            at(NARD_AT[2], false),
            at(NARD_AT[3], false)
        ),
    }
}

/// The loser's men (his / the winner's, who has borne off all) that the stakes are told by: a
/// man left in the loser's home table, and one outside it.
const STAKES_HOME: &str = "3:14 off:1 / off:15";
const STAKES_OUTSIDE: &str = "13:1 3:13 off:1 / off:15";
/// A gammon (no man borne off) and a backgammon (one still in the winner's home table).
const STAKES_GAMMON: &str = "3:15 / off:15";
const STAKES_BACKGAMMON: &str = "20:1 3:14 / off:15";
/// One man of the loser's left in each quarter of the board in turn, for Nard's count.
const NARD_AT: [&str; 4] = [
    "3:1 off:14 / off:15",
    "9:1 off:14 / off:15",
    "15:1 off:14 / off:15",
    "21:1 off:14 / off:15",
];

fn stakes(rules: &Rules) -> Section {
    let s = rules.stakes;
    let at = |loser: &str, doublets: bool| stake_words(engine_stake(s, loser, doublets));
    let (home, outside) = (STAKES_HOME, STAKES_OUTSIDE);
    let (mut text, ids, more): (String, &[&'static str], &str) = match s {
        Stakes::Single => (
            format!(
                "The winner takes {}, however he wins: as in Irish, there is no greater win.",
                at(outside, true)
            ),
            &["000", "001"],
            "",
        ),
        Stakes::Willughby | Stakes::Cotton => (
            format!(
                "A plain win is worth {}; bearing off the last man with doublets, {}; a back-gammon, when the loser still has a man outside his home table or on the bar, {}; and a back-gammon on doublets, {}. These are {} numbers. Doublets here means the winner's last throw; with three dice, three alike count as doublets (Gamester's reading).",
                at(home, false),
                at(home, true),
                at(outside, false),
                at(outside, true),
                if s == Stakes::Cotton {
                    "Cotton's"
                } else {
                    "Willughby's"
                }
            ),
            if s == Stakes::Cotton {
                &["001", "002"]
            } else {
                &["000", "001", "002"]
            },
            "Gamester counts a back-gammon so: the loser still has a man outside his home table or on the bar.",
        ),
        Stakes::Gammons => (
            format!(
                "A plain win is worth {}; a gammon, when the loser has borne off no man, {}; a backgammon, when he has borne off none and still has a man on the bar or in the winner's home table, {}.",
                at(home, false),
                at(STAKES_GAMMON, false),
                at(STAKES_BACKGAMMON, false)
            ),
            &["004", MODERN],
            "",
        ),
        Stakes::Nard => (
            format!(
                "The winner counts the loser's men where they stand: {} for each in the loser's home table, {} for each in his outer table, {} for each in the winner's outer table, and {} for each in the winner's home table or on the bar.",
                stake_words(engine_stake(s, NARD_AT[0], false)),
                stake_words(engine_stake(s, NARD_AT[1], false)),
                stake_words(engine_stake(s, NARD_AT[2], false)),
                stake_words(engine_stake(s, NARD_AT[3], false))
            ),
            &["004"],
            "",
        ),
    };
    if rules.cube {
        text.push_str(" The cube multiplies every stake.");
    }
    let mut outright = Vec::new();
    if rules.unplayable_die_loses {
        outright.push("by a die that cannot be played".to_string());
    }
    if rules.bound_table == BoundTable::Loses {
        outright.push("by the prime of tables".to_string());
    }
    if rules.all_captured_wins {
        outright.push("by having all his men taken".to_string());
    }
    if rules.cube {
        outright.push("by dropping a double".to_string());
    }
    if !outright.is_empty() {
        text.push_str(&format!(
            " A game lost outright ({}) is worth one stake{}: the sources leave this open, and Gamester settles it so.",
            join_and(&outright).replace(" and by ", " or by "),
            if rules.cube { " times the cube" } else { "" }
        ));
    }
    Section::new("Stakes", text, ids).disagreeing(&options::STAKES, more)
}

fn endings(rules: &Rules) -> Section {
    let mut parts = vec![
        "The first side to bear off all fifteen men wins, as the stakes above say.".to_string(),
    ];
    let mut ids: Vec<&'static str> = vec!["000", "001"];
    parts.push(if rules.unplayable_die_loses {
        ids.push("003");
        "Fails' rule is in force: a player who cannot play every die of his throw, in the best order he could find, loses the game outright (Murray).".to_string()
    } else {
        "A die that cannot be played is simply lost; Fails' rule, that it loses the game outright, is not in force.".to_string()
    });
    parts.push(if rules.bound_table == BoundTable::Loses {
        ids.push("002");
        "A side that must enter and finds all six points of the adversary's home table held loses at once: Alfonso X's prime of tables.".to_string()
    } else {
        "Having nowhere to enter does not lose the game (see the bound table above).".to_string()
    });
    parts.push(if rules.all_captured_wins {
        ids.extend(["002", "004"]);
        "A side whose men left are all on the bar, none on the points (the rest borne off), loses at once: the Incompleat Gamester's Todas Tablas is won by hitting all the adversary's men.".to_string()
    } else {
        "A side is not lost when all its men left are on the bar; Todas Tablas' rule of taking them all is not in force.".to_string()
    });
    parts.push(if rules.blocked_is_draw {
        ids.extend(["002", "004"]);
        "If neither side could move whatever it threw, the game is drawn: Alfonso X's tie. The sources do not say when to look; Gamester looks at the start of each turn, before the throw, and a bound table that would be broken does not count as blocked.".to_string()
    } else {
        "A board on which neither side can move is not a draw: the throws are forfeit in turn until one side can move again.".to_string()
    });
    Section::new("How a game ends", parts.join(" "), &ids)
}

fn cube(cube: bool) -> Section {
    if cube {
        let text = "The doubling cube is in play, its faces 2, 4, 8, 16, 32 and 64. Before throwing, a side may offer to double the stake, while the cube is in the middle or his own. The adversary takes, and owns the cube, so that only he may double next; or drops, and loses at once for the stake as it stood.".to_string();
        Section::new("The cube", text, &["004", MODERN]).disagreeing(&options::CUBE, "")
    } else {
        let text = "There is no doubling cube: games are worth what the stakes say. Du Coeur points out that the cube is a modern invention that Irish never knew.".to_string();
        Section::new("The cube", text, &["000"]).disagreeing(&options::CUBE, "")
    }
}

fn players(players: Players) -> Section {
    match players {
        Players::Two => Section::new(
            "Players",
            "Two players, one a side, each with his own dice and box.".to_string(),
            &["000", "001"],
        )
        .disagreeing(&options::PLAYERS, ""),
        Players::DoubleHand => Section::new(
            "Players",
            "Double-hand: four players in two partnerships. On a side's turn both partners throw, one after the other, and the side chooses which of the two throws to play; on the very first turn only one player of the starting side throws. Otherwise the game is as above.".to_string(),
            &["002"],
        )
        .disagreeing(&options::PLAYERS, ""),
    }
}

/// The name of a game under `rules`, as the side panel and the rules window head it: the
/// preset's title when the rules are a preset's; a preset with one or two options changed,
/// named after them ("Irish (Willughby), bearing off: exact"), or after the nearest preset with
/// more changed ("Nard, with house rules"); then the match and the cube, which change no rule of
/// the game ("Modern backgammon (reference), with the doubling cube, a match to 5").
#[must_use]
pub fn title(rules: &Rules) -> String {
    let game = rules.without_the_match();
    let name = match (Preset::of(&game), changes(&game)) {
        (Some(p), _) => p.title().to_string(),
        (None, Some((p, c))) if c.len() <= 2 => format!("{}, {}", p.title(), c.join(", ")),
        // Many rules changed: still named after the game nearest them.
        (None, Some((p, _))) => format!("{}, with house rules", p.title()),
        (None, None) => "House rules".to_string(),
    };
    let play: Vec<String> = options::OF_THE_MATCH
        .iter()
        .filter(|o| o.value(rules) != o.value(&game))
        .map(|o| change_words(o, rules))
        .collect();
    if play.is_empty() {
        name
    } else {
        format!("{name}, {}", play.join(", "))
    }
}

/// House rules told in full: the preset nearest `rules` (the fewest options changed) and each
/// option changed from it, in the words a title uses ("with the doubling cube", "bearing off:
/// exact"). `None` when the rules are a preset's own.
#[must_use]
pub fn changes(rules: &Rules) -> Option<(crate::tables::Preset, Vec<String>)> {
    if crate::tables::Preset::of(rules).is_some() {
        return None;
    }
    let changed = |p: crate::tables::Preset| -> Vec<String> {
        let preset = Rules::preset(p);
        options::OPTIONS
            .iter()
            .filter(|o| o.value(rules) != o.value(&preset))
            .map(|o| change_words(o, rules))
            .collect()
    };
    crate::tables::Preset::ALL
        .into_iter()
        .map(|p| (p, changed(p)))
        .min_by_key(|(_, c)| c.len())
}

/// One option as a title names it changed: "with the doubling cube", "without the doubling
/// cube", "an unplayable die loses", "bearing off: exact".
fn change_words(option: &RuleOption, rules: &Rules) -> String {
    let lower = {
        let mut w = option.words.to_string();
        if let Some(first) = w.get(0..1) {
            w.replace_range(0..1, &first.to_lowercase());
        }
        w
    };
    let value = option.value(rules);
    if option.is_flag() {
        let on = value == "true";
        return match (lower.starts_with("the "), on) {
            (true, true) => format!("with {lower}"),
            (true, false) => format!("without {lower}"),
            (false, true) => lower,
            (false, false) => format!("{lower}: no"),
        };
    }
    let words = option
        .chosen(rules)
        .map_or(value.clone(), |v| v.words.to_string());
    // A value that names its option ("a match to 5") needs no name before it.
    if words.to_lowercase().contains(&lower) {
        words
    } else {
        format!("{lower}: {words}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section(rules: &Rules, title: &str) -> Section {
        explain(rules)
            .into_iter()
            .find(|s| s.title == title)
            .unwrap_or_else(|| panic!("no section {title}"))
    }

    #[test]
    fn the_options_in_force_leave_out_those_that_bear_on_nothing() {
        let named = |rules: &Rules| -> Vec<&str> { in_words(rules).iter().map(|o| o.0).collect() };
        // A session for stakes without the cube: neither the Crawford nor the Jacoby rule
        let irish = Rules::preset(Preset::Irish);
        assert!(!named(&irish).contains(&options::CRAWFORD.words));
        assert!(!named(&irish).contains(&options::JACOBY.words));
        // A session with the cube: the Jacoby rule; a match: the Crawford rule
        let mut cube = irish.clone();
        cube.cube = true;
        assert!(named(&cube).contains(&options::JACOBY.words));
        let mut matched = cube.clone();
        matched.match_to = 5;
        assert!(named(&matched).contains(&options::CRAWFORD.words));
        assert!(!named(&matched).contains(&options::JACOBY.words));
        // And every other option is there, always
        assert_eq!(named(&irish).len(), options::OPTIONS.len() - 2);
    }

    #[test]
    fn the_irish_array_is_told_in_period_words() {
        let text = section(&Rules::default(), "The board and the array").text;
        assert!(
            text.contains("two on the 24 point, five on the 13 point, three on the 8 point and five on the sice point"),
            "{text}"
        );
    }

    #[test]
    fn a_custom_array_that_differs_names_each_side() {
        let mut rules = Rules::default();
        rules.set("layout", "custom:4HPwATDgc/ABMA").unwrap();
        let text = section(&rules, "The board and the array").text;
        assert!(text.contains("your own choosing"), "{text}");
        let pos: Position = "bar:1 24:1 6:13 / 13:15".parse().unwrap();
        rules.layout = Layout::Custom(pos.to_setup(Side::White));
        let text = section(&rules, "The board and the array").text;
        assert!(
            text.contains("White's men stand one on the bar, one on the 24 point and thirteen on the sice point; Black's, in Black's own numbering, fifteen on the 13 point"),
            "{text}"
        );
    }

    #[test]
    fn stakes_quote_the_engines_numbers() {
        let cotton = section(&Rules::preset(Preset::BackgammonCotton), "Stakes").text;
        assert!(cotton.contains("A plain win is worth 1 stake; bearing off the last man with doublets, 2 stakes; a back-gammon, when the loser still has a man outside his home table or on the bar, 3 stakes; and a back-gammon on doublets, 4 stakes"), "{cotton}");
        let willughby = section(&Rules::preset(Preset::BackgammonWillughby), "Stakes").text;
        assert!(
            willughby.contains("or on the bar, 2 stakes; and a back-gammon on doublets, 3 stakes"),
            "{willughby}"
        );
        let nard = section(&Rules::preset(Preset::Nard), "Stakes").text;
        assert!(nard.contains("1 stake for each in the loser's home table, 2 stakes for each in his outer table, 3 stakes for each in the winner's outer table, and 4 stakes"), "{nard}");
        let modern = section(&Rules::preset(Preset::Modern), "Stakes").text;
        assert!(
            modern
                .contains("a gammon, when the loser has borne off no man, 2 stakes; a backgammon"),
            "{modern}"
        );
        assert!(modern.contains("home table, 3 stakes."), "{modern}");
    }
}
