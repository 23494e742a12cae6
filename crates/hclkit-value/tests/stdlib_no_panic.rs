//! Every function of the standard library, called with generated argument lists, returns a
//! value or an error: it never panics or allocates without bound, and a value it
//! returns conforms to the result type the function declares for those arguments.
//!
//! Each function gets its own test (`per_function::<name>`), so a failure names the function
//! and proptest shrinks the argument list. Calls go through the function model as the
//! evaluator makes them: [`Function::call`] (arguments converted to the parameter types, then
//! [`Function::call_unconverted`]), and also [`Function::call_unconverted`] with the arguments
//! as generated (the reference's `Call`), whose argument types need not conform.
//!
//! Arguments mix the common value generator (nulls and unknowns at any depth, dynamic-typed
//! parts), nulls and unknowns of many types, the dynamic value, special numbers (infinities,
//! huge, negative, fractional, just past the machine-integer limits), special strings
//! (combining characters and emoji, format verbs, regular expressions, timestamps and
//! durations, date formats, CSV and JSON fragments), big strings, long and deeply nested
//! collections, and sets, maps, tuples and objects of such values.
//!
//! Each call runs under `catch_unwind`; a watchdog thread aborts the process, naming the calls
//! in progress and their arguments, if the process's memory grows past a limit (a call
//! allocating without bound). Nothing here is timed: the tests assert no elapsed times, and
//! how the functions' costs grow is measured by operation counts (the set and `distinct`
//! counters) and by the `growth` benchmarks.
//!
//! The number of cases per function is [`DEFAULT_CASES`], sized for `cargo test`; with
//! `HCLKIT_FULL_SWEEP=1` (`scripts/conformance` sets it) it is [`FULL_SWEEP_CASES`], and
//! `PROPTEST_CASES` overrides both.
//!
//! This file is a test binary of its own, not a module of `it`: its watchdog aborts the whole
//! process when the process's resident memory passes [`RSS_LIMIT`], and blames the calls in
//! progress here, so the tests of other files (million-digit numbers, big proptest values)
//! must not share the process; its panic hook is process-wide too.

// The value generators shared with the `it` binary.
#[path = "it/common.rs"]
mod common;

use std::cell::Cell;
use std::collections::HashMap;
use std::io::Write as _;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, Once, OnceLock};
use std::thread::{self, ThreadId};
use std::time::Duration;

use hclkit_value::function::{Function, FunctionError, Parameter};
use hclkit_value::{stdlib, Number, Type, Value};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};

/// Cases (argument lists) per function in `cargo test` (`PROPTEST_CASES` not set).
const DEFAULT_CASES: u32 = 40;
/// Cases per function in the full sweep (`HCLKIT_FULL_SWEEP=1`, run by `scripts/conformance`).
const FULL_SWEEP_CASES: u32 = 200;
/// When the process's resident memory grows past this, the calls in progress are reported
/// and the process aborts: some call allocates without bound.
const RSS_LIMIT: u64 = 1 << 30;

// ---------------------------------------------------------------------------------------
// The call in progress on each thread, for the watchdog and for reports.

struct Current {
    function: &'static str,
    how: &'static str,
    args: Vec<Value>,
}

fn current() -> &'static Mutex<HashMap<ThreadId, Current>> {
    static CURRENT: OnceLock<Mutex<HashMap<ThreadId, Current>>> = OnceLock::new();
    CURRENT.get_or_init(|| Mutex::new(HashMap::new()))
}

/// At most `limit` characters of `s`.
fn clip(s: String, limit: usize) -> String {
    match s.char_indices().nth(limit) {
        Some((i, _)) => format!("{}… ({} bytes in all)", &s[..i], s.len()),
        None => s,
    }
}

fn describe_args(args: &[Value]) -> String {
    let parts: Vec<String> = args.iter().map(|a| clip(format!("{a:?}"), 600)).collect();
    format!("[{}]", parts.join(", "))
}

/// The calls in progress, described.
fn calls_in_progress() -> String {
    let map = current().lock().unwrap_or_else(|e| e.into_inner());
    let parts: Vec<String> =
        map.values().map(|c| format!("{} ({}) with arguments {}", c.function, c.how, describe_args(&c.args))).collect();
    parts.join("\n")
}

