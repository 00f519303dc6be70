//! What the analysis list says of each decision: its turn, who chose, the dice, what was chosen
//! and its mark, one row each; and, for the decision selected, the verdict told to its maker in
//! the period's words (`teaching::verdict`). Pure: words from the analysis and the record.

use egui::Color32;

use crate::ai::analysis::{Choice, Judged};
use crate::ai::judge::Mark;
use crate::save::GameRecord;
use crate::tables::ticktack::Claim;
use crate::tables::{CubeChoice, Phase, Side};
use crate::teaching::verdict::{
    break_verdict, claim_verdict, cube_verdict, hit_way, play_verdict, throw_verdict,
};

/// One row of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub turn: u32,
    /// The colour of the side that chose ("White").
    pub who: String,
    /// The dice thrown ("6-4"), or a dash where the choice came before the dice.
    pub dice: String,
    /// What was chosen: the play in notation, or the cube's, the break's or the throw's choice.
    pub chosen: String,
    pub mark: Mark,
}

impl Row {
    /// The row as one line, as it is read aloud and found by tests.
    #[must_use]
    pub fn text(&self) -> String {
        format!(
            "Turn {} · {} · {} · {} · {}",
            self.turn,
            self.who,
            self.dice,
            self.chosen,
            mark_words(self.mark)
        )
    }
}

/// A mark as the list writes it.
#[must_use]
pub fn mark_words(mark: Mark) -> &'static str {
    match mark {
        Mark::Ok => "ok",
        Mark::Doubtful => "doubtful",
        Mark::Bad => "bad",
        Mark::VeryBad => "very bad",
    }
}

/// The colour of a mark's sign: green for ok, then amber, orange and red.
#[must_use]
pub fn mark_colour(mark: Mark) -> Color32 {
    match mark {
        Mark::Ok => Color32::from_rgb(70, 150, 80),
        Mark::Doubtful => Color32::from_rgb(215, 175, 40),
        Mark::Bad => Color32::from_rgb(225, 115, 35),
        Mark::VeryBad => Color32::from_rgb(200, 40, 35),
    }
}

/// The row of decision `d` of the game whose record is `record`; `colour` names a side.
#[must_use]
pub fn row(d: &Judged, record: &GameRecord, colour: impl Fn(Side) -> String) -> Row {
    let (dice, chosen) = match &d.choice {
        Choice::Play {
            throw,
            before,
            judgement,
        } => {
            let faces: Vec<String> = throw.faces().iter().map(u8::to_string).collect();
            let steps = judgement.played.steps.to_vec();
            (
                faces.join("-"),
                crate::teaching::points::play_text(before, &steps, record.rules()),
            )
        }
        Choice::Cube { chosen, .. } => ("–".to_string(), cube_words(*chosen).to_string()),
        Choice::Break { chosen, .. } => ("–".to_string(), format!("broke at {chosen}")),
        Choice::Throw { chosen, .. } => {
            let game = record.game_at(d.at);
            let thrown = game
                .throws()
                .get(usize::from(*chosen))
                .map_or_else(String::new, |t| {
                    let faces: Vec<String> = t.faces().iter().map(u8::to_string).collect();
                    faces.join("-")
                });
            let which = if *chosen == 0 { "first" } else { "second" };
            (thrown, format!("played the {which} throw"))
        }
        Choice::Claim { missed } => ("–".to_string(), missed_words(*missed).to_string()),
    };
    Row {
        turn: d.turn,
        who: colour(d.side),
        dice,
        chosen,
        mark: d.mark(),
    }
}

fn cube_words(chosen: CubeChoice) -> &'static str {
    match chosen {
        CubeChoice::Double => "doubled",
        CubeChoice::NoDouble => "threw without doubling",
        CubeChoice::Take => "took",
        CubeChoice::Drop => "dropped",
    }
}

