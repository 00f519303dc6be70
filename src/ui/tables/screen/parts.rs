//! The parts `TablesScreen` keeps beside its session: what the board shows, who helps, and
//! what one frame holds.

use crate::tables::Side;
use crate::ui::net::Remote;
use crate::ui::tables::analysis_view::AnalysisPanel;
use crate::ui::tables::computer::Computer;
use crate::ui::tables::dice_view::ThrowAnimation;
use crate::ui::tables::input::PickedUp;
use crate::ui::tables::intent::Intent;
use crate::ui::tables::keeping::Autosaver;
use crate::ui::tables::last_play::LastPlay;
use crate::ui::tables::position_setup::PositionSetup;
use crate::ui::tables::replaying::ReplayView;
use crate::ui::tables::rollout_view::RolloutView;
use crate::ui::tables::slide::Slides;
use crate::ui::tables::tooltips::Hover;
use crate::ui::tables::tutor::Tutor;

/// What the board shows of the game beyond its position: the man picked up, the dice in
/// flight, the men sliding, the last play, a replay; and where and how it was last drawn.
pub(super) struct BoardState {
    /// The man picked up, and where he may go.
    pub(super) picked: PickedUp,
    pub(super) animation: Option<ThrowAnimation>,
    /// The dice of the last throw-off, shown until the next throw.
    pub(super) throw_off_dice: Vec<(Side, u8)>,
    /// The steps of the plays made, sliding on the board one after another.
    pub(super) slides: Slides,
    /// The last play of the game in play, marked until the next throw.
    pub(super) last_play: LastPlay,
    /// Stepping through a game's record, if the person is.
    pub(super) replaying: Option<ReplayView>,
    pub(super) hover: Hover,
    /// Where the board was last drawn: board units to the window's points.
    pub(super) to_screen: Option<egui::emath::RectTransform>,
    /// The window's zoom when the board was last drawn (the points' names grow with it).
    pub(super) zoom: f32,
    /// Whether the board has the keys this frame (see `shell::key_focus::KeyFocus`).
    pub(super) board_keys: bool,
}

impl Default for BoardState {
    fn default() -> Self {
        BoardState {
            picked: PickedUp::default(),
            animation: None,
            throw_off_dice: Vec::new(),
            slides: Slides::default(),
            last_play: LastPlay::default(),
            replaying: None,
            hover: Hover::default(),
            to_screen: None,
            zoom: 1.0,
            board_keys: false,
        }
    }
}

/// Who works beside the person at the board: the computer, the tutor, the analysis, the Set up
/// a position window, the autosave, and the friend at a distance.
pub(super) struct Helpers {
    pub(super) computer: Computer,
    /// The tutor, looking at a person's choices before they are carried out.
    pub(super) tutor: Tutor,
    /// The analysis of the game, its job and its panel.
    pub(super) analysis: AnalysisPanel,
    /// The Set up a position window.
    pub(super) setup: PositionSetup,
    /// The Roll out window and its rollout.
    pub(super) rollout: RolloutView,
    /// Keeps the game in progress on the disk.
    pub(super) autosaver: Autosaver,
    /// The friend at a distance, when the game is played over the network.
    pub(super) remote: Option<Remote>,
}

/// What one frame holds, and what is counted from frame to frame.
pub(super) struct FrameState {
    /// What the person asked for this frame, applied after it.
    pub(super) intents: Vec<Intent>,
    /// The window's clock at the start of the frame.
    pub(super) now: f64,
    /// Whether the window is shown (not minimised).
    pub(super) visible: bool,
    /// How many lines of the game's story were said to a screen reader.
    pub(super) told: usize,
}

impl Default for FrameState {
    fn default() -> Self {
        FrameState {
            intents: Vec::new(),
            now: 0.0,
            visible: true,
            told: 0,
        }
    }
}
