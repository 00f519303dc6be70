//! The command line, declared once: every command, its flags and the values they take, for clap,
//! which reads the arguments (as the system gives them, so a file name need not be UTF-8),
//! writes `--help` and says what is wrong with bad input. Values are typed as they are read: a
//! preset says which family of games it is, a position is a position, dice are faces, so the
//! commands get nothing to parse again (their readers are in `values`). Why a command could
//! not run is [`CliError`], with the checks that refuse what a command was given (`refusals`).

mod refusals;
mod values;

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::{Args, Parser, Subcommand};

use crate::ai::contest::Contender;
use crate::level::Level;
use crate::tables::Position;
use values::{
    above_zero, at_least_one, contender, counts, dice, level, players, position, preset, tile_list,
};

pub use refusals::CliError;
pub(crate) use refusals::{
    at_tables_only, at_tiles_only, position_and_faces, quote, quote_path, read_throw, tables_rules,
};
pub use values::{Counts, Faces, GamePreset, TileList};

/// `gamester`: the window, or one of the commands.
#[derive(Debug, Parser)]
#[command(
    name = "gamester",
    version,
    about = "Irish and the other games at Tables, and the tiles games, by their own sources",
    long_about = "Irish and the other games at Tables, and Block, Draw and Muggins at the tiles, \
        by their own sources.\n\nWith no command, opens the window with a game ready; with a \
        saved game, opens that game. The commands work without a window, for scripts: their \
        output formats are exact (docs/command-line.md).",
    override_usage = "gamester [--screenshot <FILE.png>] [--seed <N>] [--fresh] [FILE.ron]\n       \
        gamester <COMMAND> [ARGS]",
    args_conflicts_with_subcommands = true,
    args_override_self = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub window: Window,
}

/// What the window is opened with.
#[derive(Debug, Args)]
pub struct Window {
    /// A saved game to open in the window (one)
    #[arg(value_name = "FILE.ron")]
    pub open: Vec<PathBuf>,
    /// Writes the window's first settled frame, of a fresh game unless a file is opened, to
    /// this PNG file, and exits
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<PathBuf>,
    /// Seeds the window's dice
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Ignores the game in progress and the saved settings
    #[arg(long)]
    pub fresh: bool,
}

/// The commands, in the order `gamester --help` lists them.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Every legal play of a throw: `plays <N>`, then `<position id after> <move text>` lines
    Plays(Plays),
    /// Every preset, one a line: `<name> <option>=<value>...  # <title>`, the games at tables
    /// first, then the tiles games
    Presets,
    /// Loads a saved game by replaying it, and says in one line what the game is
    Check {
        /// The saved game, at tables or at the tiles
        #[arg(value_name = "FILE.ron")]
        file: PathBuf,
    },
    /// Times the move generator, the window, the computer or the analysis
    #[command(arg_required_else_help = false)]
    Bench {
        #[command(subcommand)]
        what: Benchmark,
    },
    /// The computer's play: of a throw at tables, of a hand on a line at the tiles, or for the
    /// player to act in a saved pastime or tiles game
    Best(Best),
    /// The cube hint at a position: no double, double and take, double and pass, and the
    /// right action, at the score the ID gives (GNU Backgammon's `hint` before a throw)
    Hint(Hint),
    /// Plays a position out to the end many times with the computer, and prints the chances
    /// of each result and the equity, with their intervals (GNU Backgammon's rollout)
    Rollout(RolloutArgs),
    /// Judges every decision of a saved game where there was a choice: at tables, at a
    /// pastime, at the tiles
    Analyse(Analyse),
    /// Games between the computer's levels and the random player, and their score
    Selfplay(Selfplay),
    /// Offers a game over the network, prints `invite <CODE>`, and plays it with the computer
    Host(Host),
    /// Joins a game over the network with the host's invitation, and plays it with the computer
    Join(Join),
    /// Draws a position at tables, a pastime's table or a tiles game's, as an SVG or PNG
    /// diagram, for a handout or a slide
    Diagram(DiagramArgs),
    /// Writes the rules of a game as an HTML page to print or hand out
    RulesPage(RulesPage),
    /// Writes a saved game's score sheet as an HTML page to print: every turn in words
    ScoreSheet(ScoreSheet),
    /// Writes a saved game at tables as a `.mat` or `.sgf` file, for GNU Backgammon and other
    /// programs
    Export(ExportArgs),
    /// Reads a game of a `.mat` or `.sgf` file (GNU Backgammon's, eXtreme Gammon's…) into a
    /// saved game
    Import(ImportArgs),
    /// Writes a script that completes gamester's commands, flags and values in a shell
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
}