/// The process's resident memory in bytes (Linux), if known.
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// Starts, once, a thread that aborts the process, saying which calls were in progress, when
/// the process's memory grows past the limit. (A global
/// allocator could attribute memory to calls exactly, but the workspace forbids unsafe code.)
fn start_watchdog() {
    static START: Once = Once::new();
    START.call_once(|| {
        thread::spawn(|| loop {
            thread::sleep(Duration::from_millis(10));
            let rss = resident_bytes().unwrap_or(0);
            if rss > RSS_LIMIT {
                let _ = writeln!(
                    std::io::stderr(),
                    "\nstdlib_no_panic: resident memory is {} MiB, past the limit; calls in progress:\n{}",
                    rss >> 20,
                    calls_in_progress()
                );
                std::process::abort();
            }
        });
    });
}

// ---------------------------------------------------------------------------------------
// Guarded calls.

thread_local! {
    static LAST_PANIC: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Installs, once, a panic hook that records panics inside guarded calls (instead of printing
/// them) and leaves the others to the default hook.
fn install_panic_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if IN_CALL.with(Cell::get) {
                let payload = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "(non-string payload)".to_owned());
                let at = info.location().map(|l| format!(" at {l}")).unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{payload}{at}")));
            } else {
                default(info);
            }
        }));
    });
}

thread_local! {
    /// Whether this thread is inside a guarded call.
    static IN_CALL: Cell<bool> = const { Cell::new(false) };
}

/// Guarded calls made (of the functions, and of the function model's other entry points),
/// over all tests of this binary.
static CALLS: AtomicUsize = AtomicUsize::new(0);
/// Calls of the functions themselves (`call` and `call_unconverted`).
static FUNCTION_CALLS: AtomicUsize = AtomicUsize::new(0);

