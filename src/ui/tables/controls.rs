//! The games at tables' menu items and buttons under the board, and their rules window. A
//! click that asks something of the game or its files becomes an `Intent`; the View options
//! are the window's own, and change at once.

use crate::session::Session;
use crate::tables::{Action, Claim, Phase, Rules};
use crate::ui::shell::glossary;
use crate::ui::shell::menus::Help;
use crate::ui::shell::settings::Settings;
use crate::ui::tables::intent::{Intent, Share};
use crate::ui::tables::look::Look;

/// The items the games at tables add to the Game menu. `game_over` enables the next game;
/// `no_rollout` says why the position cannot be rolled out now, if it cannot.
pub fn game_items(
    ui: &mut egui::Ui,
    game_over: bool,
    no_rollout: Option<&str>,
    intents: &mut Vec<Intent>,
) {
    if ui
        .add_enabled(
            game_over,
            egui::Button::new("Next game of the session  (Enter)"),
        )
        .clicked()
    {
        intents.push(Intent::NextGame);
    }
    if ui.button("Replay this game, turn by turn").clicked() {
        intents.push(Intent::ReplayStart);
    }
    if ui.button("Analyse this game").clicked() {
        intents.push(Intent::Analyse);
    }
    let roll_out = ui.add_enabled(
        no_rollout.is_none(),
        egui::Button::new("Roll out this position…"),
    );
    if let Some(why) = no_rollout {
        roll_out.on_disabled_hover_text(why);
    } else if roll_out
        .on_hover_text("Play the position out to the end many times, to see what it is worth")
        .clicked()
    {
        intents.push(Intent::RollOut);
    }
    if ui.button("Copy position ID  (Ctrl+C)").clicked() {
        intents.push(Intent::Share(Share::CopyId));
    }
    if ui
        .button("Copy GNU Backgammon ID (position and match)")
        .clicked()
    {
        intents.push(Intent::Share(Share::CopyGnubgId));
    }
    if ui.button("Copy XGID (eXtreme Gammon)").clicked() {
        intents.push(Intent::Share(Share::CopyXgid));
    }
    if ui.button("Set up a position…").clicked() {
        intents.push(Intent::Share(Share::OpenSetup));
    }
}

/// The items the games at tables add to the View menu: how the points are named and where
/// the ace point lies, and the board's look.
pub fn view_items(ui: &mut egui::Ui, settings: &mut Settings) {
    ui.checkbox(
        &mut settings.numbers,
        "Number the points 1–24 (instead of ace … sice)",
    );
    ui.checkbox(&mut settings.ace_left, "Ace point on the left");
    ui.separator();
    ui.label("The board");
    for look in Look::ALL {
        ui.radio_value(&mut settings.look, look, look.words());
    }
    ui.separator();
}

/// The game's line of buttons under the board. `person` says whether a person is to act;
/// `hint_asked` whether the computer is already working out a hint.
pub fn buttons(
    ui: &mut egui::Ui,
    session: &Session,
    person: bool,
    hint_asked: bool,
    intents: &mut Vec<Intent>,
) {
    let game = session.game();
    let phase = game.phase();
    if ui
        .add_enabled(
            person && session.game().waits_for_dice(),
            egui::Button::new("Throw  (Space)"),
        )
        .clicked()
    {
        intents.push(Intent::Throw);
    }
    if ui
        .add_enabled(
            // Touch and take (Tick-tack): the engine offers no undo once a man has moved.
            person && game.choices().contains(&Action::Undo),
            egui::Button::new("Undo  (U)"),
        )
        .clicked()
    {
        intents.push(Intent::Action(Action::Undo));
    }
    if ui
        .add_enabled(
            person && game.may_confirm(),
            egui::Button::new("Lift the dice  (Enter)"),
        )
        .clicked()
    {
        intents.push(Intent::Action(Action::Confirm));
    }
    if ui
        .add_enabled(
            person
                && (phase == Phase::Playing || crate::ui::tables::computer::at_cube_decision(game))
                && !hint_asked,
            egui::Button::new("Hint  (H)"),
        )
        .clicked()
    {
        intents.push(Intent::Hint);
    }
    claim_buttons(ui, session, person, intents);
    if game.rules().raises_stake() {
        let [double, take, drop] = stake_words(game.rules());
        if ui
            .add_enabled(
                person && game.choices().contains(&Action::Double),
                egui::Button::new(format!("{double}  (Ctrl+D)")),
            )
            .clicked()
        {
            intents.push(Intent::Action(Action::Double));
        }
        if phase == Phase::DoubleOffered {
            if ui
                .add_enabled(person, egui::Button::new(format!("{take}  (Ctrl+T)")))
                .clicked()
            {
                intents.push(Intent::Action(Action::Take));
            }
            if ui
                .add_enabled(person, egui::Button::new(format!("{drop}  (Ctrl+P)")))
                .clicked()
            {
                intents.push(Intent::Action(Action::Drop));
            }
        }
    }
    resignation_buttons(ui, session, person, intents);
    if phase == Phase::ChooseThrow && person {
        for (i, t) in game.throws().iter().enumerate() {
            if ui
                .button(format!(
                    "Play {}  ({})",
                    crate::teaching::terms::throw_words(t),
                    i + 1
                ))
                .clicked()
            {
                intents.push(Intent::Action(Action::ChooseThrow(i as u8)));
            }
        }
    }
    // Once a side has won the match, no game follows: New game starts another.
    if game.is_over() && game.match_winner().is_none() && ui.button("Next game  (Enter)").clicked()
    {
        intents.push(Intent::NextGame);
    }
}

