#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashMap;

use super::*;
use crate::tables::movegen::legal_plays;
use crate::tables::{Compulsion, Dice, Doublets, MoveRules, Position, Throw};

/// The throws of two dice, doublets played `doublets`, as a database takes them.
fn dice(doublets: Doublets) -> DiceSpec {
    DiceSpec {
        throws: Throw::all(2)
            .into_iter()
            .map(|(t, ways)| {
                (
                    t.moves(Dice::Two, doublets).faces().to_vec(),
                    f64::from(ways) / 36.0,
                )
            })
            .collect(),
        double_hand: false,
    }
}

fn modern() -> DiceSpec {
    dice(Doublets::Double)
}

/// The position of these men of the mover, the adversary's all borne off.
fn position(h: &Home) -> Position {
    let mut pips = [0i8; 26];
    for i in 0..6 {
        pips[i + 1] = h[i] as i8;
    }
    Position::from_pips(pips).unwrap()
}

fn home_of(pos: &Position) -> Home {
    let mut h = [0u8; 6];
    for i in 0..6 {
        h[i] = pos.at(i + 1).max(0) as u8;
    }
    h
}

#[test]
fn the_index_is_perfect() {
    let u = Universe::new(15);
    assert_eq!(u.len(), 54_264);
    for (i, h) in u.homes.iter().enumerate() {
        assert_eq!(u.index(h), i, "{h:?}");
    }
    assert_eq!(Universe::new(6).len(), 924);
}

#[test]
fn the_plays_are_the_engines_own() {
    let u = Universe::new(4);
    let mut ours = Vec::new();
    for bear_off in [BearOff::Modern, BearOff::OverEdge, BearOff::Exact] {
        for free in [false, true] {
            for doublets in [Doublets::Double, Doublets::Single] {
                let rules = MoveRules {
                    bear_off,
                    compulsion: if free {
                        Compulsion::Free
                    } else {
                        Compulsion::Max
                    },
                    no_hitting: false,
                };
                for h in &u.homes {
                    for (t, _) in Throw::all(2) {
                        let moves = t.moves(Dice::Two, doublets);
                        plays(h, moves.faces(), rule(bear_off, free), &mut ours);
                        let mut theirs: Vec<Home> = legal_plays(&position(h), moves, rules)
                            .iter()
                            .map(|p| home_of(&p.position))
                            .collect();
                        theirs.sort_unstable();
                        theirs.dedup();
                        assert_eq!(ours, theirs, "{h:?} {t} {bear_off:?} free {free}");
                    }
                }
            }
        }
    }
}

/// The least expected turns to bear off, by recursion over the engine's own plays.
fn brute_mean(pos: &Position, memo: &mut HashMap<Position, f64>) -> f64 {
    if pos.borne_off_all() {
        return 0.0;
    }
    if let Some(&m) = memo.get(pos) {
        return m;
    }
    let rules = MoveRules {
        bear_off: BearOff::Modern,
        compulsion: Compulsion::Max,
        no_hitting: false,
    };
    let mut m = 1.0;
    for (t, ways) in Throw::all(2) {
        let best = legal_plays(pos, t.moves(Dice::Two, Doublets::Double), rules)
            .iter()
            .map(|p| brute_mean(&p.position, memo))
            .fold(f64::INFINITY, f64::min);
        m += f64::from(ways) / 36.0 * best;
    }
    memo.insert(*pos, m);
    m
}

#[test]
fn the_one_sided_database_expects_what_a_plain_recursion_does() {
    let db = OneSided::build(&modern(), rule(BearOff::Modern, false));
    let mut memo = HashMap::new();
    for h in &Universe::new(3).homes {
        let want = brute_mean(&position(h), &mut memo);
        let d = db.off(h);
        let by_dist: f64 = d
            .iter()
            .zip(0..)
            .map(|(p, n)| f64::from(*p) * f64::from(n))
            .sum();
        assert!((f64::from(db.mean(h)) - want).abs() < 1e-5, "{h:?}");
        assert!((by_dist - want).abs() < 1e-4, "{h:?} {by_dist} {want}");
        assert!((d.iter().sum::<f32>() - 1.0).abs() < 1e-5);
    }
    // One man on the ace point: always one turn.
    assert_eq!(db.off(&[1, 0, 0, 0, 0, 0])[1], 1.0);
    // Two men on the six point go in one turn only with 6-6, 5-5, 4-4 or 3-3.
    let two = db.off(&[0, 0, 0, 0, 0, 2]);
    assert!((two[1] - 4.0 / 36.0).abs() < 1e-6, "{two:?}");
    // Fifteen men on the six point: the first is off in one turn with any 6 (11 throws), or
    // with six pips on one man, each landing open: 5-1, 4-2, 3-3 and 2-2 (6 more).
    let all_six = [0, 0, 0, 0, 0, 15];
    let first = db.first(&all_six).unwrap();
    assert!((first[1] - 17.0 / 36.0).abs() < 1e-6, "{first:?}");
    assert!(db.first(&[1, 0, 0, 0, 0, 0]).is_none());
}

