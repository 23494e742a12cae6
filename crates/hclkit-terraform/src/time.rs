//! Time functions: `timestamp` (Terraform's), `timecmp` (Terraform 1.3), `plantimestamp`
//! (Terraform 1.5). `timeadd` and `formatdate` are go-cty's, which Terraform v1.0.3 exposes
//! unchanged (their recorded cases agree).

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use std::time::{SystemTime, UNIX_EPOCH};

use hclkit_value::function::{Function, FunctionError, Parameter};
use hclkit_value::{Type, Value};

use crate::util::str_arg;
use crate::{FunctionInfo, Options, Origin, Table};

pub(crate) const INFO: &[FunctionInfo] = &[
    FunctionInfo {
        name: "timestamp",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Reads the clock: unknown when planning (Options::planning).",
    },
    FunctionInfo {
        name: "timeadd",
        origin: Origin::CtyStdlib,
        since: "<=1.0",
        note: "go-cty's, unchanged in Terraform v1.0.3 (cty's RFC 3339 parser and messages; result without fractional seconds).",
    },
    FunctionInfo { name: "formatdate", origin: Origin::CtyStdlib, since: "<=1.0", note: "go-cty's, unchanged." },
    FunctionInfo {
        name: "timecmp",
        origin: Origin::Terraform,
        since: "1.3",
        note: "From the documentation: -1, 0 or 1 comparing two RFC 3339 instants (offsets and fractions included).",
    },
    FunctionInfo {
        name: "plantimestamp",
        origin: Origin::Terraform,
        since: "1.5",
        note: "From the documentation: one fixed UTC timestamp for the whole table (when functions() built it); known while planning, as in Terraform.",
    },
];

pub(crate) fn register(table: &mut Table, options: &Options) {
    table.insert("timestamp", timestamp(options.planning));
    let fixed = now_rfc3339();
    table.insert(
        "plantimestamp",
        Function::builder()
            .description("Returns the timestamp of the start of the plan, in RFC 3339 format.")
            .static_return_type(Type::String)
            .implementation(move |_, _| Ok(Value::string(fixed.clone())))
            .build(),
    );
    let timeadd = table.get("timeadd").cloned().unwrap_or_else(hclkit_value::stdlib::timeadd);
    table.insert("timecmp", timecmp(timeadd));
}

/// Whole seconds since 1970-01-01 UTC, from the operating system's clock.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn unix_seconds() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// Whole seconds since 1970-01-01 UTC, from JavaScript's clock (`Date.now`): on the web
/// `SystemTime::now` panics.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn unix_seconds() -> i64 {
    (js_sys::Date::now() / 1000.0).floor() as i64
}

/// The current UTC time in RFC 3339 form with whole seconds (Go's `time.RFC3339`).
fn now_rfc3339() -> String {
    let secs = unix_seconds();
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem / 60 % 60, rem % 60)
}

fn timestamp(planning: bool) -> Function {
    Function::builder()
        .description("Returns a UTC timestamp string in RFC 3339 format.")
        .static_return_type(Type::String)
        .implementation(move |_, _| {
            if planning {
                return Ok(Value::unknown(Type::String));
            }
            Ok(Value::string(now_rfc3339()))
        })
        .build()
}

/// Howard Hinnant's `civil_from_days`: (year, month, day) of a day count from 1970-01-01.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + if m <= 2 { 1 } else { 0 }, m, d)
}

