//! The sound device through ALSA's own library, `libasound.so.2`, opened when the first sound
//! is played (as winit opens X11's and Wayland's libraries), never linked: building Gamester
//! needs no ALSA headers and no system package, and a machine without the library (a server, a
//! container) runs the window in silence. On desktops of today ALSA's "default" device goes to
//! PipeWire or PulseAudio through their ALSA plugin, so this one library reaches them all.
//!
//! Ten functions of the library are called, declared here by hand after `<alsa/pcm.h>` and
//! `<alsa/error.h>` (no bindings crate, no build script; they have been stable since ALSA
//! 1.0.16, 2008): open a device, make its writes wait, set its format, write, recover from an
//! underrun, drain, prepare, close, word an error, and keep the library's own complaints off
//! the standard error.

// Calling a C library loaded at run time cannot be done without `unsafe`: each block below is
// one call, with what makes it sound beside it. Nothing else in Gamester allows it.
#![allow(unsafe_code)]

use std::ffi::{CStr, CString, c_char, c_int, c_long, c_uint, c_ulong, c_void};

use super::player::Sink;
use super::synth::RATE;

/// The library's name, as every Linux distribution installs it (libasound2, alsa-lib).
pub const LIBRARY: &str = "libasound.so.2";
/// The device: the one the system's sound settings choose.
pub const DEVICE: &str = "default";

/// `SND_PCM_STREAM_PLAYBACK`.
const PLAYBACK: c_int = 0;
/// `SND_PCM_NONBLOCK`: opening never waits for a busy device.
const NONBLOCK: c_int = 1;
/// `SND_PCM_FORMAT_S16_LE` or `_BE`, as this machine keeps an `i16`.
const FORMAT_S16: c_int = if cfg!(target_endian = "little") { 2 } else { 3 };
/// `SND_PCM_ACCESS_RW_INTERLEAVED`.
const ACCESS_RW_INTERLEAVED: c_int = 3;
/// How much the device may hold ahead of what is heard, in microseconds.
const LATENCY_US: c_uint = 50_000;

/// The opaque `snd_pcm_t`.
type Pcm = c_void;

/// `snd_lib_error_handler_t`, but for its variadic tail, which the handler below never reads.
type ErrorHandler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);

/// `snd_lib_error_set_handler`.
type SetErrorHandler = unsafe extern "C" fn(Option<ErrorHandler>) -> c_int;

/// The functions called, found in the library by name.
struct Calls {
    open: unsafe extern "C" fn(*mut *mut Pcm, *const c_char, c_int, c_int) -> c_int,
    nonblock: unsafe extern "C" fn(*mut Pcm, c_int) -> c_int,
    set_params:
        unsafe extern "C" fn(*mut Pcm, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int,
    writei: unsafe extern "C" fn(*mut Pcm, *const c_void, c_ulong) -> c_long,
    recover: unsafe extern "C" fn(*mut Pcm, c_int, c_int) -> c_int,
    drain: unsafe extern "C" fn(*mut Pcm) -> c_int,
    prepare: unsafe extern "C" fn(*mut Pcm) -> c_int,
    close: unsafe extern "C" fn(*mut Pcm) -> c_int,
    strerror: unsafe extern "C" fn(c_int) -> *const c_char,
}

/// ALSA's library, loaded.
pub struct Alsa {
    calls: Calls,
}

/// Says nothing: the library's complaints (no card, no server) stay off the standard error,
/// and Gamester says what matters in its View menu instead.
unsafe extern "C" fn quiet(
    _file: *const c_char,
    _line: c_int,
    _function: *const c_char,
    _err: c_int,
    _fmt: *const c_char,
) {
}

impl Alsa {
    /// Loads `library` and finds its functions; `Err` says why not, in words. The library is
    /// never unloaded: ALSA's plugins (PipeWire's, PulseAudio's) may keep threads of their own.
    ///
    /// # Errors
    /// The library is not there, or lacks a function.
    pub fn load(library: &str) -> Result<&'static Alsa, String> {
        let missing =
            |e: libloading::Error| format!("the sound library {library} is missing ({e})");
        // SAFETY: loading runs the library's initialisers; libasound's only set up its own
        // state. It is loaded on the player's thread, never twice at once.
        let lib = unsafe { libloading::Library::new(library) }.map_err(missing)?;
        let lib: &'static libloading::Library = Box::leak(Box::new(lib));
        let lacks = |e: libloading::Error| format!("the sound library {library} is too old ({e})");
        macro_rules! find {
            ($name:literal) => {
                // SAFETY: the type given is the function's as `<alsa/*.h>` declares it, and
                // the library it points into is never unloaded (leaked above).
                *unsafe { lib.get(concat!($name, "\0").as_bytes()) }.map_err(lacks)?
            };
        }
        let alsa = Alsa {
            calls: Calls {
                open: find!("snd_pcm_open"),
                nonblock: find!("snd_pcm_nonblock"),
                set_params: find!("snd_pcm_set_params"),
                writei: find!("snd_pcm_writei"),
                recover: find!("snd_pcm_recover"),
                drain: find!("snd_pcm_drain"),
                prepare: find!("snd_pcm_prepare"),
                close: find!("snd_pcm_close"),
                strerror: find!("snd_strerror"),
            },
        };
        quieten(lib);
        Ok(Box::leak(Box::new(alsa)))
    }

