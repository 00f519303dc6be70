//! Cotton's pastimes at a distance: whole games of Doublets, Ketch-Dolt and Sice-Ace (two to
//! five parties) end alike on every side, with no line and over a real one; every throw is
//! made by all the parties' commits and seeds, and a comeback takes the game up where it stood.

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use gamester_net::party::Return;
use gamester_net::seat::End;
use gamester_net::{Board, Msg, NetAction, Table};
use gamester_rules::pastimes::{Action, Phase, Preset};

use crate::line::{host, join, over};
use crate::pastime;
use crate::table::{deliver, play_out};

/// Every action of a finished record, and how many were chance's.
fn throws(record: &[NetAction]) -> usize {
    record.iter().filter(|a| a.is_chance()).count()
}

#[test]
fn whole_games_of_each_pastime_end_alike_on_every_side_with_no_line() {
    for (preset, seats) in [
        (Preset::Doublets, 2),
        (Preset::KetchDolt, 2),
        (Preset::SiceAce, 2),
        (Preset::SiceAce, 3),
        (Preset::SiceAce, 4),
        (Preset::SiceAce, 5),
    ] {
        for seed in 0..3 {
            // Given a game of the pastime, each seat a party playing the computer
            let tables = play_out(pastime(preset, seats), seed);
            // Then it is over on every side, with one record, each throw made together
            let record = tables[0].board().record();
            let Board::Pastimes(game) = tables[0].board() else {
                panic!("a pastime")
            };
            assert_eq!(game.phase(), Phase::GameOver, "{preset:?} for {seats}");
            assert!(game.result().is_some());
            assert!(throws(&record) > 1);
            for t in &tables[1..] {
                assert_eq!(t.board().record(), record, "{preset:?} for {seats}");
            }
        }
    }
}

#[test]
fn a_throw_at_sice_ace_for_five_waits_on_every_partys_seed() {
    // Given Sice-Ace for five, the host starting the throw-off
    let mut rng = StdRng::seed_from_u64(4);
    let setup = pastime(Preset::SiceAce, 5);
    let mut tables: Vec<Table> = (0..5)
        .map(|p| crate::sit(&setup.clone(), p).unwrap())
        .collect();
    let commit = tables[0].throw(&mut rng).unwrap();
    // When four of the five have committed, and the fifth has heard nothing
    deliver(&mut tables[..4], 0, vec![commit], &mut rng);
    // Then nobody has shown a seed, nor is anything thrown: the throw waits on the fifth
    assert_eq!(tables[0].awaited(), vec![4]);
    for t in &tables {
        assert!(t.board().is_empty());
    }
    // And once the fifth has the others' commits and gives its own, the dice are thrown alike
    // everywhere: one die for each of the five
    let shares: Vec<Msg> = tables[..4].iter_mut().flat_map(Table::resend).collect();
    let mut answer = Vec::new();
    for share in shares {
        answer.extend(tables[4].receive(share, &mut rng).unwrap());
    }
    deliver(&mut tables, 4, answer, &mut rng);
    let record = tables[0].board().record();
    assert_eq!(record.len(), 1);
    assert!(matches!(
        &record[0],
        NetAction::Pastimes(Action::Throw { dice }) if dice.len() == 5
    ));
    for t in &tables {
        assert_eq!(t.board().record(), record);
    }
}

#[test]
fn doublets_and_ketch_dolt_are_played_to_their_end_over_the_line() {
    for preset in [Preset::Doublets, Preset::KetchDolt] {
        let (invitation, host) = host(pastime(preset, 2));
        let friend = over(join(&invitation, "Robin", 2, None, None));
        let host = over(host.join().unwrap());
        assert!(host.board().is_over(), "{preset:?}");
        assert_eq!(host.board().record(), friend.board().record());
        assert_eq!(host.setup().names[1], "Robin");
    }
}

#[test]
fn sice_ace_for_three_is_played_to_its_end_over_the_line() {
    let (invitation, host) = host(pastime(Preset::SiceAce, 3));
    let kate = {
        let invitation = invitation.clone();
        std::thread::spawn(move || join(&invitation, "Kate", 3, None, None))
    };
    let robin = over(join(&invitation, "Robin", 2, None, None));
    let kate = over(kate.join().unwrap());
    let host = over(host.join().unwrap());
    assert!(host.board().is_over());
    assert_eq!(host.board().record(), robin.board().record());
    assert_eq!(host.board().record(), kate.board().record());
    let mut parties = [robin.me(), kate.me()];
    parties.sort_unstable();
    assert_eq!(parties, [1, 2]);
}

#[test]
fn a_pastime_cut_mid_game_is_taken_up_from_the_record_and_ends_alike() {
    // Given Doublets whose friend's line drops after 2 throws (no game of it ends so soon:
    // a side lays fifteen men down and then bears them, thirty moves of men, and a throw moves
    // twelve at most, two sixes counted by their pips; at 12 throws, as this test once cut it,
    // the doublets of one game in many had ended it already)
    let (invitation, host) = host(pastime(Preset::Doublets, 2));
    let cut = match join(&invitation, "Robin", 2, None, Some(2)) {
        (Ok(End::Cut(t)), _) => t,
        other => panic!("{other:?}"),
    };
    let record = cut.board().record();
    assert!(record.len() >= 2);
    // When the friend comes back with its record and its pledge
    let back = Return::of(&cut);
    let friend = over(join(&invitation, "Robin", 5, Some(back), None));
    // Then the game goes on from where it stood, and ends alike on both sides
    let (end, notes) = host.join().unwrap();
    let host = over((end, notes.clone()));
    assert_eq!(host.board().record(), friend.board().record());
    assert!(host.board().record().starts_with(&record));
    assert!(notes.iter().any(|n| n.contains("dropped")), "{notes:?}");
}
