//! A game of one of the pastimes: the one gate through which it changes ([`Game::apply`]), and
//! the answers the window and the computer ask of it.

use serde::{Deserialize, Serialize};

use super::action::{Action, Event, Seat};
use super::error::PastimeError;
use super::phase::{Phase, waiting_words};
use super::rules::{DoubletsCount, DrawnBecomes, Draws, Ending, Kind, LoadTo, Rules};

/// One player's men. Points are counted ace (index 0) to sice (index 5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Men {
    /// Ketch-Dolt: the men in his heap without the tables. Sice-Ace: the men he holds.
    pub heap: u8,
    /// Doublets: the men standing (piled) on each of his points, not yet laid down.
    pub standing: [u8; 6],
    /// Doublets: the men laid down on each point. Ketch-Dolt: his men on each of his points.
    pub laid: [u8; 6],
    /// The men borne off.
    pub borne: u8,
}

impl Men {
    /// His men still in play: in the heap, standing or laid.
    #[must_use]
    pub fn in_play(&self) -> u32 {
        u32::from(self.heap)
            + self.standing.iter().map(|&n| u32::from(n)).sum::<u32>()
            + self.laid.iter().map(|&n| u32::from(n)).sum::<u32>()
    }

    /// Every man of his: in play and borne.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.in_play() + u32::from(self.borne)
    }

    /// Doublets: whether he is still laying down (a man of his stands).
    #[must_use]
    pub fn laying(&self) -> bool {
        self.standing.iter().any(|&n| n > 0)
    }

    fn on(&self, point: u8) -> u8 {
        self.laid[usize::from(point - 1)]
    }
}

/// How a game ended: who won and who lost. At Doublets and Ketch-Dolt one of each; at
/// Sice-Ace the losers, and the rest who "go free" (or the first out, who wins).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winners: Vec<Seat>,
    pub losers: Vec<Seat>,
}

/// A game of Doublets, Ketch-Dolt or Sice-Ace under one set of rules.
///
/// Written as its rules and its record, and read back by replaying the record through the
/// gate: a file cannot make a game the rules could not have made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Written", try_from = "Written")]
pub struct Game {
    rules: Rules,
    men: Vec<Men>,
    phase: Phase,
    turn: Seat,
    /// Ketch-Dolt: the numbers of the throw not yet used.
    uses: Vec<u8>,
    /// Sice-Ace (`load_to = chosen`): aces of the throw not yet loaded.
    loads: u8,
    /// The last throw, as thrown.
    dice: Vec<u8>,
    /// Sice-Ace: the seats out, in the order they went out.
    out: Vec<Seat>,
    result: Option<Outcome>,
    record: Vec<Action>,
}

/// A game as it is written: its rules and its record.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Written {
    rules: Rules,
    record: Vec<Action>,
}

impl From<Game> for Written {
    fn from(game: Game) -> Written {
        Written {
            rules: game.rules,
            record: game.record,
        }
    }
}

impl TryFrom<Written> for Game {
    type Error = PastimeError;

    fn try_from(written: Written) -> Result<Game, PastimeError> {
        Game::replay(written.rules, &written.record).map_err(|(_, e)| e)
    }
}

/// The points a doublet under `doublets = pips` takes men from, in turn: the doubled point,
/// then each point below it down to the ace, then each point above it up to the sice.
fn pips_order(point: u8) -> impl Iterator<Item = u8> {
    (1..=point).rev().chain(point + 1..=6)
}

impl Game {
    /// A new game, waiting for the throw-off.
    pub fn new(rules: Rules) -> Result<Game, PastimeError> {
        rules.check()?;
        let start = match rules.kind {
            // Cotton: "upon sice, Cinque and Quater there are three men apiece, upon Trey,
            // Deuce, Ace, but two apiece".
            Kind::Doublets => Men {
                standing: [2, 2, 2, 3, 3, 3],
                ..Men::default()
            },
            Kind::KetchDolt | Kind::SiceAce => Men {
                heap: rules.men_each(),
                ..Men::default()
            },
        };
        Ok(Game {
            rules,
            men: vec![start; usize::from(rules.seats)],
            phase: Phase::ThrowOff,
            turn: Seat(0),
            uses: Vec::new(),
            loads: 0,
            dice: Vec::new(),
            out: Vec::new(),
            result: None,
            record: Vec::new(),
        })
    }