    /// ALSA's words for the error `code`.
    fn words(&self, code: c_int) -> String {
        // SAFETY: snd_strerror takes any int and returns a static C string (never freed).
        let text = unsafe { (self.calls.strerror)(code) };
        if text.is_null() {
            return format!("error {code}");
        }
        // SAFETY: not null, and NUL-terminated and static as above.
        unsafe { CStr::from_ptr(text) }
            .to_string_lossy()
            .into_owned()
    }

    /// Opens `device` for playing mono 16-bit frames at [`RATE`].
    ///
    /// # Errors
    /// No such device, or it refuses the format, in words.
    pub fn open(&'static self, device: &str) -> Result<Device, String> {
        let name = CString::new(device).map_err(|e| e.to_string())?;
        let mut pcm: *mut Pcm = std::ptr::null_mut();
        // SAFETY: `pcm` is a valid place for the handle and `name` a NUL-terminated string
        // that outlives the call.
        let code = unsafe { (self.calls.open)(&mut pcm, name.as_ptr(), PLAYBACK, NONBLOCK) };
        if code < 0 || pcm.is_null() {
            return Err(format!("no sound device ({})", self.words(code)));
        }
        // From here the device is closed on every way out, by Drop.
        let device = Device { alsa: self, pcm };
        // SAFETY: `pcm` is the open handle just returned; 0 makes its writes wait for room.
        let code = unsafe { (self.calls.nonblock)(pcm, 0) };
        if code < 0 {
            return Err(format!("the sound device refused ({})", self.words(code)));
        }
        // SAFETY: an open handle, and plain numbers: S16, interleaved, one channel, the rate,
        // resampling allowed, the latency in microseconds.
        let code = unsafe {
            (self.calls.set_params)(
                pcm,
                FORMAT_S16,
                ACCESS_RW_INTERLEAVED,
                1,
                RATE,
                1,
                LATENCY_US,
            )
        };
        if code < 0 {
            return Err(format!(
                "the sound device refused the sound's format ({})",
                self.words(code)
            ));
        }
        Ok(device)
    }
}

/// Keeps ALSA's complaints off the standard error (where a machine with no sound card would
/// otherwise find several lines at each try). Done only where a function that ignores the
/// variadic tail may be called as a variadic one: the first five arguments travel alike on
/// x86-64 and AArch64 under Linux's calling conventions.
fn quieten(lib: &'static libloading::Library) {
    if cfg!(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64")
    )) {
        // SAFETY: snd_lib_error_set_handler takes a handler pointer (or NULL) and returns an
        // int; the handler, as said above, is called with the five fixed arguments it reads.
        let set: Result<libloading::Symbol<'_, SetErrorHandler>, _> =
            unsafe { lib.get(b"snd_lib_error_set_handler\0") };
        if let Ok(set) = set {
            // SAFETY: as above; `quiet` lives as long as the program.
            unsafe { set(Some(quiet)) };
        }
    }
}

/// An ALSA device open for playing, closed when dropped. It stays on the player's thread.
pub struct Device {
    alsa: &'static Alsa,
    pcm: *mut Pcm,
}

