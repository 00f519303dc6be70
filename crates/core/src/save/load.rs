//! Loading is replaying: the text is parsed into a plain [`SaveFile`], its setup, players and
//! tally are checked, and its record is replayed action by action through `Game::apply`. Any
//! refusal refuses the whole file; nothing already open is touched, since loading only ever
//! builds new values.

use std::path::Path;

use serde::Deserialize;

use crate::players::{Seats, check_name};
use crate::tables::{Game, Players, Position, Side, Tally};

use super::analysis::SavedAnalysis;
use super::error::{SaveError, TableProblem, TallyProblem};
use super::format::{FORMAT, NotAction, SaveFile};
use super::replay::{GameRecord, RecordBuilder};

/// The largest file the loader reads (1 MiB). A long game of a thousand turns takes about a
/// tenth of it; anything bigger is refused before it is read, let alone parsed.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// How deeply the parser lets values nest. A save file nests seven deep at most; RON that nests
/// deeper is refused as a syntax error rather than exhausting the stack.
pub const RECURSION_LIMIT: usize = 32;

/// The most a side's stakes, games or draws may count in a saved tally: beyond it the file is
/// nonsense (and the counts could overflow).
pub(crate) const TALLY_MAX: u32 = 1_000_000_000;

/// A loaded game: who sits at the table, the game as it stands after its whole record, and the
/// record to step through.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// Who sits at the table.
    pub table: Seats,
    /// The game after its whole record: play on from here.
    pub game: Game,
    /// The record, checked, to step through; `replay.game_at(replay.len())` is `game`.
    pub replay: GameRecord,
    /// The analysis kept with the game, not yet checked against it; `Err` says why the file's
    /// analysis could not be read (the game was read without it).
    pub analysis: Option<Result<SavedAnalysis, String>>,
    /// A match's games before this one, each replayed and checked, in order.
    pub earlier: Vec<GameRecord>,
    /// Why the file's earlier games were not read, if they were not (the game in play was
    /// read without them).
    pub earlier_unread: Option<String>,
    /// Who left the game before the rules ended it, and why, if anyone did (an older file's
    /// words name nobody). The game is as its record left it: the loss is counted by the
    /// session it is given to ([`crate::session::Session::abandon`]).
    pub abandoned: Option<crate::abandonment::Abandonment>,
}

/// Reads, parses and replays the saved game at `path`. Errors name the file.
pub fn load(path: &Path) -> Result<Loaded, SaveError> {
    read_text(path)
        .and_then(|text| from_str(&text))
        .map_err(|e| e.in_file(path))
}

/// Reads a file as text: a regular file only (a pipe would never end), refusing a large file
/// before reading it.
pub fn read_text(path: &Path) -> Result<String, SaveError> {
    let bytes = crate::files::read_capped(path, MAX_FILE_BYTES)?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
        let last_line = valid
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(valid, |i| &valid[i + 1..]);
        let column = 1 + String::from_utf8_lossy(last_line).chars().count();
        SaveError::NotText { line, column }
    })
}

/// Parses and replays the text of a saved game.
pub fn from_str(text: &str) -> Result<Loaded, SaveError> {
    replay_file(parse(text)?)
}

/// Just the version, read first: a newer file may not parse as this version's [`SaveFile`].
#[derive(Deserialize)]
#[serde(rename = "SaveFile")]
struct Header {
    format: u32,
}

fn options() -> ron::Options {
    ron::Options::default().with_recursion_limit(RECURSION_LIMIT)
}

/// The byte-order mark some editors (Notepad among them) write before UTF-8 text.
const BYTE_ORDER_MARK: char = '\u{FEFF}';

/// The text of a save of either kind, a byte-order mark before it skipped, if it is of a size
/// a saved game can be: not larger than [`MAX_FILE_BYTES`], not empty.
pub(crate) fn believable_size(text: &str) -> Result<&str, SaveError> {
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(SaveError::TooLarge {
            size: text.len() as u64,
            max: MAX_FILE_BYTES,
        });
    }
    if text.trim().is_empty() {
        return Err(SaveError::Empty);
    }
    Ok(text)
}

