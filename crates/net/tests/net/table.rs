//! The protocol with no line: parties' tables handing each other their messages directly.

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use gamester_core::ai::decide::{Decision, decide};
use gamester_core::level::Level;
use gamester_net::table::{Breach, commitment};
use gamester_net::{Board, Msg, NetAction, Table};
use gamester_rules::tables::{self, Action};

use crate::{irish, muggins_for_three};

/// Delivers every message to every other party (as the host passes them on), until quiet.
pub fn deliver(tables: &mut [Table], from: usize, msgs: Vec<Msg>, rng: &mut StdRng) {
    let mut queue: std::collections::VecDeque<(usize, Msg)> =
        msgs.into_iter().map(|m| (from, m)).collect();
    while let Some((sender, msg)) = queue.pop_front() {
        for p in 0..tables.len() {
            if p == sender {
                continue;
            }
            let out = tables[p]
                .receive(msg.clone(), rng)
                .expect("an honest message");
            queue.extend(out.into_iter().map(|m| (p, m)));
        }
    }
}

/// Plays a whole game between computer parties with no line: returns their tables.
pub fn play_out(setup: gamester_net::Setup, seed: u64) -> Vec<Table> {
    let mut rng = StdRng::seed_from_u64(seed);
    let parties = setup.parties();
    let mut tables: Vec<Table> = (0..parties)
        .map(|p| crate::sit(&setup.clone(), p).unwrap())
        .collect();
    for _ in 0..20_000 {
        if tables[0].board().is_over() {
            return tables;
        }
        let mut moved = false;
        for p in 0..parties {
            if let Some(seat) = tables[p].my_move() {
                let actions = computer(tables[p].board(), seat, seed);
                if !actions.is_empty() {
                    for a in actions {
                        let msg = tables[p].act(a).unwrap();
                        deliver(&mut tables, p, vec![msg], &mut rng);
                    }
                    moved = true;
                    break;
                }
            }
            if tables[p].may_throw() {
                let msg = tables[p].throw(&mut rng).unwrap();
                deliver(&mut tables, p, vec![msg], &mut rng);
                moved = true;
                break;
            }
        }
        assert!(moved, "nobody could move: {:?}", tables[0].board());
    }
    panic!("the game did not end");
}

pub fn computer(board: &Board, seat: usize, seed: u64) -> Vec<NetAction> {
    match board {
        Board::Tables(g) => match decide(g, Level::Novice) {
            Some(Decision::Play(play)) => play
                .steps
                .iter()
                .map(|s| NetAction::Tables(Action::Step(s)))
                .chain([NetAction::Tables(Action::Confirm)])
                .collect(),
            Some(Decision::Action(a)) => vec![NetAction::Tables(a)],
            None => Vec::new(),
        },
        Board::Tiles(g) => gamester_core::ai::tiles::decide(&g.seen_by(seat), Level::Novice, seed)
            .map(NetAction::Tiles)
            .into_iter()
            .collect(),
        Board::Pastimes(g) => pastime_move(g, Level::Novice)
            .map(NetAction::Pastimes)
            .into_iter()
            .collect(),
        // A registered family's computer says, or throws.
        Board::Open(g) => g
            .computer()
            .map(|action| NetAction::Open {
                family: g.family().name().to_string(),
                action,
            })
            .into_iter()
            .collect(),
    }
}

/// The computer's choice at a pastime, or (a use of the dice it left undecided) the first the
/// engine lists; none when it throws.
pub fn pastime_move(
    game: &gamester_rules::pastimes::Game,
    level: Level,
) -> Option<gamester_rules::pastimes::Action> {
    gamester_core::ai::pastimes::decide(game, level).or_else(|| {
        (game.phase() == gamester_rules::pastimes::Phase::ToPlay)
            .then(|| game.legal_actions().into_iter().next())
            .flatten()
    })
}

#[test]
fn a_whole_game_of_irish_and_one_of_muggins_for_three_end_the_same_on_every_side() {
    for seed in 0..3 {
        let tables = play_out(irish(), seed);
        assert!(tables[1].board().is_over());
        assert_eq!(tables[0].board().record(), tables[1].board().record());
        let tables = play_out(muggins_for_three(), seed);
        for t in &tables[1..] {
            assert_eq!(t.board().record(), tables[0].board().record());
        }
    }
}