/// `diagram`: the position drawn, and where.
#[derive(Debug, Args)]
pub struct DiagramArgs {
    /// The rules (a preset of the games at tables, a pastime or a tiles game): their array, a
    /// pastime's table at its start or the tiles' set, is drawn unless --position or --game
    #[arg(long, value_name = "PRESET", value_parser = preset(), default_value = "irish")]
    pub preset: GamePreset,
    /// A saved pastime (Doublets, Ketch-Dolt, Sice-Ace) or tiles game: its table drawn as it
    /// stands (a pastime's with the dice of its last throw), its seats named
    #[arg(long, value_name = "FILE.ron", conflicts_with_all = ["position", "dice", "sets"])]
    pub game: Option<PathBuf>,
    /// Changes one option of the preset, as RULES.md names it (repeatable)
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
    /// The position, as GNU Backgammon's Position ID; the side it is seen from sits at the
    /// bottom (default: the rules' array, White at the bottom)
    #[arg(long, value_name = "ID", value_parser = position)]
    pub position: Option<Position>,
    /// The dice shown, their faces separated by commas
    #[arg(long, value_name = "D1,D2", value_parser = dice)]
    pub dice: Option<Faces>,
    /// The points named as their owners count them (period), or 1 to 24 (numbers)
    #[arg(long, value_name = "period|numbers", default_value = "period",
        value_parser = PossibleValuesParser::new(["period", "numbers"]))]
    pub labels: String,
    /// The words under the board
    #[arg(long, value_name = "TEXT")]
    pub caption: Option<String>,
    /// A PNG's width in pixels, 200 to 8000 (default 1600); its height follows
    #[arg(long, value_name = "PIXELS")]
    pub width: Option<u32>,
    /// The file written: an .svg, or a .png at --width
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub out: PathBuf,
}

/// `export`: the game, the format, and where.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The saved game at tables (modern backgammon's rules: what the formats can say)
    #[arg(value_name = "FILE.ron")]
    pub game: PathBuf,
    /// The format written: mat (Jellyfish's, read by gnubg and eXtreme Gammon) or sgf
    /// (GNU Backgammon's); by default the one --out's name ends in, else mat
    #[arg(long, value_name = "FORMAT", value_parser = PossibleValuesParser::new(["mat", "sgf"]))]
    pub to: Option<String>,
    /// The file written
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// `import`: the file, which of its games, and where.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The .mat or .sgf file (its format is told from its text)
    #[arg(value_name = "FILE.mat|FILE.sgf")]
    pub file: PathBuf,
    /// Which of its games to play on from, counted from 1, the match's games before it kept
    /// to replay; by default the last, the whole match
    #[arg(long, value_name = "N", value_parser = at_least_one::<usize>)]
    pub game: Option<usize>,
    /// The saved game written
    #[arg(long, value_name = "FILE.ron")]
    pub out: PathBuf,
}

/// `rules-page`: the rules, and where.
#[derive(Debug, Args)]
pub struct RulesPage {
    /// The rules (a preset of the games at tables, of the pastimes or of the tiles)
    #[arg(long, value_name = "PRESET", value_parser = preset(), default_value = "irish")]
    pub preset: GamePreset,
    /// At tables and the pastimes: changes one option of the preset, as RULES.md names it
    /// (repeatable)
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
    /// The file written: an .html page
    #[arg(long, value_name = "FILE.html")]
    pub out: PathBuf,
}

