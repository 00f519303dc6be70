//! The pastimes' rules as a page to print: every option that bears on the pastime named with
//! the value chosen and its sources, whatever is chosen; the sections follow the options; and
//! no page shows a developer's words or copies a source.

use gamester_core::teaching::handout::pastime_rules_page;
use gamester_core::teaching::pastime_rules::{explain, title};
use gamester_core::teaching::plain::developer_words;
use gamester_rules::pastimes::{OPTIONS, Preset, Rules};

/// The page's text as a reader sees it: the tags left out, the entities read, the spaces
/// between words single.
fn read_as_text(page: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in page.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    let text = text
        .replace("&amp;", "&")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every preset, and each value of each of its options set on it (those the rules accept).
fn every_rules() -> Vec<Rules> {
    let mut every = Vec::new();
    for preset in Preset::ALL {
        let base = Rules::preset(preset);
        every.push(base);
        for option in OPTIONS.iter().filter(|o| o.games.contains(&base.kind)) {
            for value in option.values {
                let mut rules = base;
                if rules.set(option.name, value.name).is_ok() && rules.check().is_ok() {
                    every.push(rules);
                }
            }
        }
    }
    every
}

#[test]
fn the_page_names_every_option_chosen_with_its_value_and_sources() {
    for rules in every_rules() {
        // When the rules of the pastime are printed
        let page = read_as_text(&pastime_rules_page(&rules));
        // Then the page is the pastime's, and names each of its options, the value chosen in
        // words and who says so
        assert!(page.contains(&format!("{} — the rules", title(&rules))));
        for option in OPTIONS.iter().filter(|o| o.games.contains(&rules.kind)) {
            let chosen = option.value(&rules);
            let value = option.values.iter().find(|v| v.name == chosen).unwrap();
            let line = format!("{}: {} ({})", option.words, value.words, option.sources);
            assert!(page.contains(&line), "{line} not in {page}");
        }
        // And no option of another pastime
        for option in OPTIONS.iter().filter(|o| !o.games.contains(&rules.kind)) {
            assert!(
                !page.contains(&format!("{}: ", option.words)),
                "{} on the page of {}",
                option.words,
                title(&rules)
            );
        }
        // And every section, with its sources
        for section in explain(&rules) {
            assert!(page.contains(&section.title));
            assert!(page.contains(&section.text), "{}", section.text);
            assert!(page.contains(&format!("Sources: {}", section.sources.join("; "))));
        }
        // And a player reads no developer's words there
        let said = developer_words(&page);
        assert!(said.is_empty(), "{:?}: {said:?}", rules.values());
    }
}

#[test]
fn the_sections_say_what_each_option_makes_of_the_game() {
    // Given Doublets with and without the adversary's use of a lost number
    let mut rules = Rules::preset(Preset::Doublets);
    let text = |rules: &Rules| read_as_text(&pastime_rules_page(rules));
    assert!(text(&rules).contains("lays down a standing man of his adversary's"));
    rules.set("adversary_uses", "false").unwrap();
    assert!(text(&rules).contains("the adversary takes nothing from it"));
    // Each count of a doublet
    rules.set("doublets", "four").unwrap();
    assert!(text(&rules).contains("four times over"));
    // Sice-Ace's seats, men, loads and result
    let mut sice = Rules::preset(Preset::SiceAce);
    sice.set("seats", "3").unwrap();
    sice.set("men", "8").unwrap();
    sice.set("result", "first_out_wins").unwrap();
    sice.set("load_to", "chosen").unwrap();
    let page = text(&sice);
    assert!(page.contains("Three players sit at the table, each with eight men"));
    assert!(page.contains("The first player to be rid of all his men wins."));
    assert!(page.contains("whichever the thrower chooses"));
    // Ketch-Dolt's draw back to the heap, of a lone man only
    let mut ketch = Rules::preset(Preset::KetchDolt);
    ketch.set("drawn_becomes", "owners_heap").unwrap();
    let page = text(&ketch);
    assert!(page.contains("where the adversary has a lone man"));
    assert!(page.contains("goes back to his owner's heap"));
}

/// A tiles game's rules page, as the window and `gamester rules-page` print it, names its book
/// as a player knows it, never by a developer's word.
#[test]
fn a_tiles_rules_page_is_in_a_players_words() {
    use gamester_core::teaching::handout::tiles_rules_page;
    use gamester_rules::tiles;
    for preset in tiles::Preset::ALL {
        let page = tiles_rules_page(&tiles::Rules::preset(preset));
        let said = developer_words(&read_as_text(&page));
        assert!(said.is_empty(), "{preset:?}: {said:?}");
        assert!(page.contains("Incompleat Gamester"), "{preset:?}");
    }
}