/// Two tables of Irish after the throw-off, White to throw: (White's, Black's).
fn after_throw_off() -> (Table, Table, StdRng) {
    let mut rng = StdRng::seed_from_u64(9);
    let mut ts = vec![
        crate::sit(&irish(), 0).unwrap(),
        crate::sit(&irish(), 1).unwrap(),
    ];
    // Throw-offs until one side wins it.
    while ts[0].board().is_empty()
        || ts[0].board().wants_chance() && ts[0].board().actor().is_none()
    {
        let m = ts[0].throw(&mut rng).unwrap();
        deliver(&mut ts, 0, vec![m], &mut rng);
    }
    let b = ts.pop().unwrap();
    let a = ts.pop().unwrap();
    (a, b, rng)
}

#[test]
fn a_seed_that_does_not_match_its_commit_is_a_forged_die_and_changes_nothing() {
    let (mut white, mut black, mut rng) = after_throw_off();
    let (mover, other) = if white.my_move().is_some() || white.may_throw() {
        (&mut white, &mut black)
    } else {
        (&mut black, &mut white)
    };
    let commit = mover.throw(&mut rng).unwrap();
    let answer = other.receive(commit, &mut rng).unwrap();
    assert!(matches!(answer[0], Msg::Commit { .. }));
    // The mover answers with its seed; a forger changes it.
    let reveal = mover.receive(answer[0].clone(), &mut rng).unwrap();
    let Msg::Reveal { from, at, mut seed } = reveal[0].clone() else {
        panic!("{reveal:?}")
    };
    let before = other.board().record();
    seed.0[0] ^= 1;
    let err = other
        .receive(Msg::Reveal { from, at, seed }, &mut rng)
        .unwrap_err();
    assert!(err.0.contains("forged die"), "{err}");
    assert_eq!(other.board().record(), before);
}

#[test]
fn dice_sent_as_a_play_a_play_out_of_turn_and_an_illegal_play_are_refused() {
    let (white, black, mut rng) = after_throw_off();
    // Someone is to act now (to throw, or to double): the mover; the other is the victim of
    // each forgery, and each leaves the victim's game as it was.
    let seat = white.board().actor().expect("a side to throw");
    let (mover, mut victim) = if white.owner(seat) == Some(0) {
        (white, black)
    } else {
        (black, white)
    };
    let before = victim.board().record();
    let at = victim.board().len();
    let head = victim.head();
    let act =
        |from: usize, action: Action| crate::signed(head, from, at, NetAction::Tables(action));
    let forged = act(
        mover.me(),
        Action::Throw(tables::Throw::new(&[6, 6]).unwrap()),
    );
    let err = victim.receive(forged, &mut rng).unwrap_err();
    assert!(err.0.contains("dice"), "{err}");
    // A take with no double offered.
    let err = victim
        .receive(act(mover.me(), Action::Take), &mut rng)
        .unwrap_err();
    assert!(err.0.starts_with("an illegal play"), "{err}");
    // The victim's table hears only the others, and the mover's hears the victim play out of
    // turn.
    assert!(
        victim
            .receive(act(victim.me(), Action::Double), &mut rng)
            .is_err()
    );
    let mut mover = mover;
    let err = mover
        .receive(act(victim.me(), Action::Double), &mut rng)
        .unwrap_err();
    assert_eq!(err.0, "it played out of turn");
    // A play for a place in the record that is not the next.
    let late = crate::signed(head, mover.me(), at + 3, NetAction::Tables(Action::Double));
    assert_eq!(
        victim.receive(late, &mut rng).unwrap_err().0,
        "it spoke of a move not yet made"
    );
    // A legal double, but not signed by the mover (signed by the victim's key, or for
    // another place in the record): refused.
    let double = NetAction::Tables(Action::Double);
    let mut unsigned = crate::signed(head, victim.me(), at, double.clone());
    if let Msg::Act { from, .. } = &mut unsigned {
        *from = mover.me();
    }
    assert_eq!(
        victim.receive(unsigned, &mut rng).unwrap_err().0,
        "it sent a move its player did not sign"
    );
    let elsewhere = crate::signed(gamester_net::sign::Hash([3; 32]), mover.me(), at, double);
    assert!(victim.receive(elsewhere, &mut rng).is_err());
    assert_eq!(victim.board().record(), before);
    assert_eq!(mover.board().record(), before);
}

