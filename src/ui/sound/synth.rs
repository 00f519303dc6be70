//! The sounds, made by our own code when the player starts: no recording is shipped, so there is
//! no file to find and no licence to keep. Each is a body of wood or bone struck (a few of its
//! resonances, each dying away, and the click of the contact: a burst of noise through a
//! resonant filter), and a slide is noise under a swell. Deterministic: each cue has its own
//! fixed seed, so the same cue is the same samples on every machine and in every test.

use super::Cue;
use crate::ui::sound::THROW_SECONDS;

/// Samples a second: the rate PipeWire and most cards run at (ALSA resamples where not).
pub const RATE: u32 = 48_000;

/// Below this a sample is silence (about -66 dB under full scale).
const SILENT: f32 = 0.0005;

/// A resonance of a body struck: its frequency, its share of the sound, and the time it takes
/// to die away to a third (e⁻¹), in seconds.
struct Mode {
    hz: f32,
    level: f32,
    decay: f32,
}

const fn mode(hz: f32, level: f32, decay: f32) -> Mode {
    Mode { hz, level, decay }
}

/// A body struck: its resonances, and the click of the contact (noise through a band-pass
/// filter at `click_hz`, dying in `click_decay` seconds).
struct Body {
    modes: &'static [Mode],
    click_hz: f32,
    click_q: f32,
    click_level: f32,
    click_decay: f32,
}

/// A wooden man set down on the wooden board: a low, short "tock".
const MAN_ON_WOOD: Body = Body {
    modes: &[
        mode(170.0, 0.55, 0.022),
        mode(395.0, 1.0, 0.016),
        mode(860.0, 0.55, 0.009),
        mode(1720.0, 0.3, 0.005),
        mode(3100.0, 0.12, 0.003),
    ],
    click_hz: 2200.0,
    click_q: 1.0,
    click_level: 0.5,
    click_decay: 0.0015,
};

/// A man knocked against a man: harder and higher, a "clack".
const MAN_ON_MAN: Body = Body {
    modes: &[
        mode(1350.0, 0.6, 0.007),
        mode(2450.0, 1.0, 0.005),
        mode(3900.0, 0.6, 0.0035),
        mode(5600.0, 0.3, 0.002),
    ],
    click_hz: 4500.0,
    click_q: 1.2,
    click_level: 0.7,
    click_decay: 0.001,
};

/// A bone die against the wall of its cup: a tiny click, and the cup's hollow note under it.
const DIE_IN_CUP: Body = Body {
    modes: &[
        mode(2900.0, 1.0, 0.003),
        mode(4300.0, 0.6, 0.002),
        mode(6100.0, 0.3, 0.0015),
        mode(310.0, 0.35, 0.018),
    ],
    click_hz: 5000.0,
    click_q: 1.5,
    click_level: 0.6,
    click_decay: 0.0008,
};

/// A bone die landing on the board: the die's click and the board's knock.
const DIE_ON_WOOD: Body = Body {
    modes: &[
        mode(210.0, 0.45, 0.02),
        mode(520.0, 0.5, 0.012),
        mode(2300.0, 1.0, 0.005),
        mode(3500.0, 0.6, 0.0035),
        mode(5200.0, 0.25, 0.002),
    ],
    click_hz: 3500.0,
    click_q: 1.0,
    click_level: 0.6,
    click_decay: 0.001,
};

/// A bone tile laid flat on the wooden table: a flat slap, bright and short.
const TILE_ON_WOOD: Body = Body {
    modes: &[
        mode(230.0, 0.8, 0.018),
        mode(480.0, 0.5, 0.011),
        mode(1900.0, 0.7, 0.006),
        mode(3300.0, 0.5, 0.004),
        mode(5000.0, 0.2, 0.002),
    ],
    click_hz: 3000.0,
    click_q: 0.8,
    click_level: 0.8,
    click_decay: 0.002,
};

/// A knuckle knocking on the table: low and dull.
const KNUCKLE_ON_WOOD: Body = Body {
    modes: &[
        mode(140.0, 1.0, 0.03),
        mode(330.0, 0.7, 0.02),
        mode(700.0, 0.3, 0.01),
    ],
    click_hz: 1200.0,
    click_q: 0.7,
    click_level: 0.35,
    click_decay: 0.002,
};