/// Runs `f` as a call of `function` with `args`: a panic fails the case, naming the call.
fn guarded<T>(
    function: &'static str,
    how: &'static str,
    args: &[Value],
    f: impl FnOnce() -> T,
) -> Result<T, TestCaseError> {
    CALLS.fetch_add(1, Ordering::Relaxed);
    if how.starts_with("call") {
        FUNCTION_CALLS.fetch_add(1, Ordering::Relaxed);
    }
    let me = thread::current().id();
    current().lock().unwrap_or_else(|e| e.into_inner()).insert(me, Current { function, how, args: args.to_vec() });
    LAST_PANIC.with(|p| p.borrow_mut().take());
    IN_CALL.with(|c| c.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    IN_CALL.with(|c| c.set(false));
    current().lock().unwrap_or_else(|e| e.into_inner()).remove(&me);
    let what = || format!("{function} ({how}) with arguments {}", describe_args(args));
    let value = match result {
        Ok(v) => v,
        Err(_) => {
            let msg = LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or_default();
            return Err(TestCaseError::fail(format!("{} panicked: {msg}", what())));
        }
    };
    Ok(value)
}

// ---------------------------------------------------------------------------------------
// Checks.

/// Whether `given` conforms to `want` (the function model's test: equal, or `want` has the
/// dynamic pseudo-type where they differ).
fn conforms(given: &Type, want: &Type) -> bool {
    if want.is_dynamic() || given == want {
        return true;
    }
    match (given, want) {
        (Type::Object(g), Type::Object(w)) => {
            g.attributes().len() == w.attributes().len()
                && g.attributes().iter().all(|(n, gt)| w.attribute(n).is_some_and(|wt| conforms(gt, wt)))
        }
        (Type::Tuple(g), Type::Tuple(w)) => {
            g.elements().len() == w.elements().len()
                && g.elements().iter().zip(w.elements()).all(|(g, w)| conforms(g, w))
        }
        (Type::List(g), Type::List(w)) | (Type::Map(g), Type::Map(w)) | (Type::Set(g), Type::Set(w)) => conforms(g, w),
        _ => false,
    }
}

/// The checks on one call's outcome: a value conforms to the result types computed for the
/// (converted) arguments, an error is not the function model's complaint that the
/// implementation returned a value of the wrong type, and its diagnostic can be made.
fn check_outcome(
    name: &'static str,
    f: &Function,
    how: &'static str,
    args: &[Value],
    call_args: Option<&[Value]>,
    outcome: Result<Value, FunctionError>,
) -> Result<(), TestCaseError> {
    match outcome {
        Ok(v) => {
            let Some(call_args) = call_args else { return Ok(()) };
            let want = guarded(name, "return_type_for_values", call_args, || f.return_type_for_values(call_args))?;
            let want = want.map_err(|e| {
                TestCaseError::fail(format!(
                    "{name} ({how}) returned {v:?}, but its result type for arguments {} is an error: {e:?}",
                    describe_args(call_args)
                ))
            })?;
            prop_assert!(
                conforms(&v.ty(), &want),
                "{name} ({how}) returned {:?} of type {:?}, which does not conform to its result type {:?}; arguments {}",
                v,
                v.ty(),
                want,
                describe_args(args)
            );
            // The result type for the argument types alone (as if the arguments were unknown)
            // may be less precise, but a value must still conform to it. (Not when an
            // argument is null: an unknown may stand for a non-null value, and the reference
            // itself types, say, `merge` of a null object and of an unknown one differently.)
            if call_args.iter().any(Value::is_null) {
                return Ok(());
            }
            let types: Vec<Type> = call_args.iter().map(Value::ty).collect();
            let unknowns: Vec<Value> = types.iter().cloned().map(Value::unknown).collect();
            if let Ok(by_type) = guarded(name, "return_type", &unknowns, || f.return_type(&types))? {
                prop_assert!(
                    conforms(&v.ty(), &by_type),
                    "{name} ({how}) returned {:?} of type {:?}, which does not conform to its result type for the argument types {:?}; arguments {}",
                    v,
                    v.ty(),
                    by_type,
                    describe_args(args)
                );
            }
        }
        Err(e) => {
            prop_assert!(
                !e.message().contains("does not conform to expected return type"),
                "{name} ({how}) returned a value of the wrong type: {}; arguments {}",
                e.message(),
                describe_args(args)
            );
            guarded(name, "diagnostic", args, || e.diagnostic(name, f, args.len()))?;
        }
    }
    Ok(())
}

/// One generated argument list: the function called both ways.
fn check_call(name: &'static str, f: &Function, args: &[Value]) -> Result<(), TestCaseError> {
    let converted = guarded(name, "convert_args", args, || f.convert_args(args))?;
    let outcome = guarded(name, "call", args, || f.call(args))?;
    check_outcome(name, f, "call", args, converted.as_deref().ok(), outcome)?;
    let outcome = guarded(name, "call_unconverted", args, || f.call_unconverted(args))?;
    check_outcome(name, f, "call_unconverted", args, Some(args), outcome)?;
    Ok(())
}

fn cases() -> u32 {
    let full = std::env::var("HCLKIT_FULL_SWEEP").is_ok_and(|v| !v.is_empty() && v != "0");
    std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(if full {
        FULL_SWEEP_CASES
    } else {
        DEFAULT_CASES
    })
}

/// The stack the cases run on: a main thread's on Linux (8 MiB), where the command-line
/// tools evaluate. Test threads have 2 MiB, which in a debug build is not quite enough for
/// `jsondecode` of objects nested close to the decoder's depth limit of 1000 (the recursive
/// decoding in `json::decode` takes about 2.2 KiB of stack per level unoptimised); the cases
/// are about the functions, so they run on the larger stack.
const STACK_SIZE: usize = 8 << 20;

/// Runs the generated cases for the function called `name`, on a thread with [`STACK_SIZE`].
fn check(name: &'static str) {
    let cases =
        thread::Builder::new().name(format!("{name} cases")).stack_size(STACK_SIZE).spawn(move || check_here(name));
    match cases.expect("spawn the thread for the cases").join() {
        Ok(()) => {}
        Err(panic) => panic::resume_unwind(panic),
    }
}

/// Runs the generated cases for the function called `name` on this thread.
fn check_here(name: &str) {
    install_panic_hook();
    start_watchdog();
    let all = stdlib::all();
    let (&name, f) = all.get_key_value(name).unwrap_or_else(|| panic!("no function {name:?} in stdlib::all()"));
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        max_shrink_iters: 4096,
        max_shrink_time: 120_000,
        // Rejections do not happen: every generated list is a case.
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let before = (CALLS.load(Ordering::Relaxed), FUNCTION_CALLS.load(Ordering::Relaxed));
    let result = runner.run(&arg_lists(f), |args| check_call(name, f, &args));
    match result {
        Ok(()) => {}
        Err(TestError::Fail(reason, args)) => {
            panic!("{name}: {reason}\nminimal failing arguments: {}", describe_args(&args))
        }
        Err(e) => panic!("{name}: {e}"),
    }
    eprintln!(
        "{name}: {} cases, {} function calls ({} guarded calls in all)",
        cases(),
        FUNCTION_CALLS.load(Ordering::Relaxed) - before.1,
        CALLS.load(Ordering::Relaxed) - before.0,
    );
}

// ---------------------------------------------------------------------------------------
// Generators.

fn num(s: &str) -> Value {
    Value::number(Number::parse(s).unwrap_or_else(|_| panic!("bad number literal {s:?}")))
}

/// Numbers at the edges: zeros, signs, fractions, the limits of machine integers and floats,
/// huge and tiny magnitudes, infinities (canonical, parsed and computed).
fn special_numbers() -> Vec<Value> {
    let mut v: Vec<Value> = [
        "0",
        "-0",
        "1",
        "-1",
        "2",
        "3",
        "7",
        "0.5",
        "-0.5",
        "1.5",
        "0.1",
        "-2.5",
        "36",
        "62",
        "63",
        "1024",
        "1025",
        "1e9",
        "-1e9",
        "1e18",
        "4294967296",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775808",
        "-9223372036854775809",
        "18446744073709551615",
        "18446744073709551616",
        "18446744073709551617",
        "1e100",
        "1e308",
        "-1e308",
        "1e309",
        "1e-300",
        "5e-324",
        "1e-400",
        "123456789012345678901234567890.123456789",
        "1e100000",
        "-1e100000",
        "1e-100000",
        "+Inf",
        "-Inf",
    ]
    .iter()
    .map(|s| num(s))
    .collect();
    v.push(Value::number(Number::infinity()));
    v.push(Value::number(Number::neg_infinity()));
    v.push(Value::number(Number::from_i64(1).div(&Number::zero()).unwrap_or_else(|_| Number::infinity())));
    v.push(Value::number(Number::from_f64(f64::MAX).unwrap()));
    v.push(Value::number(Number::from_f64(f64::MIN_POSITIVE).unwrap()));
    v.push(Value::number(Number::from_f64(0.1).unwrap()));
    v.push(Value::number(Number::from_u64(u64::MAX)));
    v.push(Value::number(i64::MIN));
    v.push(Value::number(i64::MAX));
    v
}

/// Strings that mean something to some function, or are awkward for all of them.
fn special_strings() -> Vec<String> {
    let fixed: &[&str] = &[
        // Plain and numeric-looking.
        "",
        " ",
        "a",
        "abc",
        "ABC",
        "a b-c_d",
        "1",
        "-1",
        "0",
        "1.5",
        "0x10",
        "1e308",
        "1e999999999",
        "-1e999999999",
        " 1 ",
        "true",
        "false",
        "null",
        "NaN",
        "Inf",
        "-Infinity",
        "zz",
        "ZZ",
        "-",
        "+",
        "9223372036854775808",
        // Unicode: combining characters, emoji sequences, case oddities, controls.
        "e\u{301}",
        "e\u{301}\u{301}\u{301}",
        "\u{e9}",
        "👍🏽",
        "👨‍👩‍👧",
        "\u{1F1FA}\u{1F1F8}\u{1F1FA}",
        "ǅ ß İ ı Σ ﬃ",
        "ᾳ",
        "\u{10D0}",
        "\u{0}",
        "\u{7f}",
        "\u{fffd}",
        "\u{feff}",
        "\u{200d}",
        "\u{301}",
        "\r\n",
        "\n\n",
        "\r",
        "\t \u{a0}\u{3000}",
        "a\nb\nc",
        // Format verbs.
        "%",
        "%%",
        "%v",
        "%#v",
        "%s",
        "%d",
        "%q",
        "%t",
        "%x %X %o %b",
        "%e %E %f %g %G",
        "%[2]d",
        "%[1]s %[3]v",
        "%[0]d",
        "%[99999999999999999999]d",
        "%[18446744073709551616]v",
        "%*d",
        "%-*d",
        "%.*f",
        "%999999999999999999999d",
        "%1000000d",
        "%.1000000f",
        "%.999999999s",
        "%-010.3f",
        "%+ #x",
        "%05s",
        "%[",
        "%[1",
        "%[1]",
        "%.",
        "%5",
        "%é",
        "%!",
        "%z",
        "%s%s%s%s",
        "%v %v",
        // Regular expressions and replacement templates.
        "(",
        ")",
        "[",
        "]",
        "[a-",
        "[z-a]",
        "a{1000}{1000}",
        "a{1001}",
        "(a{1000}){1000}",
        "((((((((((a*)*)*)*)*)*)*)*)*)*)",
        "(?P<x>a)(?P<x>b)",
        "(?P<n>.)(?P<m>.)?",
        "(a)(?P<n>b)",
        "(a)(b)?",
        "(?P<>a)",
        "\\",
        "\\d+\\w*\\s?\\b",
        "\\pL",
        "\\p{Greek}",
        "\\p{Nope}",
        "\\Q.*\\E",
        "[[:alpha:]]",
        "[[:é:]]",
        "[[:nope:]]",
        "[^]]",
        "[]a]",
        "(?i)a",
        "(?z)",
        "(?",
        "*",
        "a**",
        "x{2,1}",
        "$1",
        "${1}",
        "${x}",
        "$",
        "$$",
        "^$",
        ".*",
        ".",
        "\\b",
        // Timestamps, durations and date formats.
        "2017-11-22T00:00:00Z",
        "2006-01-02T15:04:05.999999999+23:59",
        "2006-01-02T15:04:05,5-07:00",
        "9999-12-31T23:59:59Z",
        "9999-12-31T23:59:59-99:99",
        "0000-01-01T00:00:00Z",
        "0000-01-01T00:00:00+99:99",
        "2020-02-29T00:00:00Z",
        "2021-02-29T00:00:00Z",
        "2017-13-01T00:00:00Z",
        "2017-11-22T1:00:00Z",
        "2017-11-22T24:00:00Z",
        "2017-11-22T00:60:00Z",
        "2017-11-22T00:00:60Z",
        "2017-11-22",
        "2017-11-22T",
        "2017-11-22T00:00:00",
        "2017-11-22T00:00:00+0000",
        "2017-11-22T00:00:00+é0:00",
        "2017-11-22T00:00:00.12345678901234567890Z",
        "1h",
        "-1h",
        "1h30m",
        "1.5h",
        ".5s",
        "1.s",
        "1µs",
        "1μs",
        "1us",
        "-0",
        "0",
        "1ns",
        "9223372036854775807ns",
        "-9223372036854775808ns",
        "9223372036854775808ns",
        "2562047h47m16.854775807s",
        "2562048h",
        "99999999999999999999h",
        "0.99999999999999999999999999h",
        "1d",
        "h",
        "1h2",
        "YYYY-MM-DD'T'hh:mm:ssZ",
        "EEEE, MMMM D 'o''clock' h:m:s A a ZZZ ZZZZ ZZZZZ Z YY",
        "EEE MMM DD HH aa",
        "'",
        "''",
        "'unterminated",
        "YYYYY",
        "MMMMM",
        "DDD",
        "ZZZZZZ",
        "x",
        "Y",
        // CSV.
        "a,b\n1,2",
        "a,b\n1,2\n3,4\n",
        "a,b\n1",
        "a,b\n1,2,3",
        "a",
        "\"a",
        "a\"b",
        "\"a\"\"b\",c\n1,2",
        "\"a\"x,b",
        "a,a",
        "a,b\r\n1,2\r\n",
        "\"a\nb\",c\n\"1\n2\",3",
        "\"a\nb",
        ",\n,",
        "\n\na\n\n1\n",
        "\"\u{301}\",e\u{301}\n1,2",
        // JSON.
        "{\"a\":[1,2,{\"b\":null}]}",
        "{\"a\":1,\"a\":2}",
        "[1,\"a\",true,null,{}]",
        "[",
        "[1,",
        "{",
        "{\"a\"",
        "]",
        "1 2",
        "tru",
        "\"\\ud800\"",
        "\"\\u0000\"",
        "\"\\uD83D\\uDC4D\"",
        "123456789012345678901234567890",
        "1e400",
        "-1e-400",
        "1E+2",
        "0.1e-400",
        "-",
        "01",
        "{\"\":{\"\":[]}}",
        "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
        "\u{feff}{}",
    ];
    let mut v: Vec<String> = fixed.iter().map(|s| (*s).to_owned()).collect();
    // JSON nested right at and past the decoder's depth limit.
    for depth in [999, 1000, 1001, 5000] {
        v.push(format!("{}{}", "[".repeat(depth), "]".repeat(depth)));
        v.push(format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth)));
    }
    v
}

