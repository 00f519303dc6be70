//! Moving, entering, the dice, doublets, who begins, bearing off, the bound table, how much
//! must be played, and the players.

use super::Section;
use crate::tables::options;
use crate::tables::{BearOff, BoundTable, Compulsion, Dice, Doublets, Opening, Players};
use crate::teaching::glossary::MODERN;

pub(super) fn moving() -> Section {
    let text = "A throw gives one move a die: each die moves one man that many points toward his ace point. One man may take several dice in turn, playing at length, but he must be able to stop on every point along the way. A man may land on an empty point, on his own men (as many as you like), or on a point where the adversary has a blot, a single man: the blot is hit and goes to the bar. Two or more men hold a point, and no adversary's man may land there, not even in passing while playing at length. A blot hit on the point where a man pauses while playing at length is nipped, in Willughby's word. Moving two men together onto an empty point takes the point; playing a second man to a lone one binds him. A throw gives the same play however its moves are ordered: plays that leave the men in the same places count as one.".to_string();
    Section::new("Moving and hitting", text, &["000", "001", "002", "004"])
}

pub(super) fn entering() -> Section {
    let text = "A man that has been hit waits on the bar. While a side has men on the bar it must enter them all before any other man moves. A man enters in the adversary's home table on the point of his own die: an ace on the adversary's ace point (the mover's 24), a deuce on his deuce point (23), and so on to the sice (19), landing by the same rules as any move. A man entered may go on with the dice left.".to_string();
    Section::new(
        "The bar and entering",
        text,
        &["000", "001", "002", "003", "004"],
    )
}

