//! The table of options is RULES.md's: every option and every value of RULES.md's table of
//! options is in `tables::options::OPTIONS`, in the same order, set by name and read back; and
//! the table has nothing RULES.md lacks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::Path;

use gamester_rules::tables::options::{OPTIONS, OptionValue, option};
use gamester_rules::tables::{Position, Rules, position_id};

/// One row's worth of RULES.md's table of options: an option, its values, its default.
#[derive(Debug)]
struct Documented {
    option: String,
    values: Vec<String>,
    default: String,
}

fn rules_md() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/RULES.md");
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The words in backticks in `text`.
fn quoted(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The options of RULES.md's `## Options` table, in its order. A row may name several options
/// (`all_captured_wins`, `blocked_is_draw`); a row whose values name none and whose default is
/// `false` is a flag, `false` / `true`.
fn documented_options(md: &str) -> Vec<Documented> {
    let table = md
        .split("\n## Options\n")
        .nth(1)
        .unwrap_or_else(|| panic!("RULES.md has no `## Options` section"));
    let mut out = Vec::new();
    let rows = table
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'));
    for row in rows.skip(2) {
        let cells: Vec<&str> = row.trim().trim_matches('|').split('|').collect();
        assert!(cells.len() >= 3, "a row of the table of options: {row}");
        let default = quoted(cells[2]);
        let [default] = default.as_slice() else {
            panic!("one default in {row}");
        };
        let mut values = quoted(cells[1]);
        if values.is_empty() {
            assert!(default == "false", "no values and not a flag: {row}");
            values = vec!["false".to_string(), "true".to_string()];
        }
        for option in quoted(cells[0]) {
            out.push(Documented {
                option,
                values: values.clone(),
                default: default.clone(),
            });
        }
    }
    out
}

/// A value as `--set` writes it: a custom layout with the starting position's id.
fn written(value: &OptionValue) -> String {
    match value.parameter {
        Some(_) => format!(
            "{}:{}",
            value.name,
            position_id::encode(&Position::default())
        ),
        None => value.name.to_string(),
    }
}

/// Everything on which RULES.md's options and the table of options disagree, in words: an
/// option or a value one has and the other lacks, another order, or a value `--set` refuses or
/// the rules do not read back.
fn disagreements(documented: &[Documented]) -> Vec<String> {
    let mut out = Vec::new();
    for d in documented {
        let Some(option) = option(&d.option) else {
            out.push(format!("`{}` of RULES.md is not in the table", d.option));
            continue;
        };
        let values: Vec<&str> = option.values.iter().map(|v| v.name).collect();
        if values != d.values {
            out.push(format!(
                "`{}`: RULES.md has {:?}, the table {values:?}",
                d.option, d.values
            ));
        }
        for value in option
            .values
            .iter()
            .filter(|v| d.values.contains(&v.name.to_string()))
        {
            // Given the option set to the value, as `--set` sets it
            let written = written(value);
            let mut rules = Rules::default();
            if let Err(e) = rules.set_assignment(&format!("{}={written}", d.option)) {
                out.push(format!("{}={written} is refused: {e}", d.option));
            } else if !rules.values().contains(&(option.name, written.clone())) {
                // Then the rules read it back
                out.push(format!("{}={written} does not read back", d.option));
            }
        }
    }
    let names: Vec<&str> = documented.iter().map(|d| d.option.as_str()).collect();
    let table: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
    for name in &table {
        if !names.contains(name) {
            out.push(format!("`{name}` of the table is not in RULES.md"));
        }
    }
    if out.is_empty() && table != names {
        out.push(format!(
            "RULES.md orders the options {names:?}, the table {table:?}"
        ));
    }
    out
}

#[test]
fn rules_md_is_read_as_twenty_seven_options() {
    // Given RULES.md, When its table of options is read
    let documented = documented_options(&rules_md());
    // Then it has the twenty-seven options, each with two values or more
    assert_eq!(documented.len(), 27, "{documented:#?}");
    for d in &documented {
        assert!(d.values.len() >= 2, "{d:?}");
    }
}

#[test]
fn every_option_and_value_of_rules_md_is_in_the_table_and_nothing_else() {
    // Given RULES.md's table of options
    let documented = documented_options(&rules_md());
    // Then the table of options has each option and value, in its order, and nothing more;
    // each value is set by `--set` and read back
    let found = disagreements(&documented);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_rules_md_with_an_option_more_or_a_value_less_is_caught() {
    // Given RULES.md with `treble` taken out and `cube` renamed `castling`
    let md = rules_md()
        .replace(", `treble` (house rule: three times)", "")
        .replace("| `cube` |", "| `castling` |");
    // When it is compared with the table of options
    let found = disagreements(&documented_options(&md)).join("\n");
    // Then the value the table has more, and both options, are named
    for missing in ["treble", "`castling` of RULES.md", "`cube` of the table"] {
        assert!(found.contains(missing), "{missing} not found in:\n{found}");
    }
}

#[test]
fn the_defaults_of_rules_md_are_irish() {
    // Given the rules by default (Irish)
    let values = Rules::default().values();
    for d in documented_options(&rules_md()) {
        // Then each option has RULES.md's default
        assert!(
            values.contains(&(d.option.as_str(), d.default.clone())),
            "{} should be {} by default: {values:?}",
            d.option,
            d.default
        );
    }
}

#[test]
fn an_option_or_value_rules_md_lacks_is_refused() {
    // Given Irish, When an option or a value RULES.md lacks is set
    let mut rules = Rules::default();
    let option_error = rules.set_assignment("castling=true").unwrap_err();
    let value_error = rules.set_assignment("bear_off=sideways").unwrap_err();
    // Then both are refused, the rules are unchanged, and the errors list what there is
    assert_eq!(rules, Rules::default());
    assert!(
        option_error.to_string().contains("layout, dice, doublets"),
        "{option_error}"
    );
    assert!(
        value_error
            .to_string()
            .ends_with("(values: over_edge modern exact)"),
        "{value_error}"
    );
}