#[test]
fn only_the_side_to_throw_starts_a_throw_and_nobody_commits_twice() {
    let (white, black, mut rng) = after_throw_off();
    let (mut mover, mut other) = if white.may_throw() {
        (white, black)
    } else {
        (black, white)
    };
    assert!(
        !other.may_throw(),
        "the side not to throw may not start it (he could double)"
    );
    let at = other.board().len();
    let fake = crate::signed_commit(
        mover.head(),
        other.me(),
        at,
        gamester_net::sign::Hash([0; 32]),
    );
    let err = mover.receive(fake, &mut rng).unwrap_err();
    assert_eq!(err, Breach("it threw out of turn".into()));
    let c = mover.throw(&mut rng).unwrap();
    let answer = other.receive(c.clone(), &mut rng).unwrap();
    // The same commit said again (a party seated anew) is no new throw; another is refused.
    assert!(other.receive(c.clone(), &mut rng).unwrap().is_empty());
    let Msg::Commit { from, at, .. } = c else {
        panic!("{c:?}")
    };
    let again = crate::signed_commit(other.head(), from, at, gamester_net::sign::Hash([7; 32]));
    let err = other.receive(again, &mut rng).unwrap_err();
    assert!(err.0.contains("a throw is made once"), "{err}");
    assert_eq!(other.resend(), answer, "the same share, said again");
}

#[test]
fn the_dice_hang_on_every_sides_seed() {
    // The commitment binds the seed, the party and the place; the joint seed changes with any
    // one party's seed.
    use gamester_net::sign::Hash;
    let a = Hash([1u8; 32]);
    let b = Hash([2u8; 32]);
    assert_ne!(commitment(0, 5, &a), commitment(1, 5, &a));
    assert_ne!(commitment(0, 5, &a), commitment(0, 6, &a));
    let joint = gamester_net::table::joint_seed;
    assert_ne!(joint(5, &[a, b]), joint(5, &[b, b]));
    assert_ne!(joint(5, &[a, b]), joint(5, &[a, a]));
    // Over many throws with the other side's seed fixed, every face comes up.
    let board = crate::sit(&irish(), 0).unwrap();
    let mut faces = std::collections::BTreeSet::new();
    for i in 0..200u8 {
        let mut mine = Hash([0u8; 32]);
        mine.0[0] = i;
        if let Some(NetAction::Tables(Action::ThrowOff { white, .. })) =
            board.board().chance(joint(0, &[mine, b]))
        {
            faces.insert(white);
        }
    }
    assert_eq!(faces.len(), 6, "{faces:?}");
}

#[test]
fn a_record_coming_back_wins_only_if_it_extends_the_other_legally() {
    use gamester_net::record::{Forged, Proof};
    use gamester_net::table::{Pledge, TableError};
    let tables = play_out(irish(), 4);
    let full = tables[0].board().record();
    let proofs = tables[0].pledge().proofs.clone();
    assert_eq!(
        proofs,
        tables[1].pledge().proofs,
        "both sides hold the same proofs"
    );
    let setup = tables[0].setup().clone();
    // Black's table as it stood after 20 entries, and White's after all of them
    let at = |n: usize| {
        let short = gamester_net::Setup {
            record: full[..n].to_vec(),
            ..setup.clone()
        };
        let pledge = Pledge {
            round: None,
            proofs: proofs[..n].to_vec(),
        };
        (short, pledge)
    };
    let (short, pledge) = at(20);
    let black = Table::resume(short, 1, crate::key(1), pledge).unwrap();
    // The longer record, signed, chained and legal, wins; a shorter one leaves ours
    assert_eq!(
        black.merge(&full, &proofs).unwrap().unwrap().0,
        full,
        "the whole game, from White"
    );
    assert_eq!(tables[0].merge(&full[..20], &proofs[..20]).unwrap(), None);
    // A record that parts from ours is refused, and so is one with an entry changed, a
    // signature of another's, or a play not signed by its maker
    let mut parted = full.clone();
    parted[10] = NetAction::Tables(Action::Take);
    assert_eq!(
        black.merge(&parted, &proofs).unwrap_err(),
        TableError::Record(Forged::Parted)
    );
    let mut bad = full.clone();
    bad[25] = NetAction::Tables(Action::Take);
    assert!(black.merge(&bad, &proofs).is_err());
    let mut stolen = proofs.clone();
    let first_act = (20..proofs.len())
        .find(|&i| matches!(proofs[i], Proof::Act { .. }))
        .unwrap();
    if let Proof::Act { by, .. } = &mut stolen[first_act] {
        *by = 1 - *by;
    }
    let err = black.merge(&full, &stolen).unwrap_err();
    assert!(
        matches!(
            err,
            TableError::Record(Forged::Unsigned | Forged::OutOfTurn)
        ),
        "{err:?}"
    );
    assert!(err.to_string().starts_with("its record holds"), "{err}");
    // And a record without proofs beyond ours is no record at all
    assert!(black.merge(&full, &proofs[..30]).is_err());
}