/// A small deterministic source of noise (xorshift64*): the same seed, the same sound.
struct Noise(u64);

impl Noise {
    fn seeded(seed: u64) -> Noise {
        Noise(seed | 1)
    }

    /// Uniform in [-1, 1).
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let bits = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 40;
        (bits as f32 / (1u64 << 23) as f32) - 1.0
    }

    /// Uniform in [lo, hi).
    fn between(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * (self.next() + 1.0) / 2.0
    }
}

/// A band-pass filter (a biquad, after Robert Bristow-Johnson's cookbook): its peak passes
/// unchanged.
struct BandPass {
    b0: f32,
    a1: f32,
    a2: f32,
    x1: f32,
    x2: f32,
    y1: f32,
    y2: f32,
}

impl BandPass {
    fn new(hz: f32, q: f32) -> BandPass {
        let w0 = std::f32::consts::TAU * hz.min(RATE as f32 * 0.45) / RATE as f32;
        let alpha = w0.sin() / (2.0 * q);
        let a0 = 1.0 + alpha;
        BandPass {
            b0: alpha / a0,
            a1: -2.0 * w0.cos() / a0,
            a2: (1.0 - alpha) / a0,
            x1: 0.0,
            x2: 0.0,
            y1: 0.0,
            y2: 0.0,
        }
    }

    fn next(&mut self, x: f32) -> f32 {
        // b1 = 0, b2 = -b0.
        let y = self.b0 * (x - self.x2) - self.a1 * self.y1 - self.a2 * self.y2;
        self.x2 = self.x1;
        self.x1 = x;
        self.y2 = self.y1;
        self.y1 = y;
        y
    }
}

/// A sound being made: its samples, and its noise.
struct Track {
    samples: Vec<f32>,
    noise: Noise,
}

/// Seconds to samples.
fn at(seconds: f32) -> usize {
    (seconds.max(0.0) * RATE as f32) as usize
}

impl Track {
    fn new(seed: u64) -> Track {
        Track {
            samples: Vec::new(),
            noise: Noise::seeded(seed),
        }
    }

    /// Adds `value` at sample `i`, growing the track as needed.
    fn add(&mut self, i: usize, value: f32) {
        if i >= self.samples.len() {
            self.samples.resize(i + 1, 0.0);
        }
        self.samples[i] += value;
    }

    /// `body` struck at `seconds`, as loud as `level`, its pitch times `pitch`.
    fn strike(&mut self, seconds: f32, body: &Body, level: f32, pitch: f32) {
        let start = at(seconds);
        for m in body.modes {
            // Each resonance a little off its mark, as no two strokes are the same.
            let hz = m.hz * pitch * self.noise.between(0.97, 1.03);
            let w = std::f32::consts::TAU * hz / RATE as f32;
            let len = at(m.decay * 9.0);
            for i in 0..len {
                let t = i as f32 / RATE as f32;
                let v = level * m.level * (-t / m.decay).exp() * (w * i as f32).sin();
                self.add(start + i, v);
            }
        }
        let mut filter = BandPass::new(body.click_hz * pitch, body.click_q);
        let len = at(body.click_decay * 9.0);
        for i in 0..len {
            let t = i as f32 / RATE as f32;
            let n = self.noise.next() * (-t / body.click_decay).exp();
            let v = level * body.click_level * 3.0 * filter.next(n);
            self.add(start + i, v);
        }
    }

    /// Something slid over wood from `seconds` for `length` seconds: noise in a band round
    /// `hz`, swelling and fading, grainy as the grain of the wood passes under it.
    fn slide(&mut self, seconds: f32, length: f32, level: f32, hz: f32) {
        let start = at(seconds);
        let len = at(length).max(1);
        let mut filter = BandPass::new(hz, 0.8);
        let grain_len = at(0.004).max(1);
        let (mut grain, mut next_grain) = (1.0, self.noise.between(0.4, 1.0));
        for i in 0..len {
            if i % grain_len == 0 {
                grain = next_grain;
                next_grain = self.noise.between(0.4, 1.0);
            }
            let g = grain + (next_grain - grain) * (i % grain_len) as f32 / grain_len as f32;
            let x = i as f32 / len as f32;
            let swell = (std::f32::consts::PI * x).sin().powf(1.5);
            let v = level * 3.0 * swell * g * filter.next(self.noise.next());
            self.add(start + i, v);
        }
    }

