//! The command line, parsed as Go's `flag` package parses the reference's.

use std::ffi::OsString;

use hclkit_value::go::quote_bytes;

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
        // The argument's bytes (on Unix, exactly as given: a value that is not UTF-8 is
        // quoted byte by byte in messages, as Go does).
        let s = arg.as_encoded_bytes().to_vec();
        if s.len() < 2 || s[0] != b'-' {
            break;
        }
        rest.next();
        let name = if let Some(n) = s.strip_prefix(b"--") {
            if n.is_empty() {
                break;
            }
            n
        } else {
            &s[1..]
        };
        if name.is_empty() || name[0] == b'-' || name[0] == b'=' {
            return Err(ArgsError::Bad(format!("bad flag syntax: {}", String::from_utf8_lossy(&s))));
        }
        let (name, value) = match name.iter().position(|&b| b == b'=') {
            Some(i) => (&name[..i], Some(&name[i + 1..])),
            None => (name, None),
        };
        let name = String::from_utf8_lossy(name);
        let slot = match &*name {
            "check" => &mut out.check,
            "require-no-change" => &mut out.require_no_change,
            "w" => &mut out.overwrite,
            "version" => &mut out.version,
            "h" | "help" => return Err(ArgsError::Help),
            _ => return Err(ArgsError::Bad(format!("flag provided but not defined: -{name}"))),
        };
        *slot = match value {
            None => true,
            Some(v) => std::str::from_utf8(v).ok().and_then(parse_bool).ok_or_else(|| {
                ArgsError::Bad(format!("invalid boolean value {} for -{name}: parse error", quote_bytes(v)))
            })?,
        };
    }
    out.paths = rest.collect();
    Ok(out)
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
