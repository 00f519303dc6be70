//! The analysis of the game in play, in the side panel: while the computer judges it, how far
//! it has come (the board stays free meanwhile); then each side's figures (mean loss, marks,
//! gnubg's one-word rating) and the list of decisions, one row each with its mark. Selecting a
//! row shows that position in the replay, the play made and the best play drawn on the board
//! (`analysis_marks`), and the decision told in the period's words (`analysis_words`).
//!
//! The analysis belongs to the game it was made of: once the game in play is no longer that
//! game carried on (a new game, another opened, play taken over from earlier), it is dropped,
//! and a job still running is stopped.

use egui::{
    Align2, FontId, ProgressBar, Rect, RichText, Role, ScrollArea, Sense, Stroke, WidgetInfo, pos2,
    vec2,
};

use crate::ai::analysis::{Analysis, Choice, Judged};
use crate::ai::judge::Mark;
use crate::level::Level;
use crate::save::{GameRecord, SavedAnalysis};
use crate::session::Session;
use crate::tables::{Game, Side, Step};
use crate::ui::tables::analysing::Analysing;
use crate::ui::tables::analysis_marks::{BEST_INK, PLAYED_INK};
use crate::ui::tables::analysis_words::{self, Row, mark_colour, mark_words};
use crate::ui::tables::intent::Intent;

/// An analysis made, with the record it was made of and what the list shows of it.
struct Held {
    analysis: Analysis,
    record: GameRecord,
    rows: Vec<Row>,
    selected: Option<usize>,
    /// The selected decision told in words.
    verdict: String,
    /// Whether the list is still to be scrolled to the row selected (it moves as the verdict
    /// above it grows).
    scroll_to_selected: bool,
}

/// The analysis in the window: the job under way, the analysis made, and whether the panel is
/// open.
#[derive(Default)]
pub struct AnalysisPanel {
    open: bool,
    job: Option<Analysing>,
    held: Option<Held>,
    /// Why the last analysis could not be made, said in the panel.
    trouble: Option<String>,
}

/// Whether an analysis of `record` under `rules` belongs to `game`: the same rules, and the
/// game's record that record carried on.
/// Whether an analysis of the game that began as `start` with this record belongs to `game`:
/// the same beginning (rules and match score), and the record a part of the game's.
fn belongs(start: &Game, record: &[crate::tables::Action], game: &Game) -> bool {
    start.rules() == game.rules()
        && start.tally_before() == game.tally_before()
        && start.start() == game.start()
        && game.record().starts_with(record)
}

