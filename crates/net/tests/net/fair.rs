//! Fair play against a modified program holding the right invitation (issue 42): it may not
//! choose, forge or throw again the dice. Each attack is played here against an honest table
//! with no line; `line.rs` plays them over real endpoints.

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use gamester_core::ai::decide::{Decision, decide};
use gamester_core::level::Level;
use gamester_net::table::{Pledge, Theirs, merge};
use gamester_net::wire::Made;
use gamester_net::{Board, Msg, NetAction, Table};
use gamester_rules::tables::{Action, Throw};

use crate::irish;
use crate::table::{computer, deliver};

fn six_six() -> NetAction {
    NetAction::Tables(Action::Throw(Throw::new(&[6, 6]).unwrap()))
}

/// A game made up by one side from `from` on: every throw 6-6 (Black winning the throw-off),
/// the plays the computer's.
pub fn forged(from: &[NetAction], n: usize) -> Vec<NetAction> {
    let mut setup = irish();
    setup.record = from.to_vec();
    let mut board = setup.board().unwrap();
    while board.len() < n && !board.is_over() {
        let Board::Tables(g) = &board else {
            unreachable!()
        };
        let action = if board.wants_chance() {
            if g.record().is_empty() {
                NetAction::Tables(Action::ThrowOff { white: 1, black: 6 })
            } else {
                six_six()
            }
        } else {
            match decide(g, Level::Novice).unwrap() {
                Decision::Play(p) => p
                    .steps
                    .iter()
                    .next()
                    .map_or(NetAction::Tables(Action::Confirm), |s| {
                        NetAction::Tables(Action::Step(s))
                    }),
                Decision::Action(a) => NetAction::Tables(a),
            }
        };
        board.apply(&action).unwrap();
    }
    board.record()
}

fn theirs<'a>(party: usize, record: &'a [NetAction], last: Option<&'a Made>) -> Theirs<'a> {
    Theirs {
        party,
        record,
        last,
    }
}

#[test]
fn a_made_up_game_is_refused_on_either_side_and_nothing_changes() {
    let forgery = forged(&[], 300);
    assert!(forgery.len() > 200, "{}", forgery.len());
    // A joiner's first greeting "coming back" with it: the host took no part in its throws.
    let err = merge(&irish(), 0, &Pledge::default(), &theirs(1, &forgery, None))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("action 1 is a throw this side never took part in"),
        "{err}"
    );
    // A host stretching a real game with its own 6-6s: the joiner refuses it.
    let real = crate::table::play_out(irish(), 7)[0].board().record();
    let mut save = irish();
    save.record = real[..61].to_vec();
    let stretched = forged(&real[..61], 291);
    let err = merge(&save, 1, &Pledge::default(), &theirs(0, &stretched, None))
        .unwrap_err()
        .to_string();
    assert!(err.contains("never took part in"), "{err}");
    // Showing made-up seeds for the throw does not help.
    let made = Made {
        at: 61,
        seeds: vec![[1; 32], [2; 32]],
    };
    assert!(
        merge(
            &save,
            1,
            &Pledge::default(),
            &theirs(0, &stretched, Some(&made))
        )
        .is_err()
    );
}

/// Plays on, honestly, until `mallory` (party 1) may start a throw; returns the host's table,
/// Mallory's and the rng.
fn until_mallory_throws(seed: u64) -> (Table, Table, StdRng) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut ts = vec![
        Table::new(irish(), 0).unwrap(),
        Table::new(irish(), 1).unwrap(),
    ];
    loop {
        if ts[1].may_throw() && !ts[1].board().is_empty() {
            break;
        }
        let p = if ts[0].may_throw() || ts[0].my_move().is_some() {
            0
        } else {
            1
        };
        let actions = ts[p]
            .my_move()
            .map(|seat| computer(ts[p].board(), seat, seed))
            .unwrap_or_default();
        if actions.is_empty() {
            let m = ts[p].throw(&mut rng).unwrap();
            deliver(&mut ts, p, vec![m], &mut rng);
        }
        for a in actions {
            let m = ts[p].act(a).unwrap();
            deliver(&mut ts, p, vec![m], &mut rng);
        }
    }
    let mallory = ts.pop().unwrap();
    (ts.pop().unwrap(), mallory, rng)
}