/// Big strings: long, many lines, many combining characters, many verbs or separators.
fn big_strings() -> Vec<String> {
    vec![
        "a".repeat(1 << 16),
        "\n".repeat(10_000),
        "a\n".repeat(5_000),
        "e\u{301}".repeat(5_000),
        "👨‍👩‍👧".repeat(2_000),
        "%v".repeat(2_000),
        "%[2]s".repeat(1_000),
        "%1000000d".repeat(64),
        "a,".repeat(5_000),
        "a,b\n".repeat(5_000),
        "\"".repeat(10_001),
        "[".repeat(100_000),
        "(".repeat(10_000),
        "a*".repeat(1_000),
        "\\pL{100}".repeat(100),
        "YYYY".repeat(5_000),
        "'".repeat(10_001),
    ]
}

fn select<T: Clone + std::fmt::Debug + 'static>(items: Vec<T>) -> BoxedStrategy<T> {
    proptest::sample::select(items).boxed()
}

/// A string: special, a concatenation of two special ones, or from the common generator.
fn any_string() -> BoxedStrategy<String> {
    let specials = special_strings();
    prop_oneof![
        6 => select(specials.clone()),
        2 => (select(specials.clone()), select(specials)).prop_map(|(a, b)| a + &b),
        1 => "[a-c%\\[\\]0-9,\n\"'(){}*.$-]{0,8}",
    ]
    .boxed()
}

