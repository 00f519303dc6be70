//! The house's arrows point one way (DESIGN.md, "Layout"): no two files of the window import
//! each other, even through others, and the command line never imports the window.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A file's code without its unit tests (whose `super` is the file itself) and comments.
fn code_of(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names that follow `prefix::` in `code`, with `prefix::{a, b::c}` groups opened.
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.trim()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = BTreeSet::new();
    let pattern = format!("{prefix}::");
    for (at, _) in code.match_indices(&pattern) {
        let before = code[..at].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let rest = &code[at + pattern.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or("");
            out.extend(group.split(',').map(ident).filter(|n| !n.is_empty()));
        } else {
            out.insert(ident(rest));
        }
    }
    out
}

/// Rust files directly in `dir` whose names start with `start`, by their module name.
fn files(dir: &Path, start: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.extension().is_some_and(|e| e == "rs") && name.starts_with(start) {
            out.insert(name, code_of(&path));
        }
    }
    out
}

/// A cycle in `graph`, if there is one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn walk(
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        let last = path.last()?.clone();
        for next in graph.get(&last).into_iter().flatten() {
            if let Some(i) = path.iter().position(|p| p == next) {
                let mut found = path[i..].to_vec();
                found.push(next.clone());
                return Some(found);
            }
            if done.insert(next.clone()) {
                path.push(next.clone());
                if let Some(found) = walk(graph, path, done) {
                    return Some(found);
                }
                path.pop();
            }
        }
        None
    }
    let mut done = BTreeSet::new();
    for start in graph.keys() {
        if done.insert(start.clone())
            && let Some(found) = walk(graph, &mut vec![start.clone()], &mut done)
        {
            return Some(found);
        }
    }
    None
}

#[test]
fn no_two_files_of_the_window_import_each_other() {
    let graph = graph_of("ui", 15);
    assert_eq!(cycle(&graph), None, "the window's files: {graph:#?}");
}

#[test]
fn no_two_files_of_the_engine_the_teaching_the_computer_or_the_saves_import_each_other() {
    for (dir, at_least) in [
        ("engine", 12),
        ("teaching", 4),
        ("ai", 6),
        ("save", 5),
        ("dominoes", 6),
    ] {
        let graph = graph_of(dir, at_least);
        assert_eq!(cycle(&graph), None, "src/{dir}: {graph:#?}");
    }
}

/// The modules of the crate point inward: the engine and the tiles engine import none of ours
/// (nor each other); the teaching texts
/// the engine only; the computer and the saves (of both kinds of game) never the window, nor
/// each other.
#[test]
fn the_modules_point_inward() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let allowed: &[(&str, &[&str])] = &[
        ("engine", &[]),
        ("dominoes", &[]),
        ("teaching", &["engine"]),
        ("level", &[]),
        ("players", &["engine", "level"]),
        ("ai", &["engine", "dominoes", "level"]),
        ("save", &["engine", "dominoes", "players", "level"]),
        ("session", &["engine", "teaching", "players"]),
    ];
    for (module, may) in allowed {
        let dir = src.join(module);
        let codes: Vec<String> = if dir.is_dir() {
            let mut all = Vec::new();
            collect(&dir, &mut all);
            all
        } else {
            vec![code_of(&src.join(format!("{module}.rs")))]
        };
        for code in codes {
            for used in names_after(&code, "crate") {
                assert!(
                    used == *module || may.contains(&used.as_str()),
                    "src/{module} imports crate::{used}"
                );
            }
        }
    }
}

/// The code of every Rust file under `dir`.
fn collect(dir: &Path, out: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(code_of(&path));
        }
    }
}

/// Which files of `src/<dir>` (at least `at_least` of them) import which of their siblings.
fn graph_of(dir: &str, at_least: usize) -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let ui = files(&src.join(dir), "");
    assert!(
        ui.len() >= at_least,
        "found only {} files in src/{dir}",
        ui.len()
    );
    let own = format!("crate::{dir}");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, code) in &ui {
        let uses = if name == "mod" {
            // The module's face names its children by their paths.
            ui.keys()
                .filter(|m| *m != "mod" && !names_after(code, m).is_empty())
                .cloned()
                .collect()
        } else {
            names_after(code, "super")
                .into_iter()
                .chain(names_after(code, &own))
                .map(|n| {
                    // A sibling file or folder is itself; any other name is ui/mod.rs's.
                    if ui.contains_key(&n) || src.join(dir).join(&n).is_dir() {
                        n
                    } else {
                        "mod".into()
                    }
                })
                .collect()
        };
        graph.insert(name.clone(), uses);
    }
    graph
}

#[test]
fn the_command_line_never_imports_the_window_and_its_files_point_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let cli = files(&src, "cli");
    assert!(
        cli.len() >= 3,
        "found only {} command-line files",
        cli.len()
    );
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, code) in &cli {
        let uses = names_after(code, "crate");
        assert!(!uses.contains("ui"), "src/{name}.rs imports the window");
        graph.insert(
            name.clone(),
            uses.into_iter().filter(|n| cli.contains_key(n)).collect(),
        );
    }
    assert_eq!(cycle(&graph), None, "the command line's files: {graph:#?}");
}
