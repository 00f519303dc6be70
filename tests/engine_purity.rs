//! The engine is pure: it depends on serde and rand only, never on the window, the save format
//! or the file system crates (DESIGN.md, "One gate for the rules").
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_engine_imports_no_ui_save_or_file_crates() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine"),
        &mut files,
    );
    assert!(files.len() >= 10, "found only {} engine files", files.len());
    let forbidden = [
        "egui",
        "eframe",
        "ron",
        "rfd",
        "directories",
        "std::fs",
        "crate::ui",
        "crate::save",
        "crate::ai",
    ];
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for line in text.lines().map(str::trim) {
            let code = line.split("//").next().unwrap_or("");
            for name in forbidden {
                let uses = code.starts_with(&format!("use {name}"))
                    || code.contains(&format!("{name}::"))
                    || code.contains(&format!("extern crate {name}"));
                assert!(!uses, "{} uses {name}: {line}", file.display());
            }
        }
    }
}
