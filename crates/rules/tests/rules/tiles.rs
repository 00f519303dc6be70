//! The tiles games, rule by rule (Given / When / Then), and over random games under random
//! options: the whole set always, every game ends, only legal actions are taken, and nonsense
//! is refused without a panic or a change.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;

use gamester_rules::tiles::{
    Action, Deck, DominoError, End, Event, FirstSet, Game, Kind, MugginsScore, Phase, Preset,
    Rules, Target, Tile, pip_count,
};

fn t(text: &str) -> Tile {
    text.parse().unwrap()
}

/// A deck dealing these hands (player 1's first), then these tiles to be drawn first, then the
/// rest of the set in its order.
fn deck(hands: &[&[&str]], draws: &[&str]) -> Deck {
    let mut tiles: Vec<Tile> = hands.iter().flat_map(|h| h.iter().map(|s| t(s))).collect();
    tiles.extend(draws.iter().map(|s| t(s)));
    for tile in Tile::set() {
        if !tiles.contains(&tile) {
            tiles.push(tile);
        }
    }
    Deck::new(tiles).unwrap()
}

fn rules(preset: Preset, hand: u8, first: FirstSet) -> Rules {
    let mut r = Rules::preset(preset);
    r.hand_size = hand;
    r.first = first;
    r
}

fn dealt(r: Rules, hands: &[&[&str]], draws: &[&str]) -> Game {
    let mut g = Game::new(r).unwrap();
    g.apply(Action::Deal(deck(hands, draws))).unwrap();
    g
}

fn lay(g: &mut Game, tile: &str, end: End) -> Vec<Event> {
    g.apply(Action::Lay { tile: t(tile), end })
        .unwrap_or_else(|e| panic!("{tile} refused: {e}"))
}

// ---- the deal and the set ----

#[test]
fn the_hands_are_as_seed_004_deals_them_and_the_rest_is_the_boneyard() {
    for (preset, players, hand) in [
        (Preset::Block, 2, 7),
        (Preset::Block, 3, 5),
        (Preset::Draw, 4, 5),
        (Preset::Muggins, 2, 5),
        (Preset::Muggins, 4, 5),
    ] {
        let r = Rules::preset(preset).with_players(players);
        let mut g = Game::new(r).unwrap();
        g.apply(Action::Deal(Deck::shuffled(9))).unwrap();
        assert!(g.hand_sizes().iter().all(|&n| n == hand), "{preset:?}");
        assert_eq!(g.boneyard_len(), 28 - hand * usize::from(players));
    }
}

#[test]
fn the_highest_double_sets_and_no_other_tile_may() {
    // Given player 2 holds the double sice
    let r = rules(Preset::Draw, 2, FirstSet::HighestDouble);
    let mut g = dealt(r, &[&["5-5", "1-0"], &["6-6", "3-2"]], &[]);
    // Then player 2 is to set, and must set the double sice
    assert_eq!(g.actor(), Some(1));
    assert_eq!(g.must_set(), Some(t("6-6")));
    let err = g.apply(Action::Lay {
        tile: t("3-2"),
        end: End::Left,
    });
    assert_eq!(err, Err(DominoError::MustSet("6-6".into())));
    lay(&mut g, "6-6", End::Left);
    assert_eq!(g.actor(), Some(0));
}

#[test]
fn without_a_double_the_heaviest_tile_sets() {
    let r = rules(Preset::Block, 2, FirstSet::HighestDouble);
    let g = dealt(r, &[&["5-4", "1-0"], &["6-3", "3-2"]], &[]);
    assert_eq!(
        g.must_set(),
        Some(t("6-3")),
        "6-3 and 5-4 weigh 9; the sice decides"
    );
    assert_eq!(g.actor(), Some(1));
}

