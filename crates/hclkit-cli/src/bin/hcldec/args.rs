//! The command line, parsed as the reference's flag library (spf13/pflag) does: `--name=value`,
//! `--name value`, `-s value`, `-svalue`, grouped short booleans (`-v`), `--` ending the
//! flags, and flags anywhere among the file names.

/// The usage text, printed on `--help` and on a usage error (the reference's, plus our
/// `--stdlib` extension).
pub const USAGE: &str = "\
usage: hcldec --spec=<spec-file> [options] [hcl-file ...]
      --diags string        format any returned diagnostics in the given format; currently only \"json\" is accepted
      --keep-nulls          retain object properties that have null as their value (they are removed by default)
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
        "spec" | "vars" | "out" | "diags" => Some(Kind::Str),
        "var-refs" | "with-type" | "keep-nulls" | "stdlib" | "version" | "help" => Some(Kind::Bool),
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
        "version" => args.version = v,
        _ => {
            if v {
                return Err(ArgsError::Help);
            }
        }
    }
    Ok(())
}

fn set_str(args: &mut Args, name: &str, value: String) {
    match name {
        "spec" => args.spec = value,
        "vars" => args.vars.push(value),
        "out" => args.out = value,
        _ => args.diags = value,
    }
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
                    set_str(&mut args, name, value);
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
                        set_str(&mut args, name, value);
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
    fn mistakes() {
        assert_eq!(p(&["--bogus"]), Err(ArgsError::Usage("unknown flag: --bogus".into())));
        assert_eq!(p(&["-x"]), Err(ArgsError::Usage("unknown shorthand flag: 'x' in -x".into())));
        assert_eq!(p(&["--spec"]), Err(ArgsError::Usage("flag needs an argument: --spec".into())));
        assert_eq!(p(&["--help"]), Err(ArgsError::Help));
        assert_eq!(p(&["-h"]), Err(ArgsError::Help));
    }
}