    /// The finished sound: as loud as `peak` at its loudest, cut where it has died away, and
    /// brought to exact silence over its last two milliseconds.
    fn finish(self, peak: f32) -> Vec<f32> {
        let mut samples = self.samples;
        let loudest = samples.iter().fold(0.0_f32, |m, s| m.max(s.abs()));
        if loudest > 0.0 && loudest.is_finite() {
            let scale = peak / loudest;
            samples.iter_mut().for_each(|s| *s *= scale);
        }
        let last = samples
            .iter()
            .rposition(|s| s.abs() > SILENT)
            .map_or(0, |i| i + 1);
        let fade = at(0.002);
        samples.truncate(last + fade);
        samples.resize(last + fade, 0.0);
        let n = samples.len();
        for k in 0..fade.min(n) {
            // A raised cosine from 1 to 0 over the fade; the very last sample is 0.
            let x = (k + 1) as f32 / fade as f32;
            samples[n - fade.min(n) + k] *= 0.5 + 0.5 * (std::f32::consts::PI * x).cos();
        }
        if let Some(end) = samples.last_mut() {
            *end = 0.0;
        }
        samples
    }
}

/// The dice rattled in the cup: `clicks` small clicks of bone between 0 and `seconds`.
fn rattle(track: &mut Track, clicks: usize, seconds: f32) {
    let mut times: Vec<f32> = (0..clicks)
        .map(|_| track.noise.between(0.0, seconds))
        .collect();
    times.sort_by(f32::total_cmp);
    for t in times {
        let level = track.noise.between(0.25, 0.6);
        let pitch = track.noise.between(0.85, 1.2);
        track.strike(t, &DIE_IN_CUP, level, pitch);
    }
}

/// Two dice landing on the board from `seconds`, each with its bounces.
fn landing(track: &mut Track, seconds: f32) {
    for die in 0..2 {
        let mut t = seconds + die as f32 * track.noise.between(0.02, 0.045);
        let mut level = 1.0 - 0.15 * die as f32;
        let mut gap = 0.07;
        for _ in 0..4 {
            let pitch = track.noise.between(0.9, 1.12);
            track.strike(t, &DIE_ON_WOOD, level, pitch);
            t += gap * track.noise.between(0.85, 1.15);
            gap *= 0.65;
            level *= 0.5;
        }
    }
}

