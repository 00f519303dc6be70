//! Lessons: short exercises on the period words, made from positions so that they never run
//! out, each answered by a point of the board or by a choice, and each answer explained in the
//! period words with the sources that say it.
//!
//! An exercise is plain data ([`Exercise`]): the board it shows (if any), the question, how it
//! is answered, and a note for every answer that may be given, so the window only shows it and
//! passes back what the learner chose ([`Exercise::judge`]). Every fact an exercise states is
//! asked of the rules (legal plays, landings, the bound table, the shots at a blot, the tiles
//! that fit, the count at the ends): the lessons never work a rule out for themselves.
//!
//! The learner plays the side at the bottom, and is "you"; the other side is named as the
//! caller asks ("Black", or the colour of its men).

use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use super::blots::hitting_throws;
use super::faces::face_name;
use super::glossary::term;
use super::points::PointName;
use super::terms::{describe_play_as, possessive, throw_words};
use crate::ai::random::RandomPlayer;
use crate::tables::movegen::{MoveRules, landing, legal_plays, play_step};
use crate::tables::options::{FLAG, OPTIONS, RuleOption, source_name};
use crate::tables::{
    BAR, BearOff, Compulsion, Game, Phase, Position, Preset, Rules, Side, Step, Throw,
};
use crate::tiles::{Line, MugginsScore, Tile, end_word};

/// One lesson: a kind of exercise, drawn afresh each time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lesson {
    /// The names of the points, from either side, in words and in numbers.
    Points,
    /// A throw played: what may be played, playing at length, and what may not and why.
    Throws,
    /// Blots: which men stand alone, and how many throws hit one.
    Blots,
    /// The bound table: whether a table is bound, and which point to break.
    Binding,
    /// Bearing off under each rule: over the edge, exact, modern.
    BearingOff,
    /// How the games at tables differ: the rules of each, from the sources.
    Games,
    /// The tiles: which tiles fit the line, and what Muggins scores.
    Tiles,
}

impl Lesson {
    /// Every lesson, in the order the window lists them.
    pub const ALL: [Lesson; 7] = [
        Lesson::Points,
        Lesson::Throws,
        Lesson::Blots,
        Lesson::Binding,
        Lesson::BearingOff,
        Lesson::Games,
        Lesson::Tiles,
    ];

    /// The lesson's name.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Lesson::Points => "The names of the points",
            Lesson::Throws => "A throw played",
            Lesson::Blots => "Blots and shots",
            Lesson::Binding => "Binding and breaking",
            Lesson::BearingOff => "Bearing off",
            Lesson::Games => "How the games differ",
            Lesson::Tiles => "The tiles",
        }
    }

    /// What the lesson teaches, in a line.
    #[must_use]
    pub fn about(self) -> &'static str {
        match self {
            Lesson::Points => {
                "Ace, deuce, trey, cater, cinque and sice: each side counts the points from its own ace point."
            }
            Lesson::Throws => {
                "What a throw may play, playing at length, and what may not be played and why."
            }
            Lesson::Blots => "Which men stand alone, and how many throws of the dice hit one.",
            Lesson::Binding => "When a table is bound, and which point to break under Willughby.",
            Lesson::BearingOff => "Which die bears a man off: over the edge, exact, or modern.",
            Lesson::Games => {
                "Irish, Backgammon, Fails, Todas Tablas and Nard: what each plays differently."
            }
            Lesson::Tiles => "Which tiles fit the line, and what the ends score at Muggins.",
        }
    }

    /// The lesson's name in files (the settings keep progress under it).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Lesson::Points => "points",
            Lesson::Throws => "throws",
            Lesson::Blots => "blots",
            Lesson::Binding => "binding",
            Lesson::BearingOff => "bearing_off",
            Lesson::Games => "games",
            Lesson::Tiles => "tiles",
        }
    }

    /// An exercise of this lesson, drawn from `seed` (the same seed, the same exercise);
    /// `adversary` names the side at the top ("Black").
    #[must_use]
    pub fn exercise(self, seed: u64, adversary: &str) -> Exercise {
        let mut rng = StdRng::seed_from_u64(seed ^ (self as u64).wrapping_mul(0x9e37_79b9));
        let to = Names::new(adversary);
        let exercise = match self {
            Lesson::Points => {
                if rng.random_bool(0.5) {
                    click_point(&mut rng, &to)
                } else {
                    name_point(&mut rng, &to)
                }
            }
            Lesson::Throws => throw_played(&mut rng, &to),
            Lesson::Blots => {
                if rng.random_bool(0.5) {
                    find_blots(&mut rng, &to)
                } else {
                    count_shots(&mut rng, &to)
                }
            }
            Lesson::Binding => {
                if rng.random_bool(0.5) {
                    is_bound(&mut rng, &to)
                } else {
                    break_point(&mut rng, &to)
                }
            }
            Lesson::BearingOff => bear_off(&mut rng, &to),
            Lesson::Games => games_differ(&mut rng),
            Lesson::Tiles => {
                if rng.random_bool(0.5) {
                    tiles_fit(&mut rng)
                } else {
                    muggins_score(&mut rng)
                }
            }
        };
        Exercise {
            lesson: self,
            ..exercise
        }
    }
}

/// What the board of an exercise shows, from the learner's side at the bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The men, in the learner's numbering.
    pub position: Position,
    /// The dice shown.
    pub dice: Vec<u8>,
    /// A point ringed for the question (the learner's numbering), if one is.
    pub marked: Option<u8>,
}

