//! The story of the game (each turn in period words and in notation), the session's score and
//! the rules in force.

use egui::RichText;

use crate::save::GameRecord;
use crate::session::Session;
use crate::tables::options::OPTIONS;
use crate::tables::{Side, won_words};

/// The side panel: rules in force, score, the match's earlier games, the `hints` asked for
/// (the computer's plays, the cube), and the story so far. The earlier game the person asked
/// to replay, if any (its place among `earlier`).
pub fn show(
    ui: &mut egui::Ui,
    session: &Session,
    earlier: &[GameRecord],
    glossary: &mut crate::ui::shell::glossary::Glossary,
    show_rules: &mut bool,
    hints: &mut dyn FnMut(&mut egui::Ui),
) -> Option<usize> {
    let mut asked = None;
    // The game's particulars (its name, the score, who plays, the rules, the IDs) scroll in
    // what room the story leaves them: on a short window, a guide open above them, they never
    // push the story out of the panel.
    // Its bar is drawn solid, so that what is scrolled out of sight is seen to be there.
    let line = ui.text_style_height(&egui::TextStyle::Body);
    let room = ui.available_height();
    ui.scope(|ui| {
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        egui::ScrollArea::vertical()
            .id_salt("the game's particulars")
            .max_height((room - line * 6.0).max(line * 1.5))
            .min_scrolled_height(line * 1.5)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                particulars(ui, session, earlier, glossary, show_rules, &mut asked);
            });
    });
    ui.separator();
    // The hints take what room they need, up to all but a few lines of the story: a hint is
    // read whole where the window allows it, and the story never goes out of sight under it.
    let room = ui.available_height();
    let story_least = ui.text_style_height(&egui::TextStyle::Body) * 5.0;
    egui::ScrollArea::vertical()
        .id_salt("hints")
        .max_height((room - story_least).max(room * 0.5))
        .show(ui, hints);
    ui.label(RichText::new("The play").strong());
    let log = session.log();
    let text = |i: usize| -> std::borrow::Cow<'_, str> {
        let entry = &log[i];
        match &entry.notation {
            Some(n) if !n.is_empty() => format!("{} ({n})", entry.words).into(),
            _ => entry.words.as_str().into(),
        }
    };
    crate::ui::shell::story::follow_the_end(ui, log.len(), text, |ui, text| {
        crate::ui::shell::glossary::linked_text(ui, text, RichText::new, glossary);
    });
    asked
}

/// The game's particulars: its name, the session's score, who plays each side, the match's
/// earlier games (one asked to be replayed put in `asked`), the rules and the glossary, the
/// options in force, and GNU Backgammon's IDs of the position.
fn particulars(
    ui: &mut egui::Ui,
    session: &Session,
    earlier: &[GameRecord],
    glossary: &mut crate::ui::shell::glossary::Glossary,
    show_rules: &mut bool,
    asked: &mut Option<usize>,
) {
    let game = session.game();
    ui.add_space(6.0);
    ui.heading(crate::teaching::rules_text::title(game.rules()));
    let tally = game.tally();
    ui.label(format!(
        "{}{}",
        session.score_words(),
        if tally.draws > 0 {
            format!(" · {} drawn", tally.draws)
        } else {
            String::new()
        }
    ));
    for side in Side::BOTH {
        ui.label(
            RichText::new(format!(
                "{}: {}",
                session.colour_name(side),
                session.side_name(side)
            ))
            .small(),
        );
    }
    if !earlier.is_empty() {
        ui.collapsing("Earlier games of the match", |ui| {
            for (i, record) in earlier.iter().enumerate() {
                let number = record.tally_before().games + 1;
                let result = match record.game_at(record.len()).outcome() {
                    Some(o) => match o.winner {
                        Some(w) => format!(
                            "{} won {}{}",
                            session.colour_name(w),
                            won_words(o.stake, record.rules().match_to),
                            given_up(o.reason, session.colour_name(w.other()), record.rules())
                        ),
                        None => "drawn".to_string(),
                    },
                    None => "not finished".to_string(),
                };
                if ui
                    .link(format!("Game {number}: {result}"))
                    .on_hover_text("Replay it, turn by turn")
                    .clicked()
                {
                    *asked = Some(i);
                }
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        if ui.link("The rules of this game, explained").clicked() {
            *show_rules = true;
        }
        ui.label(" · ");
        if ui.link("Glossary").clicked() {
            glossary.open = true;
        }
    });
    // The options as New game words them; what each means and its sources on hover (the
    // RULES.md names stay for files and the command line).
    ui.collapsing("Its options", |ui| {
        let rules = game.rules();
        for option in OPTIONS {
            let value = option
                .chosen(rules)
                .map_or_else(|| option.value(rules), |v| v.words.to_string());
            let meaning = option.chosen(rules).map_or("", |v| v.explanation);
            let (sources, full) = crate::ui::tables::setup::sources_words(option);
            ui.label(format!("{}: {value}", option.words))
                .on_hover_text(format!(
                    "{}\n{meaning}\n\n{sources}\n{full}",
                    option.explanation
                ));
        }
    });
    // The position as GNU Backgammon names it, to select and copy (Game → Copy GNU
    // Backgammon ID does it in one go).
    ui.collapsing("GNU Backgammon's IDs", |ui| {
        let position = crate::ui::tables::position_setup::id_of(game);
        let matched = crate::tables::match_id::encode(&crate::tables::match_id::of_game(game));
        ui.label(RichText::new(format!("Position ID: {position}")).monospace());
        ui.label(RichText::new(format!("Match ID: {matched}")).monospace());
        let xg = crate::ui::tables::position_setup::xgid_of(game);
        ui.label(RichText::new(xg).monospace())
            .on_hover_text("eXtreme Gammon's XGID of the same position, White as its X");
    });
}

/// How a game given up ended, after its result: ", Black resigned" (", Black yielded the
/// game" under the period's stakes, Cotton's word), ", Black dropped the double"; nothing for
/// a game played out.
fn given_up(reason: crate::tables::EndReason, loser: &str, rules: &crate::tables::Rules) -> String {
    use crate::tables::{EndReason, Stakes};
    match reason {
        EndReason::Resigned if rules.stakes == Stakes::Gammons => format!(", {loser} resigned"),
        EndReason::Resigned => format!(", {loser} yielded the game"),
        EndReason::Dropped => format!(", {loser} dropped the double"),
        _ => String::new(),
    }
}