/// The throw Mallory would see: its table given the host's answer, the seed it keeps back.
fn seen(mallory: &Table, answer: &[Msg], rng: &mut StdRng) -> (NetAction, Msg) {
    let mut peek = mallory.clone();
    let mut held = Vec::new();
    for m in answer {
        held.extend(peek.receive(m.clone(), rng).unwrap());
    }
    let reveal = held
        .into_iter()
        .find(|m| matches!(m, Msg::Reveal { .. }))
        .unwrap();
    (peek.board().record().last().cloned().unwrap(), reveal)
}

#[test]
fn having_seen_the_dice_a_side_cannot_throw_again_by_a_new_start_a_restart_or_a_new_line() {
    let (mut host, mallory, mut rng) = until_mallory_throws(3);
    let before = host.board().record();
    let mut first = mallory.clone();
    let commit = first.throw(&mut rng).unwrap();
    let answer = host.receive(commit.clone(), &mut rng).unwrap();
    // The host answers with its commit and its seed: Mallory sees the dice, and keeps back its
    // own seed.
    let (dice, reveal) = seen(&first, &answer, &mut rng);
    assert!(host.bound(), "every commit is in: the throw is fixed");
    assert_eq!(host.awaited(), vec![1], "the host waits on Mallory's seed");
    for attempt in 0..200 {
        // A new commit at the same place: from the program as it was before it threw (a
        // re-sent Accept or Start), or from a fresh one (a dropped line, a restart).
        let mut again = if attempt % 2 == 0 {
            mallory.clone()
        } else {
            Table::new(host.setup_now(), 1).unwrap()
        };
        let commit = again.throw(&mut rng).unwrap();
        let err = host.receive(commit, &mut rng).unwrap_err();
        assert!(err.0.contains("a throw is made once"), "{err}");
        // A new start on the host's side says the same commit and seed again.
        assert_eq!(host.resend(), answer);
    }
    // The host restarts from what it kept: the same throw waits on the same seed.
    let mut host = Table::resume(host.setup_now(), 0, host.pledge().clone()).unwrap();
    assert_eq!(host.resend(), answer);
    let err = host
        .receive(
            Table::new(host.setup_now(), 1)
                .unwrap()
                .throw(&mut rng)
                .unwrap(),
            &mut rng,
        )
        .unwrap_err();
    assert!(err.0.contains("made once"), "{err}");
    // Mallory's commit said again is no new throw; its seed makes the dice it saw first.
    assert!(host.receive(commit, &mut rng).unwrap().is_empty());
    host.receive(reveal, &mut rng).unwrap();
    assert_eq!(host.board().record()[..before.len()], before[..]);
    assert_eq!(host.board().record().last(), Some(&dice));
    assert_eq!(host.board().len(), before.len() + 1);
}

#[test]
fn the_side_answering_a_throw_cannot_throw_again_either() {
    // The host starts the throw-off; Mallory answers, sees the dice once the host reveals, and
    // tries a second answer.
    let mut rng = StdRng::seed_from_u64(11);
    let mut host = Table::new(irish(), 0).unwrap();
    let mut mallory = Table::new(irish(), 1).unwrap();
    let c = host.throw(&mut rng).unwrap();
    let fresh = mallory.clone();
    let answer = mallory.receive(c, &mut rng).unwrap();
    let (commit, reveal) = (answer[0].clone(), answer[1].clone());
    let host_reveal = host.receive(commit, &mut rng).unwrap();
    assert!(matches!(host_reveal[..], [Msg::Reveal { .. }]));
    let mut peek = mallory.clone();
    peek.receive(host_reveal[0].clone(), &mut rng).unwrap();
    let dice = peek.board().record()[0].clone();
    for _ in 0..50 {
        let mut again = fresh.clone();
        let Some(c) = again.throw(&mut rng) else {
            panic!("the throw-off is anyone's to start")
        };
        assert!(host.receive(c, &mut rng).is_err());
    }
    host.receive(reveal, &mut rng).unwrap();
    assert_eq!(host.board().record(), vec![dice]);
}

