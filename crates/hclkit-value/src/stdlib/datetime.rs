//! Date and time functions: `formatdate`, `timeadd`.
//!
//! Timestamps are RFC 3339 strings read as Go's `time.Parse(time.RFC3339, …)` reads them
//! (quirks included: a one-digit hour is accepted, the offset's hours are not range-checked)
//! and written as Go's `time.RFC3339` layout writes them (no fractional seconds).

use super::collection::{arg0, err};
use crate::function::{Function, FunctionError, Parameter};
use crate::go::quote;
use crate::ty::Type;
use crate::value::Value;

/// A moment with the UTC offset it was written with.
#[derive(Clone, Copy, Debug)]
struct Time {
    /// Nanoseconds since 1970-01-01T00:00:00 in local (offset) time.
    local_nanos: i128,
    /// The UTC offset in seconds.
    offset: i64,
}

const NANOS_PER_SEC: i128 = 1_000_000_000;
const NANOS_PER_DAY: i128 = 86_400 * NANOS_PER_SEC;

/// Days since 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day number (inverse of [`days_from_civil`]).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { yoe + era * 400 + 1 } else { yoe + era * 400 }, m, d)
}

fn days_in(month: i64, year: i64) -> i64 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The broken-down local time: year, month, day, hour, minute, second, weekday (0 = Sunday).
struct Civil {
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    minute: i64,
    second: i64,
    weekday: usize,
}

impl Time {
    fn civil(&self) -> Civil {
        let days = self.local_nanos.div_euclid(NANOS_PER_DAY);
        let secs = (self.local_nanos.rem_euclid(NANOS_PER_DAY) / NANOS_PER_SEC) as i64;
        let days = i64::try_from(days).unwrap_or(0);
        let (year, month, day) = civil_from_days(days);
        Civil {
            year,
            month,
            day,
            hour: secs / 3600,
            minute: secs / 60 % 60,
            second: secs % 60,
            weekday: (days + 4).rem_euclid(7) as usize,
        }
    }

    /// Go's `Z07:00`, `-0700` or `-07:00` offset layouts.
    fn zone(&self, z: bool, colon: bool) -> String {
        if z && self.offset == 0 {
            return "Z".into();
        }
        let minutes = self.offset / 60;
        let (sign, m) = if minutes < 0 { ('-', -minutes) } else { ('+', minutes) };
        format!("{sign}{:02}{}{:02}", m / 60, if colon { ":" } else { "" }, m % 60)
    }

    fn rfc3339(&self) -> String {
        let c = self.civil();
        let year = if c.year < 0 { format!("-{:04}", -c.year) } else { format!("{:04}", c.year) };
        format!(
            "{year}-{:02}-{:02}T{:02}:{:02}:{:02}{}",
            c.month,
            c.day,
            c.hour,
            c.minute,
            c.second,
            self.zone(true, true)
        )
    }
}

/// Go's `time.ParseError` fields the reference looks at.
struct ParseError {
    layout: &'static str,
    value: String,
    message: String,
}

fn perr(layout: &'static str, value: &[u8]) -> ParseError {
    ParseError { layout, value: String::from_utf8_lossy(value).into_owned(), message: String::new() }
}

/// Go's `atoi` on a short slice: an optional sign and digits.
fn atoi(s: &[u8]) -> Option<i64> {
    let (neg, digits) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let mut n: i64 = 0;
    for &c in digits {
        if !c.is_ascii_digit() {
            return None;
        }
        n = n.checked_mul(10)?.checked_add(i64::from(c - b'0'))?;
    }
    Some(if neg { -n } else { n })
}

/// Go's `getnum`: one or two digits (exactly two when `fixed`).
fn getnum(v: &[u8], fixed: bool) -> Option<(i64, &[u8])> {
    let d = |i: usize| v.get(i).filter(|c| c.is_ascii_digit()).map(|&c| i64::from(c - b'0'));
    let a = d(0)?;
    match d(1) {
        Some(b) => Some((a * 10 + b, &v[2..])),
        None if fixed => None,
        None => Some((a, &v[1..])),
    }
}

fn skip<'a>(v: &'a [u8], lit: &'static str) -> Result<&'a [u8], ParseError> {
    v.strip_prefix(lit.as_bytes()).ok_or_else(|| perr(lit, v))
}