#[test]
fn exact_bearing_off_waits_for_the_exact_die() {
    let db = OneSided::build(&modern(), rule(BearOff::Exact, false));
    // A lone man on the ace point needs a 1: 11 throws in 36 have one.
    let m = db.mean(&[1, 0, 0, 0, 0, 0]);
    assert!((m - 36.0 / 11.0).abs() < 1e-4, "{m}");
}

#[test]
fn the_two_sided_database_is_exact_and_near_the_one_sided_one() {
    let spec = modern();
    let r = rule(BearOff::Modern, false);
    let two = TwoSided::build(&spec, r, 3);
    let one = OneSided::build(&spec, r);
    // A man on the six point against a man on the ace point wins only now: with every throw
    // of at least six pips (all but 1-1, 2-1, 3-1, 4-1, 3-2).
    let w = two.win(&[0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0]).unwrap();
    assert!((w - 27.0 / 36.0).abs() < 1e-6, "{w}");
    assert_eq!(two.win(&[1, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 3]), Some(1.0));
    let (mut worst, mut sum, mut n) = (0.0f32, 0.0f32, 0);
    for a in &two.universe.homes {
        for b in &two.universe.homes {
            if men(a) == 0 || men(b) == 0 {
                continue;
            }
            let exact = two.win(a, b).unwrap();
            let conv = first_finishes(one.off(a), one.off(b));
            assert!((0.0..=1.0).contains(&exact));
            worst = worst.max((exact - conv).abs());
            sum += (exact - conv).abs();
            n += 1;
        }
    }
    let mean = sum / n as f32;
    assert!(mean < 0.01 && worst < 0.05, "mean {mean} worst {worst}");
}

#[test]
fn the_cube_values_are_gnu_backgammons() {
    // GNU Backgammon 1.07's values of its own two-sided database for stakes (`cfevaluate`,
    // the cube in the middle, the roller's own, its adversary's, after the best cube action),
    // the roller's men first, each from the ace point up.
    let two = TwoSided::build(&modern(), rule(BearOff::Modern, false), TWO_SIDED_MEN);
    for (me, you, want) in [
        (
            [2, 1, 0, 1, 0, 1],
            [2, 4, 0, 0, 0, 0],
            [0.99382, 0.99382, 0.49691],
        ),
        (
            [0, 2, 0, 0, 1, 1],
            [2, 1, 0, 1, 0, 0],
            [-0.5682, -0.265644, -0.60412],
        ),
        (
            [0, 0, 0, 3, 0, 2],
            [1, 1, 1, 1, 1, 1],
            [0.198016, 0.292531, 0.033494],
        ),
        ([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1], [1.0, 1.0, 1.0]),
    ] {
        let got = two.cube(&me, &you).unwrap();
        for i in 0..3 {
            assert!(
                (got[i] - want[i]).abs() < 1e-4,
                "{me:?} {you:?}: {got:?}, gnubg {want:?}"
            );
        }
    }
}