/// The samples of `cue`, mono at [`RATE`], between -1 and 1, ending in silence.
#[must_use]
pub fn samples(cue: Cue) -> Vec<f32> {
    let seed = 0x5EED_0000 + cue as u64;
    let mut track = Track::new(seed);
    let peak = match cue {
        Cue::Dice => {
            // The rattle as the cup tips over, silence while the dice fly, and their landing
            // as the flight on the board ends.
            rattle(&mut track, 9, 0.22);
            landing(&mut track, THROW_SECONDS as f32 * 0.78);
            0.7
        }
        Cue::DiceAtOnce => {
            rattle(&mut track, 4, 0.07);
            landing(&mut track, 0.09);
            0.7
        }
        Cue::SetDown => {
            track.strike(0.0, &MAN_ON_WOOD, 1.0, 1.0);
            0.8
        }
        Cue::Hit => {
            // The man lands on the blot (a clack of man on man and the knock of the board),
            // and the blot is knocked aside.
            track.strike(0.0, &MAN_ON_MAN, 1.0, 1.0);
            track.strike(0.003, &MAN_ON_WOOD, 0.7, 1.0);
            track.strike(0.05, &MAN_ON_WOOD, 0.45, 1.15);
            0.85
        }
        Cue::BorneOff => {
            // A lighter knock into the tray, and the man sliding to rest there.
            track.strike(0.0, &MAN_ON_WOOD, 0.8, 1.5);
            track.slide(0.012, 0.16, 0.3, 1500.0);
            0.6
        }
        Cue::Tile => {
            // The tile slapped down, and its far edge settling a moment after.
            track.strike(0.0, &TILE_ON_WOOD, 1.0, 1.0);
            track.strike(0.008, &TILE_ON_WOOD, 0.35, 1.07);
            0.7
        }
        Cue::Knock => {
            track.strike(0.0, &KNUCKLE_ON_WOOD, 1.0, 1.0);
            track.strike(0.15, &KNUCKLE_ON_WOOD, 0.85, 1.03);
            0.75
        }
    };
    track.finish(peak)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many times a sound crosses zero a second: a rough measure of how bright it is.
    fn crossings_a_second(s: &[f32]) -> f32 {
        let loud: Vec<f32> = s.iter().copied().filter(|x| x.abs() > 0.01).collect();
        let n = loud
            .windows(2)
            .filter(|w| (w[0] < 0.0) != (w[1] < 0.0))
            .count();
        n as f32 * RATE as f32 / loud.len().max(1) as f32
    }

    /// How alike two sounds are, from 0 (nothing alike) to 1 (the same, up to loudness).
    fn likeness(a: &[f32], b: &[f32]) -> f32 {
        let n = a.len().min(b.len());
        let dot: f32 = a[..n].iter().zip(&b[..n]).map(|(x, y)| x * y).sum();
        let ea: f32 = a.iter().map(|x| x * x).sum();
        let eb: f32 = b.iter().map(|x| x * x).sum();
        (dot / (ea * eb).sqrt()).abs()
    }

    #[test]
    fn every_cue_is_bounded_finite_short_and_ends_in_silence() {
        for cue in Cue::ALL {
            let s = samples(cue);
            let seconds = s.len() as f32 / RATE as f32;
            let peak = s.iter().fold(0.0_f32, |m, x| m.max(x.abs()));
            assert!(s.iter().all(|x| x.is_finite()), "{cue:?} has no NaN");
            assert!(peak > 0.5 && peak <= 0.85 + 1e-6, "{cue:?} peaks at {peak}");
            assert!(seconds > 0.02 && seconds < 1.0, "{cue:?} lasts {seconds} s");
            assert_eq!(s.last(), Some(&0.0), "{cue:?} ends at rest");
            let tail = &s[s.len() - at(0.001)..];
            assert!(
                tail.iter().all(|x| x.abs() < 0.01),
                "{cue:?} dies away at its end"
            );
        }
    }

    #[test]
    fn each_cue_is_made_the_same_every_time() {
        for cue in Cue::ALL {
            assert_eq!(samples(cue), samples(cue), "{cue:?}");
        }
    }

    #[test]
    fn the_cues_are_told_apart_by_ear() {
        let all: Vec<(Cue, Vec<f32>)> = Cue::ALL.iter().map(|&c| (c, samples(c))).collect();
        for (i, (a, sa)) in all.iter().enumerate() {
            for (b, sb) in &all[i + 1..] {
                let like = likeness(sa, sb);
                assert!(like < 0.8, "{a:?} and {b:?} are {like} alike");
            }
        }
        // A hit is sharper than a man set down, and a tile of bone brighter than a man of wood;
        // a knuckle's knock is the dullest of all
        let bright = |c| crossings_a_second(&samples(c));
        assert!(bright(Cue::Hit) > 1.5 * bright(Cue::SetDown));
        assert!(bright(Cue::Tile) > bright(Cue::SetDown));
        assert!(bright(Cue::Knock) < bright(Cue::SetDown));
    }

    #[test]
    fn the_dice_land_as_their_flight_on_the_board_ends() {
        // The rattle is in the cup, at the start; then silence while the dice fly; the
        // loudest moment is their landing, as the throw's animation comes to rest
        let s = samples(Cue::Dice);
        let loudest = s
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.abs().total_cmp(&b.1.abs()))
            .map(|(i, _)| i as f64 / f64::from(RATE))
            .unwrap();
        assert!(
            loudest > THROW_SECONDS * 0.7 && loudest < THROW_SECONDS,
            "loudest at {loudest} s"
        );
        let rattled = s[..at(0.2)].iter().any(|x| x.abs() > 0.1);
        let flying = &s[at(0.3)..at(0.5)];
        assert!(rattled, "the dice rattle in the cup");
        assert!(flying.iter().all(|x| x.abs() < 0.01), "then fly silently");
        // At once, they land almost at once
        let quick = samples(Cue::DiceAtOnce);
        assert!(quick.len() < s.len() / 2);
    }
}