#[test]
fn a_side_that_stalls_after_the_reveal_is_named_and_gets_nothing() {
    let (mut host, mut mallory, mut rng) = until_mallory_throws(5);
    let commit = mallory.throw(&mut rng).unwrap();
    let answer = host.receive(commit, &mut rng).unwrap();
    let _ = seen(&mallory, &answer, &mut rng);
    // Mallory never shows its seed: the host's table waits on it, and on nobody else; it may
    // not play on, nor throw.
    assert_eq!(host.awaited(), vec![1]);
    assert!(host.my_move().is_none());
    assert!(!host.may_throw());
    assert!(host.throw(&mut rng).is_none());
}

#[test]
fn over_whole_games_a_side_that_tries_every_throw_again_gets_sixes_as_dice_give_them() {
    let mut sixes = 0;
    let mut throws = 0;
    for seed in 0..12 {
        let (s, t) = attacked_game(seed);
        sixes += s;
        throws += t;
    }
    eprintln!("Mallory's throws: {throws}, of them 6-6: {sixes}");
    assert!(throws > 150, "{throws}");
    // Dice give 6-6 once in 36; a side choosing its throws would have them every time.
    assert!(sixes * 12 < throws, "{sixes} of {throws}");
}

/// A whole game of Irish in which Mallory (Black), at each throw it takes part in, tries to
/// throw again until it sees 6-6: every attempt is refused, and every throw is the first it
/// saw. Returns Mallory's own throws that were 6-6, and its own throws.
fn attacked_game(seed: u64) -> (usize, usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut host = Table::new(irish(), 0).unwrap();
    let mut mallory = Table::new(irish(), 1).unwrap();
    let (mut sixes, mut throws) = (0, 0);
    for _ in 0..5000 {
        if host.board().is_over() {
            assert_eq!(host.board().record(), mallory.board().record());
            return (sixes, throws);
        }
        let actor = host.board().actor();
        let actions = host
            .my_move()
            .map(|seat| computer(host.board(), seat, seed))
            .unwrap_or_default();
        if !actions.is_empty() {
            for a in actions {
                let m = host.act(a).unwrap();
                mallory.receive(m, &mut rng).unwrap();
            }
            continue;
        }
        let actions = mallory
            .my_move()
            .map(|seat| computer(mallory.board(), seat, seed))
            .unwrap_or_default();
        if !actions.is_empty() {
            for a in actions {
                let m = mallory.act(a).unwrap();
                host.receive(m, &mut rng).unwrap();
            }
            continue;
        }
        let before = mallory.clone();
        // Whoever starts, Mallory ends holding every seed but its own shown, its seed kept back.
        let (answer, reveal) = if mallory.may_throw() {
            let c = mallory.throw(&mut rng).unwrap();
            let answer = host.receive(c, &mut rng).unwrap();
            let mut held = Vec::new();
            for m in &answer[..1] {
                held.extend(mallory.receive(m.clone(), &mut rng).unwrap());
            }
            (answer[1..].to_vec(), held)
        } else {
            let c = host.throw(&mut rng).unwrap();
            let out = mallory.receive(c, &mut rng).unwrap();
            let host_reveal = host.receive(out[0].clone(), &mut rng).unwrap();
            (host_reveal, out[1..].to_vec())
        };
        let mut peek = mallory.clone();
        for m in &answer {
            peek.receive(m.clone(), &mut rng).unwrap();
        }
        let dice = peek.board().record().last().cloned().unwrap();
        let liked = |d: &NetAction| match d {
            NetAction::Tables(Action::Throw(t)) => t.faces() == [6, 6],
            NetAction::Tables(Action::ThrowOff { white, black }) => black > white,
            _ => false,
        };
        if !liked(&dice) {
            for attempt in 0..40 {
                let mut again = if attempt % 2 == 0 {
                    before.clone()
                } else {
                    Table::new(host.setup_now(), 1).unwrap()
                };
                if let Some(c) = again.throw(&mut rng) {
                    assert!(host.receive(c, &mut rng).is_err(), "a second throw taken");
                }
            }
        }
        for m in reveal {
            host.receive(m, &mut rng).unwrap();
        }
        for m in answer {
            mallory.receive(m, &mut rng).unwrap();
        }
        assert_eq!(host.board().record().last(), Some(&dice));
        if actor.is_some_and(|s| host.owner(s) == Some(1)) {
            throws += 1;
            sixes += usize::from(
                matches!(&dice, NetAction::Tables(Action::Throw(t)) if t.faces() == [6, 6]),
            );
        }
    }
    panic!("the game did not end");
}

