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
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let ui = files(&src.join("ui"), "");
    assert!(ui.len() >= 15, "found only {} window files", ui.len());
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, code) in &ui {
        let uses = if name == "mod" {
            // The module's face names its children by their paths.
            ui.keys()
                .filter(|m| *m != "mod" && !names_after(code, m).is_empty())
                .cloned()
                .collect()
        } else {
            // A name under `super` that is no sibling is an item of ui/mod.rs.
            names_after(code, "super")
                .into_iter()
                .chain(names_after(code, "crate::ui"))
                .map(|n| if ui.contains_key(&n) { n } else { "mod".into() })
                .collect()
        };
        graph.insert(name.clone(), uses);
    }
    assert_eq!(cycle(&graph), None, "the window's files: {graph:#?}");
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
