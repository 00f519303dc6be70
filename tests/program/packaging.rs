//! The Debian package's pieces, checked without cargo-deb: every file `[package.metadata.deb]`
//! lists exists (the binary excepted: `cargo deb` builds it), the icon is there at each usual
//! size and is that size, the desktop entry starts Gamester on a file and names the icon and the
//! saves' MIME type, and the MIME type's glob and magic match what Gamester writes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::{Path, PathBuf};

use gamester_core::players::Seats;
use gamester_core::save::{self, SaveFile};
use gamester_rules::tables::{Game, Preset, Rules};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The deb metadata's assets: (source, destination) each.
fn assets() -> Vec<(String, String)> {
    let text = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let manifest: toml::Table = toml::from_str(&text).unwrap();
    let deb = &manifest["package"]["metadata"]["deb"];
    deb["assets"]
        .as_array()
        .expect("[package.metadata.deb] lists its assets")
        .iter()
        .map(|row| {
            let row = row.as_array().unwrap();
            assert_eq!(row.len(), 3, "source, destination, mode: {row:?}");
            (
                row[0].as_str().unwrap().to_string(),
                row[1].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The source installed at `dest`, which the package must have.
fn source_of(dest: &str) -> PathBuf {
    let (src, _) = assets()
        .into_iter()
        .find(|(_, d)| d == dest)
        .unwrap_or_else(|| panic!("the package installs nothing at {dest}"));
    root().join(src)
}

/// A PNG's width and height, from its header.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = fs::read(path).unwrap();
    assert_eq!(
        &bytes[..8],
        b"\x89PNG\r\n\x1a\n",
        "{} is a PNG",
        path.display()
    );
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

/// The value of `key=` in the desktop entry.
fn desktop_value(entry: &str, key: &str) -> String {
    entry
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{key}=")))
        .unwrap_or_else(|| panic!("the desktop entry has no {key}= line"))
        .to_string()
}

/// The `attr="…"` of the first element `tag` in the MIME XML.
fn xml_attr(xml: &str, tag: &str, attr: &str) -> String {
    let at = xml.find(&format!("<{tag} ")).unwrap();
    let rest = &xml[at..];
    let start = rest.find(&format!("{attr}=\"")).unwrap() + attr.len() + 2;
    rest[start..].split('"').next().unwrap().to_string()
}

#[test]
fn every_asset_the_package_lists_exists() {
    let assets = assets();
    assert!(assets.len() >= 4);
    for (src, dest) in &assets {
        if src.starts_with("target/") {
            // Built by `cargo deb` itself.
            assert_eq!(src, "target/release/gamester");
            assert_eq!(dest, "usr/bin/");
        } else {
            assert!(root().join(src).is_file(), "{src} is missing");
        }
    }
}

#[test]
fn the_icon_is_installed_at_every_usual_size_and_is_that_size() {
    for n in [16, 24, 32, 48, 64, 128, 256] {
        let dest = format!("usr/share/icons/hicolor/{n}x{n}/apps/gamester.png");
        assert_eq!(png_size(&source_of(&dest)), (n, n), "{dest}");
    }
}

#[test]
fn the_desktop_entry_opens_a_file_with_gamester_its_icon_and_the_saves_type() {
    let entry = fs::read_to_string(source_of("usr/share/applications/gamester.desktop")).unwrap();
    assert!(entry.starts_with("[Desktop Entry]"));
    assert_eq!(desktop_value(&entry, "Type"), "Application");
    assert_eq!(desktop_value(&entry, "Exec"), "gamester %f");
    assert_eq!(desktop_value(&entry, "Icon"), "gamester");
    let xml = fs::read_to_string(source_of("usr/share/mime/packages/gamester.xml")).unwrap();
    let mime = xml_attr(&xml, "mime-type", "type");
    assert_eq!(desktop_value(&entry, "MimeType"), format!("{mime};"));
}

#[test]
fn the_package_and_the_desktop_entry_name_every_family_of_games_and_play_at_a_distance() {
    // (issue 57, item 10: they named only the older games at Tables)
    let text = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let manifest: toml::Table = toml::from_str(&text).unwrap();
    let described = manifest["package"]["metadata"]["deb"]["extended-description"]
        .as_str()
        .unwrap()
        .to_string();
    for word in [
        "Tick-tack",
        "Doublets",
        "Sice-Ace",
        "dominoes",
        "at a distance",
    ] {
        assert!(
            described.contains(word),
            "the package's description: {word}"
        );
    }
    let entry = fs::read_to_string(source_of("usr/share/applications/gamester.desktop")).unwrap();
    let comment = desktop_value(&entry, "Comment");
    for word in ["Tick-tack", "pastimes", "dominoes", "far"] {
        assert!(comment.contains(word), "the comment: {comment}");
    }
    let keywords = desktop_value(&entry, "Keywords");
    for word in [
        "Tick-tack;",
        "Doublets;",
        "Sice-Ace;",
        "Dominoes;",
        "Network;",
    ] {
        assert!(keywords.contains(word), "the keywords: {keywords}");
    }
}

#[test]
fn the_mime_type_knows_a_save_by_its_glob_and_by_how_it_begins() {
    let xml = fs::read_to_string(source_of("usr/share/mime/packages/gamester.xml")).unwrap();
    assert_eq!(xml_attr(&xml, "glob", "pattern"), "*.ron");
    // The magic: "(" at the start, then "format:" starting within the offsets it gives, as
    // Gamester writes every save.
    assert_eq!(xml_attr(&xml, "match", "value"), "(");
    let inner = &xml[xml.find("<match ").unwrap() + 1..];
    let inner = &inner[inner.find("<match ").unwrap()..];
    assert_eq!(xml_attr(inner, "match", "value"), "format:");
    let range = xml_attr(inner, "match", "offset");
    let (from, to) = range.split_once(':').unwrap();
    let (from, to): (usize, usize) = (from.parse().unwrap(), to.parse().unwrap());
    for preset in [Preset::Irish, Preset::Modern] {
        let game = Game::new(Rules::preset(preset)).unwrap();
        let text = save::to_string(&SaveFile::from_game(&game, &Seats::two_people())).unwrap();
        assert!(text.starts_with('('));
        let at = text.find("format:").unwrap();
        assert!((from..=to).contains(&at), "format: at {at}, magic {range}");
    }
}