#[test]
fn the_cube_values_are_ordered_and_exact_at_the_last_throw() {
    for r in [rule(BearOff::Modern, false), rule(BearOff::Exact, false)] {
        let two = TwoSided::build(&modern(), r, 3);
        let mut seen = 0;
        for a in &two.universe.homes {
            for b in &two.universe.homes {
                if men(a) == 0 || men(b) == 0 {
                    continue;
                }
                let [centred, mine, theirs] = two.cube(a, b).unwrap();
                let dead = 2.0 * two.win(a, b).unwrap() - 1.0;
                // Owning the cube is worth at least having it in the middle, and that at least
                // the adversary's owning it; the cube one owns is worth at least none, the
                // adversary's at most none.
                let e = 1e-5;
                assert!((-1.0 - e..=1.0 + e).contains(&centred), "{a:?} {b:?}");
                assert!(mine + e >= centred && centred + e >= theirs, "{a:?} {b:?}");
                assert!(mine + e >= dead && theirs <= dead + e, "{a:?} {b:?}");
                seen += 1;
            }
        }
        assert!(seen > 6000, "{seen}");
    }
    // The adversary bears off for sure at his turn: the roller has this throw only, worth
    // 2p − 1 with the adversary's cube; he doubles from p = 1/2 and the adversary passes from
    // 3/4 (a man on the six point: 27 throws in 36, a take and a pass alike).
    let two = TwoSided::build(&modern(), rule(BearOff::Modern, false), 3);
    let ace = [1, 0, 0, 0, 0, 0];
    for me in [[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 2], [0, 0, 1, 1, 0, 0]] {
        let p = two.win(&me, &ace).unwrap();
        let [centred, mine, theirs] = two.cube(&me, &ace).unwrap();
        let dead = 2.0 * p - 1.0;
        let doubled = if p >= 0.5 {
            (2.0 * dead).min(1.0)
        } else {
            dead
        };
        assert!((theirs - dead).abs() < 1e-5, "{me:?}: {theirs} {dead}");
        assert!(
            (centred - doubled).abs() < 1e-5 && (mine - doubled).abs() < 1e-5,
            "{me:?}"
        );
    }
}

#[test]
fn sides_that_must_stand_still_are_solved_together() {
    // Exact bearing off, a lone man on each ace point: each side needs a 1 (p = 11/36), and
    // the side on roll wins x = p + (1 − p)(1 − x), so x = 1 / (2 − p) = 36/61.
    let two = TwoSided::build(&modern(), rule(BearOff::Exact, false), 2);
    let ace = [1, 0, 0, 0, 0, 0];
    let w = two.win(&ace, &ace).unwrap();
    assert!((f64::from(w) - 36.0 / 61.0).abs() < 1e-6, "{w}");
}

#[test]
fn double_hand_plays_the_better_of_two_throws_in_the_databases_too() {
    let mut spec = modern();
    spec.double_hand = true;
    let one = OneSided::build(&spec, rule(BearOff::Modern, false));
    // A man on the six point goes with 27 throws in 36; with the better of two, unless both
    // miss.
    let p = one.off(&[0, 0, 0, 0, 0, 1])[1];
    assert!(
        (f64::from(p) - (1.0 - (9.0f64 / 36.0).powi(2))).abs() < 1e-6,
        "{p}"
    );
}

#[test]
fn double_hand_weights_give_the_better_of_two_throws() {
    let chances = [0.5, 0.25, 0.25];
    let w = weights(&[3.0, 1.0, 2.0], &chances, true, true);
    // The best throw (3.0) is chosen unless neither throw shows it: 1 − 0.25.
    assert!((w[0] - 0.75).abs() < 1e-12);
    assert!((w.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    assert!((w[1] - 0.0625).abs() < 1e-12, "{w:?}");
}

/// Not a check: how long each database takes to make, and its size (run with `--ignored
/// --nocapture`; docs/computer.md quotes it).
#[test]
#[ignore = "a measurement"]
fn measure_the_databases() {
    for (name, spec, r) in [
        ("modern", modern(), rule(BearOff::Modern, false)),
        (
            "over the edge, doublets once",
            dice(Doublets::Single),
            rule(BearOff::OverEdge, false),
        ),
        ("exact", modern(), rule(BearOff::Exact, false)),
    ] {
        let t = std::time::Instant::now();
        let one = OneSided::build(&spec, r);
        let t1 = t.elapsed();
        let t = std::time::Instant::now();
        let two = TwoSided::build(&spec, r, TWO_SIDED_MEN);
        let t2 = t.elapsed();
        println!(
            "{name}: one-sided {:.2} s, {} bytes; two-sided ({} men) {:.2} s, {} bytes",
            t1.as_secs_f64(),
            one.bytes(),
            TWO_SIDED_MEN,
            t2.as_secs_f64(),
            two.bytes()
        );
    }
}

fn modern_key() -> Key {
    Key::new(
        rule(BearOff::Modern, false),
        Throw::all(2)
            .into_iter()
            .map(|(t, ways)| (t.moves(Dice::Two, Doublets::Double), ways as f32 / 36.0)),
        false,
    )
}

/// Every number of both databases, to compare a database read from disk with one made.
fn numbers(d: &Databases) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
    (
        d.one_sided().parts().to_vec(),
        d.two_sided().parts().to_vec(),
    )
}

#[test]
fn a_database_kept_on_disk_reads_back_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let key = modern_key();
    let made = Databases::new(key.clone(), Some(dir.path().to_path_buf()));
    let want = numbers(&made);
    for kind in ["one-sided", "two-sided"] {
        assert!(disk::path(dir.path(), kind, &key).is_file(), "{kind} kept");
    }
    let read = Databases::new(key.clone(), Some(dir.path().to_path_buf()));
    assert_eq!(numbers(&read), want);
    let a = [1, 0, 0, 2, 1, 3];
    let b = [0, 2, 0, 0, 0, 1];
    assert_eq!(read.race(&a, &b, true), made.race(&a, &b, true));
}