fn any_number() -> BoxedStrategy<Value> {
    prop_oneof![
        4 => select(special_numbers()),
        1 => any::<i64>().prop_map(Value::number),
        1 => any::<f64>().prop_filter_map("NaN", Number::from_f64).prop_map(Value::number),
        1 => (-5i64..70).prop_map(Value::number),
    ]
    .boxed()
}

/// Values nested `depth` levels deep (a list, tuple or set in a list, …, of a string).
fn deeply_nested() -> Vec<Value> {
    let mut out = Vec::new();
    for depth in [50, 200, 1000] {
        let mut list = Value::string("x");
        let mut tuple = Value::number(1);
        let mut mixed = Value::bool(true);
        for i in 0..depth {
            list = Value::list(vec![list]).expect("list");
            tuple = Value::tuple(vec![tuple, Value::string("y")]);
            mixed = match i % 4 {
                0 => Value::set(vec![mixed]).expect("set"),
                1 => Value::object([("k", mixed)]),
                2 => Value::map([("k", mixed)]).expect("map"),
                _ => Value::tuple(vec![mixed]),
            };
        }
        out.extend([list, tuple, mixed]);
    }
    // Unknowns and nulls at the bottom of a deep nest.
    let mut v = Value::unknown(Type::String);
    let mut n = Value::null(Type::String);
    for _ in 0..200 {
        v = Value::list(vec![v]).expect("list");
        n = Value::tuple(vec![n]);
    }
    out.extend([v, n]);
    out
}