    /// The game these actions make from the start, or the first refusal and where it came.
    pub fn replay(rules: Rules, actions: &[Action]) -> Result<Game, (usize, PastimeError)> {
        let mut game = Game::new(rules).map_err(|e| (0, e))?;
        for (i, a) in actions.iter().enumerate() {
            game.apply(a.clone()).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// Does `action`, or refuses it and changes nothing. Every check comes before the first
    /// change.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, PastimeError> {
        let mut events = Vec::new();
        match (&action, self.phase) {
            (Action::Throw { dice }, Phase::ThrowOff) => {
                self.check_dice(dice, usize::from(self.rules.seats))?;
                self.throw_off(dice, &mut events);
            }
            (Action::Throw { dice }, Phase::ToThrow) => {
                self.check_dice(dice, 2)?;
                self.throw(dice[0], dice[1], &mut events);
            }
            (Action::Throw { .. }, Phase::ToPlay) => {
                return Err(PastimeError::NotNow(waiting_words(Phase::ToPlay)));
            }
            (_, Phase::ToPlay) => {
                if let Some(why) = self.refusal(&action) {
                    return Err(PastimeError::NotAllowed(why));
                }
                self.play(&action, &mut events);
            }
            (_, phase) => return Err(PastimeError::NotNow(waiting_words(phase))),
        }
        self.record.push(action);
        Ok(events)
    }

    fn check_dice(&self, dice: &[u8], count: usize) -> Result<(), PastimeError> {
        if dice.len() != count || dice.iter().any(|d| !(1..=6).contains(d)) {
            return Err(PastimeError::BadThrow(count));
        }
        Ok(())
    }

    // ---- the throws ----

    /// Holme's first law: the highest single die throws first; a tie for highest throws again.
    fn throw_off(&mut self, dice: &[u8], events: &mut Vec<Event>) {
        let high = dice.iter().copied().max().unwrap_or(0);
        let highest: Vec<usize> = (0..dice.len()).filter(|&s| dice[s] == high).collect();
        let first = (highest.len() == 1).then(|| seat(highest[0]));
        events.push(Event::ThrewOff {
            dice: dice.to_vec(),
            first,
        });
        if let Some(first) = first {
            self.turn = first;
            self.phase = Phase::ToThrow;
        }
    }

    /// The numbers a throw gives, one a man: two, or for a doublet as `doublets` says (at
    /// Sice-Ace a doublet's two dice count as they are: two aces load two).
    fn uses_of(&self, a: u8, b: u8) -> Vec<u8> {
        if a != b || self.rules.kind == Kind::SiceAce {
            return vec![a, b];
        }
        match self.rules.doublets {
            DoubletsCount::Two => vec![a; 2],
            DoubletsCount::Four => vec![a; 4],
            DoubletsCount::Pips => vec![a; usize::from(2 * a)],
        }
    }

    fn throw(&mut self, a: u8, b: u8, events: &mut Vec<Event>) {
        self.dice = vec![a, b];
        let uses = self.uses_of(a, b);
        events.push(Event::Threw {
            seat: self.turn,
            dice: vec![a, b],
            uses: uses.clone(),
        });
        match self.rules.kind {
            Kind::Doublets => self.doublets_throw(a, b, uses, events),
            Kind::KetchDolt => {
                self.uses = uses;
                self.phase = Phase::ToPlay;
                self.settle(events);
            }
            Kind::SiceAce => self.sice_ace_throw(a, b, events),
        }
    }

    fn other(&self) -> Seat {
        Seat(1 - self.turn.0)
    }

    fn pass_turn(&mut self, to: Seat, events: &mut Vec<Event>) {
        self.turn = to;
        self.uses.clear();
        self.loads = 0;
        self.phase = Phase::ToThrow;
        events.push(Event::Turn { seat: to });
    }

    fn finish(&mut self, winners: Vec<Seat>, losers: Vec<Seat>, events: &mut Vec<Event>) {
        self.phase = Phase::GameOver;
        self.uses.clear();
        self.loads = 0;
        events.push(Event::GameOver {
            winners: winners.clone(),
            losers: losers.clone(),
        });
        self.result = Some(Outcome { winners, losers });
    }

    // ---- Doublets ----

    /// Doublets: a die used by `who` as he stands: it lays down a standing man of its point
    /// while any of his men stand, else bears a laid man off its point. Whether it could.
    fn doublets_use(men: &mut Men, point: u8) -> bool {
        let i = usize::from(point - 1);
        if men.laying() {
            if men.standing[i] == 0 {
                return false;
            }
            men.standing[i] -= 1;
            men.laid[i] += 1;
        } else {
            if men.laid[i] == 0 {
                return false;
            }
            men.laid[i] -= 1;
            men.borne += 1;
        }
        true
    }

    /// The event of a use `doublets_use` made, from the men before it.
    fn doublets_event(before: &Men, seat: Seat, point: u8, by_adversary: bool) -> Event {
        if before.laying() {
            Event::LaidDown {
                seat,
                point,
                by_adversary,
            }
        } else {
            Event::Bore {
                seat,
                point: Some(point),
            }
        }
    }

    /// How many of `order` the thrower himself can use, in that order.
    fn doublets_count(men: Men, order: &[u8]) -> usize {
        let mut men = men;
        order
            .iter()
            .filter(|&&p| Game::doublets_use(&mut men, p))
            .count()
    }

    fn doublets_throw(&mut self, a: u8, b: u8, uses: Vec<u8>, events: &mut Vec<Event>) {
        let me = self.turn;
        let adv = self.other();
        if a == b && self.rules.doublets == DoubletsCount::Pips {
            // "as many as the Dubblets are, so many he lays down, or bears": from the doubled
            // point first, then the points below it, then those above (our choice).
            for _ in 0..uses.len() {
                let before = self.men[me.index()];
                let Some(point) =
                    pips_order(a).find(|&p| Game::doublets_use(&mut before.clone(), p))
                else {
                    break;
                };
                Game::doublets_use(&mut self.men[me.index()], point);
                events.push(Game::doublets_event(&before, me, point, false));
                if self.men[me.index()].in_play() == 0 {
                    self.finish(vec![me], vec![adv], events);
                    return;
                }
            }
            self.pass_turn(adv, events);
            return;
        }
        // Two different numbers: used in the order that lets the thrower use the more of them
        // himself, the higher first when both orders do as well (our choice; Cotton silent).
        let order = if a == b {
            uses
        } else {
            let (high, low) = (a.max(b), a.min(b));
            let mine = self.men[me.index()];
            if Game::doublets_count(mine, &[low, high]) > Game::doublets_count(mine, &[high, low]) {
                vec![low, high]
            } else {
                vec![high, low]
            }
        };
        for point in order {
            let before = self.men[me.index()];
            if Game::doublets_use(&mut self.men[me.index()], point) {
                events.push(Game::doublets_event(&before, me, point, false));
                if self.men[me.index()].in_play() == 0 {
                    self.finish(vec![me], vec![adv], events);
                    return;
                }
                continue;
            }
            // "what the one throws and hath not the other lays down for him": lays down only,
            // never bears (Cotton's verb; our reading).
            let theirs = &mut self.men[adv.index()];
            let i = usize::from(point - 1);
            if self.rules.adversary_uses && theirs.standing[i] > 0 {
                theirs.standing[i] -= 1;
                theirs.laid[i] += 1;
                events.push(Event::LaidDown {
                    seat: adv,
                    point,
                    by_adversary: true,
                });
            } else {
                events.push(Event::Lost { seat: me, point });
            }
        }
        self.pass_turn(adv, events);
    }

    // ---- Ketch-Dolt ----

    /// Why the player to act may not take `action` now, or `None` if he may. The one statement
    /// of what is legal while a throw is being used.
    #[must_use]
    pub fn refusal(&self, action: &Action) -> Option<&'static str> {
        if self.phase != Phase::ToPlay {
            return Some(waiting_words(self.phase));
        }
        let me = &self.men[self.turn.index()];
        match (self.rules.kind, action) {
            (
                Kind::KetchDolt,
                Action::Lay { point } | Action::Draw { point } | Action::Bear { point },
            ) => {
                if !self.uses.contains(point) {
                    return Some("no number of the throw left to use shows that point");
                }
                let adv = &self.men[self.other().index()];
                match action {
                    Action::Lay { .. } if me.heap == 0 => Some("his heap is empty"),
                    Action::Draw { .. } if adv.on(*point) == 0 => {
                        Some("the adversary has no man on that point to draw")
                    }
                    Action::Draw { .. } if !self.draw_owed(*point) => {
                        Some("only a lone man is drawn back to his heap")
                    }
                    Action::Bear { .. } if me.heap > 0 => {
                        Some("he bears only when his heap is empty")
                    }
                    Action::Bear { .. } if me.on(*point) == 0 => {
                        Some("he has no man on that point to bear")
                    }
                    _ => None,
                }
            }
            (Kind::SiceAce, Action::Load { seat }) => {
                if seat.index() >= self.men.len() || *seat == self.turn {
                    Some("an ace loads another player at the table")
                } else if self.men[seat.index()].heap == 0 {
                    Some("a player who is out cannot be loaded")
                } else {
                    None
                }
            }
            _ => Some("that is not done in this game"),
        }
    }

