//! What a game is worth: the stakes table, how a game ends, the cube, and a session for stakes
//! or a match.

use super::Section;
use super::board::join_and;
use crate::tables::options;
use crate::tables::{BoundTable, Position, Rules, Stakes, bear_off_stake, stake_words};
use crate::teaching::glossary::MODERN;

/// A session for stakes, or a match: its length and the Crawford rule.
pub(super) fn matches(rules: &Rules) -> Section {
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

/// What the engine's stakes table gives a win, the loser's men being as `loser` says (the
/// loser's men / the winner's, who has borne off all).
pub(super) fn engine_stake(stakes: Stakes, loser: &str, doublets: bool) -> u32 {
    loser
        .parse::<Position>()
        .map_or(0, |pos| bear_off_stake(stakes, &pos, doublets).0)
}
/// What each win scores under `stakes`, short, in the engine's numbers: "1 stake for a plain
/// win, 2 for the last man borne off with doublets, 3 for a back-gammon, 4 for a back-gammon
/// on doublets, as Cotton scores."
pub(super) fn stakes_scale(stakes: Stakes) -> String {
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
pub(super) const STAKES_HOME: &str = "3:14 off:1 / off:15";
pub(super) const STAKES_OUTSIDE: &str = "13:1 3:13 off:1 / off:15";
/// A gammon (no man borne off) and a backgammon (one still in the winner's home table).
pub(super) const STAKES_GAMMON: &str = "3:15 / off:15";
pub(super) const STAKES_BACKGAMMON: &str = "20:1 3:14 / off:15";
/// One man of the loser's left in each quarter of the board in turn, for Nard's count.
pub(super) const NARD_AT: [&str; 4] = [
    "3:1 off:14 / off:15",
    "9:1 off:14 / off:15",
    "15:1 off:14 / off:15",
    "21:1 off:14 / off:15",
];

pub(super) fn stakes(rules: &Rules) -> Section {
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

pub(super) fn endings(rules: &Rules) -> Section {
    let mut parts = vec![if rules.tick_tack {
        "A game ends with a score, as the section on Tick-tack below says; bearing off all fifteen men is one of them.".to_string()
    } else {
        "The first side to bear off all fifteen men wins, as the stakes above say.".to_string()
    }];
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

pub(super) fn cube(cube: bool) -> Section {
    if cube {
        let text = "The doubling cube is in play, its faces 2, 4, 8, 16, 32 and 64. Before throwing, a side may offer to double the stake, while the cube is in the middle or his own. The adversary takes, and owns the cube, so that only he may double next; or drops, and loses at once for the stake as it stood.".to_string();
        Section::new("The cube", text, &["004", MODERN]).disagreeing(&options::CUBE, "")
    } else {
        let text = "There is no doubling cube: games are worth what the stakes say. Du Coeur points out that the cube is a modern invention that Irish never knew.".to_string();
        Section::new("The cube", text, &["000"]).disagreeing(&options::CUBE, "")
    }
}