/// `score-sheet`: the game, the diagrams asked for, and where.
#[derive(Debug, Args)]
pub struct ScoreSheet {
    /// The saved game: at tables, a pastime or at the tiles
    #[arg(value_name = "FILE.ron")]
    pub game: PathBuf,
    /// Draws the position after this play, counting every side's plays from 1 (repeatable;
    /// the last position is always drawn)
    #[arg(long, value_name = "N", value_parser = at_least_one::<usize>)]
    pub at: Vec<usize>,
    /// Draws the position before each of the N plays the analysis judges worst, with the play
    /// made, the best and the loss
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub worst: usize,
    /// How deeply the computer judges, for --worst
    #[arg(long, value_parser = level(), default_value = crate::ai::analysis::DEFAULT_LEVEL.name())]
    pub level: Level,
    /// The file written: an .html page
    #[arg(long, value_name = "FILE.html")]
    pub out: PathBuf,
}

/// `host`: the game offered.
#[derive(Debug, Args)]
pub struct Host {
    /// The rules: a preset of the games at tables, a pastime, or a tiles game
    #[arg(long, value_name = "PRESET", value_parser = preset(), default_value = "irish")]
    pub preset: GamePreset,
    /// At tables and the pastimes: changes one option of the preset, as RULES.md names it
    /// (repeatable)
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
    /// How many play, each a program of its own, the host first: 2 to 4 at the tiles, 2 to 5
    /// at Sice-Ace
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=5))]
    pub players: Option<u8>,
    #[command(flatten)]
    pub side: NetSide,
}

/// `join`: the invitation.
#[derive(Debug, Args)]
pub struct Join {
    /// The invitation the host printed (`invite <CODE>`): the code, in any case; or `-` to
    /// read it from standard input, so that it is not on the command line, where every user of
    /// this machine may read it
    #[arg(value_name = "CODE")]
    pub code: String,
    /// Sit down to a game under way, played so far without this side, if that is what the
    /// host offers (a finished game is always refused)
    #[arg(long)]
    pub under_way: bool,
    #[command(flatten)]
    pub side: NetSide,
}

/// Who plays this side of a game over the network, and where it is kept.
#[derive(Debug, Args)]
pub struct NetSide {
    /// The computer plays this side, at this level (required: people play in the window)
    #[arg(long, value_parser = level())]
    pub level: Option<Level>,
    /// Writes the game to this file after every action; a file that holds the game already is
    /// resumed from its record
    #[arg(long, value_name = "FILE.ron")]
    pub save: Option<PathBuf>,
    /// The name this side plays under
    #[arg(long, value_name = "NAME", default_value = "The computer")]
    pub name: String,
    /// This machine and its network only: direct addresses, no relay (no internet needed)
    #[arg(long)]
    pub local: bool,
    /// How long a throw may wait on the other side, or a friend whose line dropped be waited
    /// for, before the game is ended as abandoned by them, who lose it
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub patience: u64,
}

/// `bench`'s benchmarks.
#[derive(Debug, Subcommand)]
pub enum Benchmark {
    /// Legal plays generated a second, on one thread: `movegen <N> positions/s`
    Movegen {
        /// A file of Position IDs, one a line, each timed with all 21 throws under modern rules
        #[arg(long, value_name = "FILE")]
        positions: Option<PathBuf>,
    },
    /// The CPU time of one whole frame of the window: `draw <ms> ms/frame`
    Draw,
    /// The time of one decision at each level (modern, Irish and Fails unless rules are given)
    Ai(SomeRules),
    /// The time of the analysis of a game of 60 turns at each level (modern and Irish unless
    /// rules are given)
    Analyse(SomeRules),
}

/// The rules of a command: a preset, and at tables the options changed.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// The rules: a preset of the games at tables, or a tiles game (`gamester presets` lists
    /// them with their options)
    #[arg(long, value_name = "PRESET", value_parser = preset())]
    pub preset: GamePreset,
    /// At tables: changes one option of the preset, as RULES.md names it and its values
    /// (repeatable); a custom layout is `layout=custom:<position id>`
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
}

