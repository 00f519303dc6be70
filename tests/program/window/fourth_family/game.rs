//! The race to twenty, whole and pure: its rules, its game (a record of throws behind a gate
//! that refuses a wrong one), its save as text with a mark of its own, and its game as the
//! network plays it (`OpenGame`, `OpenBoard`), which the network crate does not know.

use gamester_core::Family;
use gamester_net::open::{OpenBoard, OpenGame};
use rand::rngs::StdRng;

/// The family, by its name in the player's words.
pub const FAMILY: Family = Family::new("races to twenty");

/// The first line of a saved race: the mark its plug recognises.
pub const MARK: &str = "Gamester: a race to twenty";

/// The rules: the count that wins, as its text goes over the line ("goal 20").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub goal: u32,
}

impl Rules {
    pub const TWENTY: Rules = Rules { goal: 20 };

    /// The rules as the host offers them.
    pub fn text(self) -> String {
        format!("goal {}", self.goal)
    }

    /// The rules of `text`, or why it gives no race.
    pub fn read(text: &str) -> Result<Rules, String> {
        match text.strip_prefix("goal ").map(str::parse::<u32>) {
            Some(Ok(goal @ 1..=100)) => Ok(Rules { goal }),
            _ => Err(format!("{text:?} are no rules of a race")),
        }
    }
}

/// A race: two seats throw one die in turn, each adding it to his count; the first to reach
/// the goal wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    pub rules: Rules,
    throws: Vec<u8>,
}

impl Race {
    pub fn new(rules: Rules) -> Race {
        Race {
            rules,
            throws: Vec::new(),
        }
    }

    /// The race after `throws`, each through the gate; or why the record is refused.
    pub fn replay(rules: Rules, throws: &[u8]) -> Result<Race, String> {
        let mut race = Race::new(rules);
        for (at, &die) in throws.iter().enumerate() {
            race.apply(die)
                .map_err(|why| format!("throw {} is refused: {why}", at + 1))?;
        }
        Ok(race)
    }

    pub fn record(&self) -> &[u8] {
        &self.throws
    }

    /// The seat to throw (0 or 1), whether or not the race is over.
    pub fn turn(&self) -> usize {
        self.throws.len() % 2
    }

    /// The count of `seat`.
    pub fn count(&self, seat: usize) -> u32 {
        self.throws
            .iter()
            .skip(seat)
            .step_by(2)
            .map(|&d| u32::from(d))
            .sum()
    }

    pub fn winner(&self) -> Option<usize> {
        (0..2).find(|&seat| self.count(seat) >= self.rules.goal)
    }

    pub fn is_over(&self) -> bool {
        self.winner().is_some()
    }

    /// The gate: a die from one to six, thrown while the race is on.
    pub fn apply(&mut self, die: u8) -> Result<(), String> {
        if self.is_over() {
            return Err("the race is over".into());
        }
        if !(1..=6).contains(&die) {
            return Err(format!("{die} is no face of a die"));
        }
        self.throws.push(die);
        Ok(())
    }

    /// The race as its file holds it: the mark, then the rules and the throws.
    pub fn to_text(&self) -> String {
        let throws: Vec<String> = self.throws.iter().map(u8::to_string).collect();
        format!(
            "{MARK}\n{}\nthrows {}\n",
            self.rules.text(),
            throws.join(" ")
        )
    }

    /// The race of a saved file's text: `None` when the text is no race's, else the race
    /// checked by replaying its throws, or why not.
    pub fn from_text(text: &str) -> Option<Result<Race, String>> {
        let mut lines = text.lines();
        (lines.next() == Some(MARK)).then(|| {
            let rules = Rules::read(lines.next().unwrap_or_default())?;
            let throws = lines
                .next()
                .and_then(|l| l.strip_prefix("throws"))
                .ok_or("the throws are missing")?
                .split_whitespace()
                .map(|t| t.parse::<u8>().map_err(|e| format!("{t:?}: {e}")))
                .collect::<Result<Vec<u8>, String>>()?;
            Race::replay(rules, &throws)
        })
    }
}

/// A die's throw as it goes over the line.
pub fn action(die: u8) -> gamester_net::NetAction {
    gamester_net::NetAction::Open {
        family: FAMILY.name().to_string(),
        action: die.to_string(),
    }
}

/// The race's game for the network: every action is chance's throw, started by the seat to
/// throw.
pub struct RaceNet;

impl OpenGame for RaceNet {
    fn family(&self) -> Family {
        FAMILY
    }

    fn seats(&self, rules: &str) -> Result<usize, String> {
        Rules::read(rules).map(|_| 2)
    }

    fn board(&self, rules: &str) -> Result<Box<dyn OpenBoard>, String> {
        Ok(Box::new(Race::new(Rules::read(rules)?)))
    }

    fn is_chance(&self, action: &str) -> bool {
        matches!(action.parse::<u8>(), Ok(1..=6))
    }
}

impl OpenBoard for Race {
    fn family(&self) -> Family {
        FAMILY
    }

    fn clone_box(&self) -> Box<dyn OpenBoard> {
        Box::new(self.clone())
    }

    fn record(&self) -> Vec<String> {
        self.throws.iter().map(u8::to_string).collect()
    }

    fn is_over(&self) -> bool {
        Race::is_over(self)
    }

    fn wants_chance(&self) -> bool {
        !Race::is_over(self)
    }

    fn actor(&self) -> Option<usize> {
        (!Race::is_over(self)).then(|| self.turn())
    }

    fn chance(&self, rng: &mut StdRng) -> Option<String> {
        (!Race::is_over(self)).then(|| rand::Rng::random_range(rng, 1..=6u8).to_string())
    }

    fn apply(&mut self, action: &str) -> Result<(), String> {
        let die = action
            .parse::<u8>()
            .map_err(|_| format!("{action:?} is no throw"))?;
        Race::apply(self, die)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

#[test]
fn the_gate_refuses_a_wrong_throw_and_a_save_reads_back_the_same() {
    let mut race = Race::new(Rules::TWENTY);
    assert!(race.apply(7).is_err() && race.apply(0).is_err());
    for die in [6, 1, 6, 1, 6, 1, 6] {
        race.apply(die).unwrap();
    }
    assert_eq!((race.count(0), race.winner()), (24, Some(0)));
    assert_eq!(race.apply(3), Err("the race is over".into()));
    assert_eq!(Race::from_text(&race.to_text()), Some(Ok(race.clone())));
    assert_eq!(Race::from_text("(rules: Irish)"), None, "not a race's");
    let forged = race.to_text().replace("throws 6", "throws 9");
    assert!(matches!(Race::from_text(&forged), Some(Err(_))));
}
