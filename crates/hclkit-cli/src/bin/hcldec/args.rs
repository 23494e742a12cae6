//! The command line, parsed as the reference's flag library (spf13/pflag) does: `--name=value`,
//! `--name value`, `-s value`, `-svalue`, grouped short booleans (`-v`), `--` ending the
//! flags, and flags anywhere among the file names.

/// The usage text, printed on `--help` and on a usage error (the reference's, plus our
/// `--stdlib`, `--functions`, `--eval-limit` and `--no-eval-limit` extensions).
pub const USAGE: &str = "\
usage: hcldec --spec=<spec-file> [options] [hcl-file ...]
      --diags string        format any returned diagnostics in the given format; currently only \"json\" is accepted
      --eval-limit uint     the most work evaluating the input may do, in units of about one value produced (default 2000000; an hclkit extension)
      --functions string    make a function library callable from the input files: \"stdlib\" (as --stdlib) or \"terraform\" (Terraform's functions, try and can; files unreadable) (an hclkit extension)
      --keep-nulls          retain object properties that have null as their value (they are removed by default)
      --no-eval-limit       let evaluating the input do any amount of work, for trusted input (an hclkit extension)
  -o, --out string          write to the given file, instead of stdout
  -s, --spec string         path to spec file (required)
      --stdlib              make the whole standard function library, try and can callable from the input files (an hclkit extension)
      --var-refs            rather than decoding input, produce a JSON description of the variables referenced by it
  -V, --vars json-or-file   provide variables to the given configuration file(s)
  -v, --version             show the version number and immediately exit
      --with-type           include an additional object level at the top describing the HCL-oriented type of the result value
";

/// The parsed command line.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Args {
    pub spec: String,
    pub vars: Vec<String>,
    pub out: String,
    pub diags: String,
    pub var_refs: bool,
    pub with_type: bool,
    pub keep_nulls: bool,
    pub stdlib: bool,
    /// `--functions terraform`: Terraform's function table (`hclkit_terraform::functions`).
    pub terraform: bool,
    /// `--eval-limit`: the evaluation budget's limit (default: the library's default).
    pub eval_limit: Option<u64>,
    /// `--no-eval-limit`: no evaluation budget limit (wins over `--eval-limit`).
    pub no_eval_limit: bool,
    pub version: bool,
    pub files: Vec<String>,
}

/// Why the command line was not accepted.
#[derive(Debug, PartialEq, Eq)]
pub enum ArgsError {
    /// `--help` or `-h`: print the usage (the reference then exits with status 2).
    Help,
    /// A mistake, with pflag's message.
    Usage(String),
}

enum Kind {
    Str,
    Bool,
}

fn long_kind(name: &str) -> Option<Kind> {
    match name {
        "spec" | "vars" | "out" | "diags" | "eval-limit" | "functions" => Some(Kind::Str),
        "var-refs" | "with-type" | "keep-nulls" | "stdlib" | "no-eval-limit" | "version" | "help" => Some(Kind::Bool),
        _ => None,
    }
}

fn short_name(c: char) -> Option<&'static str> {
    match c {
        's' => Some("spec"),
        'V' => Some("vars"),
        'o' => Some("out"),
        'v' => Some("version"),
        'h' => Some("help"),
        _ => None,
    }
}

fn set_bool(args: &mut Args, name: &str, value: &str) -> Result<(), ArgsError> {
    let v = match value {
        "1" | "t" | "T" | "true" | "TRUE" | "True" => true,
        "0" | "f" | "F" | "false" | "FALSE" | "False" => false,
        _ => {
            return Err(ArgsError::Usage(format!(
                "invalid argument {value:?} for \"--{name}\" flag: strconv.ParseBool: parsing {value:?}: invalid syntax"
            )))
        }
    };
    match name {
        "var-refs" => args.var_refs = v,
        "with-type" => args.with_type = v,
        "keep-nulls" => args.keep_nulls = v,
        "stdlib" => args.stdlib = v,
        "no-eval-limit" => args.no_eval_limit = v,
        "version" => args.version = v,
        _ => {
            if v {
                return Err(ArgsError::Help);
            }
        }
    }
    Ok(())
}