/// Rules for a benchmark, which has its own when none are given.
#[derive(Debug, Args)]
pub struct SomeRules {
    /// A preset of the games at tables
    #[arg(long, value_name = "PRESET", value_parser = preset())]
    pub preset: Option<GamePreset>,
    /// Changes one option of the preset, as RULES.md names it and its values (repeatable)
    #[arg(long = "set", value_name = "OPTION=VALUE", requires = "preset")]
    pub sets: Vec<String>,
}

/// A position at tables and a throw.
#[derive(Debug, Args)]
#[command(next_help_heading = "At tables")]
pub struct ThrowArgs {
    /// The position, as GNU Backgammon's Position ID, seen from the side to move (required)
    #[arg(long, value_name = "ID", value_parser = position)]
    pub position: Option<Position>,
    /// The throw, its faces separated by commas, as many as the rules throw dice (required)
    #[arg(long, value_name = "D1,D2", value_parser = dice)]
    pub dice: Option<Faces>,
}

/// `plays`.
#[derive(Debug, Args)]
pub struct Plays {
    #[command(flatten)]
    pub rules: RulesArgs,
    #[command(flatten)]
    pub throw: ThrowArgs,
}

/// `best`: at tables a position and a throw, at the tiles a hand and a line, or a saved
/// pastime or tiles game (`--game`), the player to act as it stands.
#[derive(Debug, Args)]
pub struct Best {
    /// The rules: a preset of the games at tables, or a tiles game (`gamester presets` lists
    /// them with their options); not with --game, whose file names its rules
    #[arg(long, value_name = "PRESET", value_parser = preset(), required_unless_present = "game")]
    pub preset: Option<GamePreset>,
    /// At tables: changes one option of the preset, as RULES.md names it and its values
    /// (repeatable); a custom layout is `layout=custom:<position id>`
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
    /// A saved pastime (Ketch-Dolt, Sice-Ace, Doublets) or tiles game: the computer's choice
    /// for the player to act in it as it stands
    #[arg(long, value_name = "FILE.ron", conflicts_with_all = ["preset", "sets", "position", "dice",
        "hand", "line", "others", "players"])]
    pub game: Option<PathBuf>,
    /// How well the computer plays
    #[arg(long, value_parser = level(), default_value = "expert")]
    pub level: Level,
    #[command(flatten)]
    pub throw: ThrowArgs,
    #[command(flatten)]
    pub tiles: TilesPosition,
}

/// `hint`: the cube hint at a position, the score and the cube from its ID.
#[derive(Debug, Args)]
pub struct Hint {
    /// The rules (a preset of the games at tables); the cube is played whatever the preset
    /// says
    #[arg(long, value_name = "PRESET", value_parser = preset(), default_value = "modern")]
    pub preset: GamePreset,
    /// Changes one option of the preset, as RULES.md names it (repeatable)
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
    /// The position: a Position ID (for stakes, the cube in the middle, the side it is seen
    /// from on roll), GNU Backgammon's whole ID `POSITION:MATCH` (the Match ID gives the
    /// score, the cube and who is on roll) or an XGID
    #[arg(long, value_name = "ID", allow_hyphen_values = true)]
    pub position: String,
    /// How deeply the computer judges
    #[arg(long, value_parser = level(), default_value = "expert")]
    pub level: Level,
}

