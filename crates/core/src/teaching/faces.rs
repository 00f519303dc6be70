//! The period names of the die faces: ace, deuce, trey, cater, cinque and sice, which name the
//! points of a table too.

/// The period names of the die faces 1 to 6, which are also the names of the six points of a
/// table counted from its ace point.
pub const FACE_NAMES: [&str; 6] = ["ace", "deuce", "trey", "cater", "cinque", "sice"];

/// The period name of a die face (1..=6); other numbers are written as digits.
#[must_use]
pub fn face_name(face: u8) -> String {
    match face {
        1..=6 => FACE_NAMES[usize::from(face) - 1].to_string(),
        n => n.to_string(),
    }
}
