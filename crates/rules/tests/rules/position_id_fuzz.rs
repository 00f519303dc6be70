//! Position IDs: any text decodes to a position or an error, never a panic; every position
//! reached in play encodes and decodes to itself.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;

use crate::common::RandomPlayer;
use gamester_rules::tables::{Game, Preset, Rules, Side, position_id};

proptest! {
    #![proptest_config(ProptestConfig { cases: 5000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn any_text_decodes_without_panic(text in ".{0,20}") {
        let _ = position_id::decode(&text);
    }

    #[test]
    fn any_base64_of_the_right_length_decodes_without_panic(text in "[A-Za-z0-9+/]{14}") {
        if let Ok(pos) = position_id::decode(&text) {
            prop_assert_eq!(position_id::encode(&pos), text);
        }
    }
}

#[test]
fn positions_from_random_games_round_trip() {
    for seed in 0..40 {
        let preset = Preset::ALL[seed as usize % Preset::ALL.len()];
        let mut game = Game::new(Rules::preset(preset)).unwrap();
        let mut player = RandomPlayer::seeded(seed);
        while !game.is_over() {
            player.act(&mut game).unwrap();
            for side in Side::BOTH {
                let pos = game.position_for(side);
                assert_eq!(
                    position_id::decode(&position_id::encode(&pos)).unwrap(),
                    pos
                );
            }
        }
    }
}
