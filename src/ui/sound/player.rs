//! The player: a thread of its own, fed cues through a channel, that mixes them and writes
//! them to the sound device. The window sends a cue and never waits; the player opens the
//! device on the first cue, keeps it while cues come, lets it rest (drained) between them and
//! closes it after a while of silence. Where the library or the device is missing it notes why
//! once, drops the cues and tries again a little later; a write that fails closes the device
//! the same way. Nothing here panics on what the system gives.

use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::Cue;
use super::synth::{self, RATE};

/// Frames mixed and written at a time: 10 ms.
const CHUNK: usize = RATE as usize / 100;
/// Cues waiting for the player at most; more are dropped (a stuck device never holds up the
/// window).
const WAITING: usize = 32;
/// A cue that waited longer than this (a device slow to open) is dropped: late, it would no
/// longer go with what the eye sees.
const STALE: Duration = Duration::from_millis(250);
/// After this long without a cue the device is closed, for other programs to use.
const IDLE_CLOSE: Duration = Duration::from_secs(15);
/// After a device failed to open (or failed), the next try waits this long.
const RETRY: Duration = Duration::from_secs(10);
/// Sounds heard at once at most; the oldest gives way.
const VOICES: usize = 8;

/// Where the samples go: a device opened, written in chunks of mono frames at [`RATE`].
pub trait Sink {
    /// Writes `frames`, waiting while the device's buffer is full.
    ///
    /// # Errors
    /// The device failed, in words; it is then closed.
    fn write(&mut self, frames: &[i16]) -> Result<(), String>;
    /// Waits for what was written to be heard, and leaves the device ready to write again.
    fn rest(&mut self);
}

/// How the player opens its sink: `Err` says, in words, why there is no sound.
pub type Opener = Box<dyn FnMut() -> Result<Box<dyn Sink>, String> + Send>;

/// A cue on its way to the player.
struct Sent {
    cue: Cue,
    gain: f32,
    at: Instant,
}

/// The window's end of the player.
pub struct Player {
    to_player: SyncSender<Sent>,
    trouble: Arc<Mutex<Option<String>>>,
}

impl Player {
    /// Starts the player's thread, which opens its sink through `open` when the first cue
    /// comes. `None` if no thread could be started (the window is then silent).
    #[must_use]
    pub fn start(open: Opener) -> Option<Player> {
        let (to_player, cues) = sync_channel(WAITING);
        let trouble = Arc::new(Mutex::new(None));
        let noted = Arc::clone(&trouble);
        std::thread::Builder::new()
            .name("gamester-sound".into())
            .spawn(move || run(&cues, open, &noted))
            .ok()?;
        Some(Player { to_player, trouble })
    }

    /// Sends `cue` at `gain` (0 to 1); never waits, and drops it if the player is behind.
    pub fn send(&self, cue: Cue, gain: f32) {
        let sent = Sent {
            cue,
            gain,
            at: Instant::now(),
        };
        match self.to_player.try_send(sent) {
            Ok(()) | Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => {}
        }
    }

    /// Why nothing is heard, if the player found no library or no device.
    #[must_use]
    pub fn trouble(&self) -> Option<String> {
        self.trouble.lock().ok().and_then(|t| t.clone())
    }
}

/// A cue being heard: its samples, how far in, how loud.
struct Voice {
    cue: usize,
    at: usize,
    gain: f32,
}

/// The player's state on its thread.
struct Mixer {
    sounds: Vec<Vec<f32>>,
    voices: Vec<Voice>,
    mixed: Vec<f32>,
    frames: Vec<i16>,
}

impl Mixer {
    fn new() -> Mixer {
        Mixer {
            sounds: super::Cue::ALL.iter().map(|&c| synth::samples(c)).collect(),
            voices: Vec::new(),
            mixed: vec![0.0; CHUNK],
            frames: Vec::with_capacity(CHUNK),
        }
    }