    /// Whether `action`, taken now, dolts the player: he takes from the heap or bears with a
    /// number on whose point the adversary has men, where the draw was owed.
    #[must_use]
    pub fn dolts(&self, action: &Action) -> bool {
        if self.rules.kind != Kind::KetchDolt || self.refusal(action).is_some() {
            return false;
        }
        match action {
            Action::Lay { point } | Action::Bear { point } => self.draw_owed(*point),
            _ => false,
        }
    }

    /// Ketch-Dolt: whether a number of `point` owes a draw from the adversary's point: he has
    /// men there (`drawn_becomes = drawers`, Cotton), or a lone man there (`owners_heap`, as
    /// Ludii has it: two or more hold the point, else men sent back to the heap again and again
    /// would never let a game end).
    #[must_use]
    pub fn draw_owed(&self, point: u8) -> bool {
        if self.rules.kind != Kind::KetchDolt || !(1..=6).contains(&point) {
            return false;
        }
        let there = self.men[self.other().index()].on(point);
        match self.rules.drawn_becomes {
            DrawnBecomes::Drawers => there > 0,
            DrawnBecomes::OwnersHeap => there == 1,
        }
    }

    fn play(&mut self, action: &Action, events: &mut Vec<Event>) {
        if let Action::Load { seat } = action {
            self.load(*seat, events);
            self.loads = self.loads.saturating_sub(1);
            self.after_loads(events);
            return;
        }
        let (Action::Lay { point } | Action::Draw { point } | Action::Bear { point }) = *action
        else {
            return;
        };
        let me = self.turn;
        let adv = self.other();
        let dolted = self.dolts(action);
        if let Some(at) = self.uses.iter().position(|&p| p == point) {
            self.uses.remove(at);
        }
        if dolted {
            events.push(Event::Dolted { seat: me, point });
            self.finish(vec![adv], vec![me], events);
            return;
        }
        let i = usize::from(point - 1);
        match *action {
            Action::Lay { .. } => {
                let mine = &mut self.men[me.index()];
                mine.heap -= 1;
                mine.laid[i] += 1;
                events.push(Event::Entered { seat: me, point });
            }
            Action::Draw { .. } => {
                let theirs = &mut self.men[adv.index()];
                let men = match self.rules.draws {
                    Draws::One => 1,
                    Draws::All => theirs.laid[i],
                };
                theirs.laid[i] -= men;
                let to_heap = self.rules.drawn_becomes == DrawnBecomes::OwnersHeap;
                if to_heap {
                    theirs.heap += men;
                } else {
                    self.men[me.index()].laid[i] += men;
                }
                events.push(Event::Drew {
                    seat: me,
                    from: adv,
                    point,
                    men,
                    to_heap,
                });
            }
            _ => {
                let mine = &mut self.men[me.index()];
                mine.laid[i] -= 1;
                mine.borne += 1;
                events.push(Event::Bore {
                    seat: me,
                    point: Some(point),
                });
                if mine.in_play() == 0 {
                    // "he that bears them off first hath won the game"
                    self.finish(vec![me], vec![adv], events);
                    return;
                }
            }
        }
        self.settle(events);
    }

