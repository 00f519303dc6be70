//! What the tiles screen shows around its table: the status line, the buttons under the
//! table, the score card over the story, and the rules window.

use egui::RichText;

use crate::players::Controller;
use crate::tiles::{Action, Kind, Phase, Target, end_word};
use crate::tiles_session::TilesSession;
use crate::ui::tiles::setup;
use crate::ui::tiles::view::TilesIntent;

/// What the table waits for, in a line.
pub(super) fn status(table: &TilesSession) -> String {
    if let Some(words) = table.abandonment_words() {
        return words;
    }
    let game = table.game();
    match game.phase() {
        Phase::ToDeal => "The hand is over: go on to the next hand.".into(),
        Phase::GameOver => match game.winner() {
            Some(Some(side)) => table.winner_words(side),
            _ => "The game is drawn.".into(),
        },
        Phase::ToThrow => "Throw a die each for the set: the highest sets.".into(),
        Phase::Playing => {
            let turn = game.turn();
            let name = table.name(turn).to_string();
            if table.person_to_act().is_none() {
                return format!("{name} is to play…");
            }
            if table.waits_to_reveal() {
                return format!(
                    "{name}'s turn: the others look away, and {name} shows his tiles (the button)."
                );
            }
            let who = if name == "You" {
                "Your turn".to_string()
            } else {
                format!("{name}'s turn")
            };
            let line = game.line();
            if line.is_empty() {
                return match game.must_set() {
                    Some(t) => format!(
                        "{who}: set the {} (click it, then the lit place).",
                        t.words()
                    ),
                    None => format!("{who}: set any tile (click it, then the lit place)."),
                };
            }
            let ends = format!(
                "the ends are the {} and the {}",
                end_word(line.open(crate::tiles::End::Left).unwrap_or(0)),
                end_word(line.open(crate::tiles::End::Right).unwrap_or(0))
            );
            if game.can_play(turn) {
                format!("{who}: click a tile, then a lit end to lay it there; {ends}.")
            } else if game.legal_actions().contains(&Action::Draw) {
                format!("{who}: no tile fits ({ends}): draw from the boneyard.")
            } else {
                format!("{who}: no tile fits ({ends}) and none may be drawn: knock.")
            }
        }
    }
}

/// The buttons of the game at the table. Where a person sits at it they keep their places all
/// game, greyed when they do nothing (as the tables' Throw and Lift the dice are), so that none
/// takes another's place under the pointer: the boneyard's and Knock, then the one that goes on
/// (Throw for the set, Next hand, Next game of the session, and at a shared screen Show a
/// player's tiles), as wide as the widest of its words.
pub(super) fn buttons(ui: &mut egui::Ui, table: &TilesSession, intents: &mut Vec<TilesIntent>) {
    let game = table.game();
    let person_sits = table.sitters().contains(&Controller::Person);
    let reveal = table.waits_to_reveal();
    let legal = if table.person_to_act().is_some() && !reveal {
        game.legal_actions()
    } else {
        Vec::new()
    };
    if person_sits
        && game.rules().kind != Kind::Block
        && ui
            .add_enabled(
                legal.contains(&Action::Draw),
                egui::Button::new("Draw from the boneyard"),
            )
            .clicked()
    {
        intents.push(TilesIntent::Act(Action::Draw));
    }
    if person_sits
        && ui
            .add_enabled(legal.contains(&Action::Pass), egui::Button::new("Knock"))
            .on_hover_text("Knock on the table: you cannot lay, and play passes on.")
            .clicked()
    {
        intents.push(TilesIntent::Act(Action::Pass));
    }
    const GO_ON: [&str; 3] = ["Throw for the set", "Next hand", "Next game of the session"];
    let (words, go_on) = if reveal {
        let name = table.name(game.turn());
        (format!("Show {name}'s tiles"), Some(TilesIntent::Reveal))
    } else if table.to_throw() && person_sits {
        (GO_ON[0].to_string(), Some(TilesIntent::Throw))
    } else if table.waits_for_next() {
        let words = if game.phase() == Phase::GameOver {
            GO_ON[2]
        } else {
            GO_ON[1]
        };
        (words.to_string(), Some(TilesIntent::GoOn))
    } else {
        (GO_ON[1].to_string(), None)
    };
    let widest = GO_ON
        .iter()
        .map(|w| {
            egui::WidgetText::from(RichText::new(*w).strong())
                .into_galley(ui, None, f32::INFINITY, egui::TextStyle::Button)
                .size()
                .x
        })
        .fold(0.0, f32::max);
    let room = egui::vec2(widest + 2.0 * ui.spacing().button_padding.x, 0.0);
    let button = egui::Button::new(RichText::new(words).strong()).min_size(room);
    if ui.add_enabled(go_on.is_some(), button).clicked()
        && let Some(intent) = go_on
    {
        intents.push(intent);
    }
}

/// The score of the game and the session's tally.
pub(super) fn score_card(ui: &mut egui::Ui, table: &TilesSession) {
    let game = table.game();
    let rules = game.rules();
    let target = match rules.target {
        Target::Points(n) => format!("to {n} points"),
        Target::SingleHand => "a single hand".into(),
    };
    ui.label(
        RichText::new(format!("{}, {target}", setup::title_of(rules)))
            .strong()
            .size(18.0),
    );
    egui::Grid::new("tiles-score")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            ui.label(RichText::new("").strong());
            ui.label(RichText::new("points").strong());
            ui.label(RichText::new("games").strong());
            ui.end_row();
            for side in 0..rules.sides() {
                ui.label(table.side_name(side));
                ui.label(game.scores().get(side).copied().unwrap_or(0).to_string());
                ui.label(table.tally().get(side).copied().unwrap_or(0).to_string());
                ui.end_row();
            }
        });
    ui.label(
        RichText::new(format!(
            "Hand {} · the boneyard {}",
            game.hands_dealt(),
            game.boneyard_len()
        ))
        .small(),
    );
}

/// The rules window for the tiles game in play: the rules as Gamester plays them, and where
/// the book is silent, what Gamester does.
pub(super) fn rules_window(ctx: &egui::Context, open: &mut bool, rules: &crate::tiles::Rules) {
    egui::Window::new(format!("The rules: {}", setup::title_of(rules)))
        .open(open)
        .default_width(520.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                for (head, text) in setup::rules_in_words(rules) {
                    ui.label(RichText::new(head).strong());
                    ui.label(text);
                    ui.add_space(4.0);
                }
            });
        });
}
