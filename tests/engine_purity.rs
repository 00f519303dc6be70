//! The engine is pure: it depends on serde and rand only, never on the window, the save format,
//! the computer, the teaching texts or the file system crates (DESIGN.md, "One gate for the
//! rules"). The teaching texts beside it are pure too: they read the engine and nothing else.
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
    assert_pure("src/engine", 10, &["crate::teaching"]);
}

#[test]
fn the_teaching_texts_import_only_the_engine() {
    assert_pure("src/teaching", 4, &[]);
}

/// Every file under `dir` (at least `at_least` of them) imports none of the window, save, file
/// system or computer crates and modules, nor any of `also`.
fn assert_pure(dir: &str, at_least: usize, also: &[&str]) {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut files);
    assert!(
        files.len() >= at_least,
        "found only {} files in {dir}",
        files.len()
    );
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
        "crate::session",
        "crate::players",
    ];
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for line in text.lines().map(str::trim) {
            let code = line.split("//").next().unwrap_or("");
            for name in forbidden.iter().chain(also) {
                let uses = code.starts_with(&format!("use {name}"))
                    || code.contains(&format!("{name}::"))
                    || code.contains(&format!("extern crate {name}"));
                assert!(!uses, "{} uses {name}: {line}", file.display());
            }
        }
    }
}