/// Parses the text of a saved game into plain data, without believing any of it yet. A
/// byte-order mark before the text is skipped.
pub fn parse(text: &str) -> Result<SaveFile, SaveError> {
    let text = believable_size(text)?;
    if let Ok(header) = options().from_str::<Header>(text) {
        if header.format > FORMAT {
            return Err(SaveError::NewerFormat {
                found: header.format,
            });
        }
        if header.format == 0 {
            return Err(SaveError::UnknownFormat(0));
        }
    }
    let e = match options().from_str::<SaveFile>(text) {
        Ok(file) => return Ok(file),
        Err(e) => e,
    };
    if let Ok(game_only) = options().from_str::<GameOnly>(text) {
        // The analysis alone could not be read: the game is read without it, and why is said.
        return Ok(game_only.without_analysis(format!(
            "line {}, column {}: {}",
            e.span.start.line, e.span.start.col, e.code
        )));
    }
    let message = if ends_open(text, &e) {
        format!(
            "{} (the text ends too soon: is the file cut short?)",
            e.code
        )
    } else {
        e.code.to_string()
    };
    Err(SaveError::Syntax {
        line: e.span.start.line,
        column: e.span.start.col,
        message,
    })
}

/// A save file read with its analysis passed over unread, whatever it holds: an analysis kept
/// with a game is a convenience, and one that cannot be read must not cost the game.
#[derive(Deserialize)]
#[serde(rename = "SaveFile", deny_unknown_fields)]
struct GameOnly {
    format: u32,
    rules: crate::tables::Rules,
    table: Seats,
    start: crate::tables::Setup,
    tally_before: Tally,
    record: Vec<super::format::SavedAction>,
    #[serde(default)]
    earlier: Vec<super::format::EarlierGame>,
    #[serde(default)]
    #[allow(dead_code)]
    analysis: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    abandoned: Option<String>,
    #[serde(default)]
    abandonment: Option<crate::abandonment::Abandonment>,
}

impl GameOnly {
    fn without_analysis(self, why: String) -> SaveFile {
        SaveFile {
            format: self.format,
            rules: self.rules,
            table: self.table,
            start: self.start,
            tally_before: self.tally_before,
            record: self.record,
            earlier: self.earlier,
            earlier_unread: None,
            analysis: None,
            analysis_unread: Some(why),
            abandoned: self.abandoned,
            abandonment: self.abandonment,
        }
    }
}

/// Whether the parser stumbled only because the text stops: a file cut short. It did if it ran
/// out of text, or if what it could not read is the text's last, unfinished piece: a word or
/// number half written, a string or a comment never closed, brackets left open. An error before
/// that is the text's own, whatever brackets its comments and strings hold.
fn ends_open(text: &str, error: &ron::error::SpannedError) -> bool {
    if error.code == ron::Error::Eof {
        return true;
    }
    if error.code == ron::Error::TrailingCharacters {
        return false;
    }
    let text = text.trim_end();
    if error.span.end >= end_of(text) {
        return true;
    }
    let rest = from_position(text, error.span.start).trim_start();
    let word = |c: char| c.is_alphanumeric() || matches!(c, '_' | '.' | '+' | '-');
    let unclosed_string = rest.strip_prefix('"').is_some_and(|inside| {
        let mut escaped = false;
        !inside.chars().any(|c| {
            let closes = c == '"' && !escaped;
            escaped = c == '\\' && !escaped;
            closes
        })
    });
    let unclosed_comment = rest.starts_with("/*") && !rest.contains("*/");
    rest.chars().all(word) || unclosed_string || unclosed_comment
}

/// Where the parser stands after the whole of `text` (line and column from 1, columns
/// counted in characters, as the parser counts them).
fn end_of(text: &str) -> ron::error::Position {
    let last_line = text.rsplit('\n').next().unwrap_or(text);
    ron::error::Position {
        line: 1 + text.matches('\n').count(),
        col: 1 + last_line.chars().count(),
    }
}