/// Howard Hinnant's `days_from_civil`.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The instant of an RFC 3339 timestamp already validated by cty's parser (through
/// `timeadd`), in nanoseconds since the Unix epoch.
fn instant(s: &str) -> Option<i128> {
    let b = s.as_bytes();
    let num = |r: std::ops::Range<usize>| -> Option<i64> { s.get(r)?.parse().ok() };
    let (y, mo, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (h, mi, se) = (num(11..13)?, num(14..16)?, num(17..19)?);
    let mut i = 19;
    let mut nanos: i128 = 0;
    if b.get(i) == Some(&b'.') {
        let start = i + 1;
        i = start;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let frac = &s[start..i];
        let digits: String = frac.chars().chain(std::iter::repeat('0')).take(9).collect();
        nanos = digits.parse().ok()?;
    }
    let offset = match b.get(i)? {
        b'Z' | b'z' => 0,
        sign @ (b'+' | b'-') => {
            let oh: i64 = s.get(i + 1..i + 3)?.parse().ok()?;
            let om: i64 = s.get(i + 4..i + 6)?.parse().ok()?;
            let o = (oh * 3600 + om * 60) as i128;
            if *sign == b'-' {
                -o
            } else {
                o
            }
        }
        _ => return None,
    };
    let secs = days_from_civil(y, mo, d) as i128 * 86_400 + (h * 3600 + mi * 60 + se) as i128 - offset;
    Some(secs * 1_000_000_000 + nanos)
}

fn timecmp(timeadd: Function) -> Function {
    Function::builder()
        .description("Compares two timestamps and returns a number that represents the ordering of the instants those timestamps represent.")
        .param(Parameter::new("timestamp_a", Type::String))
        .param(Parameter::new("timestamp_b", Type::String))
        .static_return_type(Type::Number)
        .implementation(move |args, _| {
            let mut instants = [0i128; 2];
            for (i, slot) in instants.iter_mut().enumerate() {
                let s = str_arg(args, i);
                // cty's parser (through timeadd) decides validity and words the errors.
                timeadd
                    .call(&[Value::string(s), Value::string("0s")])
                    .map_err(|e| FunctionError::arg(i, e.message().to_string()))?;
                *slot = instant(s).ok_or_else(|| FunctionError::arg(i, "not a valid RFC3339 timestamp"))?;
            }
            Ok(Value::number(match instants[0].cmp(&instants[1]) {
                std::cmp::Ordering::Less => -1,
                std::cmp::Ordering::Equal => 0,
                std::cmp::Ordering::Greater => 1,
            }))
        })
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(planning: bool) -> Table {
        let mut t: Table = hclkit_value::stdlib::all().into_iter().collect();
        register(&mut t, &Options::default().with_planning(planning));
        t
    }

    fn cmp(a: &str, b: &str) -> Result<Value, FunctionError> {
        table(false)["timecmp"].call(&[Value::string(a), Value::string(b)])
    }

    #[test]
    fn timecmp_compares_instants() {
        // The examples of Terraform's documentation.
        assert_eq!(cmp("2017-11-22T00:00:00Z", "2017-11-22T00:00:00Z").unwrap(), Value::number(0));
        assert_eq!(cmp("2017-11-22T00:00:00Z", "2017-11-22T01:00:00Z").unwrap(), Value::number(-1));
        assert_eq!(cmp("2017-11-22T01:00:00Z", "2017-11-22T00:00:00Z").unwrap(), Value::number(1));
        assert_eq!(cmp("2017-11-22T01:00:00Z", "2017-11-22T00:00:00-01:00").unwrap(), Value::number(0));
        assert_eq!(cmp("2017-11-22T00:00:00.5Z", "2017-11-22T00:00:00.25Z").unwrap(), Value::number(1));
        assert_eq!(cmp("1969-12-31T23:59:59Z", "1970-01-01T00:00:00Z").unwrap(), Value::number(-1));
        let err = cmp("2017-11-22", "2017-11-22T00:00:00Z").unwrap_err();
        assert_eq!(err.arg_index(), Some(0));
        assert_eq!(err.message(), "not a valid RFC3339 timestamp: missing required time introducer 'T'");
        let err = cmp("2017-11-22T00:00:00Z", "x").unwrap_err();
        assert_eq!(err.arg_index(), Some(1));
        assert!(table(false)["timecmp"]
            .call(&[Value::unknown(Type::String), Value::string("x")])
            .unwrap()
            .is_unknown());
    }

    #[test]
    fn timestamp_reads_the_clock_unless_planning() {
        let t = table(false)["timestamp"].call(&[]).unwrap();
        let s = t.as_str().unwrap();
        assert_eq!(s.len(), 20, "{s}");
        // A timestamp timeadd accepts, after 2020.
        assert!(instant(s).unwrap() > instant("2020-01-01T00:00:00Z").unwrap());
        assert!(table(true)["timestamp"].call(&[]).unwrap().is_unknown());
        let t = table(false);
        let a = t["plantimestamp"].call(&[]).unwrap();
        assert_eq!(a, t["plantimestamp"].call(&[]).unwrap());
    }

    #[test]
    fn civil_days_round_trip() {
        for days in [-719_468, -1, 0, 1, 17_532, 2_932_896] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
        assert_eq!(civil_from_days(0), (1970, 1, 1));
    }
}