#[test]
fn setting_in_turn_passes_the_set_round_hand_by_hand() {
    let mut r = rules(Preset::Block, 1, FirstSet::Turns);
    r.target = Target::Points(1000);
    let mut g = dealt(r, &[&["1-1"], &["2-2"]], &[]);
    assert_eq!(g.actor(), Some(0));
    lay(&mut g, "1-1", End::Left);
    assert_eq!(g.phase(), Phase::ToDeal, "player 1 played out");
    g.apply(Action::Deal(deck(&[&["1-1"], &["2-2"]], &[])))
        .unwrap();
    assert_eq!(g.actor(), Some(1), "the second hand is set by player 2");
}

#[test]
fn the_die_decides_the_set_and_a_tie_throws_again() {
    let r = rules(Preset::Draw, 5, FirstSet::Die).with_players(3);
    let mut g = Game::new(r).unwrap();
    g.apply(Action::Deal(Deck::shuffled(3))).unwrap();
    assert_eq!(g.phase(), Phase::ToThrow);
    assert!(g.apply(Action::Throw(vec![4, 4])).is_err(), "one die each");
    assert!(
        g.apply(Action::Throw(vec![4, 7, 1])).is_err(),
        "a die has six faces"
    );
    g.apply(Action::Throw(vec![5, 5, 2])).unwrap();
    assert_eq!(g.phase(), Phase::ToThrow, "a tie for highest throws again");
    g.apply(Action::Throw(vec![1, 3, 6])).unwrap();
    assert_eq!(g.actor(), Some(2));
}

// ---- the line ----

#[test]
fn a_tile_must_match_the_end_it_is_laid_at() {
    let r = rules(Preset::Block, 3, FirstSet::Turns);
    let mut g = dealt(r, &[&["6-4", "1-0", "2-2"], &["4-3", "5-5", "0-0"]], &[]);
    lay(&mut g, "6-4", End::Left);
    assert_eq!(
        g.apply(Action::Lay {
            tile: t("4-3"),
            end: End::Left
        }),
        Err(DominoError::DoesNotFit {
            tile: "4-3".into(),
            end: "left",
            open: 6
        })
    );
    assert_eq!(g.ends_for(t("4-3")), vec![End::Right]);
    assert!(
        g.apply(Action::Lay {
            tile: t("1-0"),
            end: End::Right
        })
        .is_err(),
        "not his tile"
    );
    lay(&mut g, "4-3", End::Right);
    assert_eq!(g.line().open(End::Right), Some(3));
}

// ---- Block ----

#[test]
fn in_block_a_player_who_cannot_play_knocks_and_may_not_draw() {
    let r = rules(Preset::Block, 2, FirstSet::Turns);
    let mut g = dealt(r, &[&["6-6", "6-5"], &["1-0", "2-1"]], &[]);
    lay(&mut g, "6-6", End::Left);
    assert!(g.apply(Action::Draw).is_err());
    assert_eq!(g.legal_actions(), vec![Action::Pass]);
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.actor(), Some(0));
    assert_eq!(g.apply(Action::Pass), Err(DominoError::CanPlay));
}

#[test]
fn when_all_are_blocked_the_lowest_count_wins_the_others_pips() {
    // Given the ends sice and sice, and no sice in either hand
    let mut r = rules(Preset::Block, 3, FirstSet::Turns);
    r.target = Target::SingleHand;
    let mut g = dealt(r, &[&["6-6", "1-0", "2-0"], &["5-4", "3-3", "4-4"]], &[]);
    lay(&mut g, "6-6", End::Left);
    // When both knock
    g.apply(Action::Pass).unwrap();
    let events = g.apply(Action::Pass).unwrap();
    // Then player 1 (3 pips) wins the 23 of player 2
    assert!(events.contains(&Event::Blocked { pips: vec![3, 23] }));
    assert!(events.contains(&Event::HandWon {
        player: 0,
        side: 0,
        points: 23
    }));
    assert_eq!(g.scores(), &[23, 0]);
    assert_eq!(g.winner(), Some(Some(0)));
}

