//! Reading a file Gamester is given (a save, a network, a list of positions, the settings)
//! without ever being stuck on it: what is not a regular file (a named pipe, a device such as
//! `/dev/zero`) is refused before it is opened, the file is opened so that even a pipe put in
//! its place at the last moment cannot block, and no more than a cap is ever read, however
//! large the file is or grows.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

use thiserror::Error;

/// Why a file was not read.
#[derive(Debug, Error)]
pub enum ReadError {
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("it is not a regular file but {0}")]
    NotRegular(&'static str),
    #[error("it is {size} bytes or more; no more than {max} are read")]
    TooLarge { size: u64, max: u64 },
}

/// What a file that is not a regular one is, in words.
fn kind_of(file_type: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a folder"
    } else {
        "something else"
    }
}

/// Opens `path` for reading without waiting on it, and only if it is a regular file.
///
/// What is not a regular file is refused before it is opened: opening a device can do
/// something of its own (a serial line or a terminal may take the open as a call), and a
/// socket cannot be opened at all. The file opened is checked again, since something else may
/// have been put under the name in between.
///
/// # Errors
/// Why not: it is not there or cannot be opened, or it is not a regular file.
pub fn open_regular(path: &Path) -> Result<File, ReadError> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular(kind_of(meta.file_type())));
    }
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // A pipe put under the name since the check above would make the open wait for a
        // writer; not with O_NONBLOCK. Nor does a terminal put there become this process's
        // own (O_NOCTTY). A regular file reads as ever.
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular(kind_of(meta.file_type())));
    }
    Ok(file)
}

/// The bytes of the regular file at `path`, refused if there are more than `max` of them.
///
/// # Errors
/// As [`open_regular`], and [`ReadError::TooLarge`] before more than `max + 1` bytes are read.
pub fn read_capped(path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_regular(path)?;
    let size = file.metadata()?.len();
    if size > max {
        return Err(ReadError::TooLarge { size, max });
    }
    // The file may grow while it is read: never read more than the cap and one byte.
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
            max,
        });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_read_whole_up_to_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.ron");
        std::fs::write(&path, b"12345").unwrap();
        assert_eq!(read_capped(&path, 5).unwrap(), b"12345");
        assert!(matches!(
            read_capped(&path, 4),
            Err(ReadError::TooLarge { size: 5, max: 4 })
        ));
    }

    #[test]
    fn a_huge_sparse_file_is_refused_before_it_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("huge.ron");
        let f = File::create(&path).unwrap();
        f.set_len(10 << 30).unwrap();
        assert!(matches!(
            read_capped(&path, 1 << 20),
            Err(ReadError::TooLarge { .. })
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_pipe_and_a_device_are_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let pipe = dir.path().join("pipe.ron");
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&pipe)
                .status()
                .unwrap()
                .success()
        );
        // (With nobody writing to it, a plain open would wait for ever.)
        let e = read_capped(&pipe, 100).unwrap_err();
        assert_eq!(e.to_string(), "it is not a regular file but a named pipe");
        let e = read_capped(Path::new("/dev/zero"), 100).unwrap_err();
        assert_eq!(e.to_string(), "it is not a regular file but a device");
        let e = read_capped(dir.path(), 100).unwrap_err();
        assert_eq!(e.to_string(), "it is not a regular file but a folder");
    }

    #[cfg(unix)]
    #[test]
    fn a_socket_is_refused_as_a_socket_not_with_the_systems_error() {
        // Given a socket in place of a file (a program listening on it)
        let dir = tempfile::tempdir().unwrap();
        let socket = dir.path().join("game.ron");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        // When it is read
        let e = read_capped(&socket, 100).unwrap_err();
        // Then it is refused for what it is, not as "No such device or address", which
        // opening it gives
        assert_eq!(e.to_string(), "it is not a regular file but a socket");
    }
}