fn set_str(args: &mut Args, name: &str, value: String) -> Result<(), ArgsError> {
    match name {
        "spec" => args.spec = value,
        "vars" => args.vars.push(value),
        "out" => args.out = value,
        "eval-limit" => {
            // As pflag's uint flags parse (strconv.ParseUint with base 0: decimal, or 0x, 0o,
            // 0b prefixes; underscores between digits).
            let n = parse_uint(&value).map_err(|why| {
                ArgsError::Usage(format!(
                    "invalid argument {value:?} for \"--eval-limit\" flag: strconv.ParseUint: parsing {value:?}: {why}"
                ))
            })?;
            args.eval_limit = Some(n);
        }
        "functions" => match value.as_str() {
            "stdlib" => args.stdlib = true,
            "terraform" => args.terraform = true,
            _ => {
                return Err(ArgsError::Usage(format!(
                "invalid argument {value:?} for \"--functions\" flag: only \"stdlib\" and \"terraform\" are supported"
            )))
            }
        },
        _ => args.diags = value,
    }
    Ok(())
}

/// An unsigned integer as Go's `strconv.ParseUint(s, 0, 64)` reads it, or its complaint
/// ("invalid syntax", "value out of range").
fn parse_uint(s: &str) -> Result<u64, &'static str> {
    let lower = s.get(..2).map(str::to_ascii_lowercase);
    let (digits, radix) = match lower.as_deref() {
        Some("0x") => (&s[2..], 16),
        Some("0o") => (&s[2..], 8),
        Some("0b") => (&s[2..], 2),
        _ if s.len() > 1 && s.starts_with('0') => (&s[1..], 8),
        _ => (s, 10),
    };
    // Underscores only between digits (or after a base prefix), as Go allows with base 0.
    let prefixed = digits.len() < s.len();
    let bytes = digits.as_bytes();
    let ok = !digits.is_empty()
        && bytes.iter().enumerate().all(|(i, &b)| {
            b != b'_' || ((i > 0 || prefixed) && i + 1 < bytes.len() && bytes.get(i.wrapping_sub(1)) != Some(&b'_'))
        });
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    if !ok || clean.is_empty() || clean.starts_with('+') {
        return Err("invalid syntax");
    }
    u64::from_str_radix(&clean, radix).map_err(|e| match e.kind() {
        std::num::IntErrorKind::PosOverflow => "value out of range",
        _ => "invalid syntax",
    })
}

