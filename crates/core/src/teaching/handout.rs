//! Pages to print and hand out, each one standalone HTML (no file beside it, no script, no
//! font to fetch) that prints cleanly on A4 and on Letter: the paper's own size is used, with
//! margins in millimetres, and no section or figure is split across two pages.

use std::fmt::Write as _;

use super::diagram::{Diagram, Labels};
use super::rules_text::{explain, title};
use crate::tables::{Game, Rules, Side};

/// The style every page shares: the period's serif, a column a reader's eye can follow, and
/// the rules for paper.
pub(crate) const STYLE: &str = r#"
@page { margin: 16mm 18mm; }
body { font-family: "EB Garamond", Garamond, Georgia, "Times New Roman", serif;
       font-size: 11.5pt; line-height: 1.4; color: #1c140c; background: #fffdf7;
       max-width: 42em; margin: 0 auto; padding: 1em; }
h1 { font-size: 21pt; font-weight: normal; margin: 0 0 0.2em; }
h2 { font-size: 13pt; margin: 1em 0 0.2em; break-after: avoid; }
p { margin: 0.3em 0; }
.sub { font-style: italic; margin-bottom: 1em; }
section, figure { break-inside: avoid; }
figure { margin: 0.8em 0; text-align: center; }
figure svg { width: 100%; height: auto; max-width: 16cm; }
.sources { font-style: italic; font-size: 9.5pt; color: #5a4630; }
.disagreement { font-size: 10pt; border-left: 2px solid #b8864b; padding-left: 0.6em; }
footer { margin-top: 2em; font-size: 9pt; color: #5a4630; }
@media print { body { background: none; padding: 0; max-width: none; } }
"#;

/// Text made safe inside HTML.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The rules of the game in force as a page: its title, the array drawn, and every section of
/// the rules as the rules window gives them, each with its sources and what they disagree on.
#[must_use]
pub fn rules_page(rules: &Rules) -> String {
    let name = title(rules);
    let mut page = rules_page_head(&name);
    let _ = writeln!(
        page,
        "<p class=\"sub\">The rules as Gamester plays them, each with the sources it follows.</p>"
    );
    if let Ok(game) = Game::new(rules.clone()) {
        let array = Diagram {
            position: game.position_for(Side::White),
            dice: Vec::new(),
            labels: Labels::Period,
            caption: Some("The men arrayed to begin, White at the bottom".into()),
            sides: ["White".into(), "Black".into()],
        };
        let _ = writeln!(page, "<figure>\n{}</figure>", array.svg());
    }
    sections_html(&mut page, &explain(rules));
    rules_page_foot(page)
}

/// A rules page's beginning: the document's head with the handouts' style, and the game's
/// name as its title and first heading.
fn rules_page_head(name: &str) -> String {
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{} — the rules</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(name)
    );
    let _ = writeln!(page, "<h1>{}</h1>", escape(name));
    page
}

/// A rules page's end: its footer, and the document closed.
fn rules_page_foot(mut page: String) -> String {
    page.push_str(
        "<footer>Printed from Gamester, which plays these games by their own sources.</footer>\n\
         </body>\n</html>\n",
    );
    page
}

/// The sections of the rules as a page shows them: each a heading, its paragraphs, its
/// sources and what they disagree on.
fn sections_html(page: &mut String, sections: &[super::rules_text::Section]) {
    for section in sections {
        let _ = writeln!(page, "<section>\n<h2>{}</h2>", escape(&section.title));
        for paragraph in section.text.split("\n\n").filter(|p| !p.trim().is_empty()) {
            let _ = writeln!(page, "<p>{}</p>", escape(paragraph.trim()));
        }
        if !section.sources.is_empty() {
            let _ = writeln!(
                page,
                "<p class=\"sources\">Sources: {}</p>",
                escape(&section.sources.join("; "))
            );
        }
        if let Some(d) = &section.disagreement {
            let _ = writeln!(page, "<p class=\"disagreement\">{}</p>", escape(d));
        }
        page.push_str("</section>\n");
    }
}

/// The rules of a pastime (Doublets, Ketch-Dolt, Sice-Ace) in force as a page, as
/// [`rules_page`] gives a game at tables': its title, every section of its rules made from the
/// options chosen, and every option in words with the value chosen and who says so.
#[must_use]
pub fn pastime_rules_page(rules: &crate::pastimes::Rules) -> String {
    use super::pastime_rules::{explain, in_words, title};
    let name = title(rules);
    let mut page = rules_page_head(name);
    let _ = writeln!(
        page,
        "<p class=\"sub\">The rules as Gamester plays them, each with the sources it follows.</p>"
    );
    sections_html(&mut page, &explain(rules));
    page.push_str("<section>\n<h2>The options as chosen</h2>\n");
    for (option, value, sources) in in_words(rules) {
        let _ = writeln!(
            page,
            "<p>{}: {} <span class=\"sources\">({})</span></p>",
            escape(option),
            escape(&value),
            escape(sources)
        );
    }
    page.push_str("</section>\n");
    rules_page_foot(page)
}

/// The rules of a tiles game (Block, Draw, Muggins) in force as a page, as
/// [`pastime_rules_page`] gives a pastime's: its title, then every heading and paragraph of the
/// rules window at the tiles, made from the rules chosen (the players, who sets, how Muggins
/// scores, how long a game lasts), Gamester's own rules where the book is silent marked so.
#[must_use]
pub fn tiles_rules_page(rules: &crate::tiles::Rules) -> String {
    use super::tiles_rules::{rules_in_words, title_of};
    let name = title_of(rules);
    let mut page = rules_page_head(name);
    let _ = writeln!(
        page,
        "<p class=\"sub\">The rules as Gamester plays them, after The Incompleat Gamester; where \
         the book is silent, Gamester's own rule, said so.</p>"
    );
    for (head, text) in rules_in_words(rules) {
        let _ = writeln!(
            page,
            "<section>\n<h2>{}</h2>\n<p>{}</p>\n</section>",
            escape(head),
            escape(&text)
        );
    }
    rules_page_foot(page)
}

/// A score sheet of a game whose story is told line by line (a pastime, a tiles game): what
/// the page needs, each part already in words.
#[derive(Clone, Debug, Default)]
pub struct StorySheet {
    /// The game's name: "Ketch-Dolt", "Muggins dominoes".
    pub title: String,
    /// Who sat where, a seat a line: "Player 2: the computer (fair)".
    pub players: Vec<String>,
    /// The day the game was played, in words (may be empty).
    pub date: String,
    /// The rules in force, each an option and its value in words.
    pub rules: Vec<(String, String)>,
    /// The story, a line for each event, as the window tells it beside the table.
    pub story: Vec<String>,
    /// How the game ended, or that it did not.
    pub result: String,
    /// The table at the end of the record, drawn (an SVG), if the family has a diagram.
    pub figure: Option<String>,
}

/// The page of a [`StorySheet`]: its title, the players and the day, the rules in force, every
/// line of the story numbered, the result, and the table at the end if drawn; it prints as
/// [`score_sheet`]'s page does.
#[must_use]
pub fn story_sheet(sheet: &StorySheet) -> String {
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{} — a score sheet</title>\n<style>{STYLE}\
         table {{ border-collapse: collapse; width: 100%; }}\n\
         td {{ padding: 0.15em 0.4em; vertical-align: top; border-bottom: 1px solid #e2d6bd; }}\n\
         td.n {{ width: 2.5em; color: #5a4630; }}\n\
         tr {{ break-inside: avoid; }}\n</style>\n</head>\n<body>\n",
        escape(&sheet.title)
    );
    let _ = writeln!(page, "<h1>{}</h1>", escape(&sheet.title));
    let mut sub: Vec<String> = sheet.players.iter().map(|p| escape(p)).collect();
    if !sheet.date.is_empty() {
        sub.push(escape(&sheet.date));
    }
    let _ = writeln!(page, "<p class=\"sub\">{}</p>", sub.join(" · "));
    page.push_str("<section>\n<h2>The rules in force</h2>\n");
    for (option, value) in &sheet.rules {
        let _ = writeln!(page, "<p>{}: {}</p>", escape(option), escape(value));
    }
    page.push_str("</section>\n<h2>The game</h2>\n<table>\n");
    for (i, line) in sheet.story.iter().enumerate() {
        let _ = writeln!(
            page,
            "<tr><td class=\"n\">{}</td><td>{}</td></tr>",
            i + 1,
            escape(line)
        );
    }
    page.push_str("</table>\n");
    let _ = writeln!(
        page,
        "<section>\n<h2>The result</h2>\n<p>{}</p>\n</section>",
        escape(&sheet.result)
    );
    if let Some(svg) = &sheet.figure {
        let _ = writeln!(page, "<figure>{svg}</figure>");
    }
    page.push_str("<footer>Printed from Gamester.</footer>\n</body>\n</html>\n");
    page
}

/// A day in words, as a score sheet gives it: "26 November 2026" (`month` from 1).
#[must_use]
pub fn date_words(year: i32, month: u32, day: u32) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let month = usize::try_from(month)
        .ok()
        .and_then(|m| MONTHS.get(m.checked_sub(1)?));
    month.map_or_else(
        || format!("{year}-{month:?}-{day}"),
        |m| format!("{day} {m} {year}"),
    )
}

/// A moment of the game the score sheet draws, chosen by its caller (the analysis's worst
/// plays, say): the position once this many actions of the record stood, and its caption.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    pub after_actions: usize,
    pub caption: String,
}

/// The `n` plays an analysis judges worst (those that lost anything), in the order of the game,
/// as moments of the score sheet: the position before each, with its dice, captioned with the
/// play made, the best and the stakes lost.
#[must_use]
pub fn worst_moments(
    analysis: &crate::ai::analysis::Analysis,
    rules: &Rules,
    seats: &crate::players::Seats,
    n: usize,
) -> Vec<Moment> {
    use crate::ai::analysis::Choice;
    let mut plays: Vec<_> = analysis
        .decisions
        .iter()
        .filter(|d| d.loss > 0.0 && matches!(d.choice, Choice::Play { .. }))
        .collect();
    plays.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.at.cmp(&b.at)));
    plays.truncate(n);
    plays.sort_by_key(|d| d.at);
    plays
        .into_iter()
        .filter_map(|d| {
            let Choice::Play {
                throw,
                before,
                judgement,
            } = &d.choice
            else {
                return None;
            };
            let text =
                |steps: &[crate::tables::Step]| super::points::play_text(before, steps, rules);
            let side = session_colour(seats, d.side);
            Some(Moment {
                after_actions: d.at,
                caption: format!(
                    "Before {side}'s play of {} on turn {}: {side} played {}, the best was {}, \
                     losing {:.3} of a stake ({})",
                    super::terms::throw_words(throw),
                    d.turn,
                    text(&judgement.played.steps.to_vec()),
                    text(&judgement.best.steps.to_vec()),
                    d.loss,
                    d.mark().name().replace('-', " ")
                ),
            })
        })
        .collect()
}

/// A diagram of `game` from the first side's, captioned.
pub(crate) fn figure(game: &Game, seats: &crate::players::Seats, caption: &str) -> String {
    Diagram {
        position: game.position_for(Side::White),
        // The throw waiting to be played, if one is (before a play the analysis judged).
        dice: game.throw().map(|t| t.faces().to_vec()).unwrap_or_default(),
        labels: Labels::Period,
        caption: Some(caption.to_string()),
        sides: [
            session_colour(seats, Side::White).into(),
            session_colour(seats, Side::Black).into(),
        ],
    }
    .svg()
}

pub(crate) fn session_colour(seats: &crate::players::Seats, side: Side) -> &'static str {
    seats.seat(side).colour.name()
}

pub(crate) fn session_names(seats: &crate::players::Seats, side: Side) -> String {
    let names: Vec<&str> = seats
        .seat(side)
        .players
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    names.join(" and ")
}
