//! The modern preset against GNU Backgammon's recorded answers (tests/data, see its README):
//! for every recorded position and throw, exactly gnubg's set of resulting positions.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;

use gamester_rules::tables::{
    MoveRules, Position, Preset, Rules, Side, Throw, legal_plays, position_id,
};

fn modern_plays(pos: &Position, d1: u8, d2: u8) -> BTreeSet<String> {
    let rules = Rules::preset(Preset::Modern);
    let moves = Throw::two(d1, d2)
        .unwrap()
        .moves(rules.dice, rules.doublets);
    let plays = legal_plays(pos, moves, MoveRules::from(&rules));
    plays
        .iter()
        .filter(|p| !p.steps.is_empty())
        .map(|p| position_id::encode(&p.position))
        .collect()
}

#[test]
fn every_recorded_position_has_exactly_gnubgs_plays() {
    let data = include_str!("../../../../tests/data/modern_plays.txt");
    let (mut checked, mut on_bar, mut bearing_off, mut none) = (0, 0, 0, 0);
    for line in data.lines().filter(|l| l.starts_with("F ")) {
        // Given a recorded position and throw
        let t: Vec<&str> = line.split_whitespace().collect();
        let pos = position_id::decode(t[1]).unwrap();
        let (d1, d2) = t[2].split_once('-').unwrap();
        let count: usize = t[3].parse().unwrap();
        let expected: BTreeSet<String> = t[4..].iter().map(|s| s.to_string()).collect();
        assert_eq!(
            expected.len(),
            count,
            "fixture line is inconsistent: {line}"
        );
        // When the engine lists the legal plays
        let got = modern_plays(&pos, d1.parse().unwrap(), d2.parse().unwrap());
        // Then they are gnubg's, no more and no fewer
        assert_eq!(got, expected, "position {} throw {}", t[1], t[2]);
        checked += 1;
        on_bar += usize::from(pos.bar() > 0);
        bearing_off += usize::from(pos.all_home());
        none += usize::from(count == 0);
    }
    assert!(checked >= 2021, "only {checked} recorded positions");
    assert!(
        on_bar >= 100 && bearing_off >= 100 && none >= 30,
        "bar {on_bar}, bearing off {bearing_off}, none {none}"
    );
}

#[test]
fn the_opening_counts_of_rules_md_hold() {
    // Given the starting position, When each of the 21 throws is played, Then the counts are RULES.md's
    let counts = [
        42, 15, 75, 16, 17, 73, 14, 18, 17, 52, 8, 8, 9, 9, 4, 10, 14, 14, 14, 7, 11,
    ];
    let mut i = 0;
    for hi in 1..=6u8 {
        for lo in 1..=hi {
            assert_eq!(
                modern_plays(&Position::default(), hi, lo).len(),
                counts[i],
                "{hi}-{lo}"
            );
            i += 1;
        }
    }
}

#[test]
fn position_ids_match_gnubg_both_ways() {
    let data = include_str!("../../../../tests/data/position_ids.txt");
    let mut n = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let t: Vec<&str> = line.split_whitespace().collect();
        let b: Vec<i8> = t[..26].iter().map(|x| x.parse().unwrap()).collect();
        let mut pips = [0i8; 26];
        pips[25] = b[0];
        pips[1..25].copy_from_slice(&b[1..25]);
        pips[0] = -b[25];
        let pos = Position::from_pips(pips).unwrap();
        assert_eq!(position_id::encode(&pos), t[26], "{line}");
        assert_eq!(position_id::decode(t[26]).unwrap(), pos, "{line}");
        n += 1;
    }
    assert!(n >= 300);
}

