//! The command line, parsed as Go's `flag` package parses the reference's.

use std::ffi::OsString;

/// The reference's usage text (`flag.PrintDefaults` after its first line).
pub const USAGE: &str = "\
usage: hclfmt [flags] [path ...]
  -check
    \tperform a syntax check on the given files and produce diagnostics
  -require-no-change
    \treturn a non-zero status if any files are changed during formatting
  -version
    \tshow the version number and immediately exit
  -w\toverwrite source files instead of writing to stdout
";

/// The flags and the paths.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Args {
    pub check: bool,
    pub require_no_change: bool,
    pub overwrite: bool,
    pub version: bool,
    pub paths: Vec<OsString>,
}

/// Why parsing stopped: help was asked for (usage alone), or a mistake (its message, then the
/// usage). Both exit with status 2.
#[derive(Debug, PartialEq, Eq)]
pub enum ArgsError {
    Help,
    Bad(String),
}

/// strconv.ParseBool.
fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Some(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Some(false),
        _ => None,
    }
}

/// Parses the arguments after the program name: flags (`-name`, `--name`, `-name=value`) up to
/// the first argument that is not one (a lone `-` is not) or up to `--`; the rest are paths.
pub fn parse(args: Vec<OsString>) -> Result<Args, ArgsError> {
    let mut out = Args::default();
    let mut rest = args.into_iter().peekable();
    while let Some(arg) = rest.peek() {
        let s = arg.to_string_lossy().into_owned();
        if s.len() < 2 || !s.starts_with('-') {
            break;
        }
        rest.next();
        let name = if let Some(n) = s.strip_prefix("--") {
            if n.is_empty() {
                break;
            }
            n
        } else {
            &s[1..]
        };
        if name.is_empty() || name.starts_with('-') || name.starts_with('=') {
            return Err(ArgsError::Bad(format!("bad flag syntax: {s}")));
        }
        let (name, value) = match name.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (name, None),
        };
        let slot = match name {
            "check" => &mut out.check,
            "require-no-change" => &mut out.require_no_change,
            "w" => &mut out.overwrite,
            "version" => &mut out.version,
            "h" | "help" => return Err(ArgsError::Help),
            _ => return Err(ArgsError::Bad(format!("flag provided but not defined: -{name}"))),
        };
        *slot = match value {
            None => true,
            Some(v) => parse_bool(v).ok_or_else(|| {
                ArgsError::Bad(format!("invalid boolean value {} for -{name}: parse error", go_quote(v)))
            })?,
        };
    }
    out.paths = rest.collect();
    Ok(out)
}

/// A string as Go's `%q` prints it (enough for flag values: printable text as is, escapes for
/// quotes, backslashes and control characters).
fn go_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{FFFD}' => out.push_str("\\ufffd"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(v: &[&str]) -> Result<Args, ArgsError> {
        parse(v.iter().map(OsString::from).collect())
    }

    #[test]
    fn flags_as_go_parses_them() {
        let a = p(&["-w", "--check=true", "-require-no-change=0", "x", "-version"]).unwrap();
        assert!(a.overwrite && a.check && !a.require_no_change && !a.version);
        assert_eq!(a.paths, ["x", "-version"]);
        assert_eq!(p(&["--", "-w"]).unwrap().paths, ["-w"]);
        assert_eq!(p(&["-"]).unwrap().paths, ["-"]);
        assert_eq!(p(&["-h"]), Err(ArgsError::Help));
        assert_eq!(p(&["--help=1"]), Err(ArgsError::Help));
        assert_eq!(p(&["-x"]), Err(ArgsError::Bad("flag provided but not defined: -x".into())));
        assert_eq!(p(&["--x=1"]), Err(ArgsError::Bad("flag provided but not defined: -x".into())));
        assert_eq!(p(&["---w"]), Err(ArgsError::Bad("bad flag syntax: ---w".into())));
        assert_eq!(p(&["-=x"]), Err(ArgsError::Bad("bad flag syntax: -=x".into())));
        assert_eq!(p(&["-w="]), Err(ArgsError::Bad("invalid boolean value \"\" for -w: parse error".into())));
        assert_eq!(p(&["-w=maybe"]), Err(ArgsError::Bad("invalid boolean value \"maybe\" for -w: parse error".into())));
    }
}