    /// Starts hearing a cue, unless it is stale.
    fn start(&mut self, sent: &Sent) {
        if sent.at.elapsed() > STALE || sent.gain <= 0.0 {
            return;
        }
        if self.voices.len() >= VOICES {
            self.voices.remove(0);
        }
        self.voices.push(Voice {
            cue: sent.cue as usize,
            at: 0,
            gain: sent.gain.min(1.0),
        });
    }

    /// The next frames of every voice together (up to a chunk, no further than the longest
    /// voice goes); finished voices are let go.
    fn mix(&mut self) -> &[i16] {
        let left = |v: &Voice| self.sounds[v.cue].len().saturating_sub(v.at);
        let n = self.voices.iter().map(left).max().unwrap_or(0).min(CHUNK);
        self.mixed[..n].fill(0.0);
        for v in &mut self.voices {
            let samples = &self.sounds[v.cue];
            let end = (v.at + n).min(samples.len());
            for (out, s) in self.mixed.iter_mut().zip(&samples[v.at..end]) {
                *out += s * v.gain;
            }
            v.at = end;
        }
        let sounds = &self.sounds;
        self.voices.retain(|v| v.at < sounds[v.cue].len());
        self.frames.clear();
        self.frames.extend(
            self.mixed[..n]
                .iter()
                .map(|s| (s * 32767.0).clamp(-32768.0, 32767.0) as i16),
        );
        &self.frames
    }
}

/// Notes why there is no sound (or that there is again: `None`).
fn note(trouble: &Mutex<Option<String>>, why: Option<String>) {
    if let Ok(mut t) = trouble.lock() {
        *t = why;
    }
}

