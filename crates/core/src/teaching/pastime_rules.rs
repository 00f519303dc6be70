//! The rules of a pastime (Doublets, Ketch-Dolt, Sice-Ace) explained in plain sentences, made
//! from the options in force as [`super::rules_text`] makes the games at tables': each section
//! says what the options chosen make of the game, and names its sources; and every option in
//! words with the value chosen and who says so, from the pastimes' one table of options.

use super::rules_text::Section;
use crate::pastimes::{
    DoltClaimed, DoubletsCount, DrawnBecomes, Draws, Ending, Kind, LoadTo, OPTIONS, Preset, Rules,
};
use crate::tables::options::source_name;

/// The pastime's name: "Doublets", "Ketch-Dolt", "Sice-Ace".
#[must_use]
pub fn title(rules: &Rules) -> &'static str {
    match rules.kind {
        Kind::Doublets => Preset::Doublets.title(),
        Kind::KetchDolt => Preset::KetchDolt.title(),
        Kind::SiceAce => Preset::SiceAce.title(),
    }
}

/// A section resting on Cotton's chapter (`005`) and the notes on the other games (`006`).
fn section(title: &str, text: String) -> Section {
    Section {
        title: title.to_string(),
        text,
        sources: vec![source_name("005"), source_name("006")],
        disagreement: None,
    }
}

/// The options that bear on the pastime, in the order of the table of options: each one's name
/// as a player reads it, the value chosen in words, and who says so.
#[must_use]
pub fn in_words(rules: &Rules) -> Vec<(&'static str, String, &'static str)> {
    OPTIONS
        .iter()
        .filter(|o| o.games.contains(&rules.kind))
        .map(|o| {
            let words = o.value_words(rules);
            (o.words, words, o.sources)
        })
        .collect()
}

/// The rules of the pastime in force, in reading order: the game, who throws first, its play
/// section by section, how it ends.
#[must_use]
pub fn explain(rules: &Rules) -> Vec<Section> {
    let mut sections = vec![
        section(
            "The game",
            format!(
                "{} is one of the three pastimes Cotton sets after his games within the tables: played on the same board with the same dice, but no man runs along a track. Men are laid down, drawn, loaded or borne by the number a die shows. A point is named by its number, ace to sice, in the player's own tables, and the adversary's point of a number is the point of that number in his. Each game is a single game: no stakes, no match.",
                title(rules)
            ),
        ),
        section(
            "Who throws first",
            "Each player throws one die, and the highest begins; those tied for the highest throw again. From then on each throws two dice in his turn.".to_string(),
        ),
    ];
    sections.extend(match rules.kind {
        Kind::Doublets => doublets(rules),
        Kind::KetchDolt => ketch_dolt(rules),
        Kind::SiceAce => sice_ace(rules),
    });
    sections
}

/// What a doublet counts for, under `doublets`.
fn doublet_words(count: DoubletsCount) -> &'static str {
    match count {
        DoubletsCount::Pips => {
            "A doublet counts its pips: two caters lay down or bear eight men. The men come from the doubled point first, then from each point below it down to the ace, then from each above it up to the sice, one at a time."
        }
        DoubletsCount::Four => {
            "A doublet is used four times over, as at backgammon: four men of the doubled point."
        }
        DoubletsCount::Two => "A doublet is two numbers, like any other throw.",
    }
}

fn doublets(rules: &Rules) -> Vec<Section> {
    vec![
        section(
            "The array",
            "Each player's fifteen men stand piled on his six points: three apiece on the sice, the cinque and the cater, two apiece on the trey, the deuce and the ace.".to_string(),
        ),
        section(
            "Laying down and bearing",
            "Each number thrown lays down one standing man of the thrower's on the point of that number. Only when every man of his is laid down does he bear: then each number bears a laid man off its point. The two numbers of a throw are used one after the other, so a number that lays down his last standing man lets the next one bear. Gamester uses them in the order that lets the thrower use more of them, the higher first when both orders serve alike: the player has no choice to make, and the game is pure chance.".to_string(),
        ),
        section(
            "A number the thrower cannot use",
            if rules.adversary_uses {
                "A number the thrower cannot use lays down a standing man of his adversary's on that point, if he has one there, and is otherwise lost. The adversary only ever lays down with it: once all his men are down, he takes nothing from the thrower's numbers.".to_string()
            } else {
                "A number the thrower cannot use is lost: the adversary takes nothing from it, as in Willughby's account.".to_string()
            },
        ),
        section("Doublets", doublet_words(rules.doublets).to_string()),
        section(
            "The end",
            "The first to bear off all fifteen of his men wins.".to_string(),
        ),
    ]
}