    /// Ends the turn when no number left can be used: those numbers are lost.
    fn settle(&mut self, events: &mut Vec<Event>) {
        if !self.legal_actions().is_empty() {
            return;
        }
        for point in std::mem::take(&mut self.uses) {
            events.push(Event::Lost {
                seat: self.turn,
                point,
            });
        }
        self.pass_turn(self.other(), events);
    }

    // ---- Sice-Ace ----

    fn in_seats(&self) -> Vec<Seat> {
        (0..self.men.len())
            .filter(|&s| self.men[s].heap > 0)
            .map(seat)
            .collect()
    }

    /// The next seat round the table after `from` that is still in (not `from`).
    fn next_in(&self, from: Seat) -> Option<Seat> {
        let n = self.men.len();
        (1..n)
            .map(|k| seat((from.index() + k) % n))
            .find(|s| self.men[s.index()].heap > 0)
    }

    /// `who` has just lost a man: if he has none left he is out, and the game may be decided.
    fn maybe_out(&mut self, who: Seat, events: &mut Vec<Event>) {
        if self.men[who.index()].heap > 0 {
            return;
        }
        self.out.push(who);
        events.push(Event::Out { seat: who });
        let still = self.in_seats();
        let everyone = (0..self.men.len()).map(seat);
        match self.rules.result {
            Ending::LastOutLoses if still.len() == 1 => {
                let winners = everyone.filter(|s| !still.contains(s)).collect();
                self.finish(winners, still, events);
            }
            Ending::LastTwoLose if still.len() == 2 => {
                let winners = everyone.filter(|s| !still.contains(s)).collect();
                self.finish(winners, still, events);
            }
            Ending::FirstOutWins => {
                let losers = everyone.filter(|&s| s != who).collect();
                self.finish(vec![who], losers, events);
            }
            _ => {}
        }
    }