#[test]
fn match_ids_match_gnubg_both_ways() {
    use gamester_rules::tables::match_id::{self, GameState, MatchKey};
    let data = include_str!("../../../../tests/data/match_ids.txt");
    let mut n = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let num = |i: usize| -> i64 { f[i].parse().unwrap() };
        let cube = num(0);
        let key = MatchKey {
            cube_log2: cube.trailing_zeros() as u8,
            cube_owner: (num(1) >= 0).then(|| num(1) as u8),
            on_roll: num(2) as u8,
            length: num(3) as u16,
            score: [num(4) as u16, num(5) as u16],
            crawford: num(6) == 1,
            turn: num(7) as u8,
            resigned: num(8) as u8,
            doubled: num(9) == 1,
            state: [GameState::NoGame, GameState::Playing, GameState::Over][num(10) as usize],
            // GNU Backgammon writes the higher die first, whatever order it was given
            dice: [num(11).max(num(12)) as u8, num(11).min(num(12)) as u8],
            // GNU Backgammon's money sessions play the Jacoby rule unless told not to
            jacoby: num(3) == 0,
        };
        assert_eq!(match_id::encode(&key), f[13], "{line}");
        assert_eq!(match_id::decode(f[13]).unwrap(), key, "{line}");
        n += 1;
    }
    assert_eq!(n, 60);
}

#[test]
fn xgids_match_gnubg_both_ways() {
    use gamester_rules::tables::xgid::{self, XgDice};
    use gamester_rules::tables::{match_id, position_id};
    let data = include_str!("../../../../tests/data/xgids.txt");
    let mut n = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (pos, key, text) = (f[0], match_id::decode(f[1]).unwrap(), f[2]);
        let id = xgid::decode(text).unwrap();
        // The same men, seen from the side on roll (gnubg's player 1 is X, White)
        let on_roll = if key.on_roll == 1 {
            Side::White
        } else {
            Side::Black
        };
        assert_eq!(id.on_roll, on_roll, "{line}");
        assert_eq!(position_id::encode(&id.from_on_roll()), pos, "{line}");
        // The cube, the score and the dice the Match ID gives
        assert_eq!(id.cube_log2, key.cube_log2, "{line}");
        assert_eq!(
            id.cube_owner,
            key.cube_owner
                .map(|p| if p == 1 { Side::White } else { Side::Black }),
            "{line}"
        );
        assert_eq!(id.length, key.length, "{line}");
        assert_eq!(
            id.score,
            [u32::from(key.score[1]), u32::from(key.score[0])],
            "{line}"
        );
        let dice = if key.doubled {
            XgDice::Doubled
        } else if key.dice[0] == 0 {
            XgDice::ToThrow
        } else {
            XgDice::Thrown(key.dice)
        };
        assert_eq!(id.dice, dice, "{line}");
        assert_eq!(
            id.rule_bits & 1 == 1 && key.length > 0,
            key.crawford,
            "{line}"
        );
        // Written back, the same text
        assert_eq!(xgid::encode(&id), text, "{line}");
        n += 1;
    }
    assert_eq!(n, 26);
}

#[test]
fn an_xgid_that_is_not_one_is_refused_in_words() {
    use gamester_rules::tables::xgid;
    let good = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10";
    assert!(xgid::decode(good).is_ok());
    for (bad, says) in [
        (
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0",
            "10 fields",
        ),
        (
            "XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10",
            "26 characters",
        ),
        ("XGID=-b----E-C---eE---c-e----Z-:0:0:1:00:0:0:0:0:10", "`Z`"),
        ("XGID=-b----E-C---eE---c-e----C-:0:0:1:00:0:0:0:0:10", "16"),
        (
            "XGID=-b----E-C---eE---c-e----B-:0:2:1:00:0:0:0:0:10",
            "field 3",
        ),
        (
            "XGID=-b----E-C---eE---c-e----B-:0:0:0:00:0:0:0:0:10",
            "field 4",
        ),
        (
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:71:0:0:0:0:10",
            "field 5",
        ),
        (
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:5:0:0:5:10",
            "field 6",
        ),
        (
            "XGID=-b----E-C---eE---c-e----B-:99:0:1:00:0:0:0:0:10",
            "field 2",
        ),
    ] {
        let e = xgid::decode(bad).unwrap_err().to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}