/// Plays on until chance is due with Black (party 1) to throw, after at least `n` actions.
fn honest_until(n: usize, seed: u64) -> (Table, Table, StdRng) {
    let (host, joiner, rng) = until_mallory_throws(seed);
    if host.board().len() >= n {
        return (host, joiner, rng);
    }
    honest_until(n, seed + 100)
}

#[test]
fn a_comeback_is_believed_where_it_can_be_checked_and_only_there() {
    let (mut host, mut joiner, mut rng) = honest_until(4, 21);
    // The joiner throws; the host answers and crashes before it hears the joiner's seed. It
    // kept its pledge before answering.
    let c = joiner.throw(&mut rng).unwrap();
    let answer = host.receive(c, &mut rng).unwrap();
    let (kept, at_crash) = (host.pledge().clone(), host.setup_now());
    for m in answer {
        joiner.receive(m, &mut rng).unwrap();
    }
    // The joiner plays on after the throw.
    let seat = joiner.my_move().expect("the joiner plays its throw");
    for a in computer(joiner.board(), seat, 21) {
        joiner.act(a).unwrap();
    }
    let record = joiner.board().record();
    let last = joiner.pledge().last.clone();
    assert!(record.len() > at_crash.record.len() + 1);
    // The host, started again, checks the throw by its pledge and takes the joiner's record.
    let (merged, made) = merge(&at_crash, 0, &kept, &theirs(1, &record, last.as_ref())).unwrap();
    assert_eq!(merged, record);
    let mut back = at_crash.clone();
    back.record = merged;
    let pledge = Pledge {
        last: made,
        ..kept.clone()
    };
    let host = Table::resume(back, 0, pledge).unwrap();
    assert!(!host.throwing(), "the throw is made: nothing waits");
    // Without the host's pledge the same record cannot be checked.
    let err = merge(
        &at_crash,
        0,
        &Pledge::default(),
        &theirs(1, &record, last.as_ref()),
    );
    assert!(err.unwrap_err().to_string().contains("never took part"));
    // Its seeds changed, its throw changed, or a play for the host's seat: each refused.
    let mut bad = last.clone().unwrap();
    bad.seeds[1][0] ^= 1;
    let err = merge(&at_crash, 0, &kept, &theirs(1, &record, Some(&bad)))
        .unwrap_err()
        .to_string();
    assert!(err.contains("never committed"), "{err}");
    let mut swapped = record.clone();
    swapped[at_crash.record.len()] = six_six();
    let err = merge(&at_crash, 0, &kept, &theirs(1, &swapped, last.as_ref()))
        .unwrap_err()
        .to_string();
    assert!(err.contains("not the throw both sides made"), "{err}");
    // The same record, as if it came from another party than the one whose seat moves.
    let err = merge(&at_crash, 0, &kept, &theirs(2, &record, last.as_ref()))
        .unwrap_err()
        .to_string();
    assert!(err.contains("not its own"), "{err}");
}
