//! Fair play against a modified program holding the right invitation (issue 42): it may not
//! choose, forge or throw again the dice. Each attack is played here against an honest table
//! with no line; `line.rs` plays them over real endpoints.

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use gamester_core::ai::decide::{Decision, decide};
use gamester_core::level::Level;
use gamester_net::record::{Commit, Forged, Proof, act_statement, commit_statement, commitment};
use gamester_net::sign::Hash;
use gamester_net::table::{Pledge, TableError};
use gamester_net::{Board, Msg, NetAction, Setup, Table};
use gamester_rules::tables::{Action, Throw};

use crate::table::{computer, deliver};
use crate::{irish, key, seated, sit};

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

/// Proofs for a made-up record, every one signed by `by`'s key alone: its own plays as its
/// own, the others' plays and every commit in their names.
fn signed_alone(setup: &Setup, record: &[NetAction], by: usize) -> Vec<Proof> {
    let mut board = setup.board().unwrap();
    let mut head = setup.root();
    let mut proofs = Vec::new();
    for (at, action) in record.iter().enumerate() {
        let proof = if action.is_chance() {
            let seeds: Vec<Hash> = (0..2).map(|p| Hash([p as u8 + 9; 32])).collect();
            let commits = (0..2)
                .map(|p| {
                    let hash = commitment(p, at, &seeds[p]);
                    let sig = key(by).sign(&commit_statement(&head, p, &hash));
                    Commit { hash, sig }
                })
                .collect();
            Proof::Throw { commits, seeds }
        } else {
            let party = board.actor().unwrap();
            let sig = key(by).sign(&act_statement(&head, party, action));
            Proof::Act { by: party, sig }
        };
        head = gamester_net::record::link(&head, action, &proof);
        board.apply(action).unwrap();
        proofs.push(proof);
    }
    proofs
}

#[test]
fn a_made_up_game_is_refused_on_either_side_and_nothing_changes() {
    let forgery = forged(&[], 300);
    assert!(forgery.len() > 200, "{}", forgery.len());
    let setup = seated(&irish());
    // A joiner's record that makes up a whole game, signed with its own key only: the host
    // signed none of its commits.
    let host = sit(&irish(), 0).unwrap();
    let proofs = signed_alone(&setup, &forgery, 1);
    let err = host.merge(&forgery, &proofs).unwrap_err();
    assert_eq!(err, TableError::Record(Forged::UnsignedCommit));
    assert_eq!(
        err.to_string(),
        "its record holds dice or a deal whose shares its players did not all sign"
    );
    // A host stretching a real game with its own 6-6s: the joiner refuses it.
    let real = crate::table::play_out(irish(), 7);
    let joiner = {
        let t = &real[1];
        let setup = Setup {
            record: t.board().record()[..61].to_vec(),
            ..t.setup().clone()
        };
        let pledge = Pledge {
            round: None,
            proofs: t.pledge().proofs[..61].to_vec(),
        };
        Table::resume(setup, 1, key(1), pledge).unwrap()
    };
    let stretched = forged(&real[0].board().record()[..61], 291);
    let mut proofs = real[0].pledge().proofs[..61].to_vec();
    proofs.extend(signed_alone(&setup, &stretched, 0).split_off(61));
    assert!(joiner.merge(&stretched, &proofs).is_err());
    assert_eq!(joiner.board().len(), 61, "nothing changed");
}

/// Mallory's program started afresh from the record as the host has it, at the same place,
/// with no share of a throw kept: what a restart or a new line could make of it.
fn fresh(host: &Table) -> Table {
    let pledge = Pledge {
        round: None,
        proofs: host.pledge().proofs.clone(),
    };
    Table::resume(host.setup_now(), 1, key(1), pledge).unwrap()
}