#[test]
fn a_damaged_or_foreign_file_is_not_used_and_is_made_again() {
    let dir = tempfile::tempdir().unwrap();
    let key = modern_key();
    let want = numbers(&Databases::new(key.clone(), None));
    let one = disk::path(dir.path(), "one-sided", &key);
    let two = disk::path(dir.path(), "two-sided", &key);
    let kept = |d: &Databases| {
        let got = numbers(d);
        assert_eq!(got, want);
    };
    // Made once, then each file spoilt in a different way: each is made again, the same.
    kept(&Databases::new(key.clone(), Some(dir.path().to_path_buf())));
    let good_one = std::fs::read(&one).unwrap();
    let good_two = std::fs::read(&two).unwrap();
    let mut flipped = good_one.clone();
    let last = flipped.len() - 3;
    flipped[last] ^= 0x40;
    let spoilt: Vec<(&str, Vec<u8>, Vec<u8>)> = vec![
        ("a byte changed", flipped, good_two.clone()),
        (
            "cut short",
            good_one[..good_one.len() / 2].to_vec(),
            good_two[..9].to_vec(),
        ),
        ("empty", Vec::new(), Vec::new()),
        // Each file under the other's name: a key or kind not its own.
        ("swapped", good_two.clone(), good_one.clone()),
    ];
    for (how, a, b) in spoilt {
        std::fs::write(&one, &a).unwrap();
        std::fs::write(&two, &b).unwrap();
        assert!(disk::load(dir.path(), "one-sided", &key).is_none(), "{how}");
        kept(&Databases::new(key.clone(), Some(dir.path().to_path_buf())));
        assert_eq!(
            std::fs::read(&one).unwrap(),
            good_one,
            "{how}: written anew"
        );
        assert_eq!(
            std::fs::read(&two).unwrap(),
            good_two,
            "{how}: written anew"
        );
    }
    // A whole file of the right key whose numbers are not chances is refused too.
    let mut parts = Databases::new(key.clone(), None)
        .two_sided()
        .parts()
        .to_vec();
    parts[0][7] = f32::NAN.to_bits();
    disk::store(dir.path(), "two-sided", &key, &[&parts[0], &parts[1]]);
    assert!(disk::load(dir.path(), "two-sided", &key).is_some());
    assert!(TwoSided::from_parts(parts.clone(), TWO_SIDED_MEN).is_none());
    parts[0][7] = 1.5f32.to_bits();
    assert!(TwoSided::from_parts(parts.clone(), TWO_SIDED_MEN).is_none());
    parts[0][7] = 0.5f32.to_bits();
    assert!(TwoSided::from_parts(parts.clone(), TWO_SIDED_MEN).is_some());
    // A file of an earlier shape (the chances alone), or cube values out of bounds, is made
    // again.
    assert!(TwoSided::from_parts(parts[..1].to_vec(), TWO_SIDED_MEN).is_none());
    parts[1][5] = (-0.5f32).to_bits();
    assert!(TwoSided::from_parts(parts.clone(), TWO_SIDED_MEN).is_none());
    // Another key's file is never read for this one.
    let other = Key {
        double_hand: true,
        ..key.clone()
    };
    assert_ne!(
        disk::path(dir.path(), "one-sided", &other),
        one,
        "each key has its own file"
    );
    std::fs::copy(&one, disk::path(dir.path(), "one-sided", &other)).unwrap();
    assert!(disk::load(dir.path(), "one-sided", &other).is_none());
}

