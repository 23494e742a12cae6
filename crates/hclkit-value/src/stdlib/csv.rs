//! `csvdecode`: CSV text as a list of objects, read as Go's `encoding/csv` reads it with its
//! default settings (comma-separated, double-quoted fields that may span lines, `""` for a
//! quote inside quotes, empty lines skipped, `\r\n` read as `\n`).

use std::collections::BTreeMap;

use super::collection::{arg0, err, value_err};
use crate::function::{Function, FunctionError, Parameter};
use crate::go::quote_into as go_quote;
use crate::ty::{Name, Type};
use crate::value::Value;

/// A record and the line it starts on, or the line of a parse error and its description.
type RecordResult = Result<(usize, Vec<String>), (usize, &'static str)>;

/// A CSV reader over a string, one record at a time.
struct Reader<'a> {
    lines: std::iter::Peekable<std::str::SplitInclusive<'a, char>>,
    line: usize,
}

impl<'a> Reader<'a> {
    fn new(s: &'a str) -> Reader<'a> {
        Reader { lines: s.split_inclusive('\n').peekable(), line: 0 }
    }

    /// The next line with `\r\n` read as `\n`.
    fn read_line(&mut self) -> Option<String> {
        let l = self.lines.next()?;
        self.line += 1;
        let mut l = l.to_owned();
        if l.ends_with("\r\n") {
            l.truncate(l.len() - 2);
            l.push('\n');
        }
        Some(l)
    }

    /// The next record and the line it starts on; `Err` is the line of a parse error and
    /// its description.
    fn record(&mut self) -> Option<RecordResult> {
        let mut line = loop {
            let l = self.read_line()?;
            if l != "\n" {
                break l;
            }
        };
        let start = self.line;
        let mut fields = Vec::new();
        let mut pos = 0;
        loop {
            let rest = &line[pos..];
            if let Some(quoted) = rest.strip_prefix('"') {
                let mut field = String::new();
                let mut r = quoted.to_owned();
                loop {
                    match r.find('"') {
                        Some(i) => {
                            field.push_str(&r[..i]);
                            let after = &r[i + 1..];
                            if let Some(more) = after.strip_prefix('"') {
                                field.push('"');
                                r = more.to_owned();
                            } else if let Some(more) = after.strip_prefix(',') {
                                fields.push(std::mem::take(&mut field));
                                line = more.to_owned();
                                pos = 0;
                                break;
                            } else if after.is_empty() || after == "\n" {
                                fields.push(std::mem::take(&mut field));
                                return Some(Ok((start, fields)));
                            } else {
                                return Some(Err((self.line, "extraneous or missing \" in quoted-field")));
                            }
                        }
                        None => {
                            field.push_str(&r);
                            match self.read_line() {
                                Some(next) => r = next,
                                None => return Some(Err((self.line, "extraneous or missing \" in quoted-field"))),
                            }
                        }
                    }
                }
            } else {
                let end = rest.find(',');
                let field = &rest[..end.unwrap_or(rest.len())];
                let field = field.strip_suffix('\n').unwrap_or(field);
                if field.contains('"') {
                    return Some(Err((self.line, "bare \" in non-quoted-field")));
                }
                fields.push(field.to_owned());
                match end {
                    Some(i) => pos += i + 1,
                    None => return Some(Ok((start, fields))),
                }
            }
        }
    }
}

fn parse_error((line, msg): (usize, &str)) -> FunctionError {
    err(format!("CSV parse error on line {line}: {msg}"))
}

fn header(s: &str) -> Result<Vec<String>, FunctionError> {
    match Reader::new(s).record() {
        None => Err(err("missing header line")),
        Some(Err(e)) => Err(parse_error(e)),
        Some(Ok((_, names))) => {
            for (i, n) in names.iter().enumerate() {
                if names[..i].contains(n) {
                    let mut q = String::new();
                    go_quote(n, &mut q);
                    return Err(err(format!("duplicate column name {q}")));
                }
            }
            Ok(names)
        }
    }
}

/// `csvdecode(str)`: the rows of CSV text after its header line, as a list of objects whose
/// attributes are the header's column names (all strings). Every row must have as many
/// fields as the header.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let v = stdlib::csvdecode().call(&["a,b\n1,2\n".into()]).unwrap();
/// let row = Value::object([("a", Value::string("1")), ("b", Value::string("2"))]);
/// assert_eq!(v, Value::list(vec![row]).unwrap());
/// ```
pub fn csvdecode() -> Function {
    Function::builder()
        .description("Parses the given string as Comma Separated Values (as defined by RFC 4180) and returns a map of objects representing the table of data, using the first row as a header row to define the object attributes.")
        .param(Parameter::new("str", Type::String))
        .return_type(|args| {
            let Some(s) = arg0(args).as_str() else { return Ok(Type::Dynamic) };
            let names = header(s)?;
            Ok(Type::list(Type::object(names.into_iter().map(|n| (n, Type::String)))))
        })
        .implementation(|args, ty| {
            let s = arg0(args).as_str().unwrap_or_default();
            let ety = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            let mut reader = Reader::new(s);
            let names: Vec<Name> = match reader.record() {
                Some(Ok((_, names))) => names.into_iter().map(Name::from).collect(),
                Some(Err(e)) => return Err(parse_error(e)),
                None => return Err(err("missing header line")),
            };
            let mut rows = Vec::new();
            while let Some(rec) = reader.record() {
                let (start, fields) = rec.map_err(parse_error)?;
                if fields.len() != names.len() {
                    return Err(parse_error((start, "wrong number of fields")));
                }
                let attrs: BTreeMap<Name, Value> =
                    names.iter().cloned().zip(fields.into_iter().map(Value::string)).collect();
                rows.push(Value::object(attrs));
            }
            Value::list_of(ety, rows).map_err(value_err)
        })
        .build()
}
