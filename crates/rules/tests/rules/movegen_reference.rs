//! The legal-play generator against a plain reference (issue 13 makes the generator fast, so it
//! must stay right): at every play of random games under random options, `legal_plays` gives
//! exactly the positions that a brute-force walk over every order of the dice gives, each
//! once, and each play's steps lead to its position.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::collections::{BTreeSet, HashSet};

use common::{RandomPlayer, arb_rules};
use proptest::prelude::*;

use gamester_rules::tables::Compulsion;
use gamester_rules::tables::movegen::{Reach, play_step};
use gamester_rules::tables::{Game, MoveRules, Phase, Position, Step, legal_plays};

/// Every position reachable from `pos` by the dice `faces` in any order, one step at a time by
/// the landing rules alone, with how much of the throw it used and whether it could go on.
fn walk(
    pos: Position,
    faces: &mut Vec<u8>,
    used: Reach,
    rules: MoveRules,
    seen: &mut HashSet<(Position, Vec<u8>)>,
    out: &mut Vec<(Position, Reach, bool)>,
) {
    if !seen.insert((pos, faces.clone())) {
        return;
    }
    let mut leaf = true;
    for i in 0..faces.len() {
        let die = faces[i];
        for from in 1..=25u8 {
            if let Some((next, _)) = play_step(&pos, Step::new(from, die).unwrap(), rules) {
                leaf = false;
                let rest_die = faces.remove(i);
                let more = Reach {
                    dice: used.dice + 1,
                    pips: used.pips + u16::from(die),
                };
                walk(next, faces, more, rules, seen, out);
                faces.insert(i, rest_die);
            }
        }
    }
    out.push((pos, used, leaf));
}

/// The legal positions by the rules' words: under `compulsion = max`, those using the most
/// dice, then the most pips; under `free`, every position reached, the start included.
fn reference(pos: &Position, faces: &[u8], rules: MoveRules) -> BTreeSet<Position> {
    let mut all = Vec::new();
    walk(
        *pos,
        &mut faces.to_vec(),
        Reach::default(),
        rules,
        &mut HashSet::new(),
        &mut all,
    );
    match rules.compulsion {
        Compulsion::Free => all.iter().map(|(p, _, _)| *p).collect(),
        Compulsion::Max => {
            let best = all.iter().map(|(_, r, _)| *r).max().unwrap_or_default();
            all.iter()
                .filter(|(_, r, _)| *r == best)
                .map(|(p, _, _)| *p)
                .collect()
        }
    }
}

fn check(game: &Game) -> Result<(), TestCaseError> {
    let pos = game.position_for(game.turn());
    let moves = game.moves_left();
    let rules = MoveRules::from(game.rules());
    let plays = legal_plays(&pos, moves, rules);
    let got: BTreeSet<Position> = plays.iter().map(|p| p.position).collect();
    prop_assert_eq!(
        got.len(),
        plays.len(),
        "a position twice at {} {:?}",
        pos,
        moves
    );
    prop_assert_eq!(
        &got,
        &reference(&pos, moves.faces(), rules),
        "at {} with {:?} under {:?}",
        pos,
        moves,
        rules
    );
    for play in &plays {
        let mut at = pos;
        for step in play.steps.iter() {
            at = play_step(&at, step, rules)
                .ok_or_else(|| TestCaseError::fail(format!("{step:?} refused at {at}")))?
                .0;
        }
        prop_assert_eq!(at, play.position, "steps {:?} from {}", play.steps, pos);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn legal_plays_are_the_reference_plays_each_once(rules in arb_rules(), seed in any::<u64>()) {
        let mut game = Game::new(rules).unwrap();
        let mut player = RandomPlayer::seeded(seed);
        for _ in 0..20_000 {
            if game.is_over() {
                break;
            }
            if game.phase() == Phase::Playing {
                check(&game)?;
            }
            player.act(&mut game).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }
}

/// With every move of a throw played, the one play left is to play nothing (a caller asking
/// part-way through a play gets an answer, not a panic).
#[test]
fn no_moves_left_is_the_empty_play() {
    let rules = MoveRules::from(&gamester_rules::tables::Rules::default());
    let moves = gamester_rules::tables::Throw::two(6, 6).unwrap().moves(
        gamester_rules::tables::Dice::Two,
        gamester_rules::tables::Doublets::Single,
    );
    let none = moves.without(6).unwrap().without(6).unwrap();
    assert!(none.faces().is_empty());
    let start = Game::new(gamester_rules::tables::Rules::default()).unwrap();
    let pos = start.position();
    let plays = legal_plays(&pos, none, rules);
    assert_eq!(plays.len(), 1);
    assert!(plays[0].steps.is_empty());
    assert_eq!(plays[0].position, pos);
}
