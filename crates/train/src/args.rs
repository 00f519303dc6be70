//! The examples' command-line flags: `--name value` pairs read from the arguments.

/// The value after the flag `name`, if it is given.
#[must_use]
pub fn value<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(String::as_str)
}

/// The number after the flag `name`, or `default` where it is not given.
///
/// # Errors
/// When the value given is not a number.
pub fn number<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match value(args, name) {
        None => Ok(default),
        Some(v) => v
            .parse()
            .map_err(|_| format!("{name} wants a number, not `{v}`")),
    }
}
