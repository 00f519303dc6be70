//! Whatever the players are called, every line the story and the status build around their
//! names reads as English.

use gamester_core::players::Seats;
use gamester_core::session::Session;
use gamester_rules::tables::{FairDice, Preset, Rules, Tally};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Words that, after a lone name other than "You", would not read as English ("Robin win").
const PLAIN_VERBS: [&str; 6] = ["win ", "lay ", "score ", "draw ", "knock", "set "];
/// Words that, after "You", would not read as English ("You wins").
const THIRD_VERBS: [&str; 8] = [
    "wins", "lays", "scores", "draws", "knocks", "sets", "is ", "has ",
];

/// Every sentence in `lines` that misuses a name of `names`: "You's", "You wins", "Robin win".
fn misread(lines: &[String], names: &[&str]) -> Vec<String> {
    let mut bad = Vec::new();
    for line in lines {
        if line.contains("You's") || line.contains("you's") {
            bad.push(line.clone());
        }
        for verb in THIRD_VERBS {
            if line.contains(&format!("You {verb}")) {
                bad.push(line.clone());
            }
        }
        for name in names.iter().filter(|n| **n != "You") {
            for verb in PLAIN_VERBS {
                // A lone name (not one of a pair joined by "and") before a plain verb.
                if let Some(i) = line.find(&format!("{name} {verb}"))
                    && !line[..i].ends_with(" and ")
                {
                    bad.push(line.clone());
                }
            }
        }
    }
    bad
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// Whatever the players are called, "You" included, every line the story and the status
    /// build around their names reads as English: at Double-hand Irish (the partners' throws)
    /// and at the tiles (who lays, knocks, scores and wins).
    #[test]
    fn the_story_reads_as_english_for_every_name(
        seed in 0u64..1_000_000,
        picks in proptest::collection::vec(0usize..5, 4),
    ) {
        use gamester_core::ai::random::random_decision;
        use gamester_core::ai::decide::Decision;
        use gamester_core::players::Controller;
        use gamester_core::tiles_session::TilesSession;
        const POOL: [&str; 5] = ["You", "Robin", "James", "Anne", "Moll"];
        let names: Vec<&str> = picks.iter().map(|&i| POOL[i]).collect();
        // Double-hand Irish, each partner named from the pool.
        let mut table = Seats::two_people();
        table.fit(true);
        for (i, p) in table
            .white
            .players
            .iter_mut()
            .chain(table.black.players.iter_mut())
            .enumerate()
        {
            p.name = names[i].to_string();
        }
        let rules = Rules::preset(Preset::DoubleHandIrish);
        let mut session =
            Session::new(rules, table, Tally::default(), Box::new(FairDice::seeded(seed))).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut lines = Vec::new();
        for _ in 0..300 {
            if session.game().is_over() {
                break;
            }
            lines.push(session.status());
            match random_decision(session.game(), &mut rng) {
                Some(Decision::Play(play)) => {
                    session.apply_play(&play).unwrap();
                }
                Some(Decision::Action(a)) => {
                    session.apply(a).unwrap();
                }
                None => {
                    session.throw().unwrap();
                }
            }
        }
        lines.extend(session.log().iter().map(|e| e.words.clone()));
        proptest::prop_assert!(misread(&lines, &names).is_empty(), "{:?}", misread(&lines, &names));
        // Muggins for three (no partners) and for four in teams, named from the pool.
        for (preset, players) in [
            (gamester_rules::tiles::Preset::Muggins, 3),
            (gamester_rules::tiles::Preset::MugginsTeams, 4),
        ] {
            let rules = gamester_rules::tiles::Rules::preset(preset).with_players(players);
            let sitters = vec![Controller::Computer(gamester_core::level::Level::Novice); 4];
            let mut tiles = TilesSession::new(rules, sitters, Some(seed)).unwrap();
            let mut distinct: Vec<String> = Vec::new();
            for n in &names[..usize::from(players)] {
                let mut n = n.to_string();
                while distinct.contains(&n) {
                    n.push('e');
                }
                distinct.push(n);
            }
            tiles.rename(distinct.clone());
            for _ in 0..2000 {
                let game = tiles.game();
                match game.phase() {
                    gamester_rules::tiles::Phase::GameOver => break,
                    gamester_rules::tiles::Phase::ToDeal => tiles.go_on().unwrap(),
                    gamester_rules::tiles::Phase::ToThrow => tiles.throw_for_set(0.0).unwrap(),
                    gamester_rules::tiles::Phase::Playing => {
                        let a = gamester_core::ai::tiles::random_action(game, &mut rng).unwrap();
                        tiles.apply(a, 0.0).unwrap();
                    }
                }
            }
            let mut lines: Vec<String> = tiles.story().to_vec();
            for side in 0..rules.sides() {
                lines.push(tiles.winner_words(side));
            }
            let names: Vec<&str> = distinct.iter().map(String::as_str).collect();
            proptest::prop_assert!(misread(&lines, &names).is_empty(), "{:?}", misread(&lines, &names));
        }
    }
}