#[test]
fn a_folder_that_cannot_be_written_still_gives_the_databases() {
    let dir = tempfile::tempdir().unwrap();
    // A file where the folder should be: nothing can be kept, and nothing fails.
    let blocked = dir.path().join("not a folder");
    std::fs::write(&blocked, b"x").unwrap();
    let key = modern_key();
    let d = Databases::new(key.clone(), Some(blocked.join("bear-off")));
    assert_eq!(numbers(&d), numbers(&Databases::new(key, None)));
}

#[test]
fn the_folder_keeps_this_versions_databases_used_last_and_nothing_spoilt() {
    use std::time::{Duration, SystemTime};
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name);
    let aged = |file: &std::path::Path, secs: u64| {
        let f = std::fs::File::options().append(true).open(file).unwrap();
        f.set_modified(SystemTime::now() - Duration::from_secs(secs))
            .unwrap();
    };
    // A database kept first, in a folder empty till then.
    let key = modern_key();
    let read = disk::path(dir.path(), "one-sided", &key);
    disk::store(dir.path(), "one-sided", &key, &[&[1, 2, 3]]);
    // More databases of this version than are kept, the first used longest ago.
    let file = |version: &str| {
        let head = format!("{version} one-sided Key {{ … }}");
        let mut bytes = b"GAMESTER BEAR-OFF DATABASE\n".to_vec();
        bytes.extend_from_slice(&(head.len() as u32).to_le_bytes());
        bytes.extend_from_slice(head.as_bytes());
        bytes.extend_from_slice(&[0; 40]);
        bytes
    };
    let names: Vec<String> = (0..disk::MOST_KEPT + 3)
        .map(|i| format!("two-sided-{i:016x}.bin"))
        .collect();
    for (i, name) in names.iter().enumerate() {
        std::fs::write(at(name), file(env!("CARGO_PKG_VERSION"))).unwrap();
        aged(&at(name), 1000 - i as u64);
    }
    std::fs::write(at("one-sided-00000000000000aa.bin"), file("0.0.1")).unwrap();
    std::fs::write(at("one-sided-00000000000000bb.bin"), b"GAMESTER BEAR").unwrap();
    std::fs::write(at("notes.txt"), b"mine").unwrap();
    std::fs::write(at("one-sided-mine.bin"), b"mine too").unwrap();
    std::fs::write(at(".one-sided-7-1.part"), b"left").unwrap();
    aged(&at(".one-sided-7-1.part"), 7200);
    std::fs::write(at(".one-sided-8-1.part"), b"being written").unwrap();
    // The first database, older than all, is read now: used last, it stays.
    aged(&read, 5000);
    assert!(disk::load(dir.path(), "one-sided", &key).is_some());
    // Another database written: the folder is tidied.
    let other = Key {
        double_hand: true,
        ..key.clone()
    };
    disk::store(dir.path(), "two-sided", &other, &[&[4, 5]]);
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    let has = |name: &str| left.iter().any(|l| l == name);
    assert!(
        !has("one-sided-00000000000000aa.bin"),
        "another version's goes"
    );
    assert!(!has("one-sided-00000000000000bb.bin"), "a damaged one goes");
    assert!(!has(".one-sided-7-1.part"), "a part left long ago goes");
    for mine in ["notes.txt", "one-sided-mine.bin", ".one-sided-8-1.part"] {
        assert!(has(mine), "{mine} is not the databases' to remove");
    }
    assert!(read.is_file(), "the database read last is kept");
    assert!(disk::path(dir.path(), "two-sided", &other).is_file());
    assert!(disk::load(dir.path(), "two-sided", &other).is_some());
    // Of the others, the newest: those used longest ago went.
    let gone = names.len() - (disk::MOST_KEPT - 2);
    for name in &names[..gone] {
        assert!(!has(name), "{name}, used longest ago, goes");
    }
    for name in &names[gone..] {
        assert!(has(name), "{name} stays");
    }
}