    fn load(&mut self, to: Seat, events: &mut Vec<Event>) {
        let me = self.turn;
        self.men[me.index()].heap -= 1;
        self.men[to.index()].heap += 1;
        events.push(Event::Loaded { from: me, to });
        self.maybe_out(me, events);
    }

    fn sice_ace_throw(&mut self, a: u8, b: u8, events: &mut Vec<Event>) {
        let me = self.turn;
        // "sixes bears only": each sice bears one of his men, before the aces load (our
        // order: his own men leave before he passes any on).
        for _ in [a, b].iter().filter(|&&d| d == 6) {
            if self.phase == Phase::GameOver || self.men[me.index()].heap == 0 {
                events.push(Event::Lost { seat: me, point: 6 });
                continue;
            }
            let mine = &mut self.men[me.index()];
            mine.heap -= 1;
            mine.borne += 1;
            events.push(Event::Bore {
                seat: me,
                point: None,
            });
            self.maybe_out(me, events);
        }
        if self.phase == Phase::GameOver {
            return;
        }
        // "they one load another with Aces"
        let aces = [a, b].iter().filter(|&&d| d == 1).count();
        match self.rules.load_to {
            LoadTo::Next => {
                for _ in 0..aces {
                    match self.next_in(me) {
                        Some(to) if self.men[me.index()].heap > 0 => self.load(to, events),
                        _ => events.push(Event::Lost { seat: me, point: 1 }),
                    }
                    if self.phase == Phase::GameOver {
                        return;
                    }
                }
            }
            LoadTo::Chosen => {
                self.loads = u8::try_from(aces).unwrap_or(0);
                self.phase = Phase::ToPlay;
            }
        }
        self.after_loads(events);
    }

    /// The aces are loaded (or lost, when he has no man left): the turn ends, or he throws again
    /// after a doublet ("Dubblets drinks and throws again") if he is still in.
    fn after_loads(&mut self, events: &mut Vec<Event>) {
        if self.phase == Phase::GameOver {
            return;
        }
        let me = self.turn;
        if self.loads > 0 && self.men[me.index()].heap > 0 {
            return;
        }
        for _ in 0..self.loads {
            events.push(Event::Lost { seat: me, point: 1 });
        }
        self.loads = 0;
        let doublet = self.dice.len() == 2 && self.dice[0] == self.dice[1];
        if doublet && self.men[me.index()].heap > 0 {
            events.push(Event::ThrowsAgain { seat: me });
            self.phase = Phase::ToThrow;
            return;
        }
        match self.next_in(me) {
            Some(next) => self.pass_turn(next, events),
            None => self.phase = Phase::ToThrow,
        }
    }