/// Long collections: thousands of elements or attributes.
fn long_collections() -> Vec<Value> {
    let nums: Vec<Value> = (0..5_000).map(Value::number).collect();
    let strs: Vec<Value> = (0..5_000).map(|i| Value::string(format!("s{i}"))).collect();
    let same: Vec<Value> = vec![Value::string("same"); 5_000];
    vec![
        Value::list(nums.clone()).expect("list"),
        Value::list(strs.clone()).expect("list"),
        Value::list(same).expect("list"),
        Value::set(nums.clone()).expect("set"),
        Value::set(strs.clone()).expect("set"),
        Value::tuple(nums.clone()),
        Value::tuple(strs.clone()),
        Value::map(strs.iter().zip(&nums).map(|(k, v)| (k.as_str().unwrap_or_default().to_owned(), v.clone())))
            .expect("map"),
        Value::object(strs.iter().zip(&nums).map(|(k, v)| (k.as_str().unwrap_or_default().to_owned(), v.clone()))),
        Value::list(vec![Value::list(strs).expect("list"); 100]).expect("list"),
        Value::list((0..5_000).map(|i| Value::list(vec![Value::number(i)]).expect("list")).collect()).expect("list"),
    ]
}

/// Large values: big strings, deep nests, long collections.
fn big_value() -> BoxedStrategy<Value> {
    static BIG: OnceLock<Vec<Value>> = OnceLock::new();
    let values = BIG.get_or_init(|| {
        let mut v: Vec<Value> = big_strings().into_iter().map(Value::string).collect();
        v.extend(deeply_nested());
        v.extend(long_collections());
        v
    });
    select(values.clone())
}