impl Board {
    /// The men alone: no dice, no point ringed.
    #[must_use]
    pub fn plain(position: Position) -> Board {
        Board {
            position,
            dice: Vec::new(),
            marked: None,
        }
    }
}

/// How an exercise is answered, with a note on every answer that may be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A click on a point of the board (the learner's numbering); any of `right` is right.
    /// `notes[p - 1]` says what point `p` is to the question.
    Point { right: Vec<u8>, notes: Vec<String> },
    /// One of `options`; `right` is the index of the right one, and `notes[i]` says why
    /// option `i` is right or wrong.
    Choice {
        options: Vec<String>,
        right: usize,
        notes: Vec<String>,
    },
}

/// What the learner answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Given {
    /// A point of the board, in the learner's numbering (1..=24).
    Point(u8),
    /// The option at this index.
    Choice(usize),
}

/// An answer judged: whether it was right, and the explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub right: bool,
    /// What the answer given was, then the rule, then the sources that say it.
    pub words: String,
}

/// One exercise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exercise {
    pub lesson: Lesson,
    /// The question.
    pub prompt: String,
    /// The position on the board, for the exercises at tables.
    pub board: Option<Board>,
    /// The tiles laid, left to right, for the exercises at tiles.
    pub line: Option<Line>,
    pub answer: Answer,
    /// The rule behind the answer, in the period words.
    pub why: String,
    /// The sources that say it, by name.
    pub sources: Vec<String>,
}

impl Exercise {
    /// Judges an answer. An answer of the wrong kind (a point for a choice, say) or out of
    /// range is wrong, and says what was wanted.
    #[must_use]
    pub fn judge(&self, given: Given) -> Verdict {
        let (right, note) = match (&self.answer, given) {
            (Answer::Point { right, notes }, Given::Point(p)) if (1..=24).contains(&p) => {
                (right.contains(&p), notes[usize::from(p) - 1].clone())
            }
            (Answer::Choice { right, notes, .. }, Given::Choice(i)) if i < notes.len() => {
                (*right == i, notes[i].clone())
            }
            (Answer::Point { .. }, _) => (false, "Answer with a point of the board.".into()),
            (Answer::Choice { .. }, _) => (false, "Answer with one of the choices.".into()),
        };
        let opening = if right { "Right." } else { "Not so." };
        let mut words = format!("{opening} {note} {}", self.why);
        if !self.sources.is_empty() {
            words.push_str(&format!(" ({}.)", self.sources.join("; ")));
        }
        Verdict { right, words }
    }

    /// The right answer, as [`Exercise::judge`] takes it (the first right point).
    #[must_use]
    pub fn right_answer(&self) -> Given {
        match &self.answer {
            Answer::Point { right, .. } => Given::Point(right.first().copied().unwrap_or(1)),
            Answer::Choice { right, .. } => Given::Choice(*right),
        }
    }
}

/// A learner's record at one lesson.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// Exercises answered.
    pub tried: u32,
    /// Answered right the first time.
    pub right: u32,
    /// Right answers in a row, to now.
    pub streak: u32,
    /// The longest run of right answers.
    pub best: u32,
}

impl Progress {
    /// Counts one exercise answered.
    pub fn record(&mut self, right: bool) {
        self.tried = self.tried.saturating_add(1);
        if right {
            self.right = self.right.saturating_add(1);
            self.streak = self.streak.saturating_add(1);
            self.best = self.best.max(self.streak);
        } else {
            self.streak = 0;
        }
    }

    /// The record in words: "7 of 9 right, 3 in a row (best 5)".
    #[must_use]
    pub fn words(&self) -> String {
        if self.tried == 0 {
            return "not tried yet".to_string();
        }
        format!(
            "{} of {} right, {} in a row (best {})",
            self.right, self.tried, self.streak, self.best
        )
    }
}

/// How the sides are named to the learner.
struct Names {
    /// "Black".
    adversary: String,
    /// "Black's".
    theirs: String,
}

impl Names {
    fn new(adversary: &str) -> Names {
        Names {
            adversary: adversary.to_string(),
            theirs: possessive(adversary),
        }
    }

    /// A point of the learner's numbering as its owner names it: "your cinque point",
    /// "Black's 9 point".
    fn point(&self, p: u8) -> String {
        PointName::of(p).words("your", &self.theirs)
    }

    /// Where a step starts or lands: a point, the bar, or off the board.
    fn place(&self, p: usize) -> String {
        match p {
            0 => "off the board".to_string(),
            BAR => "the bar".to_string(),
            p => self.point(p as u8),
        }
    }
}

/// The glossary's sources for a word, by name.
fn cite(words: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in words {
        for name in term(w)
            .map(super::glossary::Term::source_names)
            .unwrap_or_default()
        {
            if !out.iter().any(|o| o == name) {
                out.push(name.to_string());
            }
        }
    }
    out
}