    // ---- answers ----

    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is (to throw, or to use his throw).
    #[must_use]
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// The seat who must choose now: the thrower using his dice; none while chance throws or
    /// once the game is over.
    #[must_use]
    pub fn actor(&self) -> Option<Seat> {
        (self.phase == Phase::ToPlay).then_some(self.turn)
    }

    /// The seat to throw now; none at the throw-off (everyone throws), while a throw is used,
    /// or once the game is over.
    #[must_use]
    pub fn thrower(&self) -> Option<Seat> {
        (self.phase == Phase::ToThrow).then_some(self.turn)
    }

    /// How many seats the table has.
    #[must_use]
    pub fn seats(&self) -> usize {
        self.men.len()
    }

    /// A seat's men; none for a seat not at the table.
    #[must_use]
    pub fn men(&self, seat: Seat) -> Option<&Men> {
        self.men.get(seat.index())
    }

    /// Every man at the table, in play and borne: 30 at Doublets and Ketch-Dolt, six (or `men`)
    /// a seat at Sice-Ace, through the whole game.
    #[must_use]
    pub fn total_men(&self) -> u32 {
        self.men.iter().map(Men::total).sum()
    }

    /// Ketch-Dolt: the numbers of the throw not yet used.
    #[must_use]
    pub fn uses_left(&self) -> &[u8] {
        &self.uses
    }

    /// Sice-Ace (`load_to = chosen`): the aces of the throw not yet loaded.
    #[must_use]
    pub fn loads_left(&self) -> u8 {
        self.loads
    }

    /// The last throw, as thrown (empty before the first).
    #[must_use]
    pub fn last_throw(&self) -> &[u8] {
        &self.dice
    }

    /// Sice-Ace: whether a seat still has men (is still in).
    #[must_use]
    pub fn is_in(&self, seat: Seat) -> bool {
        self.men.get(seat.index()).is_some_and(|m| m.in_play() > 0)
    }

    /// Sice-Ace: the seats out, in the order they went out.
    #[must_use]
    pub fn out_order(&self) -> &[Seat] {
        &self.out
    }

    /// Who won and who lost, once the game is over.
    #[must_use]
    pub fn result(&self) -> Option<&Outcome> {
        self.result.as_ref()
    }

    #[must_use]
    pub fn record(&self) -> &[Action] {
        &self.record
    }

    /// Every action the seat to act may take now, each once (none while chance throws: see
    /// [`Game::chance_action`]). Dolting actions are among them: taking from the heap where a
    /// draw is owed is legal, and loses.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.phase != Phase::ToPlay {
            return Vec::new();
        }
        let candidates: Vec<Action> = match self.rules.kind {
            Kind::KetchDolt => {
                let mut points = self.uses.clone();
                points.sort_unstable();
                points.dedup();
                points
                    .into_iter()
                    .flat_map(|point| {
                        [
                            Action::Draw { point },
                            Action::Lay { point },
                            Action::Bear { point },
                        ]
                    })
                    .collect()
            }
            Kind::SiceAce => (0..self.men.len())
                .map(|s| Action::Load { seat: seat(s) })
                .collect(),
            Kind::Doublets => Vec::new(),
        };
        candidates
            .into_iter()
            .filter(|a| self.refusal(a).is_none())
            .collect()
    }

    /// Chance's action due now, drawn from `rng`: the throw-off (one die a seat) or the thrower's
    /// two dice; `None` when a player is to choose or the game is over.
    pub fn chance_action(&self, rng: &mut impl rand::Rng) -> Option<Action> {
        let count = match self.phase {
            Phase::ThrowOff => self.men.len(),
            Phase::ToThrow => 2,
            Phase::ToPlay | Phase::GameOver => return None,
        };
        Some(Action::Throw {
            dice: (0..count).map(|_| rng.random_range(1..=6)).collect(),
        })
    }
}

fn seat(index: usize) -> Seat {
    Seat(u8::try_from(index).unwrap_or(u8::MAX))
}