impl AnalysisPanel {
    /// Whether the panel is open (it takes the story's place).
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// How far the analysis under way has come: decisions judged, of how many.
    #[must_use]
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.job.as_ref().map(Analysing::progress)
    }

    /// The analysis made, if there is one.
    #[must_use]
    pub fn analysis(&self) -> Option<&Analysis> {
        self.held.as_ref().map(|h| &h.analysis)
    }

    /// The decision selected in the list, and its verdict.
    #[must_use]
    pub fn selected(&self) -> Option<(&Judged, &str)> {
        let held = self.held.as_ref()?;
        let d = held.analysis.decisions.get(held.selected?)?;
        Some((d, held.verdict.as_str()))
    }

    /// Opens the panel on the analysis of `game` as it stands: the one made already if it is of
    /// this very record, else a new one judged at `level` on threads of its own (`wake` repaints
    /// the window as it goes).
    pub fn ask(&mut self, game: &Game, level: Level, wake: impl Fn() + Send + Sync + 'static) {
        self.open = true;
        self.trouble = None;
        if let Some(h) = &self.held
            && h.record.record() == game.record()
            && belongs(h.record.start(), h.record.record(), game)
        {
            return;
        }
        if let Some(job) = &self.job {
            let (start, record) = job.about();
            if record == game.record() && belongs(start, record, game) {
                return;
            }
        }
        self.held = None;
        self.job = Some(Analysing::start(game, level, wake));
    }

    /// Opens the panel on `analysis`, made of the game whose record is `record` (given back
    /// from a file); `session` names the sides.
    pub fn hold(&mut self, analysis: Analysis, record: GameRecord, session: &Session) {
        let colour = |side: Side| session.colour_name(side).to_string();
        let rows = analysis
            .decisions
            .iter()
            .map(|d| analysis_words::row(d, &record, colour))
            .collect();
        self.job = None;
        self.trouble = None;
        self.held = Some(Held {
            analysis,
            record,
            rows,
            selected: None,
            verdict: String::new(),
            scroll_to_selected: false,
        });
        self.open = true;
    }

    /// The panel of a window that starts with a game whose file kept `kept`: open on it, if
    /// there is one.
    #[must_use]
    pub fn holding(kept: Option<Box<(Analysis, GameRecord)>>, session: &Session) -> AnalysisPanel {
        let mut panel = AnalysisPanel::default();
        if let Some(kept) = kept {
            let (analysis, record) = *kept;
            panel.hold(analysis, record, session);
        }
        panel
    }

    /// Drops the analysis and any job under way, and closes the panel.
    pub fn forget(&mut self) {
        *self = AnalysisPanel::default();
    }

    /// What the save file keeps of the analysis, if there is one of `game`.
    #[must_use]
    pub fn to_keep(&self, game: &Game) -> Option<SavedAnalysis> {
        let h = self.held.as_ref()?;
        belongs(h.record.start(), h.record.record(), game)
            .then(|| crate::kept_analysis::to_saved(&h.analysis))
    }

    /// The play made and the best play of the decision selected, with the side that played,
    /// while the replay shows the position it was made from (`replay_at` actions done).
    #[must_use]
    pub fn on_board(&self, replay_at: Option<usize>) -> Option<(Side, Vec<Step>, Vec<Step>)> {
        let (d, _) = self.selected()?;
        if !self.open || replay_at != Some(d.at) {
            return None;
        }
        match &d.choice {
            Choice::Play { judgement, .. } => Some((
                d.side,
                judgement.played.steps.to_vec(),
                judgement.best.steps.to_vec(),
            )),
            _ => None,
        }
    }

    /// Takes in the job's answer once it has come, and lets go of what no longer belongs to
    /// the game in play. Whether anything changed.
    fn follow(&mut self, session: &Session) -> bool {
        let game = session.game();
        if let Some(job) = &self.job {
            let (start, record) = job.about();
            if !belongs(start, record, game) {
                self.forget();
                return true;
            }
            if let Some(answer) = job.answer() {
                let (rules, tally, record) =
                    (start.rules().clone(), start.tally_before(), record.to_vec());
                self.job = None;
                let made = answer.and_then(|analysis| {
                    GameRecord::new(rules, tally, &record)
                        .map(|r| (analysis, r))
                        .map_err(|e| e.to_string())
                });
                match made {
                    Ok((analysis, record)) => self.hold(analysis, record, session),
                    Err(e) => self.trouble = Some(format!("The game could not be analysed: {e}")),
                }
                return true;
            }
        }
        if let Some(h) = &self.held
            && !belongs(h.record.start(), h.record.record(), game)
        {
            self.forget();
            return true;
        }
        false
    }

    /// The panel, in place of the story; `replay_at` is how far the replay shows the record,
    /// if it is shown. What the person asked of the game (to see a decision's position) comes
    /// back as intents.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        replay_at: Option<usize>,
    ) -> Vec<Intent> {
        let mut intents = Vec::new();
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            ui.heading("Analysis");
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let words = if self.job.is_some() { "Stop" } else { "Close" };
                if ui.button(words).clicked() {
                    self.open = false;
                    self.job = None;
                }
            });
        });
        if let Some((done, total)) = self.progress() {
            ui.label(format!("Judging the decisions: {done} of {total}"));
            let part = if total == 0 {
                0.0
            } else {
                done as f32 / total as f32
            };
            ui.add(ProgressBar::new(part));
            ui.label(
                RichText::new("Play on meanwhile if you like: the game up to now is judged.")
                    .small(),
            );
        }
        if let Some(trouble) = &self.trouble {
            ui.label(RichText::new(trouble).color(ui.visuals().error_fg_color));
        }
        if let Some(held) = &mut self.held {
            held_ui(ui, held, session, replay_at, &mut intents);
        }
        // What was drawn stands for this frame; what changed is drawn in the next.
        if self.follow(session) {
            ui.ctx().request_repaint();
        }
        intents
    }
}

/// The figures, the verdict of the decision selected, and the list.
fn held_ui(
    ui: &mut egui::Ui,
    held: &mut Held,
    session: &Session,
    replay_at: Option<usize>,
    intents: &mut Vec<Intent>,
) {
    let a = &held.analysis;
    ui.label(
        RichText::new(format!(
            "Every choice judged by the computer at the {} level.",
            a.level
        ))
        .small(),
    );
    for side in Side::BOTH {
        let s = a.summary(side);
        ui.label(
            RichText::new(format!(
                "{}: {} decisions, mean loss {:.3}: {}",
                session.colour_name(side),
                s.decisions,
                s.mean_loss,
                s.rating()
            ))
            .strong(),
        );
        ui.horizontal(|ui| {
            for mark in [Mark::Doubtful, Mark::Bad, Mark::VeryBad] {
                sign(ui, mark);
                ui.label(format!("{} {}", s.count(mark), mark_words(mark)));
            }
        });
    }
    ui.separator();
    match held
        .selected
        .and_then(|i| held.rows.get(i).zip(a.decisions.get(i)))
    {
        Some((row, d)) => {
            ui.label(RichText::new(analysis_words::heading(row)).strong());
            ui.label(&held.verdict);
            if matches!(d.choice, Choice::Play { .. }) && replay_at == Some(d.at) {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 4.0;
                    ui.label(RichText::new("On the board: the play made").small());
                    ink_line(ui, PLAYED_INK);
                    ui.label(RichText::new(", the best play").small());
                    ink_line(ui, BEST_INK);
                });
            }
        }
        None if held.rows.is_empty() => {
            ui.label("No decision of this game had a choice to judge yet.");
        }
        None => {
            ui.label("Choose a decision to see its position and what it lost, in words.");
        }
    }
    ui.separator();
    let mut chosen = None;
    ScrollArea::vertical()
        .id_salt("the decisions")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (i, row) in held.rows.iter().enumerate() {
                let selected = held.selected == Some(i);
                let response = row_ui(ui, row, selected);
                if selected && held.scroll_to_selected {
                    response.scroll_to_me(None);
                    held.scroll_to_selected = false;
                }
                if response.clicked() {
                    chosen = Some(i);
                }
            }
        });
    if let Some(i) = chosen
        && let Some(d) = a.decisions.get(i)
    {
        held.verdict = analysis_words::verdict(d, &held.record, |side| {
            session.colour_name(side).to_string()
        });
        held.selected = Some(i);
        held.scroll_to_selected = true;
        intents.extend([Intent::ReplayStart, Intent::ReplayTo(d.at)]);
    }
}