/// The text from a parser's position on (empty if the position is past its end).
fn from_position(text: &str, at: ron::error::Position) -> &str {
    let mut line_start = 0;
    for _ in 1..at.line {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return "",
        }
    }
    let line = &text[line_start..];
    let offset = line
        .char_indices()
        .nth(at.col.saturating_sub(1))
        .map_or(line.len(), |(i, _)| i);
    &line[offset..]
}

/// Checks a parsed file and replays its record: the loaded game, or the first thing wrong.
pub fn replay_file(file: SaveFile) -> Result<Loaded, SaveError> {
    if file.format > FORMAT {
        return Err(SaveError::NewerFormat { found: file.format });
    }
    if file.format == 0 {
        return Err(SaveError::UnknownFormat(0));
    }
    let start = Position::from_setup(&file.start, Side::White).map_err(SaveError::Setup)?;
    let layout = file
        .rules
        .layout
        .position(Side::White)
        .map_err(SaveError::Setup)?;
    if start != layout {
        let words = crate::tables::options::LAYOUT.chosen(&file.rules);
        return Err(SaveError::SetupNotLayout {
            layout: words.map_or_else(
                || file.rules.layout.name().to_string(),
                |v| v.words.to_string(),
            ),
        });
    }
    check_table(&file.table, file.rules.players)?;
    check_tally(&file.tally_before)?;

    let mut builder = RecordBuilder::new(file.rules.clone(), file.tally_before)?;
    for (i, saved) in file.record.iter().enumerate() {
        let number = i + 1;
        let turn = builder.turn();
        let action = saved.to_action().map_err(|e| match e {
            NotAction::Face(face) => SaveError::BadDie {
                turn,
                number,
                action: super::error::quoted(&saved.to_ron()),
                face,
            },
            NotAction::Other(reason) => SaveError::NotAnAction {
                turn,
                number,
                action: super::error::quoted(&saved.to_ron()),
                reason,
            },
        })?;
        builder.apply(number, action)?;
    }
    let (game, replay) = builder.finish();
    let (earlier, earlier_unread) = match earlier_games(&file) {
        Ok(earlier) => (earlier, file.earlier_unread),
        Err(why) => (Vec::new(), Some(why)),
    };
    let analysis = match (file.analysis, file.analysis_unread) {
        (Some(kept), _) => Some(Ok(kept)),
        (None, Some(why)) => Some(Err(why)),
        (None, None) => None,
    };
    Ok(Loaded {
        table: file.table,
        game,
        replay,
        analysis,
        earlier,
        earlier_unread,
        abandoned: crate::abandonment::Abandonment::of_file(file.abandonment, file.abandoned),
    })
}

/// The most earlier games a file may keep: a match to 25 points has at most 49 games.
const EARLIER_MOST: usize = 2 * crate::tables::MATCH_MOST as usize;

/// A file's earlier games replayed under its rules: each must be finished and leave the tally
/// the next began with, the last the tally of the game in play. What is wrong is said, for the
/// game in play to be read without them.
fn earlier_games(file: &SaveFile) -> Result<Vec<GameRecord>, String> {
    if file.earlier.is_empty() {
        return Ok(Vec::new());
    }
    if file.rules.match_to == 0 {
        return Err("earlier games are kept only in a match".into());
    }
    if file.earlier.len() > EARLIER_MOST {
        return Err(format!(
            "{} earlier games, more than a match to {} points can have",
            file.earlier.len(),
            crate::tables::MATCH_MOST
        ));
    }
    let mut out = Vec::with_capacity(file.earlier.len());
    let mut expected: Option<Tally> = None;
    for (i, kept) in file.earlier.iter().enumerate() {
        let n = i + 1;
        let actions = kept
            .record
            .iter()
            .map(|a| a.to_action())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| format!("earlier game {n} holds an action that is not one"))?;
        check_tally(&kept.tally_before).map_err(|e| format!("earlier game {n}: {e}"))?;
        if expected.is_some_and(|t| t != kept.tally_before) {
            return Err(format!(
                "earlier game {n} does not begin at the score the game before it left"
            ));
        }
        let record = GameRecord::new(file.rules.clone(), kept.tally_before, &actions)
            .map_err(|e| format!("earlier game {n}: {e}"))?;
        let end = record.game_at(record.len());
        if !end.is_over() {
            return Err(format!("earlier game {n} is not finished"));
        }
        expected = Some(end.tally());
        out.push(record);
    }
    if expected.is_some_and(|t| t != file.tally_before) {
        return Err("the game in play does not begin at the score its earlier games left".into());
    }
    Ok(out)
}

