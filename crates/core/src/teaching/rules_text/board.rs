//! The game and the board: which game the rules make, and where the men stand at the start.

use super::Section;
use crate::tables::options;
use crate::tables::{Layout, Men, Position, Preset, Rules, Side};
use crate::teaching::glossary::MODERN;
use crate::teaching::points::Naming;
use crate::teaching::terms::face_name;

pub(super) fn game(rules: &Rules) -> Section {
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
                Preset::TickTack => (
                    "Tick-tack, as Cotton gives it and Willughby ends it: no man is hit, and the first hit, going in, second table filled or bearing off wins",
                    &["005", "006"],
                ),
                Preset::VieTickTack => (
                    "Vie Tick-tack: Tick-tack where a side may vie before he throws, each vie seen adding one stake",
                    &["005", "006"],
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
    let text = if rules.tick_tack {
        format!(
            "{intro} Two sides of fifteen men run round the board in opposite directions, each from the point where all its men start. No man is ever hit: a game is won by a score, as the section on Tick-tack below says."
        )
    } else {
        format!(
            "{intro} Two sides of fifteen men race round the board in opposite directions. Each must gather all its men into its own home table before it may bear any off, and the first to have borne off all his men wins. On the way a man left alone on a point, a blot, may be hit and sent back to start again."
        )
    };
    Section::new("The game", text, ids)
}

pub(super) fn count_word(n: u8) -> String {
    const WORDS: [&str; 16] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen",
    ];
    WORDS
        .get(usize::from(n))
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

pub(super) fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Where one side's men stand, in words, its points counted as `naming` counts them: "two on
/// the 24 point, … and five on the sice point"; at Tick-tack "fifteen on the ace point".
pub(super) fn men_words(men: &Men, naming: Naming) -> String {
    let mut parts = Vec::new();
    if men.bar > 0 {
        parts.push(format!("{} on the bar", count_word(men.bar)));
    }
    let mut points: Vec<u8> = (1..=24u8).rev().collect();
    if naming == Naming::Outward {
        points.reverse();
    }
    for p in points {
        let n = men.points[usize::from(p) - 1];
        if n > 0 {
            let p = naming.count(p);
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

pub(super) fn board(rules: &Rules) -> Section {
    let layout = &rules.layout;
    let naming = Naming::of(rules);
    let mut text = match naming {
        Naming::Homeward => "The board has four tables of six points, twenty-four points in all. Each side counts them from its own ace point (1) round to its 24 point, and its men only ever move to lower numbers, so that your 24 point is the adversary's ace point, and your 13 point his 12 point. Points 1 to 6 are a side's home table, 7 to 12 its outer table, and 13 to 24 lie on the adversary's side. The six points of each table are named like the faces of a die: ace, deuce, trey, cater, cinque and sice.",
        Naming::Outward => "The board has four tables of six points, twenty-four points in all. At Tick-tack each side counts them from the point where its men start, its ace point (1), round to its 24 point, and its men only ever move to higher numbers, so that your ace point is the adversary's 24 point, and your 12 point his 13 point. The points are named like the faces of a die up to six: ace, deuce, trey, cater, cinque and sice.",
    }
    .to_string();
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
            men_words(&setup.white, naming)
        )),
        Ok(setup) => text.push_str(&format!(
            " White's men stand {}; Black's, in Black's own numbering, {}.",
            men_words(&setup.white, naming),
            men_words(&setup.black, naming)
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
        Layout::TickTack => (
            "This is the array of Tick-tack: all fifteen men stand on the ace point, where the count begins, and play forward from there.",
            &["005"],
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