/// Plays on, honestly, until `mallory` (party 1) may start a throw; returns the host's table,
/// Mallory's and the rng.
fn until_mallory_throws(seed: u64) -> (Table, Table, StdRng) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut ts = vec![sit(&irish(), 0).unwrap(), sit(&irish(), 1).unwrap()];
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
    // Mallory's program started afresh at this place (its record checked once: a copy of it
    // for each try).
    let restarted = fresh(&host);
    for attempt in 0..200 {
        // A new commit at the same place: from the program as it was before it threw (a
        // re-sent Accept or Start), or from a fresh one (a dropped line, a restart).
        let mut again = if attempt % 2 == 0 {
            mallory.clone()
        } else {
            restarted.clone()
        };
        let commit = again.throw(&mut rng).unwrap();
        let err = host.receive(commit, &mut rng).unwrap_err();
        assert!(err.0.contains("a throw is made once"), "{err}");
        // A new start on the host's side says the same commit and seed again.
        assert_eq!(host.resend(), answer);
    }
    // The host restarts from what it kept: the same throw waits on the same seed.
    let mut host = Table::resume(host.setup_now(), 0, key(0), host.pledge().clone()).unwrap();
    assert_eq!(host.resend(), answer);
    let err = host
        .receive(fresh(&host).throw(&mut rng).unwrap(), &mut rng)
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
    let mut host = sit(&irish(), 0).unwrap();
    let mut mallory = sit(&irish(), 1).unwrap();
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
    // Eight whole games give Mallory well over a hundred throws of its own, each tried again
    // by every trick until it saw 6-6 (a restart from the record replays the whole game, so
    // each game costs as its length squared).
    for seed in 0..8 {
        let (s, t) = attacked_game(seed);
        sixes += s;
        throws += t;
    }
    eprintln!("Mallory's throws: {throws}, of them 6-6: {sixes}");
    assert!(throws > 250, "{throws}");
    // Dice give 6-6 once in 36; a side choosing its throws would have them every time.
    assert!(sixes * 12 < throws, "{sixes} of {throws}");
}