/// One player a side, or two partners in Double-hand, each name one that [`check_name`]
/// accepts, and two distinct colours.
fn check_table(table: &Seats, players: Players) -> Result<(), SaveError> {
    for side in Side::BOTH {
        let n = table.seat(side).players.len();
        if !(1..=2).contains(&n) {
            return Err(SaveError::Players(TableProblem::PlayerCount {
                side,
                players: n,
            }));
        }
        if n > 1 && players != Players::DoubleHand {
            return Err(SaveError::Players(TableProblem::PartnersOutOfDoubleHand {
                side,
                players: n,
            }));
        }
    }
    for side in Side::BOTH {
        let players = &table.seat(side).players;
        for (i, player) in players.iter().enumerate() {
            check_name(&player.name).map_err(|problem| {
                SaveError::Players(TableProblem::Name {
                    side,
                    partner: (players.len() > 1).then_some(i),
                    problem,
                })
            })?;
        }
    }
    if table.white.colour == table.black.colour {
        return Err(SaveError::Players(TableProblem::SameColour(
            table.white.colour,
        )));
    }
    Ok(())
}

fn check_tally(tally: &Tally) -> Result<(), SaveError> {
    for (name, value) in [
        ("White's stakes", tally.white),
        ("Black's stakes", tally.black),
        ("games", tally.games),
        ("draws", tally.draws),
    ] {
        if value > TALLY_MAX {
            return Err(SaveError::Tally(TallyProblem::TooHigh {
                count: name,
                value,
                max: TALLY_MAX,
            }));
        }
    }
    if tally.draws > tally.games {
        return Err(SaveError::Tally(TallyProblem::MoreDrawsThanGames {
            draws: tally.draws,
            games: tally.games,
        }));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use super::*;

    const SHORT: &str = include_str!("../../../../tests/data/irish_short.ron");

    fn refused(text: &str) -> SaveError {
        match from_str(text) {
            Ok(_) => panic!("accepted:\n{text}"),
            Err(e) => e,
        }
    }

    #[test]
    fn a_byte_order_mark_before_a_save_is_skipped() {
        // Given a save as a Windows editor writes it, a byte-order mark first
        let text = format!("{BYTE_ORDER_MARK}{SHORT}");
        // When it is loaded, Then it is the same game
        let plain = from_str(SHORT).unwrap();
        let marked = from_str(&text).unwrap();
        assert_eq!(marked.game, plain.game);
        assert_eq!(marked.table, plain.table);
        // And a mark alone is an empty file
        assert!(matches!(refused("\u{FEFF} \n"), SaveError::Empty));
    }

    #[test]
    fn a_bracket_in_a_comment_does_not_say_the_file_is_cut_short() {
        // Given a whole save with brackets left open in its comments, and a wrong value
        let text = format!("// a game (my best [so far\n/* {{ ( */\n{SHORT}").replacen(
            "cube: false",
            "cube: sometimes",
            1,
        );
        // When it is loaded, Then the error is the value's, and nothing is said of the end
        match refused(&text) {
            SaveError::Syntax { line, message, .. } => {
                assert_eq!(line, 17, "{message}");
                assert!(!message.contains("cut short"), "{message}");
            }
            other => panic!("{other}"),
        }
        // And a string holding a bracket does not either
        let text = SHORT.replacen("\"You\"", "\"You (\"", 1).replacen(
            "bear_off: over_edge",
            "bear_off: over_edge;",
            1,
        );
        let err = refused(&text);
        assert!(!err.to_string().contains("cut short"), "{err}");
    }

    #[test]
    fn a_file_cut_short_after_a_comment_says_so() {
        // Given a save with a comment, cut short in its record
        let text = format!("// closed ) and ( opened\n{SHORT}");
        let cut = &text[..text.rfind("confirm").unwrap()];
        // Then the error says the file ends too soon
        let err = refused(cut);
        assert!(err.to_string().contains("cut short"), "{err}");
        // And so does one cut inside a comment, or in a word
        let in_a_word = &SHORT[..SHORT.find("cube: f").unwrap() + 7];
        for cut in [
            in_a_word.to_string(),
            format!("{in_a_word}alse, /* a note ("),
        ] {
            let err = refused(&cut);
            assert!(err.to_string().contains("cut short"), "{err}");
        }
        // But a whole file followed by a stray word is not said to be cut short
        let err = refused(&format!("{SHORT}done\n"));
        assert!(!err.to_string().contains("cut short"), "{err}");
    }

    #[test]
    fn an_unknown_field_is_refused_at_every_level_by_name_and_line() {
        // Given a field no Gamester writes, added inside each part of a save in turn
        for (line, after, field) in [
            (4, "layout: willughby,", "speed: 3,"),
            (19, "name: \"You\",", "age: 40,"),
            (19, "colour: white,", "seat: 1,"),
            (18, "table: (", "host: \"me\","),
            (23, "bar: 0,", "stack: 2,"),
            (22, "start: (", "red: (),"),
            (27, "white: 0,", "red: 1,"),
            (36, "step(from: 6,", "hand: left,"),
            (33, "throw_off(white: 3,", "grey: 4,"),
        ] {
            let lines: Vec<&str> = SHORT.lines().collect();
            let at = lines[line - 1]
                .find(after)
                .unwrap_or_else(|| panic!("{after}"));
            let mut edited: Vec<String> = lines.iter().map(|l| (*l).to_string()).collect();
            edited[line - 1].insert_str(at + after.len(), &format!(" {field}"));
            let text = edited.join("\n");
            // When it is loaded, Then it is refused at that line, naming the field
            let name = field.split(':').next().unwrap();
            match refused(&text) {
                SaveError::Syntax {
                    line: at_line,
                    message,
                    ..
                } => {
                    assert_eq!(at_line, line, "{field}: {message}");
                    assert!(message.contains(&format!("`{name}`")), "{message}");
                    assert!(!message.contains("cut short"), "{message}");
                }
                other => panic!("{field}: {other}"),
            }
        }
    }

    #[test]
    fn a_name_too_long_or_with_a_control_character_is_refused_naming_the_player() {
        // Given a save whose White player has a million-character name
        let long = "x".repeat(1_000_000);
        let text = SHORT.replacen("\"You\"", &format!("\"{long}\""), 1);
        // Then it is refused, naming the player and the rule
        let err = refused(&text);
        assert_eq!(
            err.to_string(),
            "the players: the name of White's player is 1000000 characters long; at most 64"
        );
        // And so is a name with a newline or a tab (as RON escapes), naming the side
        for bad in ["The\\ncomputer", "The\\tcomputer", "The\\u{7}computer"] {
            let text = SHORT.replacen("\"The computer\"", &format!("\"{bad}\""), 1);
            let err = refused(&text);
            assert!(
                matches!(
                    err,
                    SaveError::Players(TableProblem::Name {
                        side: Side::Black,
                        partner: None,
                        problem: crate::players::NameError::Control(_),
                    })
                ),
                "{bad}: {err}"
            );
            assert!(
                err.to_string()
                    .starts_with("the players: the name of Black's player holds a control"),
                "{err}"
            );
        }
        // And a name of 64 characters, accents and all, is a name
        let longest = "é".repeat(crate::players::NAME_LIMIT);
        let text = SHORT.replacen("\"You\"", &format!("\"{longest}\""), 1);
        assert_eq!(
            from_str(&text).unwrap().table.white.players[0].name,
            longest
        );
    }

    #[test]
    fn a_partner_with_a_bad_name_is_named_as_first_or_second() {
        let problem = TableProblem::Name {
            side: Side::White,
            partner: Some(1),
            problem: crate::players::NameError::TooLong { length: 65 },
        };
        assert_eq!(
            problem.to_string(),
            "the name of White's second player is 65 characters long; at most 64"
        );
    }
}