/// Decision `d` told to its maker, in the period's words: what was chosen, what it risked, the
/// better choice and what was lost. `colour` names a side.
#[must_use]
pub fn verdict(d: &Judged, record: &GameRecord, colour: impl Fn(Side) -> String) -> String {
    let rules = record.rules();
    let adversary = format!("{}'s", colour(d.side.other()));
    match &d.choice {
        Choice::Play {
            before, judgement, ..
        } => play_verdict(
            rules,
            before,
            &judgement.played,
            &judgement.best,
            d.loss,
            &adversary,
        ),
        Choice::Cube { chosen, best } => cube_verdict(*chosen, *best, d.loss),
        Choice::Break { chosen, best } => {
            let binder = match record.game_at(d.at).phase() {
                Phase::ChooseBreak { binder, .. } if binder != d.side => adversary,
                _ => "your".to_string(),
            };
            break_verdict(*chosen, *best, d.loss, &binder)
        }
        Choice::Throw { chosen, best } => {
            throw_verdict(record.game_at(d.at).throws(), *chosen, *best, d.loss)
        }
        Choice::Claim { missed } => {
            let how = claim_way(*missed, d, record, &adversary);
            claim_verdict(
                *missed,
                d.loss,
                &adversary,
                how.as_deref(),
                rules.first_score_ends,
            )
        }
    }
}

/// How the hit let pass was there, in words: for the decision's maker's own hit, his throw as
/// it stood; for a why-not, the adversary's throw he played just before. None for a going in,
/// or where the record does not show it.
fn claim_way(missed: Claim, d: &Judged, record: &GameRecord, adversary: &str) -> Option<String> {
    match missed {
        Claim::Hit => hit_way(&record.game_at(d.at), "your", adversary),
        Claim::WhyNot => (0..d.at)
            .rev()
            .map(|k| record.game_at(k))
            .find(|g| g.phase() == Phase::Playing && g.turn() == d.side.other())
            .and_then(|g| hit_way(&g, adversary, "your")),
        Claim::MissedGoingIn => None,
    }
}

/// A Tick-tack score let pass, as the analysis's row says it.
fn missed_words(missed: Claim) -> &'static str {
    match missed {
        Claim::Hit => "hit unclaimed",
        Claim::WhyNot => "why-not unclaimed",
        Claim::MissedGoingIn => "going in unclaimed",
    }
}

/// The heading of the verdict: "Turn 12, White, 6-4 (a bad play)".
#[must_use]
pub fn heading(row: &Row) -> String {
    let what = match row.mark {
        Mark::Ok => "well chosen",
        Mark::Doubtful => "a doubtful choice",
        Mark::Bad => "a bad choice",
        Mark::VeryBad => "a very bad choice",
    };
    if row.dice == "–" {
        format!("Turn {}, {}: {what}", row.turn, row.who)
    } else {
        format!("Turn {}, {}, {}: {what}", row.turn, row.who, row.dice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::analysis::analyse;
    use crate::level::Level;

    fn analysed(text: &str) -> (GameRecord, crate::ai::analysis::Analysis) {
        let l = crate::save::from_str(text).unwrap();
        let a = analyse(
            l.replay.start(),
            l.replay.record(),
            Level::Novice,
            &|_, _| {},
        )
        .unwrap();
        (l.replay, a)
    }

    fn named(side: Side) -> String {
        side.name().to_string()
    }

    #[test]
    fn a_play_is_listed_with_its_dice_and_its_notation_and_told_in_words() {
        // Given a short game of Irish, analysed
        let (record, a) = analysed(include_str!("../../../tests/data/irish_short.ron"));
        let d = &a.decisions[0];
        // Then its first decision is a play of the opening throw, listed so
        let r = row(d, &record, named);
        assert_eq!(r.turn, d.turn);
        assert_eq!(r.dice, "4-6");
        assert!(r.chosen.contains('/'), "{r:?}");
        assert_eq!(r.mark, d.mark());
        assert!(r.text().starts_with(&format!("Turn {} · ", d.turn)));
        // And told to its maker
        let v = verdict(d, &record, named);
        assert!(v.ends_with('.'), "{v}");
        assert!(v.contains("losing") || v.contains("the best play"), "{v}");
    }

    #[test]
    fn a_cube_action_a_break_and_a_throw_chosen_have_rows_and_verdicts() {
        for (text, wanted) in [
            (
                include_str!("../../../tests/data/cube_dropped.ron"),
                "dropped",
            ),
            (
                include_str!("../../../tests/data/broken_table.ron"),
                "broke at",
            ),
            (include_str!("../../../tests/data/double_hand.ron"), "throw"),
        ] {
            let (record, a) = analysed(text);
            let d = a
                .decisions
                .iter()
                .find(|d| {
                    !matches!(d.choice, Choice::Play { .. })
                        && row(d, &record, named).chosen.contains(wanted)
                })
                .unwrap_or_else(|| panic!("no {wanted}"));
            let v = verdict(d, &record, named);
            assert!(v.starts_with("You "), "{v}");
        }
    }
}