/// An option's sources, by name.
fn option_sources(option: &RuleOption) -> Vec<String> {
    option
        .sources
        .iter()
        .map(|s| source_name(s).to_string())
        .collect()
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A position from a random game of `rules`, White to play a throw, that `wanted` accepts: the
/// position (White's numbering) and the throw. Random play finds most kinds of positions within
/// a few games; `None` if forty games show none.
fn from_play(
    rng: &mut StdRng,
    rules: &Rules,
    wanted: &dyn Fn(&Position, &Throw) -> bool,
) -> Option<(Position, Throw)> {
    for _ in 0..40 {
        let mut game = Game::new(rules.clone()).ok()?;
        let mut player = RandomPlayer::seeded(rng.random());
        let skip = rng.random_range(0..60u32);
        let mut seen = 0u32;
        for _ in 0..3000 {
            if game.is_over() {
                break;
            }
            if game.phase() == Phase::Playing
                && game.turn() == Side::White
                && let Some(throw) = game.throw()
            {
                seen += 1;
                let pos = game.position_for(Side::White);
                if seen > skip && wanted(&pos, &throw) {
                    return Some((pos, throw));
                }
            }
            if player.act(&mut game).is_err() {
                break;
            }
        }
    }
    None
}

/// The start of Irish, for when random play finds nothing wanted (never seen in the tests).
fn fallback() -> Position {
    Game::new(Rules::default()).map_or_else(|_| Position::default(), |g| g.position())
}

/// Shuffles `options` (each with its note), keeping track of the right one.
fn shuffled(rng: &mut StdRng, options: Vec<(String, String)>, right: usize) -> Answer {
    let mut order: Vec<usize> = (0..options.len()).collect();
    order.shuffle(rng);
    let right = order.iter().position(|&i| i == right).unwrap_or(0);
    let (options, notes) = order.into_iter().map(|i| options[i].clone()).unzip();
    Answer::Choice {
        options,
        right,
        notes,
    }
}

const POINT_WHY: &str = "Each side counts the points from its own ace point: ace, deuce, trey, cater, cinque and sice in its home table, then 7 to 12 in its outer table. A point past your 12 is the adversary's, and is named in his count: your 13 is his 12, your 24 his ace point.";

/// "Click Black's cinque point": a point named in words, or in the learner's numbers.
fn click_point(rng: &mut StdRng, to: &Names) -> Exercise {
    let pos = fallback();
    let numbers = rng.random_bool(0.3);
    let (prompt, right) = if numbers {
        let p = rng.random_range(1..=24u8);
        (
            format!("Click the point you count as your {p}, counting from your ace point."),
            p,
        )
    } else {
        let own = rng.random_bool(0.5);
        let n = rng.random_range(1..=12u8);
        let p = if own { n } else { 25 - n };
        (format!("Click {}.", to.point(p)), p)
    };
    let notes = (1..=24u8)
        .map(|p| {
            format!(
                "That is {}: in numbers, your {p} and {} {}.",
                to.point(p),
                to.theirs,
                25 - p
            )
        })
        .collect();
    Exercise {
        lesson: Lesson::Points,
        prompt,
        board: Some(Board::plain(pos)),
        line: None,
        answer: Answer::Point {
            right: vec![right],
            notes,
        },
        why: POINT_WHY.to_string(),
        sources: cite(&["ace", "point"]),
    }
}

/// "What do you call the ringed point?": its name in the owner's words, or its number.
fn name_point(rng: &mut StdRng, to: &Names) -> Exercise {
    let p = rng.random_range(1..=24u8);
    let numbers = rng.random_bool(0.3);
    let mut options: Vec<(String, String)> = Vec::new();
    let prompt;
    if numbers {
        prompt = "What is the ringed point in your numbers, counted from your ace point?".into();
        let mut candidates = vec![p, 25 - p, p % 24 + 1, (p + 22) % 24 + 1];
        candidates.dedup();
        let mut seen = Vec::new();
        for c in candidates {
            if !seen.contains(&c) {
                seen.push(c);
                let note = if c == p {
                    format!("It is your {p}: {}.", to.point(p))
                } else {
                    format!("Your {c} is {}; the ringed point is your {p}.", to.point(c))
                };
                options.push((format!("Your {c}"), note));
            }
        }
    } else {
        prompt = "What do you call the ringed point?".into();
        let name = PointName::of(p);
        // The same number on the other side, and the points either side of it.
        let mut candidates = vec![p, 25 - p];
        for q in [p.saturating_sub(1), p + 1] {
            if (1..=24).contains(&q) {
                candidates.push(q);
            }
        }
        let mut names: Vec<String> = Vec::new();
        for c in candidates {
            let words = capital(&to.point(c));
            if names.contains(&words) {
                continue;
            }
            names.push(words.clone());
            let note = if c == p {
                format!(
                    "It is the {} point of {} {}.",
                    name.label(),
                    if name.own { "your" } else { &to.theirs },
                    name.table()
                )
            } else {
                format!(
                    "{} is your {c} in numbers; the ringed point is your {p}, {}.",
                    words,
                    to.point(p)
                )
            };
            options.push((words, note));
        }
    }
    let answer = shuffled(rng, options, 0);
    Exercise {
        lesson: Lesson::Points,
        prompt,
        board: Some(Board {
            position: fallback(),
            dice: Vec::new(),
            marked: Some(p),
        }),
        line: None,
        answer,
        why: POINT_WHY.to_string(),
        sources: cite(&["ace", "point"]),
    }
}

/// A play as a list of steps, each die named: "cater from your 13 point to your 9 point, then
/// ace from your 9 point to your 8 point". The same words for a legal play as for one the rules
/// refuse, so that the words give nothing away.
fn steps_words(steps: &[(u8, usize, usize)], to: &Names) -> String {
    let parts: Vec<String> = steps
        .iter()
        .map(|&(die, from, lands)| {
            let whither = if lands == 0 {
                "off the board".to_string()
            } else {
                format!("to {}", to.place(lands))
            };
            format!("the {} from {} {whither}", face_name(die), to.place(from))
        })
        .collect();
    capital(&parts.join(", then "))
}

/// Whether the rules take these steps, in this order or the other, as a whole legal play.
fn legal_in_some_order(pos: &Position, steps: &[Step], rules: &Rules, legal: &[Position]) -> bool {
    let orders: Vec<Vec<Step>> = if steps.len() == 2 {
        vec![steps.to_vec(), vec![steps[1], steps[0]]]
    } else {
        vec![steps.to_vec()]
    };
    orders.iter().any(|order| {
        let mut at = *pos;
        order
            .iter()
            .all(|&s| match play_step(&at, s, rules.bear_off) {
                Some((next, _)) => {
                    at = next;
                    true
                }
                None => false,
            })
            && legal.contains(&at)
    })
}

/// "Play cinque-ace from here": one play the rules allow among plays they refuse, each refusal
/// explained.
fn throw_played(rng: &mut StdRng, to: &Names) -> Exercise {
    let rules = Rules::preset(Preset::Irish);
    let found = from_play(rng, &rules, &|pos, throw| {
        !throw.is_doublets()
            && legal_plays(
                pos,
                throw.moves(rules.dice, rules.doublets),
                MoveRules::from(&rules),
            )
            .iter()
            .filter(|p| p.steps.len() == 2)
            .count()
                >= 2
    });
    let (pos, throw) = found.unwrap_or_else(|| {
        (
            fallback(),
            Throw::two(4, 1).unwrap_or_else(|_| Throw::all(2)[0].0),
        )
    });
    let moves = throw.moves(rules.dice, rules.doublets);
    let plays = legal_plays(&pos, moves, MoveRules::from(&rules));
    let legal: Vec<Position> = plays.iter().map(|p| p.position).collect();
    let full = plays.iter().map(|p| p.steps.len()).max().unwrap_or(0);
    let faces = throw.faces().to_vec();
    let steps: Vec<Step> = plays
        .choose(rng)
        .map(|p| p.steps.iter().collect())
        .unwrap_or_default();
    let as_triples = |steps: &[Step]| -> Vec<(u8, usize, usize)> {
        steps
            .iter()
            .map(|s| (s.die(), usize::from(s.from()), usize::from(s.to())))
            .collect()
    };
    let told = describe_play_as(&pos, &steps, rules.bear_off, "your", &to.theirs);
    let mut options = vec![(
        steps_words(&as_triples(&steps), to),
        format!("The rules allow it: it {told}."),
    )];

    // Plays the rules refuse, each with its reason.
    let mut refused: Vec<(Vec<Step>, String)> = Vec::new();
    let mine: Vec<usize> = (1..=25).filter(|&p| pos.at(p) > 0).collect();
    // One die only, when both can be played.
    if full == 2
        && rules.compulsion == Compulsion::Max
        && let Some(&one) = steps.first()
    {
        refused.push((
            vec![one],
            format!(
                "That plays only the {}: a throw must be played in full when it can be, and here both dice can be played.",
                face_name(one.die())
            ),
        ));
    }
    for &die in &faces {
        let other = faces.iter().copied().find(|&f| f != die).unwrap_or(die);
        for &from in &mine {
            let Ok(step) = Step::new(from as u8, die) else {
                continue;
            };
            let lands = usize::from(step.to());
            if step.bears_off() || lands == 0 {
                continue;
            }
            // A point held by the adversary.
            if pos.at(lands) <= -2 {
                // Played at length on through it, or with the other die elsewhere.
                let at_length = Step::new(lands as u8, other)
                    .ok()
                    .filter(|s| !s.bears_off() && pos.at(usize::from(s.to())) > -2);
                match at_length {
                    Some(on) if rng.random_bool(0.5) => refused.push((
                        vec![step, on],
                        format!(
                            "Playing at length, the man stops on the point of the first die, and {} holds it with {} men: the point where he pauses must be open to him too.",
                            to.point(lands as u8),
                            pos.at(lands).unsigned_abs()
                        ),
                    )),
                    _ => refused.push((
                        vec![step],
                        format!(
                            "{} is held: {} has {} men there, and no man may land on a point the adversary holds with two or more.",
                            capital(&to.point(lands as u8)),
                            to.adversary,
                            pos.at(lands).unsigned_abs()
                        ),
                    )),
                }
            }
        }
        // Another man moved while one waits on the bar.
        if pos.bar() > 0
            && let Some(&from) = mine.iter().find(|&&p| p != BAR && p > usize::from(die))
            && let Ok(step) = Step::new(from as u8, die)
            && pos.at(usize::from(step.to())) > -2
        {
            refused.push((
                vec![step],
                "A man on the bar must enter before any other man moves.".to_string(),
            ));
        }
        // Bearing off before every man is home.
        if !pos.all_home()
            && let Some(&from) = mine.iter().find(|&&p| p <= usize::from(die))
            && let Ok(step) = Step::new(from as u8, die)
        {
            refused.push((
                vec![step],
                "A man is borne off only once all your men are in your home table.".to_string(),
            ));
        }
    }
    refused.shuffle(rng);
    let mut shown: Vec<String> = vec![options[0].0.clone()];
    for (steps, why) in refused {
        if options.len() >= 4 {
            break;
        }
        if legal_in_some_order(&pos, &steps, &rules, &legal) {
            continue;
        }
        let words = steps_words(&as_triples(&steps), to);
        if shown.contains(&words) {
            continue;
        }
        shown.push(words.clone());
        options.push((words, why));
    }
    let answer = shuffled(rng, options, 0);
    Exercise {
        lesson: Lesson::Throws,
        prompt: format!(
            "You have thrown {}. Which of these may you play?",
            throw_words(&throw)
        ),
        board: Some(Board {
            position: pos,
            dice: faces,
            marked: None,
        }),
        line: None,
        answer,
        why: "Each die moves a man that many points, to a point that is empty, yours, or a blot of the adversary's; one man may play both dice, playing at length.".to_string(),
        sources: cite(&["playing at length", "point"]),
    }
}

/// "Click one of your blots."
fn find_blots(rng: &mut StdRng, to: &Names) -> Exercise {
    let rules = Rules::default();
    let found = from_play(rng, &rules, &|pos, _| {
        let blots = (1..=24).filter(|&p| pos.at(p) == 1).count();
        let held = (1..=24).filter(|&p| pos.at(p) >= 2).count();
        blots >= 1 && held >= 1
    });
    let pos = found.map_or_else(fallback, |(p, _)| p);
    let right: Vec<u8> = (1..=24u8)
        .filter(|&p| pos.at(usize::from(p)) == 1)
        .collect();
    let notes = (1..=24u8)
        .map(|p| {
            let n = pos.at(usize::from(p));
            let point = to.point(p);
            match n {
                1 => format!("Your man on {point} stands alone: a blot."),
                0 => format!("{} is empty.", capital(&point)),
                n if n > 1 => format!("You have {n} men on {point}: together they are safe."),
                -1 => format!(
                    "The man on {point} is {}, a blot of {}, not yours.",
                    to.theirs, to.theirs
                ),
                n => format!("{} has {} men on {point}.", to.adversary, n.unsigned_abs()),
            }
        })
        .collect();
    Exercise {
        lesson: Lesson::Blots,
        prompt: "Click one of your blots.".to_string(),
        board: Some(Board::plain(pos)),
        line: None,
        answer: Answer::Point { right, notes },
        why: "A blot is a man standing alone on a point, which the adversary may hit by landing there; two men or more on a point are safe.".to_string(),
        sources: cite(&["blot"]),
    }
}

/// "How many throws let Black hit your blot on the ringed point?"
fn count_shots(rng: &mut StdRng, to: &Names) -> Exercise {
    let rules = Rules::default();
    let shots = |pos: &Position| -> Option<(u8, u32, u32)> {
        let black = pos.switched();
        (1..=24u8)
            .filter(|&p| pos.at(usize::from(p)) == 1)
            .map(|p| {
                let (hits, all) = hitting_throws(&black, usize::from(25 - p), &rules);
                (p, hits, all)
            })
            .find(|&(_, hits, _)| hits > 0)
    };
    let found = from_play(rng, &rules, &|pos, _| shots(pos).is_some());
    let pos = found.map_or_else(fallback, |(p, _)| p);
    let (p, hits, all) = shots(&pos).unwrap_or((1, 0, 36));
    let mut counts = vec![hits];
    while counts.len() < 4 {
        let delta = rng.random_range(1..=12u32);
        let c = if rng.random_bool(0.5) {
            hits + delta
        } else {
            hits.saturating_sub(delta)
        };
        if c <= all && !counts.contains(&c) {
            counts.push(c);
        }
    }
    let options = counts
        .iter()
        .map(|&c| {
            let note = if c == hits {
                format!("{} hits it with {hits} throws of the {all}.", to.adversary)
            } else {
                format!(
                    "Not {c}: {} hits it with {hits} throws of the {all}.",
                    to.adversary
                )
            };
            (format!("{c} of {all}"), note)
        })
        .collect();
    let answer = shuffled(rng, options, 0);
    Exercise {
        lesson: Lesson::Blots,
        prompt: format!(
            "How many throws of the dice let {} hit your blot on {}, ringed?",
            to.adversary,
            to.point(p)
        ),
        board: Some(Board {
            position: pos,
            dice: Vec::new(),
            marked: Some(p),
        }),
        line: None,
        answer,
        why: "Count every throw with a die that reaches the blot from one of the adversary's men, and every throw whose two dice reach it together, the man pausing on an open point on the way; doublets play as the rules of Irish play them.".to_string(),
        sources: cite(&["blot", "hit"]),
    }
}

/// A home table built to be bound, or all but bound, with the other side's man on the bar.
fn binding_position(rng: &mut StdRng, bound: bool, yours: bool) -> Position {
    let mut pips = [0i8; 26];
    // The binder's home table: two or three men a point, one point short when not bound.
    let short = rng.random_range(1..=6usize);
    let mut binder = [0i8; 7];
    for (p, slot) in binder.iter_mut().enumerate().skip(1) {
        *slot = if !bound && p == short {
            rng.random_range(0..=1)
        } else {
            2
        };
    }
    // A few more on the points held, at random.
    for _ in 0..rng.random_range(0..=3) {
        let p = rng.random_range(1..=6usize);
        if binder[p] >= 2 {
            binder[p] += 1;
        }
    }
    let men: i8 = binder.iter().sum();
    // The rest of the binder's men on his 8 and 13 points.
    let rest = 15 - men;
    let other = 15 - 2 - 1; // the other side: 2 on the binder's 12 point, 1 on the bar
    for p in 1..=6 {
        let at = if yours { p } else { 25 - p };
        pips[at] = if yours { binder[p] } else { -binder[p] };
    }
    let (eight, thirteen) = (rest / 2, rest - rest / 2);
    if yours {
        pips[8] = eight;
        pips[13] = thirteen;
        pips[12] = -other;
        pips[14] = -2;
        pips[0] = -1;
    } else {
        pips[17] = -eight;
        pips[12] = -thirteen;
        pips[13] = other;
        pips[11] = 2;
        pips[BAR] = 1;
    }
    Position::from_pips(pips).unwrap_or_else(|_| fallback())
}

/// "Is Black's table bound?"
fn is_bound(rng: &mut StdRng, to: &Names) -> Exercise {
    let bound = rng.random_bool(0.5);
    let yours = rng.random_bool(0.5);
    let pos = binding_position(rng, bound, yours);
    // Asked of the rules: the table of the side named.
    let seen = if yours { pos } else { pos.switched() };
    let is = seen.home_bound();
    let whose = if yours {
        "your".to_string()
    } else {
        to.theirs.clone()
    };
    let short: Vec<String> = (1..=6u8)
        .filter(|&p| seen.at(usize::from(p)) < 2)
        .map(|p| {
            let n = seen.at(usize::from(p)).max(0);
            format!(
                "the {} point has {}",
                face_name(p),
                match n {
                    0 => "no man".to_string(),
                    1 => "only one man".to_string(),
                    n => format!("{n} men"),
                }
            )
        })
        .collect();
    let yes_note = if is {
        format!("Every point of {whose} home table holds two men or more.")
    } else {
        format!(
            "It is not bound: in {whose} home table {}.",
            short.join(", and ")
        )
    };
    let no_note = if is {
        format!("It is bound: every point of {whose} home table holds two men or more.")
    } else {
        format!("Not bound: {}.", short.join(", and "))
    };
    let options = vec![
        ("Yes, it is bound".to_string(), yes_note),
        ("No, it is not bound".to_string(), no_note),
    ];
    let right = usize::from(!is);
    Exercise {
        lesson: Lesson::Binding,
        prompt: format!("Is {whose} home table bound?"),
        board: Some(Board::plain(pos)),
        line: None,
        answer: Answer::Choice {
            options: options.iter().map(|o| o.0.clone()).collect(),
            right,
            notes: options.into_iter().map(|o| o.1).collect(),
        },
        why: "A home table is bound when each of its six points holds two men or more, so that a man on the bar has nowhere to enter.".to_string(),
        sources: cite(&["bound table"]),
    }
}

/// "Your table is bound and Black must enter: which point would you break?"
fn break_point(rng: &mut StdRng, to: &Names) -> Exercise {
    // A table whose points are not all alike, so that the choice is one.
    let mut pos = binding_position(rng, true, true);
    for _ in 0..50 {
        if (1..=6).any(|p| pos.at(p) != pos.at(1)) {
            break;
        }
        pos = binding_position(rng, true, true);
    }
    let breakable: Vec<u8> = crate::tables::endings::breakable_points(&pos).collect();
    let sent =
        |p: u8| crate::tables::endings::break_table(&pos, p).map_or(u8::MAX, |(_, taken)| taken);
    let fewest = breakable.iter().map(|&p| sent(p)).min().unwrap_or(0);
    let right: Vec<u8> = breakable
        .iter()
        .copied()
        .filter(|&p| sent(p) == fewest)
        .collect();
    let notes = (1..=24u8)
        .map(|p| {
            if breakable.contains(&p) {
                let n = sent(p);
                let men = if n == 1 { "man" } else { "men" };
                if n == fewest {
                    format!(
                        "Breaking {} sends {n} {men} to the bar, the fewest of any point.",
                        to.point(p)
                    )
                } else {
                    format!(
                        "Breaking {} sends {n} {men} to the bar; another point sends only {fewest}.",
                        to.point(p)
                    )
                }
            } else {
                format!(
                    "{} is not a point of your bound table.",
                    capital(&to.point(p))
                )
            }
        })
        .collect();
    Exercise {
        lesson: Lesson::Binding,
        prompt: format!(
            "Your home table is bound and {} has a man to enter. Under Willughby's rule you must break it: which point would you break, to lose the fewest men?",
            to.adversary
        ),
        board: Some(Board::plain(pos)),
        line: None,
        answer: Answer::Point { right, notes },
        why: "Breaking a point of the bound table sends all but one of its men to the bar, as if hit, to come round again.".to_string(),
        sources: cite(&["break the table"]),
    }
}

/// "With a cinque, under the exact rule, from which point may you bear a man off?"
fn bear_off(rng: &mut StdRng, to: &Names) -> Exercise {
    let which = rng.random_range(0..BearOff::ALL.len());
    let rule = BearOff::ALL[which];
    let value = &BearOff::VALUES[which];
    let mut tries = 0;
    let (pos, die) = loop {
        tries += 1;
        // All the learner's men home, a few on each of some points.
        let mut pips = [0i8; 26];
        let mut left = rng.random_range(3..=15i8);
        while left > 0 {
            let p = rng.random_range(1..=6usize);
            pips[p] += 1;
            left -= 1;
        }
        pips[20] = -5;
        pips[19] = -5;
        pips[13] = -5;
        let die = rng.random_range(1..=6u8);
        let Ok(pos) = Position::from_pips(pips) else {
            continue;
        };
        let can = (1..=6).any(|p| pos.at(p) > 0 && landing(&pos, p, die, rule) == Some(0));
        let cannot = (1..=6).any(|p| pos.at(p) > 0 && landing(&pos, p, die, rule) != Some(0));
        if (can && cannot) || tries > 50 {
            break (pos, die);
        }
    };
    let right: Vec<u8> = (1..=6u8)
        .filter(|&p| {
            pos.at(usize::from(p)) > 0 && landing(&pos, usize::from(p), die, rule) == Some(0)
        })
        .collect();
    let d = face_name(die);
    let notes = (1..=24u8)
        .map(|p| {
            let point = to.point(p);
            if pos.at(usize::from(p)) <= 0 {
                return format!("You have no man on {point}.");
            }
            match landing(&pos, usize::from(p), die, rule) {
                Some(0) => format!("The {d} bears a man off from {point}."),
                Some(q) => format!(
                    "The {d} carries a man from {point} only to {}.",
                    to.point(q as u8)
                ),
                None if usize::from(die) > usize::from(p) && rule == BearOff::Exact => format!(
                    "The {d} is more than your {point} needs, and under this rule only an exact die bears off."
                ),
                None => format!(
                    "The {d} is more than {point} needs, and a man stands on a higher point: under the modern rule a higher die bears off only from the highest point."
                ),
            }
        })
        .collect();
    let why = format!("Bearing off, {}: {}", value.words, value.explanation);
    Exercise {
        lesson: Lesson::BearingOff,
        prompt: format!(
            "All your men are home. Bearing off by the rule \u{201c}{}\u{201d}, from which point may the {d} bear a man off?",
            value.words
        ),
        board: Some(Board {
            position: pos,
            dice: vec![die],
            marked: None,
        }),
        line: None,
        answer: Answer::Point { right, notes },
        why,
        sources: option_sources(&crate::tables::options::BEAR_OFF),
    }
}

/// "In Fails, how many dice?": a rule on which the games differ, asked of one game.
fn games_differ(rng: &mut StdRng) -> Exercise {
    // The options on which the presets differ (the players aside: Double-hand is its own).
    let differing: Vec<&RuleOption> = OPTIONS
        .iter()
        .filter(|o| !matches!(o.name, "players" | "layout" | "cube" | "compulsion"))
        .filter(|o| {
            let first = o.value(&Rules::preset(Preset::ALL[0]));
            Preset::ALL
                .iter()
                .any(|&p| o.value(&Rules::preset(p)) != first)
        })
        .collect();
    let option = differing[rng.random_range(0..differing.len())];
    let preset = Preset::ALL[rng.random_range(0..Preset::ALL.len())];
    let rules = Rules::preset(preset);
    let chosen = option.chosen(&rules);
    let right_words = chosen.map_or_else(|| option.value(&rules), |v| v.words.to_string());
    let playing = |value: &str| {
        let games: Vec<&str> = Preset::ALL
            .iter()
            .filter(|&&p| {
                option
                    .chosen(&Rules::preset(p))
                    .is_some_and(|v| v.words == value)
            })
            .map(|p| p.title())
            .collect();
        if games.is_empty() {
            "no game of the presets; a house rule".to_string()
        } else {
            games.join(", ")
        }
    };
    let options: Vec<(String, String)> = option
        .values
        .iter()
        .map(|v| {
            let note = if option.is_flag() {
                let games = playing(FLAG[1].words);
                let verb = if games.contains(", ") {
                    "play"
                } else {
                    "plays"
                };
                format!(
                    "{} {} it: of the games here, {games} {verb} it.",
                    preset.title(),
                    if right_words == FLAG[1].words {
                        "plays"
                    } else {
                        "does not play"
                    }
                )
            } else if v.words == right_words {
                format!("{} has {}: {}", preset.title(), v.words, v.explanation)
            } else {
                format!(
                    "That is the rule of {}: {} {} has {} instead.",
                    playing(v.words),
                    v.explanation,
                    preset.title(),
                    right_words
                )
            };
            (capital(v.words), note)
        })
        .collect();
    let right = option
        .values
        .iter()
        .position(|v| v.words == right_words)
        .unwrap_or(0);
    let answer = shuffled(rng, options, right);
    Exercise {
        lesson: Lesson::Games,
        prompt: if option.is_flag() {
            format!(
                "In {}, is this a rule: \u{201c}{}\u{201d}?",
                preset.title(),
                option.words
            )
        } else {
            format!(
                "In {}, what is the rule for {}?",
                preset.title(),
                option.words.to_lowercase()
            )
        },
        board: None,
        line: None,
        answer,
        why: if option.disagreement.is_empty() {
            option.explanation.to_string()
        } else {
            option.disagreement.to_string()
        },
        sources: option_sources(option),
    }
}

/// A line of tiles from a random deal: a set, then tiles laid at either end.
fn random_line(rng: &mut StdRng, len: usize) -> Line {
    let mut tiles = Tile::set();
    tiles.shuffle(rng);
    let mut line = Line::default();
    for tile in tiles {
        if line.len() >= len {
            break;
        }
        if let Some(&end) = line.fits(tile).choose(rng) {
            // `fits` said so: the tile is laid.
            let _ = line.lay(tile, end);
        }
    }
    line
}

/// The line's ends in words: "a deuce at the left and the double cinque at the right".
fn ends_words(line: &Line) -> String {
    let laid: Vec<_> = line.laid().collect();
    let end = |l: &crate::tiles::Laid, open: u8| {
        if l.tile.is_double() {
            format!("the double {} (laid crosswise)", end_word(open))
        } else {
            let word = end_word(open);
            let article = if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            format!("{article} {word}")
        }
    };
    match (laid.first(), laid.last()) {
        (Some(first), Some(last)) if laid.len() > 1 => format!(
            "{} open at the left and {} at the right",
            end(first, first.left),
            end(last, last.right)
        ),
        (Some(first), _) => format!("only the set, the {}", first.tile.words()),
        _ => "nothing".to_string(),
    }
}

/// "Which of these tiles may be laid?"
fn tiles_fit(rng: &mut StdRng) -> Exercise {
    let line = {
        let len = rng.random_range(2..=6);
        random_line(rng, len)
    };
    let laid: Vec<Tile> = line.laid().map(|l| l.tile).collect();
    let mut free: Vec<Tile> = Tile::set()
        .into_iter()
        .filter(|t| !laid.contains(t))
        .collect();
    free.shuffle(rng);
    let fitting = free.iter().copied().find(|&t| !line.fits(t).is_empty());
    let others: Vec<Tile> = free
        .iter()
        .copied()
        .filter(|&t| line.fits(t).is_empty())
        .take(3)
        .collect();
    let (open_l, open_r) = (
        line.open(crate::tiles::End::Left).unwrap_or(0),
        line.open(crate::tiles::End::Right).unwrap_or(0),
    );
    let mut options = Vec::new();
    if let Some(t) = fitting {
        let ends: Vec<&str> = line.fits(t).iter().map(|e| e.words()).collect();
        options.push((
            capital(&t.words()),
            format!(
                "The {} fits: it matches the {} end.",
                t.words(),
                ends.join(" and the ")
            ),
        ));
    }
    for t in others {
        options.push((
            capital(&t.words()),
            if open_l == open_r {
                format!(
                    "The {} has no {}: it fits neither end.",
                    t.words(),
                    end_word(open_l)
                )
            } else {
                format!(
                    "The {} has neither a {} nor a {}: it fits neither end.",
                    t.words(),
                    end_word(open_l),
                    end_word(open_r)
                )
            },
        ));
    }
    Exercise {
        lesson: Lesson::Tiles,
        prompt: format!(
            "The line shows {}. Which of these tiles may be laid?",
            ends_words(&line)
        ),
        board: None,
        line: Some(line),
        answer: shuffled(rng, options, 0),
        why: "A tile is laid at an open end of the line with the matching half against it; a double is laid crosswise, and nothing is played on its sides.".to_string(),
        sources: cite(&["domino"]),
    }
}

/// "What do the ends score at Muggins?"
fn muggins_score(rng: &mut StdRng) -> Exercise {
    // Lines whose count is a multiple of five half the time.
    let want_five = rng.random_bool(0.5);
    let mut line = {
        let len = rng.random_range(2..=6);
        random_line(rng, len)
    };
    for _ in 0..200 {
        let count = line.end_count();
        if count.is_multiple_of(5) == want_five && count > 0 {
            break;
        }
        line = {
            let len = rng.random_range(2..=6);
            random_line(rng, len)
        };
    }
    let count = line.end_count();
    let scores = |score: MugginsScore| {
        if count > 0 && count.is_multiple_of(5) {
            match score {
                MugginsScore::PerFive => count / 5,
                MugginsScore::Pips => count,
            }
        } else {
            0
        }
    };
    let score = scores(MugginsScore::PerFive);
    let words = |n: u32| match n {
        0 => "Nothing".to_string(),
        1 => "1 point".to_string(),
        n => format!("{n} points"),
    };
    let mut values = vec![score];
    for c in [count / 5, count, (count / 5) + 1, count.div_ceil(5), 0] {
        if !values.contains(&c) && values.len() < 4 {
            values.push(c);
        }
    }
    let options = values
        .iter()
        .map(|&v| {
            let note = if v == score {
                if score == 0 {
                    format!("The ends count {count}, which is not a multiple of five: nothing is scored.")
                } else {
                    format!("The ends count {count}, a multiple of five: one point for each five.")
                }
            } else if v == count && count.is_multiple_of(5) {
                format!(
                    "Scoring the pips themselves, {count}, is a house rule; the Incompleat Gamester scores one point for each five: {}.",
                    words(score).to_lowercase()
                )
            } else {
                format!(
                    "The ends count {count}: {}.",
                    if score == 0 {
                        "not a multiple of five, so nothing".to_string()
                    } else {
                        format!("one point for each five, {}", words(score).to_lowercase())
                    }
                )
            };
            (words(v), note)
        })
        .collect();
    Exercise {
        lesson: Lesson::Tiles,
        prompt: format!(
            "At Muggins the line shows {}. What do the ends score for the player who laid the last tile?",
            ends_words(&line)
        ),
        board: None,
        line: Some(line),
        answer: shuffled(rng, options, 0),
        why: "At Muggins the open ends are added up, a double at an end counting both its halves; when they make a multiple of five, the player who laid scores one point for each five.".to_string(),
        sources: cite(&["Muggins"]),
    }
}