#[test]
fn a_blocked_hand_tied_between_sides_is_drawn_and_nobody_scores_its_pips() {
    let mut r = rules(Preset::Block, 2, FirstSet::Turns);
    r.target = Target::SingleHand;
    let mut g = dealt(r, &[&["6-6", "2-1"], &["2-0", "1-0"]], &[]);
    lay(&mut g, "6-6", End::Left);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.scores(), &[0, 0], "3 pips each");
    assert_eq!(g.winner(), Some(None));
}

// ---- Draw ----

#[test]
fn in_draw_a_player_draws_until_he_can_play() {
    let r = rules(Preset::Draw, 2, FirstSet::Turns);
    let mut g = dealt(r, &[&["6-6", "6-5"], &["1-0", "2-1"]], &["3-2", "6-1"]);
    lay(&mut g, "6-6", End::Left);
    assert_eq!(g.apply(Action::Pass), Err(DominoError::MustDraw));
    g.apply(Action::Draw).unwrap();
    assert_eq!(
        g.legal_actions(),
        vec![Action::Draw],
        "the trey-deuce does not fit"
    );
    g.apply(Action::Draw).unwrap();
    assert_eq!(g.apply(Action::Draw), Err(DominoError::CanPlay));
    lay(&mut g, "6-1", End::Right);
    assert_eq!(g.hand(1).len(), 3);
}

#[test]
fn the_boneyard_is_exhausted_at_two_tiles_for_two_players_and_one_for_more() {
    for (players, reserve) in [(2u8, 2usize), (3, 1), (4, 1)] {
        let mut r = Rules::preset(Preset::Draw).with_players(players);
        r.first = FirstSet::Turns;
        let mut g = Game::new(r).unwrap();
        g.apply(Action::Deal(Deck::shuffled(u64::from(players))))
            .unwrap();
        // Draw whenever drawing is the only move, and lay the first fit otherwise
        while g.phase() == Phase::Playing {
            let action = g.legal_actions()[0].clone();
            if action == Action::Pass {
                assert_eq!(g.boneyard_len(), reserve, "{players} players");
            }
            g.apply(action).unwrap();
        }
        assert!(g.boneyard_len() >= reserve);
    }
}

// ---- Muggins ----

#[test]
fn muggins_scores_one_for_each_five_at_the_ends() {
    // Given the set cinque-blank: 5 at the ends
    let r = rules(Preset::Muggins, 3, FirstSet::Turns);
    let mut g = dealt(r, &[&["5-0", "5-5", "3-1"], &["0-0", "6-6", "4-4"]], &[]);
    let events = lay(&mut g, "5-0", End::Left);
    assert!(events.contains(&Event::Scored {
        player: 0,
        count: 5,
        points: 1
    }));
    // When player 2 lays the double blank on the blank: 5 + 0 (a double blank counts 0)
    lay(&mut g, "0-0", End::Right);
    assert_eq!(g.scores(), &[1, 1]);
    // And player 1 lays the double cinque on the cinque: 10 + 0, two points
    let events = lay(&mut g, "5-5", End::Left);
    assert!(events.contains(&Event::Scored {
        player: 0,
        count: 10,
        points: 2
    }));
    assert_eq!(g.scores(), &[3, 1]);
}

#[test]
fn muggins_by_the_pips_scores_the_count_itself() {
    let mut r = rules(Preset::Muggins, 3, FirstSet::Turns);
    r.muggins = MugginsScore::Pips;
    let mut g = dealt(r, &[&["6-4", "5-5", "3-1"], &["0-0", "6-6", "4-4"]], &[]);
    lay(&mut g, "6-4", End::Left);
    assert_eq!(g.scores(), &[10, 0]);
}