/// The player's thread: until the window lets go of its end, hears the cues sent.
fn run(cues: &Receiver<Sent>, mut open: Opener, trouble: &Mutex<Option<String>>) {
    let mut mixer = Mixer::new();
    let mut sink: Option<Box<dyn Sink>> = None;
    // Whether all written has been heard (the device rests).
    let mut resting = true;
    let mut failed: Option<Instant> = None;
    loop {
        if mixer.voices.is_empty() {
            if let Some(s) = sink.as_mut()
                && !resting
            {
                s.rest();
                resting = true;
            }
            let next = if sink.is_some() {
                cues.recv_timeout(IDLE_CLOSE)
            } else {
                cues.recv().map_err(|_| RecvTimeoutError::Disconnected)
            };
            match next {
                Ok(sent) => mixer.start(&sent),
                Err(RecvTimeoutError::Timeout) => {
                    sink = None;
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
        while let Ok(sent) = cues.try_recv() {
            mixer.start(&sent);
        }
        if mixer.voices.is_empty() {
            continue;
        }
        let Some(device) = sink.as_mut() else {
            if failed.is_some_and(|at| at.elapsed() < RETRY) {
                mixer.voices.clear();
                continue;
            }
            match open() {
                Ok(opened) => {
                    sink = Some(opened);
                    resting = true;
                    failed = None;
                    note(trouble, None);
                }
                Err(why) => {
                    note(trouble, Some(why));
                    failed = Some(Instant::now());
                    mixer.voices.clear();
                }
            }
            continue;
        };
        resting = false;
        if let Err(why) = device.write(mixer.mix()) {
            sink = None;
            note(trouble, Some(why));
            failed = Some(Instant::now());
            mixer.voices.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a test sink was given: the frames written, and how often it rested.
    #[derive(Default)]
    struct Heard {
        frames: Vec<i16>,
        rests: usize,
        opened: usize,
    }

    struct TestSink {
        heard: Arc<Mutex<Heard>>,
        fail_after: Option<usize>,
    }

    impl Sink for TestSink {
        fn write(&mut self, frames: &[i16]) -> Result<(), String> {
            let mut heard = self.heard.lock().unwrap();
            if self.fail_after.is_some_and(|n| heard.frames.len() >= n) {
                return Err("the device went away".into());
            }
            heard.frames.extend_from_slice(frames);
            Ok(())
        }

        fn rest(&mut self) {
            self.heard.lock().unwrap().rests += 1;
        }
    }

    fn opener(heard: &Arc<Mutex<Heard>>, fail_after: Option<usize>) -> Opener {
        let heard = Arc::clone(heard);
        Box::new(move || {
            heard.lock().unwrap().opened += 1;
            Ok(Box::new(TestSink {
                heard: Arc::clone(&heard),
                fail_after,
            }) as Box<dyn Sink>)
        })
    }

    /// Waits until `done` holds of what was heard (a few seconds at most).
    fn wait_for(heard: &Arc<Mutex<Heard>>, done: impl Fn(&Heard) -> bool) {
        for _ in 0..500 {
            if done(&heard.lock().unwrap()) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("the player never got there");
    }

    #[test]
    fn a_cue_is_written_whole_at_its_gain_and_the_device_then_rests() {
        let heard = Arc::new(Mutex::new(Heard::default()));
        let player = Player::start(opener(&heard, None)).unwrap();
        player.send(Cue::SetDown, 0.5);
        wait_for(&heard, |h| h.rests == 1);
        let expected: Vec<i16> = synth::samples(Cue::SetDown)
            .iter()
            .map(|s| (s * 0.5 * 32767.0) as i16)
            .collect();
        let h = heard.lock().unwrap();
        assert_eq!(h.frames, expected);
        assert_eq!(h.opened, 1);
        assert_eq!(player.trouble(), None);
    }

    #[test]
    fn cues_sent_together_are_mixed_not_queued() {
        let heard = Arc::new(Mutex::new(Heard::default()));
        let player = Player::start(opener(&heard, None)).unwrap();
        // Given the first cue heard alone, so the device is open
        player.send(Cue::Tile, 1.0);
        wait_for(&heard, |h| h.rests == 1);
        heard.lock().unwrap().frames.clear();
        // When two cues come at once
        player.send(Cue::SetDown, 1.0);
        player.send(Cue::Hit, 1.0);
        wait_for(&heard, |h| h.rests == 2);
        // Then they are heard together: as long as the longer, not as both end to end
        let longer = synth::samples(Cue::SetDown)
            .len()
            .max(synth::samples(Cue::Hit).len());
        let frames = heard.lock().unwrap().frames.len();
        assert!(frames >= longer && frames < longer + CHUNK, "{frames}");
    }

    #[test]
    fn a_device_that_will_not_open_is_said_once_and_the_cues_are_dropped() {
        let tries = Arc::new(Mutex::new(0));
        let counted = Arc::clone(&tries);
        let open: Opener = Box::new(move || {
            *counted.lock().unwrap() += 1;
            Err("no sound device".to_string())
        });
        let player = Player::start(open).unwrap();
        for _ in 0..5 {
            player.send(Cue::SetDown, 1.0);
        }
        for _ in 0..300 {
            if player.trouble().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(player.trouble().as_deref(), Some("no sound device"));
        std::thread::sleep(Duration::from_millis(100));
        player.send(Cue::Hit, 1.0);
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(*tries.lock().unwrap(), 1, "not tried again at once");
    }

    #[test]
    fn a_write_that_fails_closes_the_device_and_the_player_carries_on() {
        let heard = Arc::new(Mutex::new(Heard::default()));
        let player = Player::start(opener(&heard, Some(CHUNK))).unwrap();
        player.send(Cue::Dice, 1.0);
        for _ in 0..300 {
            if player.trouble().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(player.trouble().as_deref(), Some("the device went away"));
        // The player is still there: a cue sent now is taken (and dropped until the retry)
        player.send(Cue::SetDown, 1.0);
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(heard.lock().unwrap().frames.len(), CHUNK);
    }

    #[test]
    fn a_stale_or_silent_cue_is_not_heard() {
        let mut mixer = Mixer::new();
        mixer.start(&Sent {
            cue: Cue::Hit,
            gain: 1.0,
            at: Instant::now() - STALE * 2,
        });
        mixer.start(&Sent {
            cue: Cue::Hit,
            gain: 0.0,
            at: Instant::now(),
        });
        assert!(mixer.voices.is_empty());
        assert!(mixer.mix().is_empty());
    }
}