/// A primitive leaf: special or common numbers and strings, bools, nulls and unknowns.
fn leaf() -> BoxedStrategy<Value> {
    prop_oneof![
        3 => any_string().prop_map(Value::string),
        3 => any_number(),
        1 => any::<bool>().prop_map(Value::bool),
        1 => prop_oneof![Just(Type::String), Just(Type::Number), Just(Type::Bool), Just(Type::Dynamic)]
            .prop_map(Value::null),
        1 => prop_oneof![Just(Type::String), Just(Type::Number), Just(Type::Bool)].prop_map(Value::unknown),
        1 => Just(Value::dynamic()),
    ]
    .boxed()
}

/// Collections of one primitive type (special values, with nulls and unknowns among them),
/// and structures of anything.
fn collection() -> BoxedStrategy<Value> {
    let strings = prop_oneof![
        8 => any_string().prop_map(Value::string),
        1 => Just(Value::null(Type::String)),
        1 => Just(Value::unknown(Type::String)),
    ];
    let numbers = prop_oneof![
        8 => any_number(),
        1 => Just(Value::null(Type::Number)),
        1 => Just(Value::unknown(Type::Number)),
    ];
    let strings = prop::collection::vec(strings, 0..5).boxed();
    let numbers = prop::collection::vec(numbers, 0..5).boxed();
    let keys = prop::collection::vec(any_string(), 0..4);
    prop_oneof![
        2 => strings.clone().prop_map(|v| Value::list_of(Type::String, v).expect("list")),
        2 => numbers.clone().prop_map(|v| Value::list_of(Type::Number, v).expect("list")),
        2 => strings.clone().prop_map(|v| Value::set_of(Type::String, v).expect("set")),
        1 => numbers.clone().prop_map(|v| Value::set_of(Type::Number, v).expect("set")),
        2 => (keys.clone(), strings).prop_map(|(k, v)| Value::map_of(Type::String, k.into_iter().zip(v)).expect("map")),
        1 => (keys.clone(), numbers).prop_map(|(k, v)| Value::map_of(Type::Number, k.into_iter().zip(v)).expect("map")),
        2 => prop::collection::vec(leaf(), 0..5).prop_map(Value::tuple),
        2 => (keys, prop::collection::vec(leaf(), 0..4)).prop_map(|(k, v)| Value::object(k.into_iter().zip(v))),
        1 => prop::collection::vec(
                prop::collection::vec(any_string().prop_map(Value::string), 0..3)
                    .prop_map(|v| Value::list_of(Type::String, v).expect("list")),
                0..3,
            )
            .prop_map(|v| Value::list_of(Type::list(Type::String), v).expect("list")),
    ]
    .boxed()
}

/// Any argument.
fn any_arg() -> BoxedStrategy<Value> {
    prop_oneof![
        3 => common::typed_value(true).prop_map(|(_, v)| v),
        1 => common::value_pair(true).prop_map(|(a, _)| a),
        1 => common::any_type().prop_map(Value::null),
        1 => common::any_type().prop_map(Value::unknown),
        1 => Just(Value::dynamic()),
        6 => leaf(),
        4 => collection(),
        1 => big_value(),
    ]
    .boxed()
}

/// An argument for `param`: more often one of its type when that type is fully known (so
/// that calls get past the conversion), otherwise any argument.
fn arg_for(param: Option<&Parameter>) -> BoxedStrategy<Value> {
    let Some(param) = param else { return any_arg() };
    let ty = param.ty.clone();
    match ty {
        Type::String => prop_oneof![3 => any_string().prop_map(Value::string), 2 => any_arg()].boxed(),
        Type::Number => prop_oneof![3 => any_number(), 2 => any_arg()].boxed(),
        ty if !ty.has_dynamic_types() => {
            prop_oneof![2 => common::value_of(ty, true), 1 => collection(), 2 => any_arg()].boxed()
        }
        _ => any_arg(),
    }
}