/// A whole game of Irish in which Mallory (Black), at each throw it takes part in, tries to
/// throw again until it sees 6-6: every attempt is refused, and every throw is the first it
/// saw. Returns Mallory's own throws that were 6-6, and its own throws.
fn attacked_game(seed: u64) -> (usize, usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut host = sit(&irish(), 0).unwrap();
    let mut mallory = sit(&irish(), 1).unwrap();
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
            let restarted = fresh(&host);
            for attempt in 0..40 {
                let mut again = if attempt % 2 == 0 {
                    before.clone()
                } else {
                    restarted.clone()
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
    let at_crash = host.clone();
    let place = host.board().len();
    for m in answer {
        joiner.receive(m, &mut rng).unwrap();
    }
    // The joiner plays on after the throw.
    let seat = joiner.my_move().expect("the joiner plays its throw");
    for a in computer(joiner.board(), seat, 21) {
        joiner.act(a).unwrap();
    }
    let record = joiner.board().record();
    let proofs = joiner.pledge().proofs.clone();
    assert!(record.len() > place + 1);
    // The host, started again, checks every entry by its signatures and takes the record.
    let (merged, merged_proofs) = at_crash.merge(&record, &proofs).unwrap().unwrap();
    assert_eq!(merged, record);
    let back = Setup {
        record: merged,
        ..at_crash.setup().clone()
    };
    let pledge = Pledge {
        round: at_crash.pledge().round.clone(),
        proofs: merged_proofs,
    };
    let host = Table::resume(back, 0, key(0), pledge).unwrap();
    assert!(!host.throwing(), "the throw is made: nothing waits");
    // Its seeds changed, its throw changed, or a play for the host's seat: each refused.
    let start = at_crash.setup().start;
    let mut bad = proofs.clone();
    if let Proof::Throw { seeds, .. } = &mut bad[place - start] {
        seeds[1].0[0] ^= 1;
    }
    let err = at_crash.merge(&record, &bad).unwrap_err();
    assert_eq!(err, TableError::Record(Forged::Unkept));
    let mut swapped = record.clone();
    swapped[place] = six_six();
    let err = at_crash.merge(&swapped, &proofs).unwrap_err();
    assert!(
        matches!(
            err,
            TableError::Record(Forged::OtherChance | Forged::Parted)
        ),
        "{err:?}"
    );
    let mut other_seat = proofs.clone();
    if let Some(Proof::Act { by, .. }) = other_seat.last_mut() {
        *by = 0;
    }
    assert!(at_crash.merge(&record, &other_seat).is_err());
}

/// A throw Mallory (Black, party 1) has seen and would throw away: the host's table holding
/// Mallory's signed commit and its own seed shown, and Mallory's holding the host's seed.
fn seen_and_dropped(seed: u64) -> (Table, Table, usize) {
    let (mut host, mut mallory, mut rng) = honest_until(4, seed);
    let place = host.board().len();
    let c = mallory.throw(&mut rng).unwrap();
    let answer = host.receive(c, &mut rng).unwrap();
    // Mallory sees the dice (the host's seed is in the answer), and drops the line.
    let _ = seen(&mallory, &answer, &mut rng);
    for m in &answer[..1] {
        mallory.receive(m.clone(), &mut rng).unwrap();
    }
    assert!(host.bound() && mallory.bound());
    (host, mallory, place)
}

#[test]
fn a_throw_seen_cannot_be_thrown_away_by_a_decision_on_the_line_or_in_a_comeback() {
    // Whatever the decision (the rules are asked only after: a double is refused so even in a
    // game without the cube), the throw begun stands.
    let (mut host, _mallory, place) = seen_and_dropped(31);
    let before = host.board().record();
    // Mallory, having seen its dice, says a decision of its own at the throw's place instead:
    // a resignation (or, where the cube is used, a double), signed by it.
    let head = host.head();
    for decision in [Action::Resign(1), Action::Double] {
        let live = crate::signed(head, 1, place, NetAction::Tables(decision));
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        let err = host.receive(live, &mut rng).unwrap_err();
        assert_eq!(err.0, "it played while the dice were being thrown");
        // The same in a comeback: its record with the decision at that place, signed.
        let mut record = before.clone();
        record.push(NetAction::Tables(decision));
        let mut proofs = host.pledge().proofs.clone();
        let sig = key(1).sign(&act_statement(&head, 1, &record[place]));
        proofs.push(Proof::Act { by: 1, sig });
        let err = host.merge(&record, &proofs).unwrap_err();
        assert_eq!(err, TableError::Record(Forged::ThrowAway));
        assert_eq!(
            err.to_string(),
            "its record holds a move where a throw had begun, and a throw once begun must be made"
        );
    }
    // And after a restart from what the host kept, the same.
    let host = Table::resume(host.setup_now(), 0, key(0), host.pledge().clone()).unwrap();
    assert!(host.bound(), "the throw begun is kept through a restart");
    let mut record = before.clone();
    record.push(NetAction::Tables(Action::Resign(1)));
    let mut proofs = host.pledge().proofs.clone();
    let sig = key(1).sign(&act_statement(&host.head(), 1, &record[place]));
    proofs.push(Proof::Act { by: 1, sig });
    assert!(host.merge(&record, &proofs).is_err());
    assert_eq!(host.board().record(), before);
}

#[test]
fn a_host_that_saw_the_dice_cannot_throw_them_away_against_a_joiner_either() {
    // The host starts a throw of its own; the joiner answers with its commit and, all commits
    // in, its seed: the host has seen the dice.
    let (mut host, mut joiner, mut rng) = honest_until(4, 41);
    // Play on until the host is to throw.
    for _ in 0..400 {
        if host.may_throw() && !host.board().is_empty() && host.board().actor().is_some() {
            break;
        }
        let hosts = host
            .my_move()
            .map(|seat| computer(host.board(), seat, 41))
            .unwrap_or_default();
        let joiners = joiner
            .my_move()
            .map(|seat| computer(joiner.board(), seat, 41))
            .unwrap_or_default();
        if !hosts.is_empty() {
            for a in hosts {
                let m = host.act(a).unwrap();
                joiner.receive(m, &mut rng).unwrap();
            }
        } else if !joiners.is_empty() {
            for a in joiners {
                let m = joiner.act(a).unwrap();
                host.receive(m, &mut rng).unwrap();
            }
        } else {
            let (from, m) = if host.may_throw() {
                (0, host.throw(&mut rng).unwrap())
            } else {
                (1, joiner.throw(&mut rng).unwrap())
            };
            let mut ts = vec![host, joiner];
            deliver(&mut ts, from, vec![m], &mut rng);
            joiner = ts.pop().unwrap();
            host = ts.pop().unwrap();
        }
    }
    assert!(host.may_throw());
    let place = joiner.board().len();
    let before = joiner.board().record();
    let c = host.throw(&mut rng).unwrap();
    let answer = joiner.receive(c, &mut rng).unwrap();
    assert!(matches!(
        answer[..],
        [Msg::Commit { .. }, Msg::Reveal { .. }]
    ));
    // The host drops the line and comes back with a resignation at that place: refused.
    let mut record = before.clone();
    record.push(NetAction::Tables(Action::Resign(1)));
    let mut proofs = joiner.pledge().proofs.clone();
    let sig = key(0).sign(&act_statement(&joiner.head(), 0, &record[place]));
    proofs.push(Proof::Act { by: 0, sig });
    let err = joiner.merge(&record, &proofs).unwrap_err();
    assert_eq!(err, TableError::Record(Forged::ThrowAway));
    // Nor can it make another throw there with a new commit of its own.
    let mut other = host.clone();
    let fresh_host = {
        let pledge = Pledge {
            round: None,
            proofs: other.pledge().proofs.clone(),
        };
        Table::resume(other.setup_now(), 0, key(0), pledge).unwrap()
    };
    other = fresh_host;
    let c = other.throw(&mut rng).unwrap();
    let err = joiner.receive(c, &mut rng).unwrap_err();
    assert!(err.0.contains("a throw is made once"), "{err}");
    assert_eq!(joiner.board().record(), before);
}