#[test]
fn a_setup_that_cannot_be_played_is_refused_with_the_reason() {
    use gamester_core::players::Colour;
    let mut same = irish();
    same.colours = vec![Colour::Red, Colour::Red];
    assert!(crate::sit(&same, 1).unwrap_err().0.contains("colours"));
    let mut tiles_coloured = muggins_for_three();
    tiles_coloured.colours = vec![Colour::Red, Colour::Blue];
    assert!(crate::sit(&tiles_coloured, 1).is_err());
    let mut seatless = muggins_for_three();
    seatless.owners = vec![0, 0, 1];
    assert!(crate::sit(&seatless, 1).unwrap_err().0.contains("seat"));
    let mut stranger = irish();
    stranger.owners = vec![0, 5];
    assert!(crate::sit(&stranger, 1).is_err());
    assert!(
        crate::sit(&irish(), 2).is_err(),
        "no third party at a game for two"
    );
    let mut coloured = irish();
    coloured.colours = vec![Colour::Green, Colour::Brown];
    assert!(crate::sit(&coloured, 1).is_ok());
}

/// A modern match to 5 with the cube and the Crawford rule.
fn match_to_five(score: Option<gamester_rules::tables::Tally>) -> gamester_net::Setup {
    let mut rules = gamester_rules::tables::Rules::preset(gamester_rules::tables::Preset::Modern);
    rules.cube = true;
    rules.match_to = 5;
    let mut setup = gamester_net::Setup::new(gamester_net::GameRules::Tables(rules), "Host");
    setup.names[1] = "Friend".into();
    setup.score = score;
    setup
}

#[test]
fn a_match_game_goes_on_at_a_distance_at_its_score_and_the_score_counts_the_game() {
    use gamester_rules::tables::{Crawford, Tally};
    // Given the Crawford game of a match to 5, the host at 4 and the friend at 2, offered
    let score = Tally {
        white: 4,
        black: 2,
        games: 3,
        draws: 0,
        crawford: Crawford::ThisGame,
    };
    let setup = match_to_five(Some(score));
    // When it is sent over the line and played out by both sides
    let text = ron::to_string(&setup).unwrap();
    let sent: gamester_net::Setup = ron::from_str(&text).unwrap();
    assert_eq!(sent.score, Some(score));
    let tables = play_out(sent, 11);
    // Then both sides played the Crawford game (no cube) from that score, and count it alike
    for t in &tables {
        let Board::Tables(game) = t.board() else {
            panic!("tables")
        };
        assert_eq!(game.tally_before(), score);
        assert!(game.is_crawford_game());
        assert!(
            !game
                .record()
                .contains(&gamester_rules::tables::Action::Double)
        );
        assert_eq!(game.tally().games, 4);
    }
    // And a setup without a score (an older host's) begins at 0-0
    let Board::Tables(fresh) = crate::sit(&match_to_five(None), 1).unwrap().board().clone() else {
        panic!("tables")
    };
    assert_eq!(fresh.tally_before(), Tally::default());
}

#[test]
fn a_score_no_match_could_stand_at_is_refused_with_the_reason() {
    use gamester_rules::tables::{Crawford, Tally};
    let tally = |white, black, crawford| Tally {
        white,
        black,
        games: 1,
        draws: 0,
        crawford,
    };
    // A match already won, the Crawford game with nobody one point away, a Crawford game
    // skipped, and a score for a game at the tiles
    for (score, why) in [
        (tally(5, 1, Crawford::Played), "won"),
        (tally(2, 1, Crawford::ThisGame), "Crawford"),
        (tally(4, 1, Crawford::Ahead), "Crawford"),
    ] {
        let refused = crate::sit(&match_to_five(Some(score)), 1).unwrap_err().0;
        assert!(refused.contains(why), "{score:?}: {refused}");
        assert!(refused.contains("score"), "{refused}");
    }
    let mut tiles = muggins_for_three();
    tiles.score = Some(tally(1, 0, Crawford::Ahead));
    assert!(crate::sit(&tiles, 1).unwrap_err().0.contains("score"));
    // The same scores after a Crawford game played are a match that may go on
    assert!(crate::sit(&match_to_five(Some(tally(4, 1, Crawford::Played))), 1).is_ok());
}