#[test]
fn in_teams_a_partner_scores_for_his_side_and_domino_takes_the_other_sides_pips() {
    // Given four players in teams (1 and 3 against 2 and 4), one tile each
    let mut r = rules(Preset::MugginsTeams, 1, FirstSet::Turns);
    r.target = Target::SingleHand;
    let mut g = dealt(r, &[&["6-4"], &["2-0"], &["4-1"], &["3-3"]], &[]);
    // When player 1 sets the sice-cater (10 at the ends: 2 points) and so plays out
    let events = lay(&mut g, "6-4", End::Left);
    // Then his side scores 2, and for the domino the pips of players 2 and 4 (2 + 6 = 8, one
    // for each five to the nearest five: 2), not his partner's
    assert!(events.contains(&Event::Domino { player: 0 }));
    assert!(events.contains(&Event::HandWon {
        player: 0,
        side: 0,
        points: 2
    }));
    assert_eq!(g.scores(), &[4, 0]);
}

#[test]
fn block_and_draw_score_the_pips_themselves() {
    let mut r = rules(Preset::Draw, 1, FirstSet::Turns);
    r.target = Target::SingleHand;
    let mut g = dealt(r, &[&["6-4"], &["5-3"]], &[]);
    lay(&mut g, "6-4", End::Left);
    assert_eq!(g.scores(), &[8, 0]);
    assert_eq!(g.phase(), Phase::GameOver);
}

#[test]
fn the_game_ends_when_a_side_reaches_the_target() {
    let mut r = rules(Preset::Muggins, 3, FirstSet::Turns);
    r.target = Target::Points(2);
    let mut g = dealt(r, &[&["6-4", "5-5", "3-1"], &["0-0", "6-6", "4-4"]], &[]);
    let events = lay(&mut g, "6-4", End::Left);
    assert!(events.contains(&Event::GameOver { side: Some(0) }));
    assert_eq!(g.phase(), Phase::GameOver);
    assert!(g.apply(Action::Pass).is_err());
}

// ---- over random games ----

fn arb_rules() -> impl Strategy<Value = Rules> {
    (
        prop::sample::select(Preset::ALL.to_vec()),
        2u8..=4,
        prop::sample::select(vec![
            FirstSet::Die,
            FirstSet::HighestDouble,
            FirstSet::Turns,
        ]),
        any::<bool>(),
        prop::sample::select(vec![
            Target::SingleHand,
            Target::Points(30),
            Target::Points(61),
        ]),
        0u8..3,
    )
        .prop_map(|(preset, players, first, pips, target, smaller)| {
            let mut r = Rules::preset(preset).with_players(players);
            r.first = first;
            r.target = target;
            r.hand_size = r.hand_size.saturating_sub(smaller).max(1);
            if pips {
                r.muggins = MugginsScore::Pips;
            }
            r
        })
}

/// Every tile of the set is in exactly one place: a hand, the boneyard or the line.
fn whole_set(g: &Game) -> Result<(), TestCaseError> {
    let mut seen = [0u8; 28];
    let players = usize::from(g.rules().players);
    for p in 0..players {
        for t in g.hand(p) {
            seen[t.index()] += 1;
        }
    }
    for l in g.line().laid() {
        seen[l.tile.index()] += 1;
    }
    let placed: usize = seen.iter().map(|&n| usize::from(n)).sum();
    prop_assert!(seen.iter().all(|&n| n <= 1), "a tile twice");
    prop_assert_eq!(placed + g.boneyard_len(), 28);
    Ok(())
}

