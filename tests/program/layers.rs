//! The house's shape, read from its sources: no two modules of the same parent lean on each
//! other, in any crate (docs/DESIGN.md, "Layers"). A module `a` leans on its sibling `b` when
//! any file of `a` names `b` by a path (`super::b`, `crate::…::b`); the modules of one parent
//! must then form no circle, so each can be read, tested and changed knowing only those below
//! it. Unit tests (`mod tests`, `tests.rs`) are left out: a test may look anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// Every source file under `dir`, with the module it is.
fn files(root: &Path, dir: &Path, out: &mut Vec<(PathBuf, Module)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).unwrap().with_extension("");
            let mut module: Module = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|m| m == "mod") {
                module.pop();
            }
            if module == ["lib"] || module == ["main"] {
                module.clear();
            }
            if module.last().is_some_and(|m| m == "tests") {
                continue;
            }
            out.push((path, module));
        }
    }
}

/// The text before a file's unit tests, without its comments.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first names of the paths that follow `at` in `s`: one name, or each of a `{…}` group.
fn names_after(s: &str, at: usize) -> Vec<String> {
    let rest = &s[at..];
    let word = |t: &str| -> String {
        t.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    if !rest.starts_with('{') {
        return vec![word(rest)];
    }
    let mut depth = 0;
    let mut out = Vec::new();
    let mut start = 1;
    for (i, c) in rest.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    out.push(word(&rest[start..i]));
                    break;
                }
            }
            ',' if depth == 1 => {
                out.push(word(&rest[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    out
}

/// `text` ends with the whole word `word`.
fn word_ends(text: &str, word: &str) -> bool {
    text.strip_suffix(word).is_some_and(|head| {
        !head
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Each module's references to other modules, as paths from the crate's root.
fn references(root: &Path) -> (BTreeSet<Module>, Vec<(Module, Module)>) {
    let mut all = Vec::new();
    files(root, root, &mut all);
    let modules: BTreeSet<Module> = all.iter().map(|(_, m)| m.clone()).collect();
    let mut refs = Vec::new();
    for (path, module) in &all {
        let text = code(&std::fs::read_to_string(path).unwrap());
        for (at, _) in text.match_indices("::") {
            let before = &text[..at];
            let (base, start) = if word_ends(before, "crate") {
                (Vec::new(), at + 2)
            } else if word_ends(before, "super") && !before[..before.len() - 5].ends_with("::") {
                // A chain `super::super::…`, from its first `super`.
                let mut base = module.clone();
                base.pop();
                let mut i = at + 2;
                while text[i..].starts_with("super::") {
                    base.pop();
                    i += "super::".len();
                }
                (base, i)
            } else {
                continue;
            };
            for name in names_after(&text, start) {
                if name.is_empty() || name == "self" {
                    continue;
                }
                let mut target = base.clone();
                target.push(name);
                if modules.contains(&target) {
                    refs.push((module.clone(), target));
                }
            }
        }
    }
    (modules, refs)
}

/// The circles among siblings: each a list of modules that lean on each other.
fn circles(root: &Path) -> Vec<Vec<String>> {
    let (_, refs) = references(root);
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (from, to) in refs {
        let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
        if common >= from.len() || common >= to.len() {
            continue; // a module and its own descendant or ancestor
        }
        let (a, b) = (from[..=common].to_vec(), to[..=common].to_vec());
        edges.entry(a).or_default().insert(b);
    }
    // Strongly connected components (Tarjan), of more than one module.
    struct State<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<Module, usize>,
        low: BTreeMap<Module, usize>,
        stack: Vec<Module>,
        found: Vec<Vec<String>>,
    }
    fn visit(s: &mut State<'_>, v: &Module) {
        let n = s.index.len();
        s.index.insert(v.clone(), n);
        s.low.insert(v.clone(), n);
        s.stack.push(v.clone());
        let next: Vec<Module> = s.edges.get(v).into_iter().flatten().cloned().collect();
        for w in next {
            if !s.index.contains_key(&w) {
                visit(s, &w);
                let lw = s.low[&w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.stack.contains(&w) {
                let iw = s.index[&w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                let done = w == *v;
                component.push(w.join("::"));
                if done {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut s = State {
        edges: &edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    let starts: Vec<Module> = edges.keys().cloned().collect();
    for v in &starts {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.found
}

const CRATES: [&str; 4] = [
    "src",
    "crates/rules/src",
    "crates/core/src",
    "crates/net/src",
];

#[test]
fn no_two_sibling_modules_lean_on_each_other_in_any_crate() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    for krate in CRATES {
        let found = circles(&here.join(krate));
        assert!(found.is_empty(), "{krate}: modules in a circle: {found:?}");
    }
}

/// The reading finds what it should: a circle planted in a crate of two files is found, and
/// the paths it reads (groups, `super::super`, `crate::`) each count.
#[test]
fn the_reading_finds_a_planted_circle() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("a")).unwrap();
    std::fs::write(root.join("lib.rs"), "mod a;\nmod b;\nmod c;\n").unwrap();
    std::fs::write(root.join("a.rs"), "mod inner;\n").unwrap();
    std::fs::write(
        root.join("a/inner.rs"),
        "use super::super::{b::Thing, c};\n",
    )
    .unwrap();
    std::fs::write(
        root.join("b.rs"),
        "// crate::a is only named in a comment\n",
    )
    .unwrap();
    std::fs::write(root.join("c.rs"), "fn f() { crate::b::g(); }\n").unwrap();
    assert!(circles(root).is_empty(), "a → b, a → c → b: no circle");
    std::fs::write(root.join("b.rs"), "pub fn g() { crate::a::h(); }\n").unwrap();
    assert_eq!(
        circles(root),
        vec![vec!["a".to_string(), "b".into(), "c".into()]]
    );
    // A unit test may look anywhere.
    std::fs::write(
        root.join("b.rs"),
        "pub fn g() {}\n#[cfg(test)]\nmod tests {\n    use crate::a;\n}\n",
    )
    .unwrap();
    assert!(circles(root).is_empty());
}

/// Every Rust file of the house, tests included.
fn every_file() -> Vec<PathBuf> {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for dir in ["src", "tests", "crates"] {
        files(&here.join(dir), &here.join(dir), &mut all);
    }
    let mut found: Vec<PathBuf> = all.into_iter().map(|(p, _)| p).collect();
    // `files` leaves out unit-test files; they are files of the house too.
    for dir in ["src", "crates"] {
        tests_files(&here.join(dir), &mut found);
    }
    found
}

fn tests_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            tests_files(&path, out);
        } else if path.file_name().is_some_and(|n| n == "tests.rs") {
            out.push(path);
        }
    }
}

/// One idea a file: none is over 700 lines, and a module with children is `name.rs` beside
/// `name/`, never `mod.rs` (docs/DESIGN.md, "The window's rooms").
#[test]
fn every_file_holds_one_idea_and_is_named_one_way() {
    let all = every_file();
    assert!(all.len() > 100, "the sources are found: {}", all.len());
    for path in &all {
        assert_ne!(
            path.file_name().unwrap(),
            "mod.rs",
            "{}: name it after its module",
            path.display()
        );
        let lines = std::fs::read_to_string(path).unwrap().lines().count();
        assert!(lines <= 700, "{}: {lines} lines", path.display());
    }
}

/// The words that name a family of games, its rules' module or its screen.
const FAMILY_WORDS: [&str; 9] = [
    "tables::",
    "tiles::",
    "pastimes::",
    "tiles",
    "pastime",
    "Tiles",
    "Pastime",
    "TablesScreen",
    "ticktack",
];

/// The files of the shell, the network window, the screen reader's and the sounds that still
/// name a family: not yet moved into the family's own module or its plug (`ui::families`).
/// The list only shrinks: a file that names none any more must leave it.
const NOT_YET_MOVED: &[&str] = &[
    // not yet moved: none. A file the shell cannot yet free of a family's name goes here, with
    // the reason, until it is moved.
];

/// `text` without its string literals: what a player reads ("the tiles heard") is no name of a
/// module.
fn without_strings(text: &str) -> String {
    // A quote as a character ('"') opens no string.
    let text = text.replace("'\"'", "' '");
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            out.push(c);
            continue;
        }
        while let Some(c) = chars.next() {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => break,
                _ => {}
            }
        }
        out.push_str("\"\"");
    }
    out
}

/// A family is a plug (docs/DESIGN.md, "Adding a family"): the shell, the network window, the
/// screen reader's nodes and the sounds ask a family through `Screen` and `FamilyPlug`, and
/// only `ui/families.rs` names them all; no file of theirs names a family's module, its rules
/// or its screen in its code (comments, strings and unit tests left out), but those not yet
/// moved.
#[test]
fn the_shell_names_no_family() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ui = here.join("src/ui");
    let mut found = Vec::new();
    for part in ["shell", "net", "access", "sound"] {
        let mut all = vec![(ui.join(format!("{part}.rs")), Vec::new())];
        files(&ui, &ui.join(part), &mut all);
        found.extend(all.into_iter().map(|(path, _)| path));
    }
    assert!(
        found.len() > 30,
        "the shell's files are found: {}",
        found.len()
    );
    let mut naming = Vec::new();
    for path in &found {
        let text = without_strings(&code(&std::fs::read_to_string(path).unwrap()));
        let name = path
            .strip_prefix(here)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let words: Vec<&str> = FAMILY_WORDS
            .into_iter()
            .filter(|w| text.contains(w))
            .collect();
        let allowed = NOT_YET_MOVED.contains(&name.as_str());
        if words.is_empty() {
            assert!(
                !allowed,
                "{name} names no family now: take it off NOT_YET_MOVED"
            );
        } else if !allowed {
            naming.push(format!("{name}: {words:?}"));
        }
    }
    assert!(
        naming.is_empty(),
        "these name a family: ask it through its plug instead\n{}",
        naming.join("\n")
    );
}

/// The reading of the shell's code leaves out what a player reads and what a comment says.
#[test]
fn a_string_or_a_comment_names_no_module() {
    let text = "let a = \"the tiles \\\" heard\"; // tables::x\nlet q = '\"'; let b = 1;";
    let read = without_strings(&code(text));
    assert!(!read.contains("tiles"), "{read}");
    assert!(!read.contains("tables::"), "{read}");
    assert!(read.contains("let b = 1;"), "{read}");
}
