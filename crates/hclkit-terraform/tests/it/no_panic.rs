//! Every function of Terraform's table, called with generated argument lists (nulls, unknowns
//! and the dynamic value at any depth, special numbers and strings, collections and
//! structures of them, zero to four arguments), returns a value or an error: it never panics,
//! and never returns a value that does not conform to the type it declared (the function
//! model reports that as an error "returned value ... does not conform").
//!
//! The generator is a fixed-seed xorshift, so a failure repeats; its message names the
//! function and the arguments. `bcrypt` is left out: its cost argument makes a call take up
//! to 2^31 rounds by design (Terraform's too). Results are bounded with
//! `with_result_allowance`, as an evaluator with a budget bounds them.

use std::panic::{self, AssertUnwindSafe};

use hclkit_terraform::{functions, Options};
use hclkit_value::function::with_result_allowance;
use hclkit_value::{Type, Value};

const CASES_PER_FUNCTION: usize = 500;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const STRINGS: &[&str] = &[
    "",
    "a",
    "abc",
    "héllo",
    "e\u{301}",
    "👨‍👩‍👧",
    "1",
    "-1.5",
    "1e400",
    "true",
    "null",
    "/",
    "/(a+)/",
    "/[/",
    "${x}",
    "%{ if true }x%{ endif }",
    "%s %d %v %q %[2]s %*d",
    "a,b\n1,2\n",
    "{\"a\":[1]}",
    "2020-01-02T03:04:05Z",
    "1h30m",
    "YYYY-MM-DD hh:mm",
    "10.0.0.0/8",
    "fd00::/8",
    "::ffff:1.2.3.4",
    "192.168.0.1",
    "YQ==",
    "dns",
    "a = 1\n",
    "x y",
    "\u{0}",
    "\\",
    "\"",
];

fn number(rng: &mut Rng) -> Value {
    let src = *rng.pick(&[
        "0",
        "1",
        "-1",
        "2",
        "3",
        "8",
        "16",
        "32",
        "64",
        "128",
        "0.5",
        "-2.75",
        "1e3",
        "1e30",
        "-1e30",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775809",
        "1e-7",
        "1000000",
        "255",
    ]);
    static TONUMBER: std::sync::OnceLock<hclkit_value::function::Function> = std::sync::OnceLock::new();
    let tonumber = TONUMBER.get_or_init(hclkit_value::stdlib::tonumber);
    tonumber.call(&[Value::string(src)]).unwrap_or_else(|_| Value::number(0))
}

fn primitive(rng: &mut Rng) -> Value {
    match rng.below(7) {
        0 | 1 => Value::string(*rng.pick(STRINGS)),
        2 | 3 => number(rng),
        4 => Value::bool(rng.below(2) == 0),
        5 => Value::null(rng.pick(&[Type::String, Type::Number, Type::Bool, Type::Dynamic]).clone()),
        _ => Value::unknown(rng.pick(&[Type::String, Type::Number, Type::Bool, Type::Dynamic]).clone()),
    }
}

fn value(rng: &mut Rng, depth: usize) -> Value {
    if depth >= 3 || rng.below(3) == 0 {
        return primitive(rng);
    }
    let n = rng.below(4);
    let same = rng.below(2) == 0;
    let first = value(rng, depth + 1);
    let elems: Vec<Value> = (0..n).map(|_| if same { first.clone() } else { value(rng, depth + 1) }).collect();
    let keys = ["a", "b", "c", "x y"];
    match rng.below(7) {
        0 => Value::tuple(elems),
        1 => Value::list(elems.clone()).unwrap_or_else(|_| Value::tuple(elems)),
        2 => Value::set(elems.clone()).unwrap_or_else(|_| Value::tuple(elems)),
        3 => Value::map(keys.iter().copied().zip(elems.clone())).unwrap_or_else(|_| Value::tuple(elems)),
        4 => Value::object(keys.iter().copied().zip(elems)),
        5 => Value::unknown(first.ty()),
        _ => Value::null(first.ty()),
    }
}

#[test]
fn no_function_panics_or_breaks_its_type_on_generated_arguments() {
    let table = functions(&Options::new());
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut calls = 0;
    for (name, f) in &table {
        if *name == "bcrypt" {
            continue;
        }
        for _ in 0..CASES_PER_FUNCTION {
            let args: Vec<Value> = (0..rng.below(5)).map(|_| value(&mut rng, 0)).collect();
            let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
                with_result_allowance(Some(200_000), || (f.call(&args), f.call_unconverted(&args)))
            }));
            let (converted, unconverted) = outcome.unwrap_or_else(|_| panic!("{name} panicked on {args:?}"));
            for result in [converted, unconverted] {
                if let Err(e) = result {
                    assert!(
                        !e.message().starts_with("returned value"),
                        "{name} broke its declared type on {args:?}: {}",
                        e.message()
                    );
                }
            }
            calls += 2;
        }
    }
    assert!(calls > 200 * table.len(), "{calls} calls");
}
