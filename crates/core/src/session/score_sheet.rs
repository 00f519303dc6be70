//! A game at tables' score sheet, ready to hand to a class: the session replays the record
//! and tells its story; the page is laid out with the handouts' style (`teaching::handout`). It lives
//! with the session, which it replays, so that the teaching (whose words the session speaks)
//! does not lean on the session in turn.

use std::fmt::Write as _;

use super::Session;
use crate::tables::{Game, Layout, Phase, Side, position_id};
use crate::teaching::handout::{Moment, STYLE, escape, figure, session_colour, session_names};
use crate::teaching::rules_text::{in_words, title};

/// A game's score sheet, ready to hand to a class: the game's name, the players and `date` (the
/// day it was played, in words), the rules in force in words, the position it was set up from
/// (drawn, with its Position ID) when it was not the preset's array, every line of its story in
/// the period words (who, what, and each play in notation too), with a diagram of the position
/// after each play numbered in `at` (plays counted from 1, each side's), the result, and the
/// last position. A game left by a side before it ended (`abandoned`) has its result as the
/// session counts it: who left, and what it cost. `Err`: the record does not replay.
pub fn score_sheet(
    replay: &crate::save::GameRecord,
    seats: &crate::players::Seats,
    abandoned: Option<&crate::abandonment::Abandonment>,
    date: &str,
    at: &[usize],
    moments: &[Moment],
) -> Result<String, String> {
    let mut session = Session::new(
        replay.rules().clone(),
        seats.clone(),
        replay.tally_before(),
        Box::new(crate::tables::FairDice::seeded(0)),
    )
    .map_err(|e| e.to_string())?;
    let name = title(replay.rules());
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{} — a score sheet</title>\n<style>{STYLE}\
         table {{ border-collapse: collapse; width: 100%; }}\n\
         td {{ padding: 0.15em 0.4em; vertical-align: top; border-bottom: 1px solid #e2d6bd; }}\n\
         td.n {{ width: 2.5em; color: #5a4630; }} td.side {{ width: 5em; }}\n\
         .notation {{ font-size: 9.5pt; color: #5a4630; white-space: nowrap; }}\n\
         tr {{ break-inside: avoid; }}\n</style>\n</head>\n<body>\n",
        escape(&name)
    );
    let players = |side: Side| {
        format!(
            "{}: {}",
            session_colour(seats, side),
            escape(&session_names(seats, side))
        )
    };
    let _ = writeln!(page, "<h1>{}</h1>", escape(&name));
    let _ = writeln!(
        page,
        "<p class=\"sub\">{} · {} · {}</p>",
        players(Side::White),
        players(Side::Black),
        escape(date)
    );
    page.push_str("<section>\n<h2>The rules in force</h2>\n");
    for (option, value) in in_words(replay.rules()) {
        let _ = writeln!(page, "<p>{}: {}</p>", escape(option), escape(&value));
    }
    page.push_str("</section>\n");
    if let Layout::Custom(_) = &replay.rules().layout {
        let start = Game::new(replay.rules().clone()).map_err(|e| e.to_string())?;
        let id = position_id::encode(&start.position_for(Side::White));
        let _ = writeln!(
            page,
            "<section>\n<h2>The position it was set up from</h2>\n\
             <p>Not an array of the games' own: the players set the men so, and the game began \
             from there. To set it up again, give Gamester its Position ID, {id}.</p>\n\
             <figure>{}</figure>\n</section>",
            figure(&start, seats, "The men as the game began")
        );
    }
    page.push_str("<h2>The game</h2>\n<table>\n");
    let mut plays = 0;
    let mut told = 0;
    for (i, &action) in replay.record().iter().enumerate() {
        session
            .apply(action)
            .map_err(|e| format!("action {} of the record is refused: {e}", i + 1))?;
        for entry in &session.log()[told..] {
            let side = entry
                .side
                .map_or(String::new(), |s| session.colour_name(s).to_string());
            let number = if entry.notation.is_some() {
                plays += 1;
                plays.to_string()
            } else {
                String::new()
            };
            let notation = entry
                .notation
                .as_deref()
                .filter(|n| !n.is_empty())
                .map_or(String::new(), |n| {
                    format!(" <span class=\"notation\">({})</span>", escape(n))
                });
            let _ = writeln!(
                page,
                "<tr><td class=\"n\">{number}</td><td class=\"side\">{side}</td><td>{}{notation}</td></tr>",
                escape(&entry.words)
            );
            if entry.notation.is_some() && at.contains(&plays) {
                let caption = format!("After play {plays} ({side}'s)");
                let _ = writeln!(
                    page,
                    "<tr><td colspan=\"3\"><figure>{}</figure></td></tr>",
                    figure(session.game(), seats, &caption)
                );
            }
        }
        told = session.log().len();
        for moment in moments.iter().filter(|m| m.after_actions == i + 1) {
            let _ = writeln!(
                page,
                "<tr><td colspan=\"3\"><figure>{}</figure></td></tr>",
                figure(session.game(), seats, &moment.caption)
            );
        }
    }
    page.push_str("</table>\n");
    if let Some(abandoned) = abandoned {
        session.abandon(abandoned.clone());
    }
    let result = match session.game().phase() {
        _ if session.abandoned().is_some() => session.abandonment_words().unwrap_or_default(),
        Phase::Over(outcome) => session.ending(&outcome),
        _ => {
            let name = |side: Side| session.colour_name(side).to_string();
            format!(
                "The game was not finished: {}.",
                session.game().waiting().sentence(&name)
            )
        }
    };
    let _ = writeln!(
        page,
        "<section>\n<h2>The result</h2>\n<p>{}</p>\n</section>",
        escape(&result)
    );
    let _ = writeln!(
        page,
        "<figure>{}</figure>",
        figure(
            session.game(),
            seats,
            "Where the men stand at the end of the record"
        )
    );
    page.push_str("<footer>Printed from Gamester.</footer>\n</body>\n</html>\n");
    Ok(page)
}