pub(super) fn dice(dice: Dice) -> Section {
    let (text, ids): (&str, &[&'static str]) = match dice {
        Dice::Two => (
            "Each side throws two dice from its box, and each die is one move. One man may take both dice, playing at length, or each die may move a different man.",
            &["000", "001", "002"],
        ),
        Dice::Three => (
            "The game is played with three dice, as Murray describes Fails: each throw gives three moves, one a die, and one man may take two or all three of them in turn.",
            &["003"],
        ),
        Dice::TwoMinoret => (
            "Two dice are thrown, and the lower face counts a second time (minoret), as if a third die had shown it: a cinque and a deuce give moves of cinque, deuce and deuce. Murray says this is how Fails was played when only two dice were to hand.",
            &["003"],
        ),
    };
    Section::new("Dice", text.to_string(), ids).disagreeing(&options::DICE, "")
}

pub(super) fn doublets(dice: Dice, doublets: Doublets) -> Section {
    let two_dice = match doublets {
        Doublets::Single => "two moves",
        Doublets::Double => "four moves",
        Doublets::Treble => "three moves",
    };
    let (text, ids): (String, &[&'static str]) = match (dice, doublets) {
        (Dice::Two, Doublets::Single) => (
            "Doublets, both dice alike, are nothing special: two cinques give two moves of five, like any other throw. So Willughby plays Irish, and Murray notes that doublets do not give a second throw.".to_string(),
            &["000", "001", "003"],
        ),
        (Dice::Two, Doublets::Double) => (
            "Doublets, both dice alike, are played twice over: two cinques give four moves of five. This is the mark of Backgammon against Irish.".to_string(),
            &["000", "001", "002", "004"],
        ),
        (Dice::Two, Doublets::Treble) => (
            "Doublets, both dice alike, are played three times: two cinques give three moves of five. This is a house rule the Incompleat Gamester mentions, not a period rule.".to_string(),
            &["004"],
        ),
        (Dice::Three, _) => (
            format!("With three dice, faces that are alike are not special: each die is one move, so three cinques give three moves of five. The doublets setting (doublets give {two_dice}) applies only to throws of two dice. The sources leave three dice open here; Gamester settles it so, after Murray's word that doublets are not special in Fails."),
            &["003"],
        ),
        (Dice::TwoMinoret, _) => (
            format!("With minoret, doublets are not special either: two cinques give three moves of five, the lower face counting again as always. The doublets setting (doublets give {two_dice}) applies only to plain throws of two dice. The sources leave this open; Gamester settles it so, after Murray's word that doublets are not special in Fails."),
            &["003"],
        ),
    };
    Section::new("Doublets", text, ids).disagreeing(&options::DOUBLETS, "")
}

pub(super) fn opening(opening: Opening, dice: Dice) -> Section {
    let (text, ids): (&str, &[&'static str]) = match (opening, dice) {
        (Opening::ThrowAgain, _) => (
            "To decide who begins, each side throws one die; equal throws throw again. The higher begins, taking up all his dice for his first throw. So Willughby and du Coeur's reconstructions have it.",
            &["000", "001"],
        ),
        (Opening::PlayOpening, Dice::Two | Dice::TwoMinoret) => (
            "To decide who begins, each side throws one die; equal throws throw again. The higher begins, and the two dice already thrown are his first throw, as in modern backgammon.",
            &[MODERN],
        ),
        (Opening::PlayOpening, Dice::Three) => (
            "To decide who begins, each side throws one die; equal throws throw again. The two single dice would be the first throw, but a throw here needs three dice: so the higher throws again, as in the period games. The sources leave this open; Gamester settles it so.",
            &[MODERN],
        ),
    };
    Section::new("Who begins", text.to_string(), ids).disagreeing(&options::OPENING, "")
}

pub(super) fn bearing_off(bear_off: BearOff) -> Section {
    let common = "A side may bear off only when all fifteen of its men are in its home table, none on the bar. A man hit after the bearing off has begun must come round into the home table again before another is borne off.";
    let (rule, ids, more): (&str, &[&'static str], &str) = match bear_off {
        BearOff::OverEdge => (
            "Any die that carries a man past the ace point bears him off: a sice may bear off a man from the cater point even while men stand higher. Willughby speaks of bearing men over the ace point, and du Coeur reads him as needing no exact throw.",
            &["000", "001"],
            "Du Coeur notes that Willughby insists on the exact throw in another game (Dublets), and weighs that against this reading.",
        ),
        BearOff::Modern => (
            "A man is borne off by an exact die, a cater from the cater point; a higher die bears off from the highest point only when no man stands higher, and otherwise must be moved, as in modern backgammon.",
            &[MODERN],
            "",
        ),
        BearOff::Exact => (
            "Only an exact die bears a man off: a cater from the cater point and from nowhere else. A higher die must be played by moving a man within the home table, if it can be played at all. So the Incompleat Gamester gives Backgammon and Nard.",
            &["004"],
            "",
        ),
    };
    Section::new("Bearing off", format!("{common} {rule}"), ids)
        .disagreeing(&options::BEAR_OFF, more)
}

pub(super) fn bound_table(bound: BoundTable) -> Section {
    let common = "A table is bound when each of its six points holds two or more men. If the adversary then has a man on the bar, there is nowhere for him to enter.";
    let (rule, ids): (&str, &[&'static str]) = match bound {
        BoundTable::Break => (
            "Then the table must be broken, as Willughby rules. Before the side on the bar throws, both sides throw two dice (equal totals throw again), and the higher total chooses one point of the bound table. That point loses all its men but one: they go to their owner's bar as if hit, and must enter and come round again. The binder must break even if he wins the throw. Then the turn goes on. Du Coeur found this rule in Willughby alone.",
            &["000", "001", "002", "004"],
        ),
        BoundTable::Wait => (
            "Then he simply cannot enter: his throws are forfeit until a point of the table opens, as in modern backgammon.",
            &[MODERN],
        ),
        BoundTable::Loses => (
            "Then he loses the game at once, before he throws: this is the prime of tables of Alfonso X's Todas Tablas.",
            &["002"],
        ),
    };
    Section::new("The bound table", format!("{common} {rule}"), ids)
        .disagreeing(&options::BOUND_TABLE, "")
}

pub(super) fn compulsion(compulsion: Compulsion, unplayable_die_loses: bool) -> Section {
    let (rule, ids): (&str, &[&'static str]) = match compulsion {
        Compulsion::Max => (
            "A player must play as much of his throw as can be played: as many dice as he can, and where only one of two dice can be played, the higher (in general, the most dice, then the most pips). Murray says the numbers thrown are to be used to the full; it is also exactly the modern rule, as GNU Backgammon enforces it.",
            &["003", MODERN],
        ),
        Compulsion::Free => (
            "A player may stop at any step and leave the rest of his throw unplayed, even before he has moved a man at all (the sources leave that open; Gamester allows it). Willughby and Cotton do not say that a player must play all he can.",
            &["000", "001"],
        ),
    };
    let forfeit = if unplayable_die_loses {
        "A throw of which nothing can be played would be forfeit, but under Fails' rule below a die that cannot be played loses the game."
    } else {
        "A throw of which nothing can be played is forfeit, and the turn passes."
    };
    Section::new("How much must be played", format!("{rule} {forfeit}"), ids)
        .disagreeing(&options::COMPULSION, "")
}

pub(super) fn players(players: Players) -> Section {
    match players {
        Players::Two => Section::new(
            "Players",
            "Two players, one a side, each with his own dice and box.".to_string(),
            &["000", "001"],
        )
        .disagreeing(&options::PLAYERS, ""),
        Players::DoubleHand => Section::new(
            "Players",
            "Double-hand: four players in two partnerships. On a side's turn both partners throw, one after the other, and the side chooses which of the two throws to play; on the very first turn only one player of the starting side throws. Otherwise the game is as above.".to_string(),
            &["002"],
        )
        .disagreeing(&options::PLAYERS, ""),
    }
}
