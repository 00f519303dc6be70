//! A family the network crate does not know, registered by its program (`gamester_net::open`),
//! played with no line between the parties' tables: fair dice and signed entries as for any
//! other, and whatever a peer sends that the family's rules or the table refuse, refused.

use rand::SeedableRng as _;
use rand::rngs::StdRng;

use gamester_core::Family;
use gamester_net::open::{OpenBoard, OpenGame, register};
use gamester_net::{GameRules, NetAction, Setup};

use crate::table::play_out;

const FAMILY: Family = Family::new("tens, for the network's line tests");

/// Two seats throw one die in turn; the first past nine wins. Every action is a throw.
struct Tens;

#[derive(Clone, Debug)]
struct TensBoard(Vec<u8>);

static TENS: Tens = Tens;

impl OpenGame for Tens {
    fn family(&self) -> Family {
        FAMILY
    }
    fn seats(&self, rules: &str) -> Result<usize, String> {
        (rules == "tens").then_some(2).ok_or("no such game".into())
    }
    fn board(&self, rules: &str) -> Result<Box<dyn OpenBoard>, String> {
        self.seats(rules)
            .map(|_| Box::new(TensBoard(Vec::new())) as Box<dyn OpenBoard>)
    }
    fn is_chance(&self, action: &str) -> bool {
        matches!(action.parse::<u8>(), Ok(1..=6))
    }
}

impl TensBoard {
    fn count(&self, seat: usize) -> u32 {
        self.0
            .iter()
            .skip(seat)
            .step_by(2)
            .map(|&d| u32::from(d))
            .sum()
    }
}

impl OpenBoard for TensBoard {
    fn family(&self) -> Family {
        FAMILY
    }
    fn clone_box(&self) -> Box<dyn OpenBoard> {
        Box::new(self.clone())
    }
    fn record(&self) -> Vec<String> {
        self.0.iter().map(u8::to_string).collect()
    }
    fn is_over(&self) -> bool {
        self.count(0) > 9 || self.count(1) > 9
    }
    fn wants_chance(&self) -> bool {
        !self.is_over()
    }
    fn actor(&self) -> Option<usize> {
        (!self.is_over()).then_some(self.0.len() % 2)
    }
    fn chance(&self, rng: &mut StdRng) -> Option<String> {
        self.wants_chance()
            .then(|| rand::Rng::random_range(rng, 1..=6u8).to_string())
    }
    fn apply(&mut self, action: &str) -> Result<(), String> {
        match action.parse::<u8>() {
            Ok(d @ 1..=6) if !self.is_over() => {
                self.0.push(d);
                Ok(())
            }
            _ => Err(format!("{action:?} is no throw here")),
        }
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

fn tens() -> Setup {
    register(&TENS);
    let mut setup = Setup::new(
        GameRules::Open {
            family: FAMILY.name().into(),
            rules: "tens".into(),
        },
        "Host",
    );
    setup.names[1] = "Friend".into();
    setup
}

#[test]
fn a_registered_family_is_played_to_its_end_alike_on_both_sides_every_throw_made_together() {
    let tables = play_out(tens(), 7);
    assert!(tables[0].board().is_over());
    assert_eq!(tables[0].board().record(), tables[1].board().record());
    assert!(tables[0].board().record().iter().all(NetAction::is_chance));
}

#[test]
fn a_die_sent_as_a_move_another_familys_action_and_one_its_rules_refuse_are_refused() {
    let setup = tens();
    let mut rng = StdRng::seed_from_u64(3);
    let host = crate::sit(&setup, 0).unwrap();
    let mut friend = crate::sit(&setup, 1).unwrap();
    // The host's seat throws first: whatever it sends as a move, the friend refuses
    assert_eq!(host.board().actor(), Some(0));
    let (head, at) = (friend.head(), friend.board().len());
    let send = |family: &str, action: &str| {
        let action = NetAction::Open {
            family: family.into(),
            action: action.into(),
        };
        crate::signed(head, 0, at, action)
    };
    let die = friend
        .receive(send(FAMILY.name(), "6"), &mut rng)
        .unwrap_err();
    assert!(die.0.starts_with("it sent dice"), "{die}");
    let stranger = friend.receive(send("whist", "6"), &mut rng).unwrap_err();
    assert_eq!(
        stranger.0,
        "an illegal play: an action of the other family of games"
    );
    let odd = friend
        .receive(send(FAMILY.name(), "seven"), &mut rng)
        .unwrap_err();
    assert_eq!(odd.0, "an illegal play: \"seven\" is no throw here");
    assert!(friend.board().is_empty());
    // And a game of a family this side never registered is no game to sit down to
    let mut whist = setup.clone();
    whist.rules = GameRules::Open {
        family: "whist".into(),
        rules: "tens".into(),
    };
    let err = crate::sit(&whist, 1).unwrap_err();
    assert!(err.0.contains("does not know"), "{err}");
}