/// Argument lists for `f`: mostly of an acceptable length (up to three variadic arguments),
/// sometimes of any length up to three more than its positional parameters.
fn arg_lists(f: &Function) -> BoxedStrategy<Vec<Value>> {
    let n = f.params().len();
    let most = n + 3;
    let usual = if f.var_param().is_some() { (n..=most).boxed() } else { Just(n).boxed() };
    let f = f.clone();
    prop_oneof![1 => (0..=most).boxed(), 6 => usual]
        .prop_flat_map(move |len| (0..len).map(|i| arg_for(f.param_for_arg(i))).collect::<Vec<_>>())
        .boxed()
}

// ---------------------------------------------------------------------------------------
// The tests: one per function, and one that they cover the whole library.

macro_rules! per_function {
    ($($name:ident),* $(,)?) => {
        /// The functions tested, by name.
        const TESTED: &[&str] = &[$(stringify!($name)),*];
        mod per_function {
            $(#[test] fn $name() { super::check(stringify!($name)); })*
        }
    };
}

per_function!(
    abs,
    ceil,
    chomp,
    chunklist,
    coalesce,
    coalescelist,
    compact,
    concat,
    contains,
    csvdecode,
    distinct,
    element,
    flatten,
    floor,
    format,
    formatdate,
    formatlist,
    hasindex,
    indent,
    index,
    int,
    join,
    jsondecode,
    jsonencode,
    keys,
    length,
    log,
    lookup,
    lower,
    max,
    merge,
    min,
    parseint,
    pow,
    range,
    regex,
    regexall,
    regexreplace,
    replace,
    reverse,
    sethaselement,
    setintersection,
    setproduct,
    setsubtract,
    setsymmetricdifference,
    setunion,
    signum,
    slice,
    sort,
    split,
    strlen,
    strrev,
    substr,
    timeadd,
    title,
    tobool,
    tolist,
    tomap,
    tonumber,
    toset,
    tostring,
    trim,
    trimprefix,
    trimspace,
    trimsuffix,
    upper,
    values,
    zipmap,
);

#[test]
fn every_function_has_a_test() {
    let mut tested: Vec<&str> = TESTED.to_vec();
    tested.sort_unstable();
    let all: Vec<&str> = stdlib::all().keys().copied().collect();
    assert_eq!(tested, all);
}

/// The limits the generators rely on hold for a few hand-picked calls (these also run
/// quickly when the generated cases are many).
#[test]
fn known_large_inputs_are_bounded() {
    install_panic_hook();
    start_watchdog();
    let all = stdlib::all();
    let calls: Vec<(&'static str, Vec<Value>)> = vec![
        ("range", vec![num("0"), num("1e9")]),
        ("range", vec![num("0"), num("1e308"), num("1e-300")]),
        ("range", vec![num("0"), num("1"), num("0")]),
        ("range", vec![num("-Inf"), num("+Inf")]),
        ("range", vec![num("0"), num("+Inf"), num("+Inf")]),
        ("format", vec![Value::string("%1000000000d"), num("1")]),
        ("format", vec![Value::string("%.1000000000f"), num("1e100000")]),
        ("indent", vec![num("1e9"), Value::string("a\nb")]),
        ("indent", vec![num("268435456"), Value::string("\n".repeat(10_000))]),
        ("replace", vec![Value::string("a".repeat(1 << 16)), Value::string(""), Value::string("b".repeat(1 << 16))]),
        ("chunklist", vec![Value::list(vec![num("1")]).unwrap(), num("9223372036854775807")]),
        ("element", vec![Value::list(vec![num("1")]).unwrap(), num("18446744073709551617")]),
        ("substr", vec![Value::string("abc"), num("-9223372036854775808"), num("9223372036854775807")]),
        ("timeadd", vec![Value::string("9999-12-31T23:59:59Z"), Value::string("2562047h")]),
        ("timeadd", vec![Value::string("0000-01-01T00:00:00Z"), Value::string("-2562047h")]),
        ("parseint", vec![Value::string("z".repeat(1 << 16)), num("36")]),
    ];
    for (name, args) in calls {
        let f = &all[name];
        let r = check_call(name, f, &args);
        assert!(r.is_ok(), "{name}: {r:?}");
    }
}