/// Go's `time.Parse(time.RFC3339, s)`.
fn parse_rfc3339(s: &str) -> Result<Time, ParseError> {
    let v = s.as_bytes();
    if v.len() < 4 || !v[0].is_ascii_digit() {
        return Err(perr("2006", v));
    }
    let year = atoi(&v[..4]).ok_or_else(|| perr("2006", &v[4..]))?;
    let v = skip(&v[4..], "-")?;
    let (month, rest) = getnum(v, true).ok_or_else(|| perr("01", v))?;
    if !(1..=12).contains(&month) {
        return Err(ParseError { message: ": month out of range".into(), ..perr("01", rest) });
    }
    let v = skip(rest, "-")?;
    let (day, rest) = getnum(v, true).ok_or_else(|| perr("02", v))?;
    let v = skip(rest, "T")?;
    let (hour, rest) = getnum(v, false).ok_or_else(|| perr("15", v))?;
    if hour >= 24 {
        return Err(ParseError { message: ": hour out of range".into(), ..perr("15", rest) });
    }
    let v = skip(rest, ":")?;
    let (minute, rest) = getnum(v, true).ok_or_else(|| perr("04", v))?;
    if minute >= 60 {
        return Err(ParseError { message: ": minute out of range".into(), ..perr("04", rest) });
    }
    let v = skip(rest, ":")?;
    let (second, mut v) = getnum(v, true).ok_or_else(|| perr("05", v))?;
    if second >= 60 {
        return Err(ParseError { message: ": second out of range".into(), ..perr("05", v) });
    }
    let mut nanos: i128 = 0;
    if v.len() >= 2 && (v[0] == b'.' || v[0] == b',') && v[1].is_ascii_digit() {
        let n = 1 + v[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let digits = &v[1..n.min(10)];
        let mut ns: i128 = 0;
        for &c in digits {
            ns = ns * 10 + i128::from(c - b'0');
        }
        for _ in digits.len()..9 {
            ns *= 10;
        }
        nanos = ns;
        v = &v[n..];
    }
    let offset = if let Some(rest) = v.strip_prefix(b"Z") {
        v = rest;
        0
    } else {
        if v.len() < 6 || v[3] != b':' {
            return Err(perr("Z07:00", v));
        }
        let (h, m) = (atoi(&v[1..3]), atoi(&v[4..6]));
        let (Some(h), Some(m)) = (h, m) else { return Err(perr("Z07:00", v)) };
        let off = (h * 60 + m) * 60;
        let off = match v[0] {
            b'+' => off,
            b'-' => -off,
            _ => return Err(perr("Z07:00", v)),
        };
        v = &v[6..];
        off
    };
    if !v.is_empty() {
        return Err(perr("", v));
    }
    if day < 1 || day > days_in(month, year) {
        return Err(ParseError { layout: "", value: String::new(), message: ": day out of range".into() });
    }
    let days = i128::from(days_from_civil(year, month, day));
    let secs = i128::from(hour * 3600 + minute * 60 + second);
    Ok(Time { local_nanos: days * NANOS_PER_DAY + secs * NANOS_PER_SEC + nanos, offset })
}

/// The reference's `parseTimestamp`: RFC 3339 parsing with its rewording of Go's errors.
fn parse_timestamp(s: &str) -> Result<Time, String> {
    parse_rfc3339(s).map_err(|e| {
        if e.layout.is_empty() && e.value.is_empty() && !e.message.is_empty() {
            return format!("not a valid RFC3339 timestamp{}", e.message);
        }
        let what = match e.layout {
            "2006" => "year",
            "01" => "month",
            "02" => "day of month",
            "15" => "hour",
            "04" => "minute",
            "05" => "second",
            "Z07:00" => "UTC offset",
            "T" => return "not a valid RFC3339 timestamp: missing required time introducer 'T'".into(),
            ":" | "-" if e.value.is_empty() => {
                return format!("not a valid RFC3339 timestamp: end of string where {} is expected", quote(e.layout))
            }
            ":" | "-" => {
                return format!(
                    "not a valid RFC3339 timestamp: found {} where {} is expected",
                    quote(&e.value),
                    quote(e.layout)
                )
            }
            _ => "timestamp segment",
        };
        if e.value.is_empty() {
            format!("not a valid RFC3339 timestamp: end of string before {what}")
        } else {
            format!("not a valid RFC3339 timestamp: cannot use {} as {what}", quote(&e.value))
        }
    })
}

/// The `time` package's own quoting (non-ASCII and control bytes as `\xNN`).
fn time_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if !c.is_ascii() || c < ' ' {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

/// Go's `time.ParseDuration`, in nanoseconds.
fn parse_duration(orig: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {}", time_quote(orig));
    let mut s = orig.as_bytes();
    let mut neg = false;
    if let Some(&c) = s.first() {
        if c == b'-' || c == b'+' {
            neg = c == b'-';
            s = &s[1..];
        }
    }
    if s == b"0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    const LIMIT: u64 = 1 << 63;
    let mut d: u64 = 0;
    while !s.is_empty() {
        if !(s[0] == b'.' || s[0].is_ascii_digit()) {
            return Err(invalid());
        }
        let before = s.len();
        let mut v: u64 = 0;
        while let Some(&c) = s.first().filter(|c| c.is_ascii_digit()) {
            if v > LIMIT / 10 {
                return Err(invalid());
            }
            v = v * 10 + u64::from(c - b'0');
            if v > LIMIT {
                return Err(invalid());
            }
            s = &s[1..];
        }
        let pre = before != s.len();
        let (mut f, mut scale, mut post) = (0u64, 1f64, false);
        if s.first() == Some(&b'.') {
            s = &s[1..];
            let before = s.len();
            let mut overflow = false;
            while let Some(&c) = s.first().filter(|c| c.is_ascii_digit()) {
                s = &s[1..];
                if overflow {
                    continue;
                }
                if f > (LIMIT - 1) / 10 {
                    overflow = true;
                    continue;
                }
                let y = f * 10 + u64::from(c - b'0');
                if y > LIMIT {
                    overflow = true;
                    continue;
                }
                f = y;
                scale *= 10.0;
            }
            post = before != s.len();
        }
        if !pre && !post {
            return Err(invalid());
        }
        let i = s.iter().position(|&c| c == b'.' || c.is_ascii_digit()).unwrap_or(s.len());
        if i == 0 {
            return Err(format!("time: missing unit in duration {}", time_quote(orig)));
        }
        let u = String::from_utf8_lossy(&s[..i]).into_owned();
        s = &s[i..];
        let unit: u64 = match u.as_str() {
            "ns" => 1,
            "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => return Err(format!("time: unknown unit {} in duration {}", time_quote(&u), time_quote(orig))),
        };
        if v > LIMIT / unit {
            return Err(invalid());
        }
        v *= unit;
        if f > 0 {
            v += (f as f64 * (unit as f64 / scale)) as u64;
            if v > LIMIT {
                return Err(invalid());
            }
        }
        d += v;
        if d > LIMIT {
            return Err(invalid());
        }
    }
    if neg {
        return Ok((d as i64).wrapping_neg());
    }
    i64::try_from(d).map_err(|_| invalid())
}

/// `timeadd(timestamp, duration)`: an RFC 3339 timestamp moved by a duration like `"1h30m"`
/// (units `ns`, `us`, `ms`, `s`, `m`, `h`; may be negative), keeping its UTC offset.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let v = stdlib::timeadd().call(&["2017-11-22T23:30:00Z".into(), "1h".into()]).unwrap();
/// assert_eq!(v, Value::string("2017-11-23T00:30:00Z"));
/// ```
pub fn timeadd() -> Function {
    Function::builder()
        .description("Adds the duration represented by the given duration string to the given RFC 3339 timestamp string, returning another RFC 3339 timestamp.")
        .param(Parameter::new("timestamp", Type::String))
        .param(Parameter::new("duration", Type::String))
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let t = parse_timestamp(arg0(args).as_str().unwrap_or_default()).map_err(err)?;
            let d = parse_duration(args.get(1).and_then(Value::as_str).unwrap_or_default()).map_err(err)?;
            let t = Time { local_nanos: t.local_nanos + i128::from(d), ..t };
            Ok(Value::string(t.rfc3339()))
        })
        .build()
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAYS: [&str; 7] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/// Splits a date format into quoted literals, runs of one letter, and other literals (the
/// reference's `splitDateFormat`).
fn tokens(f: &str) -> Vec<&str> {
    let b = f.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if b[i] == b'\'' {
            if b.get(i + 1) == Some(&b'\'') {
                i += 2;
            } else {
                i += 1;
                loop {
                    match b.get(i) {
                        None => break,
                        Some(b'\'') if b.get(i + 1) == Some(&b'\'') => i += 2,
                        Some(b'\'') => {
                            i += 1;
                            break;
                        }
                        Some(_) => i += 1,
                    }
                }
            }
        } else if b[i].is_ascii_alphabetic() {
            let c = b[i];
            while i < b.len() && b[i] == c {
                i += 1;
            }
        } else {
            i += 1;
            while i < b.len() && b[i] != b'\'' && !b[i].is_ascii_alphabetic() {
                i += 1;
            }
        }
        out.push(&f[start..i]);
    }
    out
}