/// The words of the cube's three buttons: the doubling cube's, or at Vie Tick-tack the vie's
/// (Willughby's "I Vie", "I See It", or yield the game).
#[must_use]
pub fn stake_words(rules: &Rules) -> [&'static str; 3] {
    if rules.vie {
        ["I vie", "I see it", "Yield"]
    } else {
        ["Double", "Take", "Drop"]
    }
}

/// The words of a claim's button at Tick-tack, with its key.
#[must_use]
pub fn claim_words(claim: Claim) -> &'static str {
    match claim {
        Claim::Hit => "Claim a hit  (C)",
        Claim::WhyNot => "Why not?  (C)",
        Claim::MissedGoingIn => "He missed going in  (G)",
    }
}

/// Tick-tack: a button for each claim the person to act may make now: a hit while he plays
/// his throw, a why-not or a going in missed before he throws. They are there whether or not
/// the chance is, so that seeing it is the player's part, as at the board; a claim without
/// the chance is refused, and the game goes on as it stood.
fn claim_buttons(ui: &mut egui::Ui, session: &Session, person: bool, intents: &mut Vec<Intent>) {
    let game = session.game();
    if !person {
        return;
    }
    for claim in game.claims_to_try(game.turn()) {
        if ui
            .button(claim_words(claim))
            .on_hover_text(claim_hover(claim, game.rules()))
            .clicked()
        {
            intents.push(Intent::Action(Action::Claim(claim)));
        }
    }
}

/// What a claim's button says on hover: what the claim is worth under the rules in force, and,
/// where only one claim is paid, which to make first (the buttons stand in that order).
#[must_use]
pub fn claim_hover(claim: Claim, rules: &Rules) -> String {
    let first = if rules.first_score_ends {
        " The first score ends the game, so only one claim is paid: claim a going in missed (two games) before a why-not (one)."
    } else {
        ""
    };
    match claim {
        Claim::Hit => {
            let cotton = if rules.going_in_open == crate::tables::GoingInOpen::HitLosesTwo {
                " But when your throw also lets you go in, a hit taken loses two: \"you lose two irrecoverably\" (Cotton)."
            } else {
                ""
            };
            format!(
                "Your throw lets a man reach a lone man of the adversary, no stop in the way: a hit, one game.{cotton}"
            )
        }
        Claim::WhyNot => format!(
            "His last throw gave him a hit he neither took nor bettered by going in: you take him with a why-not, one game.{first}"
        ),
        Claim::MissedGoingIn => format!(
            "His last throw let him go in, two men into your eleventh point, and he did not: two games to you.{first}"
        ),
    }
}

/// Giving the game up: a menu of resignations while a person is to act, and the answer to
/// one offered to a person.
fn resignation_buttons(
    ui: &mut egui::Ui,
    session: &Session,
    person: bool,
    intents: &mut Vec<Intent>,
) {
    let game = session.game();
    if let Phase::ResignOffered { .. } = game.phase() {
        if ui
            .add_enabled(person, egui::Button::new("Accept  (Ctrl+Y)"))
            .clicked()
        {
            intents.push(Intent::Action(Action::AcceptResignation));
        }
        if ui
            .add_enabled(person, egui::Button::new("Decline  (Ctrl+G)"))
            .clicked()
        {
            intents.push(Intent::Action(Action::DeclineResignation));
        }
        return;
    }
    if !person || game.may_resign().is_none() {
        return;
    }
    let (name, choices) = session.resignations();
    ui.menu_button(format!("{name}…"), |ui| {
        for (stake, label) in choices {
            if ui.button(label).clicked() {
                intents.push(Intent::Action(Action::Resign(stake)));
                ui.close();
            }
        }
    });
}

/// The rules window of the games at tables, for `rules`, while it is open.
pub fn rules_window(ctx: &egui::Context, help: &mut Help, rules: &Rules) {
    if help.rules {
        let title = crate::teaching::rules_text::title(rules);
        explained_window(ctx, &mut help.rules, rules, &title, &mut help.glossary);
    }
}

/// The rules window: the rules of the game in progress, written from its options, with their
/// sources and where the sources disagree.
fn explained_window(
    ctx: &egui::Context,
    open: &mut bool,
    rules: &Rules,
    title: &str,
    glossary: &mut glossary::Glossary,
) {
    egui::Window::new("The rules of this game")
        .open(open)
        .default_width(520.0)
        .default_height(560.0)
        .show(ctx, |ui| {
            ui.heading(title);
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for section in crate::teaching::rules_text::explain(rules) {
                        ui.label(egui::RichText::new(&section.title).strong().size(18.0));
                        glossary::linked_text(ui, &section.text, egui::RichText::new, glossary);
                        if !section.sources.is_empty() {
                            ui.label(
                                egui::RichText::new(format!(
                                    "Sources: {}",
                                    section.sources.join("; ")
                                ))
                                .small(),
                            );
                        }
                        if let Some(d) = &section.disagreement {
                            ui.label(
                                egui::RichText::new(format!("Where the sources differ: {d}"))
                                    .small()
                                    .italics(),
                            );
                        }
                        ui.add_space(8.0);
                    }
                });
        });
}