/// A short stroke of the ink a path is drawn in on the board.
fn ink_line(ui: &mut egui::Ui, ink: egui::Color32) {
    let (rect, _) = ui.allocate_exact_size(vec2(22.0, 12.0), Sense::hover());
    ui.painter().line_segment(
        [rect.left_center(), rect.right_center()],
        Stroke::new(4.0, ink),
    );
}

/// A mark's small coloured sign.
fn sign(ui: &mut egui::Ui, mark: Mark) {
    let (rect, _) = ui.allocate_exact_size(vec2(12.0, 12.0), Sense::hover());
    ui.painter()
        .circle_filled(rect.center(), 5.0, mark_colour(mark));
}

/// One row of the list, the whole row one target: the sign, turn, who, dice, what was chosen
/// and the mark's word.
fn row_ui(ui: &mut egui::Ui, row: &Row, selected: bool) -> egui::Response {
    let height = 22.0;
    let (rect, response) =
        ui.allocate_exact_size(vec2(ui.available_width(), height), Sense::click());
    let text = row.text();
    response.widget_info(|| WidgetInfo::selected(Role::Button, true, selected, text.clone()));
    if !ui.is_rect_visible(rect) {
        return response;
    }
    let visuals = ui.style().interact_selectable(&response, selected);
    let painter = ui.painter();
    if selected || response.hovered() {
        painter.rect_filled(rect, 3.0, visuals.weak_bg_fill);
    }
    if selected {
        painter.rect_stroke(
            rect,
            3.0,
            Stroke::new(1.0, visuals.fg_stroke.color),
            egui::StrokeKind::Inside,
        );
    }
    let ink = ui.visuals().text_color();
    let font = FontId::proportional(14.0);
    let y = rect.center().y;
    let x = rect.left();
    painter.circle_filled(pos2(x + 8.0, y), 5.0, mark_colour(row.mark));
    let at = |dx: f32| pos2(x + dx, y);
    painter.text(
        at(42.0),
        Align2::RIGHT_CENTER,
        row.turn.to_string(),
        font.clone(),
        ink,
    );
    painter.text(at(50.0), Align2::LEFT_CENTER, &row.who, font.clone(), ink);
    painter.text(at(100.0), Align2::LEFT_CENTER, &row.dice, font.clone(), ink);
    let mark_left = rect.right() - 64.0;
    let chosen = Rect::from_min_max(
        pos2(x + 140.0, rect.top()),
        pos2(mark_left - 4.0, rect.bottom()),
    );
    painter
        .with_clip_rect(chosen.intersect(painter.clip_rect()))
        .text(
            chosen.left_center(),
            Align2::LEFT_CENTER,
            &row.chosen,
            font.clone(),
            ink,
        );
    painter.text(
        pos2(rect.right() - 4.0, y),
        Align2::RIGHT_CENTER,
        mark_words(row.mark),
        font,
        ink,
    );
    response.on_hover_text(text)
}

/// The analysis a loaded file kept, given back for its game: `Ok(None)` when it kept none,
/// `Err` with the words to tell the person when it kept one that does not fit (the game is
/// loaded all the same).
pub type GivenBack = Result<Option<Box<(Analysis, GameRecord)>>, String>;

/// The analysis `loaded` kept, checked against its record.
pub fn given_back(loaded: &crate::save::Loaded) -> GivenBack {
    let set_aside = |why: &dyn std::fmt::Display| {
        format!("The analysis kept in the file was set aside, for {why}; the game is whole.")
    };
    match &loaded.analysis {
        None => Ok(None),
        Some(Err(unread)) => Err(set_aside(&format_args!("it could not be read ({unread})"))),
        Some(Ok(kept)) => crate::kept_analysis::from_saved(kept, &loaded.replay)
            .map(|analysis| Some(Box::new((analysis, loaded.replay.clone()))))
            .map_err(|unfit| set_aside(&unfit)),
    }
}