/// Parses the arguments (without the program name).
pub fn parse(argv: &[String]) -> Result<Args, ArgsError> {
    let mut args = Args::default();
    let mut i = 0;
    while i < argv.len() {
        let a = &argv[i];
        i += 1;
        if a == "--" {
            args.files.extend(argv[i..].iter().cloned());
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_owned())),
                None => (long, None),
            };
            match long_kind(name) {
                None => return Err(ArgsError::Usage(format!("unknown flag: --{name}"))),
                Some(Kind::Bool) => set_bool(&mut args, name, inline.as_deref().unwrap_or("true"))?,
                Some(Kind::Str) => {
                    let value = match inline {
                        Some(v) => v,
                        None if i < argv.len() => {
                            i += 1;
                            argv[i - 1].clone()
                        }
                        None => return Err(ArgsError::Usage(format!("flag needs an argument: --{name}"))),
                    };
                    set_str(&mut args, name, value)?;
                }
            }
        } else if a.len() > 1 && a.starts_with('-') {
            let shorts: Vec<char> = a[1..].chars().collect();
            let mut j = 0;
            while j < shorts.len() {
                let c = shorts[j];
                j += 1;
                let Some(name) = short_name(c) else {
                    return Err(ArgsError::Usage(format!("unknown shorthand flag: '{c}' in {a}")));
                };
                match long_kind(name) {
                    Some(Kind::Str) => {
                        let rest: String = shorts[j..].iter().collect();
                        let value = if let Some(v) = rest.strip_prefix('=') {
                            v.to_owned()
                        } else if !rest.is_empty() {
                            rest
                        } else if i < argv.len() {
                            i += 1;
                            argv[i - 1].clone()
                        } else {
                            return Err(ArgsError::Usage(format!(
                                "flag needs an argument: '{c}' in -{}",
                                shorts.iter().collect::<String>()
                            )));
                        };
                        set_str(&mut args, name, value)?;
                        break;
                    }
                    _ => {
                        let rest: String = shorts[j..].iter().collect();
                        if let Some(v) = rest.strip_prefix('=') {
                            set_bool(&mut args, name, v)?;
                            break;
                        }
                        set_bool(&mut args, name, "true")?;
                    }
                }
            }
        } else {
            args.files.push(a.clone());
        }
    }
    Ok(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(v: &[&str]) -> Result<Args, ArgsError> {
        parse(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn flags_in_every_spelling() {
        let a = p(&["--spec=s.hcldec", "-V", "{}", "--vars", "v.json", "-Vx.hcl", "a.hcl", "--with-type", "b.hcl"])
            .unwrap();
        assert_eq!(a.spec, "s.hcldec");
        assert_eq!(a.vars, ["{}", "v.json", "x.hcl"]);
        assert_eq!(a.files, ["a.hcl", "b.hcl"]);
        assert!(a.with_type && !a.keep_nulls);
        let a = p(&["-s", "x", "--diags", "json", "-o=out", "--keep-nulls=false", "--", "-v"]).unwrap();
        assert_eq!((a.spec.as_str(), a.diags.as_str(), a.out.as_str()), ("x", "json", "out"));
        assert_eq!(a.files, ["-v"]);
        assert!(p(&["-v"]).unwrap().version);
    }

    #[test]
    fn functions_flag() {
        let a = p(&["--functions", "terraform", "a.hcl"]).unwrap();
        assert!(a.terraform && !a.stdlib);
        let a = p(&["--functions=stdlib"]).unwrap();
        assert!(a.stdlib && !a.terraform);
        assert_eq!(
            p(&["--functions=none"]),
            Err(ArgsError::Usage(
                "invalid argument \"none\" for \"--functions\" flag: only \"stdlib\" and \"terraform\" are supported"
                    .into()
            ))
        );
    }

    #[test]
    fn eval_limit_flags() {
        assert_eq!(p(&["--eval-limit=10"]).unwrap().eval_limit, Some(10));
        assert_eq!(p(&["--eval-limit", "0x10", "a.hcl"]).unwrap().eval_limit, Some(16));
        assert_eq!(p(&["--eval-limit=1_000_000"]).unwrap().eval_limit, Some(1_000_000));
        assert_eq!(p(&["--eval-limit=010"]).unwrap().eval_limit, Some(8));
        assert_eq!(p(&["--eval-limit=0"]).unwrap().eval_limit, Some(0));
        assert_eq!(p(&["--eval-limit=0_1"]).unwrap().eval_limit, Some(1));
        assert_eq!(p(&["--eval-limit=0x_1f"]).unwrap().eval_limit, Some(31));
        assert_eq!(p(&["--eval-limit=0B11"]).unwrap().eval_limit, Some(3));
        assert!(p(&["--no-eval-limit"]).unwrap().no_eval_limit);
        assert!(!p(&["--no-eval-limit=false"]).unwrap().no_eval_limit);
        assert_eq!(p(&["a.hcl"]).unwrap().eval_limit, None);
        assert_eq!(
            p(&["--eval-limit=18446744073709551616"]),
            Err(ArgsError::Usage("invalid argument \"18446744073709551616\" for \"--eval-limit\" flag: strconv.ParseUint: parsing \"18446744073709551616\": value out of range".into()))
        );
        for bad in ["x", "-1", "+1", "1_", "_1", "1__0", "", "0x", "08"] {
            assert_eq!(
                p(&["--eval-limit", bad]),
                Err(ArgsError::Usage(format!(
                    "invalid argument {bad:?} for \"--eval-limit\" flag: strconv.ParseUint: parsing {bad:?}: invalid syntax"
                ))),
                "{bad}"
            );
        }
        assert_eq!(p(&["--eval-limit"]), Err(ArgsError::Usage("flag needs an argument: --eval-limit".into())));
    }

    #[test]
    fn mistakes() {
        assert_eq!(p(&["--bogus"]), Err(ArgsError::Usage("unknown flag: --bogus".into())));
        assert_eq!(p(&["-x"]), Err(ArgsError::Usage("unknown shorthand flag: 'x' in -x".into())));
        assert_eq!(p(&["--spec"]), Err(ArgsError::Usage("flag needs an argument: --spec".into())));
        assert_eq!(p(&["--help"]), Err(ArgsError::Help));
        assert_eq!(p(&["-h"]), Err(ArgsError::Help));
    }
}
