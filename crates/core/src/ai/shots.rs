//! Which of the adversary's blots the side on roll can hit with a throw: a hand-made feature
//! of the evaluation, asked at every position the search judges, so it works on the board as
//! bits (bit `i` for point `i`, 25 the bar) rather than point by point.

use crate::tables::Position;

/// The points of the side on roll a man may leave (bit `i` for point `i`), the adversary's
/// blots, and the points a man may pass over (not held by two or more of the adversary's).
pub(crate) struct Board {
    from: u64,
    blots: u64,
    open: u64,
    bar: u8,
}

impl Board {
    pub(crate) fn new(pos: &Position) -> Board {
        let p = pos.pips();
        let bar = pos.bar();
        let (mut from, mut blots, mut open) = (0u64, 0u64, 0u64);
        for (i, &n) in p.iter().enumerate().skip(1) {
            let bit = 1u64 << i;
            if n > 0 && (bar == 0 || i == 25) {
                from |= bit;
            }
            if i <= 24 && n == -1 {
                blots |= bit;
            }
            if i <= 24 && n >= -1 {
                open |= bit;
            }
        }
        Board {
            from,
            blots,
            open,
            bar,
        }
    }

    /// Whether the adversary has a blot at all.
    pub(crate) fn any_blot(&self) -> bool {
        self.blots != 0
    }

    /// The blots (bit `q` for point `q`) a throw of these faces can hit: one die alone, or one
    /// man using several dice whose landings on the way are open; men on the bar enter first,
    /// and with two or more there only a single die hits.
    pub(crate) fn hit(&self, faces: &[u8]) -> u64 {
        let reach = |d: usize| if d < 64 { self.from >> d } else { 0 };
        let open = |d: usize| if d < 64 { self.open >> d } else { 0 };
        let mut hit = 0u64;
        for &f in faces {
            hit |= self.blots & reach(usize::from(f));
        }
        if self.bar > 1 || faces.len() < 2 {
            return hit;
        }
        if faces.iter().all(|&f| f == faces[0]) {
            let f = usize::from(faces[0]);
            // Blots whose way up to k dice away is open.
            let mut way = self.blots & open(f);
            for k in 2..=faces.len() {
                hit |= way & reach(k * f);
                way &= open(k * f);
            }
            return hit;
        }
        let n = faces.len();
        for i in 0..n {
            for j in 0..n {
                if i == j {
                    continue;
                }
                let (a, b) = (usize::from(faces[i]), usize::from(faces[j]));
                // The man plays a then b: it lands first b pips above the blot.
                hit |= self.blots & reach(a + b) & open(b);
                if n == 3 {
                    let c = usize::from(faces[3 - i - j]);
                    hit |= self.blots & reach(a + b + c) & open(b + c) & open(c);
                }
            }
        }
        hit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::Rules;

    /// The point-by-point reading the bits replaced: whether the mover can hit a blot on
    /// point `q` with these moves.
    fn hits(p: &[i8; 26], q: usize, faces: &[u8], bar: u8) -> bool {
        let open = |i: usize| p[i] >= -1;
        let from_ok = |src: usize| src <= 25 && p[src] > 0 && (bar == 0 || src == 25);
        for &f in faces {
            if from_ok(q + usize::from(f)) {
                return true;
            }
        }
        if bar > 1 {
            return false;
        }
        if faces.iter().all(|&f| f == faces[0]) {
            let f = usize::from(faces[0]);
            for k in 2..=faces.len() {
                let src = q + k * f;
                if src > 25 || !(1..k).all(|j| open(src - j * f)) {
                    break;
                }
                if from_ok(src) {
                    return true;
                }
            }
            return false;
        }
        let n = faces.len();
        for i in 0..n {
            for j in 0..n {
                if i == j {
                    continue;
                }
                let (a, b) = (usize::from(faces[i]), usize::from(faces[j]));
                let src = q + a + b;
                if src <= 25 && open(src - a) && from_ok(src) {
                    return true;
                }
                if n == 3 {
                    let c = usize::from(faces[3 - i - j]);
                    let src = q + a + b + c;
                    if src <= 25 && open(src - a) && open(src - a - b) && from_ok(src) {
                        return true;
                    }
                }
            }
        }
        false
    }

    #[test]
    fn the_bits_hit_the_blots_the_points_do() {
        use crate::ai::eval::Evaluator;
        use crate::tables::{Game, legal_plays};
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut rnd = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let faces_sets: Vec<Vec<u8>> = (1..=6u8)
            .flat_map(|a| (1..=6u8).map(move |b| vec![a, b]))
            .chain((1..=6u8).map(|a| vec![a; 4]))
            .chain((1..=6u8).map(|a| vec![a; 8]))
            .chain([vec![1, 2, 3], vec![6, 6, 5], vec![2, 4, 6], vec![3, 3, 1]])
            .collect();
        let rules = Rules::default();
        let eval = Evaluator::new(&rules);
        let start = Game::new(rules).expect("the default rules").start();
        let mut checked = 0;
        for _game in 0..200 {
            let mut pos = start;
            for _turn in 0..60 {
                let board = Board::new(&pos);
                let p = pos.pips();
                for faces in &faces_sets {
                    let bits = board.hit(faces);
                    for q in 1..=24 {
                        let expected = p[q] == -1 && hits(p, q, faces, pos.bar());
                        assert_eq!(bits >> q & 1 == 1, expected, "{pos:?} {faces:?} {q}");
                        checked += 1;
                    }
                }
                let t = &eval.throws[rnd(eval.throws.len() as u64) as usize];
                let plays = legal_plays(&pos, t.moves, eval.move_rules);
                if plays.is_empty() {
                    pos = pos.switched();
                    continue;
                }
                let next = plays[rnd(plays.len() as u64) as usize].position;
                if next.off() == 15 {
                    break;
                }
                pos = next.switched();
            }
        }
        assert!(checked > 1_000_000, "{checked}");
    }
}
