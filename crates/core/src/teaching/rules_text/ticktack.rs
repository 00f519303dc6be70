//! Tick-tack's scores, touch and take and vying, explained from the rules in force.

use super::Section;
use crate::tables::options::{self, RuleOption};
use crate::tables::{Claims, GoingInOpen, HitBy, Rules};

/// The value of `option` in `rules`, in the words of the table of options.
fn chosen(option: &RuleOption, rules: &Rules) -> String {
    option
        .chosen(rules)
        .map_or_else(|| option.value(rules), |v| v.words.to_string())
}

pub(super) fn tick_tack(rules: &Rules) -> Section {
    let mut parts = Vec::new();
    if rules.tick_tack {
        parts.push("This is Tick-tack: no man is ever hit, and none may stand where a man of the adversary stands, not even where he has a lone man (Gamester's own reading, after Trictrac). A game is won by scores. A hit, when the throw lets some man reach a lone man of the adversary, wins a single game: Cotton's \"a hit is but one\", scored by the throw itself, no man need move. Going in wins a double game: Cotton's \"going in with two of your men\" on the adversary's eleventh point, which Gamester counts as two men more on that point after one throw's play than before the throw (Gamester's own reading), whether or not the thrower already has men there (Cotton's \"if you are in\" is not asked). Filling every point of your second table wins two (Cotton's \"you win two\"), and so does bearing off all your men (Willughby, as Waks reads him).".to_string());
        parts.push(match rules.hit_by {
            HitBy::OneDie => "A hit must be reached with one die.".to_string(),
            HitBy::DieOrBoth => "A hit may be reached with one die, or with both in either order, unless the point between is held by the adversary: Cotton calls such a point a stop, and a hit that must pass one counts for nothing (\"and then it is nothing\"). That any adversary man makes a stop is Gamester's own reading.".to_string(),
        });
        parts.push(match rules.going_in_open {
            GoingInOpen::HitLosesTwo => "When the throw lets the thrower go in, going in is the play: a hit taken instead, or the going in let pass, loses two, as Cotton has it (\"you lose two irrecoverably\", by carelessness or \"eager prosecution of a hit\"); and a hit left untaken then is no why-not.".to_string(),
            GoingInOpen::HitScores => "A hit taken scores even when the throw also let the thrower go in; the going in let pass is a penalty apart, counted after the hit if the game goes on (Gamester's own reading; Cotton has the hit lose two).".to_string(),
        });
        parts.push(match rules.claims {
            Claims::ByAdversary => "The thrower claims his hit himself, as Cotton's players do. If he lets a hit pass without going in, the adversary may take him with a why-not (Cotton's \"the loss of one\"); if he could have gone in and did not, the adversary may claim a double game. Such claims are made before the adversary throws, and only for chances the throw really gave. When both are open, the window offers the going in missed first: it pays two.".to_string(),
            Claims::ByRules => "Nobody need claim (Gamester's own offer): the rules count the thrower's hit when he lifts the dice, and give the adversary a double game when a going in was missed.".to_string(),
        });
        parts.push(if rules.first_score_ends {
            "The first score ends the game (Willughby, as Waks and Levy read him), so when a why-not and a going in missed are both open only the first claimed is paid.".to_string()
        } else {
            format!(
                "Scores add up: the game ends when a side reaches {} points or bears off his last man, and the side ahead wins a single game (Gamester's own reading, after Trictrac; no source gives a number of points).",
                rules.score_to
            )
        });
    } else {
        parts.push("Tick-tack's scores are not played: a game is won by bearing off, and men are hit as usual.".to_string());
    }
    let variant = [&options::TOOTS, &options::BOVERIES, &options::FLYERS]
        .iter()
        .map(|o| format!("{}: {}", o.words.to_lowercase(), chosen(o, rules)))
        .collect::<Vec<_>>()
        .join("; ");
    parts.push(format!(
        "Tick-tack's settings as chosen: {}: {}; {}: {}; {}: {}; {}; points to win, {}; {}.",
        options::HIT_BY.words.to_lowercase(),
        chosen(&options::HIT_BY, rules),
        options::CLAIMS.words.to_lowercase(),
        chosen(&options::CLAIMS, rules),
        options::GOING_IN_OPEN.words.to_lowercase(),
        chosen(&options::GOING_IN_OPEN, rules),
        if rules.first_score_ends {
            "the first score ends the game"
        } else {
            "the scores add up"
        },
        chosen(&options::SCORE_TO, rules),
        variant
    ));
    parts.push(if rules.touch_and_take {
        "Touch and take, the rule Cotton names the game by (\"you must play him\", even to your loss): a man once moved stays moved and cannot be taken back, and in the window, where to touch a man is to pick him up, a man picked up must be played unless he has nowhere to go (Gamester's own reading of the touch).".to_string()
    } else {
        "A step may be taken back until the dice are lifted, and a man picked up may be put down again: a man is bound only once moved (Gamester's own offer; Cotton binds the man touched).".to_string()
    });
    parts.push(if rules.vie {
        "A side may vie before he throws; the adversary sees it, and the stake grows by one, or yields the game as it stood. A double game doubles the stake and all the vies (Willughby's Vie Ticktack).".to_string()
    } else {
        "Nobody vies.".to_string()
    });
    Section::new("Tick-tack", parts.join(" "), &["005", "006"])
        .disagreeing(&options::FIRST_SCORE_ENDS, "")
}

/// At Tick-tack, the sections written for the games where men are hit say what Tick-tack makes
/// of them: how a man moves when none is ever hit, that none waits on the bar or breaks a
/// table, how the points are named from where the men start, and where they are borne off.
pub(super) fn at_tick_tack(sections: &mut [Section], vie: bool) {
    for section in sections {
        match section.title.as_str() {
            "The board and the array" => section.text.push_str(
                " At Tick-tack the points are named from the other end, as Cotton names them: a side's ace point is where all its men start (its 24 in the numbering above), the six points from there are its table at home and the next six its second table; the adversary's eleventh point, where a side goes in, is its 11 above.",
            ),
            "Moving and hitting" => {
                section.title = "Moving".to_string();
                section.text = "A throw gives one move a die: each die moves one man that many points along the track. One man may take both dice in turn, playing at length, if he may stop on the point between. A man may land on an empty point or on his own men, never where any man of the adversary's stands, a lone man included: at Tick-tack no man is ever hit, and a point held by one adversary man is closed as surely as one held by five.".to_string();
            }
            "The bar and entering" => {
                section.text = "No man is ever hit at Tick-tack, so none waits on the bar, and none has to enter.".to_string();
            }
            "The bound table" => section.text.push_str(
                " At Tick-tack, though, no man is ever on the bar, so no table needs breaking and this rule never comes into play.",
            ),
            "Stakes" => {
                let vies = if vie {
                    " With vying, a double game doubles the stake and every vie."
                } else {
                    ""
                };
                let mut other = section.text.chars();
                let other: String = other
                    .next()
                    .map(|c| c.to_lowercase().chain(other).collect())
                    .unwrap_or_default();
                section.text = format!(
                    "At Tick-tack a game's scores say what it is worth: a single game, 1 stake, or a double game, 2 stakes, as the section on Tick-tack below says.{vies} The stakes chosen for the other games are not used, where {other}"
                );
            }
            "Bearing off" => section.text.push_str(
                " At Tick-tack the table a side bears from is the last it comes to, the adversary's table at home, where his men started.",
            ),
            _ => {}
        }
    }
}
