//! What a level sees, where seeing is the game (Tick-tack's hits and why-nots, Ketch-Dolt's
//! draws and dolts): the expert every chance, fair four in five, the novice one in two. Which
//! ones a level overlooks is fixed by the game (a hash of its record), so the same game always
//! gives the same decision.

use crate::level::Level;

/// Whether `level` sees a chance in the game whose record is `record` (`salt` tells the
/// chances of one moment apart).
#[must_use]
pub fn sees(record: &(impl std::fmt::Debug + ?Sized), level: Level, salt: u64) -> bool {
    let one_in = match level {
        Level::Expert => return true,
        Level::Fair => 5,
        Level::Novice => 2,
    };
    !hash_of(record, salt).is_multiple_of(one_in)
}

/// A number fixed by `record` and `salt`: FNV-1a over the record's debug text, the same on
/// every machine and every version of Rust (std's hasher promises neither).
#[must_use]
pub fn hash_of(record: &(impl std::fmt::Debug + ?Sized), salt: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    for b in format!("{record:?}").bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_expert_sees_all_and_the_others_overlook_about_their_share() {
        let seen = |level| (0..1000u64).filter(|&i| sees(&i, level, 7)).count();
        assert_eq!(seen(Level::Expert), 1000);
        assert!(
            (700..=900).contains(&seen(Level::Fair)),
            "{}",
            seen(Level::Fair)
        );
        assert!(
            (400..=600).contains(&seen(Level::Novice)),
            "{}",
            seen(Level::Novice)
        );
        // And the same record always gives the same answer
        assert_eq!(sees(&"x", Level::Novice, 3), sees(&"x", Level::Novice, 3));
    }
}