fn ketch_dolt(rules: &Rules) -> Vec<Section> {
    let owed = match rules.drawn_becomes {
        DrawnBecomes::Drawers => "where the adversary has men",
        DrawnBecomes::OwnersHeap => "where the adversary has a lone man",
    };
    let taken = match (rules.draws, rules.drawn_becomes) {
        (_, DrawnBecomes::OwnersHeap) => "one man, who goes back to his owner's heap",
        (Draws::One, DrawnBecomes::Drawers) => {
            "one man to the same point of his own tables, where the man becomes his"
        }
        (Draws::All, DrawnBecomes::Drawers) => {
            "every man of that point to the same point of his own tables, where they become his"
        }
    };
    let dolt = match rules.dolt_claimed {
        DoltClaimed::ByRules => "and loses the game at once",
        DoltClaimed::ByAdversary => {
            "but it is for the adversary to see it: when his turn comes he may claim the dolt, before he throws, and win; once he throws, it is forgiven"
        }
    };
    vec![
        section(
            "The heap",
            "Each player's fifteen men begin off the board, in his heap. A number thrown lays a man from his heap on his point of that number.".to_string(),
        ),
        section(
            "The draw and the dolt",
            format!(
                "When a number shows a point {owed}, the thrower must draw from it: {taken}. A player who lays a man from his heap with that number instead, or bears with it, is dolted, {dolt}. Gamester has no touch and no taking back: a man taken from the heap is taken. The draw is not forced and not warned of, since seeing it is the game."
            ),
        ),
        section(
            "Filling and bearing",
            "A player whose heap is empty bears: each number bears a man off his point of that number, unless a draw is owed with it. A player whose heap is filled again by draws lays those men before he bears again. He uses his numbers in the order he likes, each once; a number he can use neither to draw, nor to lay, nor to bear is lost.".to_string(),
        ),
        section("Doublets", doublet_words(rules.doublets).to_string()),
        section(
            "The end",
            "The first to bear off every man he has wins; so does the adversary of a player dolted. Men drawn change hands, so a player may hold more or fewer than fifteen.".to_string(),
        ),
    ]
}

fn sice_ace(rules: &Rules) -> Vec<Section> {
    let loads = match rules.load_to {
        LoadTo::Next => "An ace loads the next player round the table who is still in.",
        LoadTo::Chosen => "An ace loads a player still in, whichever the thrower chooses.",
    };
    let result = match rules.result {
        Ending::LastOutLoses => "The last player still holding men loses, and the rest go free.",
        Ending::LastTwoLose => "The last two players still holding men lose, and the rest go free.",
        Ending::FirstOutWins => "The first player to be rid of all his men wins.",
    };
    vec![
        section(
            "The players and their men",
            format!(
                "{} players sit at the table, each with {} men, held in hand rather than set on the points.",
                number_word(rules.seats),
                number_word(rules.men).to_lowercase()
            ),
        ),
        section(
            "The throw",
            format!(
                "Each sice bears one of the thrower's men out of the game, and each ace loads one of his men onto another player; the other numbers do nothing. The sices bear before the aces load: that order is Gamester's reading, for Cotton does not give one. {loads} A doublet throws again, and its two dice count as they fall, two aces loading two men and two sices bearing two: Gamester's reading again."
            ),
        ),
        section(
            "Out",
            "A player with no man left is out: he is passed over, never loaded, and throws no more after a doublet. A thrower with no man left to load loses the load. Cotton and Holme say nothing of a player who is out: this is Gamester's reading.".to_string(),
        ),
        section(
            "The end",
            format!("{result} The game ends as soon as that is known."),
        ),
    ]
}

/// A small number in words, capitalised: "Five".
fn number_word(n: u8) -> String {
    const WORDS: [&str; 11] = [
        "None", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    ];
    WORDS
        .get(usize::from(n))
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sections_follow_the_options_chosen() {
        let mut rules = Rules::preset(Preset::KetchDolt);
        let by_rules = explain(&rules);
        rules.dolt_claimed = DoltClaimed::ByAdversary;
        let by_adversary = explain(&rules);
        let dolt = |s: &[Section]| {
            s.iter()
                .find(|s| s.title == "The draw and the dolt")
                .unwrap()
                .text
                .clone()
        };
        assert!(dolt(&by_rules).contains("loses the game at once"));
        assert!(dolt(&by_adversary).contains("claim the dolt"));
        let sice = explain(&Rules::preset(Preset::SiceAce));
        assert!(sice.iter().any(|s| {
            s.text
                .starts_with("Five players sit at the table, each with six men")
        }));
        // Cotton gives no order of bearing and loading, and says nothing of a player out:
        // both are marked as Gamester's reading where they are said.
        for said in ["The sices bear before the aces load", "never loaded"] {
            let section = sice.iter().find(|s| s.text.contains(said)).unwrap();
            assert!(
                section.text.contains("Gamester's reading"),
                "{}",
                section.text
            );
        }
    }
}