fn format_date(format: &str, t: &Time) -> Result<String, FunctionError> {
    let c = t.civil();
    let mut out = String::new();
    for tok in tokens(format) {
        let bad = |detail: &str| FunctionError::arg(0, format!("invalid date format verb {}{detail}", quote(tok)));
        let first = tok.as_bytes()[0];
        if first == b'\'' {
            if tok.len() == 1 || !tok.ends_with('\'') {
                return Err(FunctionError::arg(0, "unterminated literal '"));
            }
            if tok.len() == 2 {
                out.push('\'');
            } else {
                out.push_str(&tok[1..tok.len() - 1].replace("''", "'"));
            }
            continue;
        }
        if !first.is_ascii_alphabetic() {
            out.push_str(tok);
            continue;
        }
        let n = tok.len();
        let num = |v: i64, what: &str| -> Result<String, FunctionError> {
            match n {
                1 => Ok(v.to_string()),
                2 => Ok(format!("{v:02}")),
                _ => Err(bad(what)),
            }
        };
        let s = match first {
            b'Y' => match n {
                2 => format!("{:02}", c.year % 100),
                4 => format!("{:04}", c.year),
                _ => return Err(bad(": year must either be \"YY\" or \"YYYY\"")),
            },
            b'M' => match n {
                1 | 2 => num(c.month, "")?,
                3 => MONTHS[(c.month - 1) as usize][..3].to_owned(),
                4 => MONTHS[(c.month - 1) as usize].to_owned(),
                _ => return Err(bad(": month must be \"M\", \"MM\", \"MMM\", or \"MMMM\"")),
            },
            b'D' => num(c.day, ": day of month must either be \"D\" or \"DD\"")?,
            b'E' => match n {
                3 => DAYS[c.weekday][..3].to_owned(),
                4 => DAYS[c.weekday].to_owned(),
                _ => return Err(bad(": day of week must either be \"EEE\" or \"EEEE\"")),
            },
            b'h' => num(c.hour, ": 24-hour must either be \"h\" or \"hh\"")?,
            b'H' => num(if c.hour % 12 == 0 { 12 } else { c.hour % 12 }, ": 12-hour must either be \"H\" or \"HH\"")?,
            b'A' | b'a' => {
                if n != 2 {
                    let l = &tok[..1];
                    return Err(bad(&format!(": must be \"{l}{l}\"")));
                }
                let pm = c.hour >= 12;
                match (first == b'A', pm) {
                    (true, false) => "AM",
                    (true, true) => "PM",
                    (false, false) => "am",
                    (false, true) => "pm",
                }
                .to_owned()
            }
            b'm' => num(c.minute, ": minute must either be \"m\" or \"mm\"")?,
            b's' => num(c.second, ": second must either be \"s\" or \"ss\"")?,
            b'Z' => match n {
                1 => t.zone(true, true),
                3 if t.offset == 0 => "UTC".into(),
                3 | 4 => t.zone(false, false),
                5 => t.zone(false, true),
                _ => return Err(bad(": timezone must be Z, ZZZZ, or ZZZZZ")),
            },
            _ => return Err(bad("")),
        };
        out.push_str(&s);
    }
    Ok(out)
}

/// `formatdate(format, time)`: an RFC 3339 timestamp in another format, whose letters stand
/// for parts of the date (`YYYY`, `MM`, `DD`, `hh`, `mm`, `ss`, `EEE`, `MMM`, `Z`, …) and
/// whose quoted (`'…'`) text is copied as is.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let v = stdlib::formatdate().call(&["EEE, DD MMM YYYY hh:mm:ss ZZZ".into(), "2018-01-02T23:12:01Z".into()]).unwrap();
/// assert_eq!(v, Value::string("Tue, 02 Jan 2018 23:12:01 UTC"));
/// ```
pub fn formatdate() -> Function {
    Function::builder()
        .description("Formats a timestamp given in RFC 3339 syntax into another timestamp in some other machine-oriented time syntax, as described in the format string.")
        .param(Parameter::new("format", Type::String))
        .param(Parameter::new("time", Type::String))
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let t = parse_timestamp(args.get(1).and_then(Value::as_str).unwrap_or_default())
                .map_err(|e| FunctionError::arg(1, e))?;
            format_date(arg0(args).as_str().unwrap_or_default(), &t).map(Value::string)
        })
        .build()
}