/// `rollout`: a position played out many times.
#[derive(Debug, Args)]
pub struct RolloutArgs {
    /// The rules (a preset of the games at tables)
    #[arg(long, value_name = "PRESET", value_parser = preset(), default_value = "modern")]
    pub preset: GamePreset,
    /// Changes one option of the preset, as RULES.md names it (repeatable)
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
    /// The position before the side on roll throws: a Position ID (the side it is seen from
    /// on roll), GNU Backgammon's whole ID `POSITION:MATCH` or an XGID (who is on roll, and
    /// the cube's owner for the cubeful equity)
    #[arg(long, value_name = "ID", allow_hyphen_values = true)]
    pub position: String,
    /// The most games to play out, at least 1
    #[arg(long, value_name = "N", default_value_t = 1296, value_parser = at_least_one::<usize>)]
    pub trials: usize,
    /// How strongly the computer plays both sides
    #[arg(long, value_parser = level(), default_value = "fair")]
    pub level: Level,
    /// Seeds the dice (the same seed gives the same rollout)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Stops once the 95% interval of the cubeless equity is at most this wide
    #[arg(long, value_name = "W", value_parser = above_zero)]
    pub width: Option<f64>,
    /// Counts the plain results, without taking each throw's luck out of the equity
    #[arg(long)]
    pub no_variance_reduction: bool,
}

/// What a player at the tiles sees.
#[derive(Debug, Args)]
#[command(next_help_heading = "At the tiles")]
pub struct TilesPosition {
    /// The player's hand: tiles such as 6-4,5-5 (required)
    #[arg(long, value_name = "TILES", value_parser = tile_list)]
    pub hand: Option<TileList>,
    /// The line from left to right, each tile's numbers in the order they lie: 2-6,6-6,6-4
    /// (required)
    #[arg(long, value_name = "TILES", value_parser = tile_list)]
    pub line: Option<TileList>,
    /// How many tiles each other player holds, in the order of play: 5 or 5,4,6 (required)
    #[arg(long, value_name = "N,...", value_parser = counts)]
    pub others: Option<Counts>,
    /// Seeds the computer's guesses at the hidden tiles [default: 1]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// The players, 2 to 4 [default: one more than the others]
    #[arg(long, value_name = "N", value_parser = players())]
    pub players: Option<u8>,
}

/// `analyse`.
#[derive(Debug, Args)]
pub struct Analyse {
    /// The saved game: at tables, a pastime (Ketch-Dolt, Sice-Ace) or at the tiles
    #[arg(value_name = "FILE.ron")]
    pub file: PathBuf,
    /// How deeply the computer judges
    #[arg(long, value_parser = level(), default_value = crate::ai::analysis::DEFAULT_LEVEL.name())]
    pub level: Level,
}

/// `selfplay`: at tables games, at the tiles single hands.
#[derive(Debug, Args)]
pub struct Selfplay {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Who plays White; at the tiles the first side (player 1, and 3 in teams)
    #[arg(long, visible_alias = "first", value_name = "PLAYER", value_parser = contender())]
    pub white: Contender,
    /// Who plays Black; at the tiles the second side (the other players)
    #[arg(long, visible_alias = "second", value_name = "PLAYER", value_parser = contender())]
    pub black: Contender,
    /// Games to play (at the tiles, hands), at least 1
    #[arg(long, visible_alias = "hands", value_name = "N", default_value_t = 100,
        value_parser = at_least_one::<u32>)]
    pub games: u32,
    /// Seeds the dice (the same seed gives the same games)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Threads to play on [default: all cores]; the report is the same for any number
    #[arg(long, value_name = "N", value_parser = at_least_one::<usize>, help_heading = "At tables")]
    pub jobs: Option<usize>,
    /// Writes each play White made with a choice of plays, as a query for GNU Backgammon's
    /// judgement (`gnubg_eval.py`)
    #[arg(long, value_name = "FILE", help_heading = "At tables")]
    pub log_plays: Option<PathBuf>,
    /// White judges positions with the network in this file instead of its family's own
    #[arg(long, value_name = "FILE", help_heading = "At tables")]
    pub white_net: Option<PathBuf>,
    /// Black judges positions with the network in this file instead of its family's own
    #[arg(long, value_name = "FILE", help_heading = "At tables")]
    pub black_net: Option<PathBuf>,
    /// The players: 2 to 4 at the tiles, 2 to 5 at Sice-Ace [default: the preset's]
    #[arg(long, value_name = "N", value_parser = players(), help_heading = "At the tiles")]
    pub players: Option<u8>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_declaration_is_sound() {
        Cli::command().debug_assert();
    }
}