/// What each player is said to lack, no tile in his hand shows; and the game rebuilt from a
/// player's view with the true hidden tiles is the game itself.
fn knowledge_is_true(g: &Game) -> Result<(), TestCaseError> {
    let players = usize::from(g.rules().players);
    let me = g.turn();
    let seen = g.seen_by(me);
    for p in 0..players {
        for &tile in g.hand(p) {
            prop_assert!(
                seen.lacks[p].may_hold(tile),
                "player {} holds {} said lacked",
                p,
                tile
            );
        }
    }
    let mut hidden: Vec<Tile> = (0..players)
        .filter(|&p| p != me)
        .flat_map(|p| g.hand(p).to_vec())
        .collect();
    let unseen = seen.unseen();
    let in_boneyard: Vec<Tile> = unseen
        .iter()
        .filter(|t| !hidden.contains(t))
        .copied()
        .collect();
    prop_assert_eq!(in_boneyard.len(), g.boneyard_len());
    // The boneyard's order is hidden too: any order rebuilds the same hands and line.
    hidden.extend(in_boneyard);
    let world = Game::from_seen(&seen, &hidden).unwrap();
    for p in 0..players {
        prop_assert_eq!(world.hand(p), g.hand(p));
    }
    prop_assert_eq!(world.line(), g.line());
    prop_assert_eq!(world.legal_actions(), g.legal_actions());
    prop_assert!(Game::from_seen(&seen, &hidden[1..]).is_err());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_games_keep_the_set_end_and_score_as_the_rules_say(
        r in arb_rules(),
        seed in any::<u64>(),
        junk in prop::collection::vec((0u8..9, 0u8..9, any::<bool>()), 8),
    ) {
        let mut g = Game::new(r).unwrap();
        let mut rng = seed;
        let mut next = move || { rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407); rng >> 33 };
        let mut steps = 0;
        while g.phase() != Phase::GameOver {
            steps += 1;
            prop_assert!(steps < 20_000, "the game does not end");
            // Nonsense is refused and changes nothing
            let before = g.clone();
            let (a, b, left) = junk[steps % junk.len()];
            if let Ok(tile) = Tile::new(a, b) {
                let lay = Action::Lay { tile, end: if left { End::Left } else { End::Right } };
                if !g.legal_actions().contains(&lay) {
                    prop_assert!(g.apply(lay).is_err());
                    prop_assert_eq!(&g, &before);
                }
            } else {
                prop_assert!(Tile::new(a, b).is_err());
            }
            let action = match g.phase() {
                Phase::ToDeal => Action::Deal(Deck::shuffled(next())),
                Phase::ToThrow => Action::Throw((0..r.players).map(|_| (next() % 6) as u8 + 1).collect()),
                _ => {
                    let legal = g.legal_actions();
                    prop_assert!(!legal.is_empty());
                    for other in [Action::Draw, Action::Pass] {
                        if !legal.contains(&other) {
                            let mut copy = g.clone();
                            prop_assert!(copy.apply(other).is_err());
                        }
                    }
                    legal[(next() as usize) % legal.len()].clone()
                }
            };
            if g.phase() == Phase::Playing {
                knowledge_is_true(&g)?;
            }
            let scores_before: u32 = g.scores().iter().sum();
            let events = g.apply(action).unwrap();
            whole_set(&g)?;
            let scored: u32 = events.iter().map(|e| match e {
                Event::Scored { points, .. } | Event::HandWon { points, .. } => *points,
                _ => 0,
            }).sum();
            prop_assert_eq!(g.scores().iter().sum::<u32>(), scores_before + scored);
            for e in &events {
                if let Event::Scored { count, points, .. } = e {
                    prop_assert_eq!(r.kind, Kind::Muggins);
                    prop_assert!(count.is_multiple_of(5));
                    prop_assert_eq!(*count, g.line().end_count());
                    let want = if r.muggins == MugginsScore::Pips { *count } else { count / 5 };
                    prop_assert_eq!(*points, want);
                }
                if let Event::HandWon { player, side, points } = e {
                    prop_assert_eq!(*side, r.side_of(*player));
                    let left: u32 = (0..usize::from(r.players))
                        .filter(|&p| r.side_of(p) != *side)
                        .map(|p| pip_count(g.hand(p)))
                        .sum();
                    prop_assert_eq!(*points, g.points_for_pips(left));
                }
            }
        }
        // The replay of the record is the same game
        let again = Game::replay(r, g.record()).unwrap();
        prop_assert_eq!(again, g);
    }
}