#[test]
fn a_resignation_goes_over_the_line_and_a_forged_one_is_refused() {
    let (white, black, mut rng) = after_throw_off();
    let seat = white.board().actor().expect("a side to throw");
    let (mut mover, mut other) = if white.owner(seat) == Some(0) {
        (white, black)
    } else {
        (black, white)
    };
    let before = other.board().record();
    let at = other.board().len();
    let head = other.head();
    let act = |from: usize, at: usize, action: Action| {
        crate::signed(head, from, at, NetAction::Tables(action))
    };
    // A resignation offered by the side not to act, one for more than the rules know, and an
    // acceptance with nothing offered: each refused, and the game as it was
    assert_eq!(
        mover
            .receive(act(other.me(), at, Action::Resign(1)), &mut rng)
            .unwrap_err()
            .0,
        "it played out of turn"
    );
    for forged in [Action::Resign(9), Action::AcceptResignation] {
        let err = other
            .receive(act(mover.me(), at, forged), &mut rng)
            .unwrap_err();
        assert!(err.0.starts_with("an illegal play"), "{forged:?}: {err}");
    }
    assert_eq!(other.board().record(), before);
    // The side to act offers to yield a single game; the other accepts; both end it alike
    let offer = mover.act(NetAction::Tables(Action::Resign(1))).unwrap();
    assert!(other.receive(offer, &mut rng).unwrap().is_empty());
    let answer = other
        .act(NetAction::Tables(Action::AcceptResignation))
        .unwrap();
    mover.receive(answer, &mut rng).unwrap();
    for t in [&mover, &other] {
        let Board::Tables(game) = t.board() else {
            panic!("tables")
        };
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.reason, tables::EndReason::Resigned);
        assert_eq!(outcome.winner.map(tables::Side::index), Some(1 - seat));
    }
}

/// A new game of Tick-tack between two parties.
fn tick_tack() -> gamester_net::Setup {
    let mut setup = irish();
    setup.rules = gamester_net::GameRules::Tables(tables::Rules::preset(tables::Preset::TickTack));
    setup
}

#[test]
fn tick_tack_is_played_at_a_distance_and_a_false_claim_changes_nothing() {
    // Given whole games of Tick-tack between computer parties, Then they end alike on both
    // sides, by a score
    for seed in 0..3 {
        let tables = play_out(tick_tack(), seed);
        assert_eq!(tables[0].board().record(), tables[1].board().record());
        let Board::Tables(g) = tables[1].board() else {
            panic!("a game at tables");
        };
        assert!(g.outcome().is_some());
    }
    // Given a new game after the throw-off, the first thrower to act
    let mut rng = StdRng::seed_from_u64(4);
    let mut ts = vec![
        crate::sit(&tick_tack(), 0).unwrap(),
        crate::sit(&tick_tack(), 1).unwrap(),
    ];
    while ts[0].board().is_empty()
        || ts[0].board().wants_chance() && ts[0].board().actor().is_none()
    {
        let m = ts[0].throw(&mut rng).unwrap();
        deliver(&mut ts, 0, vec![m], &mut rng);
    }
    let seat = ts[0].board().actor().expect("a side to throw");
    let (mover, victim) = if ts[0].owner(seat) == Some(0) {
        (0, 1)
    } else {
        (1, 0)
    };
    let before = ts[victim].board().record();
    // When the mover's program claims a why-not no play gave
    let forged = crate::signed(
        ts[victim].head(),
        ts[mover].me(),
        ts[victim].board().len(),
        NetAction::Tables(Action::Claim(tables::Claim::WhyNot)),
    );
    // Then the other side refuses it, and its game is as it was
    let err = ts[victim].receive(forged, &mut rng).unwrap_err();
    assert!(err.0.starts_with("an illegal play"), "{err}");
    assert_eq!(ts[victim].board().record(), before);
}