impl Sink for Device {
    fn write(&mut self, frames: &[i16]) -> Result<(), String> {
        let mut rest = frames;
        let mut failures = 0;
        while !rest.is_empty() {
            // SAFETY: an open handle, and a pointer to `rest.len()` frames of one i16 each,
            // as set_params declared; ALSA only reads them.
            let written = unsafe {
                (self.alsa.calls.writei)(self.pcm, rest.as_ptr().cast(), rest.len() as c_ulong)
            };
            if written > 0 {
                rest = rest.get(written as usize..).unwrap_or_default();
                continue;
            }
            failures += 1;
            let code = c_int::try_from(written).unwrap_or(c_int::MIN);
            if failures > 3 {
                return Err(format!(
                    "the sound device failed ({})",
                    self.alsa.words(code)
                ));
            }
            // SAFETY: an open handle and the error it gave; 1 recovers silently.
            let recovered = unsafe { (self.alsa.calls.recover)(self.pcm, code, 1) };
            if recovered < 0 {
                return Err(format!(
                    "the sound device failed ({})",
                    self.alsa.words(recovered)
                ));
            }
        }
        Ok(())
    }

    fn rest(&mut self) {
        // SAFETY: an open handle. Draining waits for what was written to be heard; preparing
        // makes it ready to write again. A failure shows at the next write.
        unsafe {
            (self.alsa.calls.drain)(self.pcm);
            (self.alsa.calls.prepare)(self.pcm);
        }
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        // SAFETY: the handle is open (Device is made only from a successful open) and closed
        // here once.
        unsafe { (self.alsa.calls.close)(self.pcm) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_library_that_is_not_there_is_refused_in_words() {
        let refused = Alsa::load("libgamester-no-such-sound.so.9").err().unwrap();
        assert!(
            refused.contains("libgamester-no-such-sound.so.9 is missing"),
            "{refused}"
        );
    }

    #[test]
    #[ignore = "needs ALSA's libasound.so.2; .ci/run runs it with --ignored wherever the library is installed"]
    fn a_device_that_is_not_there_is_refused_in_words() {
        let alsa = Alsa::load(LIBRARY).expect("ALSA's library is installed");
        let refused = alsa.open("gamester_no_such_device").err().unwrap();
        assert!(refused.starts_with("no sound device ("), "{refused}");
    }

    /// Set for the copy of the test binary that a test runs to read its standard error.
    const CHILD: &str = "GAMESTER_TEST_ALSA_CHILD";

    #[test]
    #[ignore = "needs ALSA's libasound.so.2; .ci/run runs it with --ignored wherever the library is installed"]
    fn alsas_own_complaints_stay_off_the_standard_error() {
        if std::env::var_os(CHILD).is_some() {
            // The copy: a device that is not there, of which ALSA complains unless quietened
            let alsa = Alsa::load(LIBRARY).unwrap();
            assert!(alsa.open("gamester_no_such_device").is_err());
            println!("opened and refused");
            return;
        }
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "ui::sound::alsa::tests::alsas_own_complaints_stay_off_the_standard_error",
                "--ignored",
                "--nocapture",
            ])
            .env(CHILD, "1")
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        let complained = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{said}{complained}");
        assert!(said.contains("opened and refused"), "the copy ran: {said}");
        assert!(!complained.contains("ALSA"), "{complained}");
    }

    #[test]
    #[ignore = "needs ALSA's libasound.so.2; .ci/run runs it with --ignored wherever the library is installed"]
    fn the_samples_reach_the_device_as_written() {
        // ALSA's own "file" device writes what it is given to a WAV file: the whole way from
        // the library to a device, without a sound card
        let alsa = Alsa::load(LIBRARY).expect("ALSA's library is installed");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("heard.wav");
        let frames: Vec<i16> = (0..4800).map(|i| ((i * 37) % 2000 - 1000) as i16).collect();
        {
            let mut device = alsa
                .open(&format!("file:FILE='{}',FORMAT=wav", path.display()))
                .unwrap();
            device.write(&frames[..2000]).unwrap();
            device.rest();
            device.write(&frames[2000..]).unwrap();
            device.rest();
        }
        let wav = std::fs::read(&path).unwrap();
        let u16_at = |i: usize| u16::from_le_bytes([wav[i], wav[i + 1]]);
        let u32_at = |i: usize| u32::from_le_bytes([wav[i], wav[i + 1], wav[i + 2], wav[i + 3]]);
        // One channel of 16-bit samples, little-endian PCM, at the rate the sounds are made at
        assert_eq!(&wav[..4], b"RIFF");
        assert_eq!(&wav[8..16], b"WAVEfmt ");
        assert_eq!(u16_at(20), 1, "PCM");
        assert_eq!(u16_at(22), 1, "one channel");
        assert_eq!(u32_at(24), RATE);
        assert_eq!(u16_at(34), 16, "bits a sample");
        let data = wav.windows(4).position(|w| w == b"data").unwrap() + 8;
        let heard: Vec<i16> = wav[data..]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        assert_eq!(heard, frames);
    }
}
