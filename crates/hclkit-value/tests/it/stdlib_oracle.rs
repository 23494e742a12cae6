//! The standard library functions against results recorded from the reference implementation.
//!
//! Each `oracle!` case is an HCL expression; `oracle/value_stdlib/record.py` evaluated it with the
//! reference (`hcleval`, with `n`, `s`, `d` and `b` unknown: a number, a string, the dynamic
//! value and a bool) and stored the value and type, or the diagnostics, in
//! `tests/data/stdlib.want.jsonl`. Here a small evaluator for the few expression forms the
//! cases use (literals, tuples, objects, unknown variables, `b ? x : y`, function calls) calls
//! our functions the way HCL does and compares: the value (identity, type included), or each
//! diagnostic's summary, detail and the column its subject starts at.
//!
//! The reference binds `reverse` to a list function; the cases call the string function under
//! its other name, `strrev`.

use std::collections::HashMap;
use std::sync::OnceLock;

use hclkit_value::convert;
use hclkit_value::function::{CallSubject, Function, FunctionError};
use hclkit_value::stdlib;
use hclkit_value::{Number, Type, Value};

// ---------------------------------------------------------------------------------------------
// Expected results.

#[derive(Debug)]
enum Expected {
    Value(Value),
    Diags(Vec<(String, String, Option<usize>)>),
}

fn expected() -> &'static HashMap<String, serde_json::Value> {
    static DATA: OnceLock<HashMap<String, serde_json::Value>> = OnceLock::new();
    DATA.get_or_init(|| {
        include_str!("../data/stdlib.want.jsonl")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("valid JSON line");
                (v["expr"].as_str().expect("expr").to_string(), v["result"].clone())
            })
            .collect()
    })
}

fn type_from_json(j: &serde_json::Value) -> Type {
    match j {
        serde_json::Value::String(s) => match s.as_str() {
            "string" => Type::String,
            "number" => Type::Number,
            "bool" => Type::Bool,
            "dynamic" => Type::Dynamic,
            other => panic!("unexpected type {other}"),
        },
        serde_json::Value::Array(a) => match (a[0].as_str().unwrap_or_default(), &a[1]) {
            ("list", e) => Type::list(type_from_json(e)),
            ("set", e) => Type::set(type_from_json(e)),
            ("map", e) => Type::map(type_from_json(e)),
            ("tuple", serde_json::Value::Array(es)) => Type::tuple(es.iter().map(type_from_json)),
            ("object", serde_json::Value::Object(attrs)) => {
                Type::object(attrs.iter().map(|(k, t)| (k.as_str(), type_from_json(t))))
            }
            other => panic!("unexpected type {other:?}"),
        },
        other => panic!("unexpected type {other}"),
    }
}

fn value_from_json(j: &serde_json::Value, ty: &Type) -> Value {
    if let Some(u) = j.get("$unknown") {
        return Value::unknown(type_from_json(u));
    }
    if j.is_null() {
        return Value::null(ty.clone());
    }
    match ty {
        Type::String => Value::string(j.as_str().expect("string")),
        Type::Bool => Value::bool(j.as_bool().expect("bool")),
        Type::Number => Value::number(Number::parse(&j.to_string()).expect("number")),
        Type::List(e) | Type::Set(e) => {
            let elems: Vec<Value> = j.as_array().expect("array").iter().map(|v| value_from_json(v, e)).collect();
            if ty.is_list() {
                Value::list_of((**e).clone(), elems).expect("list")
            } else {
                Value::set_of((**e).clone(), elems).expect("set")
            }
        }
        Type::Map(e) => Value::map_of(
            (**e).clone(),
            j.as_object().expect("object").iter().map(|(k, v)| (k.as_str(), value_from_json(v, e))),
        )
        .expect("map"),
        Type::Tuple(t) => Value::tuple(
            j.as_array().expect("array").iter().zip(t.elements()).map(|(v, t)| value_from_json(v, t)).collect(),
        ),
        Type::Object(o) => Value::object(
            o.attributes().iter().map(|(k, t)| (k.clone(), value_from_json(&j[&**k], t))).collect::<Vec<_>>(),
        ),
        other => panic!("unexpected value of type {other}"),
    }
}

fn expected_for(expr: &str) -> Expected {
    let Some(r) = expected().get(expr) else {
        panic!("no recorded result for {expr:?}: run oracle/value_stdlib/record.py")
    };
    if let Some(diags) = r.get("diagnostics") {
        return Expected::Diags(
            diags
                .as_array()
                .expect("diagnostics")
                .iter()
                .map(|d| {
                    let col = d["subject"]["start"]["column"].as_u64().map(|c| c as usize);
                    (
                        d["summary"].as_str().unwrap_or_default().to_string(),
                        d["detail"].as_str().unwrap_or_default().to_string(),
                        col,
                    )
                })
                .collect(),
        );
    }
    let ty = type_from_json(&r["type"][1]["x"]);
    Expected::Value(value_from_json(&r["value"]["x"], &ty))
}

// ---------------------------------------------------------------------------------------------
// A tiny evaluator for the expressions the cases use.

#[derive(Debug)]
enum Expr {
    Lit(Value),
    Var(String),
    Tuple(Vec<Expr>),
    Object(Vec<(String, Expr)>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    Call { name: String, name_col: usize, args: Vec<(Expr, usize)>, close_col: usize },
}

struct Parser<'a> {
    src: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    /// The column (1-based) the reference reports for a position in `x = <expr>`.
    fn col(&self, pos: usize) -> usize {
        std::str::from_utf8(&self.src[..pos]).map(|s| s.chars().count()).unwrap_or(pos) + 5
    }
    fn ws(&mut self) {
        while self.pos < self.src.len() && self.src[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }
    fn peek(&mut self) -> u8 {
        self.ws();
        self.src.get(self.pos).copied().unwrap_or(0)
    }
    fn eat(&mut self, c: u8) {
        assert_eq!(self.peek(), c, "expected {:?} at {}", c as char, self.pos);
        self.pos += 1;
    }
    fn ident(&mut self) -> String {
        self.ws();
        let start = self.pos;
        while self.pos < self.src.len() && (self.src[self.pos].is_ascii_alphanumeric() || self.src[self.pos] == b'_') {
            self.pos += 1;
        }
        String::from_utf8(self.src[start..self.pos].to_vec()).expect("ident")
    }
    /// The column an argument's subject starts at: inside the quotes for a string literal.
    fn arg_col(&mut self) -> usize {
        let c = self.peek();
        self.col(self.pos) + usize::from(c == b'"')
    }
    fn expr(&mut self) -> Expr {
        let e = self.primary();
        if self.peek() == b'?' {
            self.pos += 1;
            let t = self.expr();
            self.eat(b':');
            let f = self.expr();
            return Expr::Cond(Box::new(e), Box::new(t), Box::new(f));
        }
        e
    }
    fn primary(&mut self) -> Expr {
        match self.peek() {
            b'"' => Expr::Lit(Value::string(self.string())),
            b'[' => {
                self.pos += 1;
                let mut elems = Vec::new();
                while self.peek() != b']' {
                    elems.push(self.expr());
                    if self.peek() == b',' {
                        self.pos += 1;
                    }
                }
                self.pos += 1;
                Expr::Tuple(elems)
            }
            b'{' => {
                self.pos += 1;
                let mut attrs = Vec::new();
                while self.peek() != b'}' {
                    let k = if self.peek() == b'"' { self.string() } else { self.ident() };
                    self.eat(b'=');
                    attrs.push((k, self.expr()));
                    if self.peek() == b',' {
                        self.pos += 1;
                    }
                }
                self.pos += 1;
                Expr::Object(attrs)
            }
            b'-' | b'0'..=b'9' => {
                let start = self.pos;
                self.pos += 1;
                while self.pos < self.src.len()
                    && (self.src[self.pos].is_ascii_digit()
                        || matches!(self.src[self.pos], b'.' | b'e' | b'E')
                        || (matches!(self.src[self.pos], b'+' | b'-') && matches!(self.src[self.pos - 1], b'e' | b'E')))
                {
                    self.pos += 1;
                }
                let text = std::str::from_utf8(&self.src[start..self.pos]).expect("number");
                Expr::Lit(Value::number(Number::parse(text).expect("number literal")))
            }
            _ => {
                let name_col = self.col(self.pos);
                let name = self.ident();
                match name.as_str() {
                    "true" => return Expr::Lit(Value::bool(true)),
                    "false" => return Expr::Lit(Value::bool(false)),
                    "null" => return Expr::Lit(Value::null(Type::Dynamic)),
                    _ => {}
                }
                if self.peek() != b'(' {
                    return Expr::Var(name);
                }
                self.pos += 1;
                let mut args = Vec::new();
                while self.peek() != b')' {
                    let col = self.arg_col();
                    args.push((self.expr(), col));
                    if self.peek() == b',' {
                        self.pos += 1;
                    }
                }
                let close_col = self.col(self.pos);
                self.pos += 1;
                Expr::Call { name, name_col, args, close_col }
            }
        }
    }
    fn string(&mut self) -> String {
        self.eat(b'"');
        let mut out = String::new();
        let rest = std::str::from_utf8(&self.src[self.pos..]).expect("utf-8");
        let mut chars = rest.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.pos += i + 1;
                    return out;
                }
                '\\' => {
                    let (_, e) = chars.next().expect("escape");
                    match e {
                        'n' => out.push('\n'),
                        'r' => out.push('\r'),
                        't' => out.push('\t'),
                        '"' => out.push('"'),
                        '\\' => out.push('\\'),
                        'u' | 'U' => {
                            let n = if e == 'u' { 4 } else { 8 };
                            let hex: String = (0..n).map(|_| chars.next().expect("hex").1).collect();
                            out.push(char::from_u32(u32::from_str_radix(&hex, 16).expect("hex")).expect("char"));
                        }
                        other => panic!("unsupported escape {other}"),
                    }
                }
                c => out.push(c),
            }
        }
        panic!("unterminated string")
    }
}

type Diag = (String, String, Option<usize>);

fn functions() -> HashMap<&'static str, Function> {
    let mut m: HashMap<&'static str, Function> = stdlib::spec_functions().into_iter().collect();
    m.insert("strrev", stdlib::reverse());
    m
}

fn conversion_function(name: &str) -> Option<Type> {
    Some(match name {
        "tolist" => Type::list(Type::Dynamic),
        "toset" => Type::set(Type::Dynamic),
        "tomap" => Type::map(Type::Dynamic),
        "tostring" => Type::String,
        "tonumber" => Type::Number,
        "tobool" => Type::Bool,
        _ => return None,
    })
}

fn eval(e: &Expr, funcs: &HashMap<&'static str, Function>) -> Result<Value, Vec<Diag>> {
    Ok(match e {
        Expr::Lit(v) => v.clone(),
        Expr::Var(name) => match name.as_str() {
            "n" => Value::unknown(Type::Number),
            "s" => Value::unknown(Type::String),
            "b" => Value::unknown(Type::Bool),
            "d" => Value::dynamic(),
            other => panic!("unknown variable {other}"),
        },
        Expr::Tuple(elems) => Value::tuple(elems.iter().map(|e| eval(e, funcs)).collect::<Result<_, _>>()?),
        Expr::Object(attrs) => Value::object(
            attrs.iter().map(|(k, e)| Ok((k.as_str(), eval(e, funcs)?))).collect::<Result<Vec<_>, Vec<Diag>>>()?,
        ),
        Expr::Cond(c, t, f) => {
            let (c, t, f) = (eval(c, funcs)?, eval(t, funcs)?, eval(f, funcs)?);
            assert!(c.is_unknown() && t.ty() == f.ty(), "only unknown conditions over one type are supported");
            Value::unknown(t.ty())
        }
        Expr::Call { name, name_col, args, close_col } => {
            let vals: Vec<Value> = args.iter().map(|(e, _)| eval(e, funcs)).collect::<Result<_, _>>()?;
            if let Some(ty) = conversion_function(name) {
                return Ok(convert::convert(&vals[0], &ty).expect("conversion in a test expression"));
            }
            let f = funcs.get(name.as_str()).unwrap_or_else(|| panic!("no function {name}"));
            let diag = |e: FunctionError| {
                let d = e.diagnostic(name, f, vals.len());
                let col = match d.subject {
                    CallSubject::CloseParen => *close_col,
                    CallSubject::Argument(i) => args[i].1,
                    CallSubject::Call | CallSubject::CallStart => *name_col,
                };
                (d.summary, d.detail, Some(col))
            };
            let converted = f.convert_args(&vals).map_err(|errs| errs.into_iter().map(diag).collect::<Vec<_>>())?;
            f.call_unconverted(&converted).map_err(|e| vec![diag(e)])?
        }
    })
}

fn check(expr: &str) {
    let mut p = Parser { src: expr.as_bytes(), pos: 0 };
    let e = p.expr();
    assert_eq!(p.peek(), 0, "trailing input in {expr:?}");
    let got = eval(&e, &functions());
    match (expected_for(expr), got) {
        (Expected::Value(want), Ok(got)) => {
            assert!(got.raw_equals(&want), "{expr}\n  got:  {got:?} : {}\n  want: {want:?} : {}", got.ty(), want.ty())
        }
        (Expected::Diags(want), Err(got)) => {
            let ascii = expr.is_ascii();
            let strip = |d: &Vec<Diag>| -> Vec<Diag> {
                d.iter().map(|(s, t, c)| (s.clone(), t.clone(), if ascii { *c } else { None })).collect()
            };
            assert_eq!(strip(&got), strip(&want), "{expr}");
        }
        (want, got) => panic!("{expr}\n  got:  {got:?}\n  want: {want:?}"),
    }
}

macro_rules! oracle {
    ($($name:ident: $expr:literal,)*) => {
        $(
            #[test]
            fn $name() {
                check($expr);
            }
        )*
    };
}

// ---------------------------------------------------------------------------------------------
// The cases.

oracle! {
    // upper, lower
    upper_ascii: r#"upper("hello World")"#,
    upper_sharp_s_unchanged: r#"upper("straße")"#,
    upper_special_letters: r#"upper("ǆ ǅ ﬀ ı i ΐ ᾳ ŉ")"#,
    lower_special_letters: r#"lower("ǅ İ Σ ΑΣ ᾼ K")"#,
    lower_ascii: r#"lower("HeLLo")"#,
    upper_converts_number: r#"upper(5)"#,
    upper_converts_bool: r#"upper(true)"#,
    upper_rejects_list: r#"upper(["a"])"#,
    upper_rejects_null: r#"upper(null)"#,
    upper_unknown: r#"upper(s)"#,
    upper_dynamic: r#"upper(d)"#,
    upper_unknown_number: r#"upper(n)"#,
    upper_no_args: r#"upper()"#,
    upper_too_many_args: r#"upper("a","b")"#,
    upper_many_too_many_args: r#"upper(1,2,3)"#,
    lower_empty: r#"lower("")"#,
    lower_unknown_conditional: r#"lower(b ? "A" : "B")"#,

    // strrev (hcldec's reverse)
    reverse_ascii: r#"strrev("abc")"#,
    reverse_clusters: r#"strrev("héllo👍🏽x")"#,
    reverse_combining: r#"strrev("ae\u0301\u0302b")"#,
    reverse_zwj_sequence: r#"strrev("a👨‍👩‍👧b")"#,
    reverse_flags: r#"strrev("🇺🇸🇫🇷🇩")"#,
    reverse_crlf: r#"strrev("a\r\nb\n\r")"#,
    reverse_hangul: r#"strrev("한국어ᄀ각")"#,
    reverse_null: r#"strrev(null)"#,
    reverse_unknown: r#"strrev(s)"#,
    reverse_number: r#"strrev(123)"#,

    // strlen
    strlen_ascii: r#"strlen("hello")"#,
    strlen_empty: r#"strlen("")"#,
    strlen_combining: r#"strlen("e\u0301\u0302x")"#,
    strlen_emoji_zwj: r#"strlen("👨‍👩‍👧")"#,
    strlen_emoji_modifier: r#"strlen("👍🏽👍")"#,
    strlen_flags: r#"strlen("🇺🇸🇫")"#,
    strlen_crlf: r#"strlen("\r\n\n\r")"#,
    strlen_devanagari_conjunct: r#"strlen("क्षि")"#,
    strlen_devanagari_word: r#"strlen("नमस्ते")"#,
    strlen_spacing_mark_in_emoji: r#"strlen("😀\u0903\u200d😀")"#,
    strlen_zwj_after_letter: r#"strlen("a\u200d😀")"#,
    strlen_prepend: r#"strlen("\u0600\u0600a\u0600\n")"#,
    strlen_replacement_char: r#"strlen("a\uFFFD\u0301")"#,
    strlen_hangul_jamo: r#"strlen("\u1100\u1161\u11a8\u1100가\u11a8")"#,
    strlen_thai: r#"strlen("ภาษาไทย")"#,
    strlen_number: r#"strlen(12345)"#,
    strlen_unknown: r#"strlen(s)"#,
    strlen_dynamic: r#"strlen(d)"#,
    strlen_null: r#"strlen(null)"#,
    strlen_list: r#"strlen(["a"])"#,

    // substr
    substr_basic: r#"substr("hello world", 1, 4)"#,
    substr_negative_offset: r#"substr("hello", -3, 2)"#,
    substr_negative_offset_rest: r#"substr("hello", -3, -1)"#,
    substr_offset_before_start: r#"substr("hello", -10, 2)"#,
    substr_zero_length: r#"substr("hello", 2, 0)"#,
    substr_zero_length_negative_offset: r#"substr("hello", -2, 0)"#,
    substr_offset_past_end: r#"substr("hello", 10, 2)"#,
    substr_offset_at_end: r#"substr("hello", 5, 2)"#,
    substr_long_length: r#"substr("hello", 4, 10)"#,
    substr_rest: r#"substr("hello", 0, -1)"#,
    substr_other_negative_length: r#"substr("hello", 1, -2)"#,
    substr_empty: r#"substr("", 1, 1)"#,
    substr_clusters: r#"substr("a👨‍👩‍👧e\u0301b", 1, 2)"#,
    substr_clusters_negative: r#"substr("a👨‍👩‍👧e\u0301b", -2, 1)"#,
    substr_string_offset: r#"substr("abc", "1", 1)"#,
    substr_fractional_offset: r#"substr("abc", 1.5, 1)"#,
    substr_fractional_length: r#"substr("abc", 1, 1.5)"#,
    substr_huge_offset: r#"substr("abc", 1e30, 1)"#,
    substr_bad_offset: r#"substr("abc", "x", 1)"#,
    substr_bad_both: r#"substr("abc", "x", "y")"#,
    substr_null_str: r#"substr(null, 1, 1)"#,
    substr_null_offset: r#"substr("abc", null, 1)"#,
    substr_null_after_dynamic: r#"substr(d, null, 1)"#,
    substr_unknown_str: r#"substr(s, 1, 1)"#,
    substr_unknown_length: r#"substr("abc", 1, n)"#,
    substr_dynamic: r#"substr("abc", d, 1)"#,
    substr_missing_args: r#"substr("a")"#,
    substr_missing_one_arg: r#"substr("abc", 1)"#,

    // abs, int
    abs_negative: r#"abs(-3)"#,
    abs_positive_fraction: r#"abs(2.5)"#,
    abs_string: r#"abs("-3.5")"#,
    abs_big: r#"abs(-1.5e100)"#,
    abs_zero: r#"abs(-0)"#,
    abs_bad_string: r#"abs("x")"#,
    abs_null: r#"abs(null)"#,
    abs_unknown: r#"abs(n)"#,
    abs_dynamic: r#"abs(d)"#,
    abs_unknown_string: r#"abs(s)"#,
    int_positive: r#"int(3.7)"#,
    int_negative: r#"int(-3.7)"#,
    int_string: r#"int("12.9")"#,
    int_whole: r#"int(42)"#,
    int_small_negative: r#"int(-0.5)"#,
    int_big: r#"int(1e40)"#,
    int_bool: r#"int(true)"#,
    int_unknown: r#"int(n)"#,
    int_dynamic: r#"int(d)"#,

    // max, min
    max_basic: r#"max(1, 3, 2)"#,
    max_single: r#"max(-5)"#,
    max_strings: r#"max("3", 10)"#,
    max_equal: r#"max(1, 1.0)"#,
    max_big: r#"max(1e400, 1)"#,
    max_none: r#"max()"#,
    max_bad_arg: r#"max(1, "x")"#,
    max_bad_args: r#"max("y", 1, "x")"#,
    max_null_arg: r#"max(1, null)"#,
    max_null_first: r#"max(null, 1)"#,
    max_null_after_dynamic: r#"max(d, null)"#,
    max_unknown: r#"max(1, n)"#,
    max_dynamic: r#"max(d, 1)"#,
    min_basic: r#"min(3, 1.5, 2)"#,
    min_negative: r#"min(-1, -10, 5)"#,
    min_none: r#"min()"#,
    min_unknown: r#"min(n, 1)"#,
    min_unknown_and_bad: r#"min(n, "x")"#,

    // length
    length_tuple: r#"length([1, "a", true])"#,
    length_list: r#"length(tolist(["a", "b"]))"#,
    length_empty_tuple: r#"length([])"#,
    length_map: r#"length(tomap({a=1, b=2}))"#,
    length_empty_map: r#"length(tomap({}))"#,
    length_set_dedup: r#"length(toset(["a", "b", "a"]))"#,
    length_string: r#"length("abc")"#,
    length_object: r#"length({a=1})"#,
    length_empty_object: r#"length({})"#,
    length_number: r#"length(5)"#,
    length_null: r#"length(null)"#,
    length_dynamic: r#"length(d)"#,
    length_unknown_list: r#"length(tolist(b ? ["a"] : ["b"]))"#,
    length_unknown_tuple: r#"length(b ? ["a", 1] : ["b", 2])"#,
    length_unknown_object: r#"length(b ? {a=1} : {a=2})"#,
    length_unknown_string: r#"length(s)"#,
    length_tuple_of_unknown: r#"length([s, d])"#,
    length_set_of_one_unknown: r#"length(toset([s]))"#,
    length_set_with_unknown: r#"length(toset([s, "a"]))"#,
    length_set_with_two_unknowns: r#"length(toset([s, s]))"#,
    length_set_with_nested_unknown: r#"length(toset([[s], ["a"]]))"#,
    length_set_of_one_nested_unknown: r#"length(toset([[s]]))"#,
    length_no_args: r#"length()"#,

    // hasindex
    hasindex_tuple_in_range: r#"hasindex(["a", "b"], 1)"#,
    hasindex_tuple_out_of_range: r#"hasindex(["a", "b"], 2)"#,
    hasindex_negative: r#"hasindex(["a", "b"], -1)"#,
    hasindex_fraction: r#"hasindex(["a", "b"], 0.5)"#,
    hasindex_string_key_for_tuple: r#"hasindex(["a", "b"], "1")"#,
    hasindex_list: r#"hasindex(tolist(["a", "b"]), 1)"#,
    hasindex_list_string_key: r#"hasindex(tolist(["a", "b"]), "1")"#,
    hasindex_list_fraction: r#"hasindex(tolist(["a", "b"]), 1.5)"#,
    hasindex_huge: r#"hasindex(["a"], 1e30)"#,
    hasindex_negative_zero: r#"hasindex(["a"], -0)"#,
    hasindex_bool_key: r#"hasindex(["a"], true)"#,
    hasindex_empty: r#"hasindex([], 0)"#,
    hasindex_map: r#"hasindex(tomap({a=1}), "a")"#,
    hasindex_map_missing: r#"hasindex(tomap({a=1}), "b")"#,
    hasindex_map_number_key: r#"hasindex(tomap({"1"=1}), 1)"#,
    hasindex_map_nfc_key: r#"hasindex(tomap({"é"=1}), "e\u0301")"#,
    hasindex_object: r#"hasindex({a=1}, "a")"#,
    hasindex_set: r#"hasindex(toset(["a"]), 0)"#,
    hasindex_string: r#"hasindex("abc", 0)"#,
    hasindex_unknown_key: r#"hasindex(["a"], n)"#,
    hasindex_unknown_string_key: r#"hasindex(["a"], s)"#,
    hasindex_dynamic_key: r#"hasindex(["a"], d)"#,
    hasindex_dynamic_collection: r#"hasindex(d, 1)"#,
    hasindex_unknown_list: r#"hasindex(tolist(b ? ["a"] : ["b"]), 1)"#,
    hasindex_unknown_tuple: r#"hasindex(b ? ["a"] : ["b"], 0)"#,
    hasindex_unknown_element: r#"hasindex([s], 0)"#,
    hasindex_map_unknown_key: r#"hasindex(tomap({a=1}), s)"#,
    hasindex_null_key: r#"hasindex(["a"], null)"#,
    hasindex_null_collection: r#"hasindex(null, 1)"#,
    hasindex_dynamic_then_null: r#"hasindex(d, null)"#,
    hasindex_no_args: r#"hasindex()"#,

    // concat
    concat_tuples: r#"concat([1], [2])"#,
    concat_mixed_tuples: r#"concat(["a"], [1], [true, null])"#,
    concat_lists: r#"concat(tolist([1]), tolist([2, 3]))"#,
    concat_lists_unify_to_string: r#"concat(tolist([1]), tolist(["a"]))"#,
    concat_lists_unify_reversed: r#"concat(tolist(["a"]), tolist([1]))"#,
    concat_lists_no_unification: r#"concat(tolist([1]), tolist([true]))"#,
    concat_lists_nested_unify: r#"concat(tolist([[1]]), tolist([["a"]]))"#,
    concat_list_and_tuple: r#"concat(tolist([1]), [1])"#,
    concat_tuple_and_list: r#"concat([true], tolist([1, 2]))"#,
    concat_empty_list_and_tuple: r#"concat(tolist([]), [1])"#,
    concat_empty_tuples: r#"concat([], [])"#,
    concat_empty_lists: r#"concat(tolist([]), tolist([]))"#,
    concat_single: r#"concat(["a"])"#,
    concat_none: r#"concat()"#,
    concat_string: r#"concat("a")"#,
    concat_second_string: r#"concat([1], "a")"#,
    concat_object: r#"concat([1], {a=1})"#,
    concat_set: r#"concat(toset([1]))"#,
    concat_map: r#"concat(tomap({a=1}))"#,
    concat_null: r#"concat([1], null)"#,
    concat_dynamic: r#"concat(d)"#,
    concat_dynamic_second: r#"concat([1], d)"#,
    concat_unknown_list_and_tuple: r#"concat(tolist(b ? [1] : [2]), [1])"#,
    concat_unknown_list_and_list: r#"concat(tolist(b ? [1] : [2]), tolist([1]))"#,
    concat_unknown_tuple: r#"concat(b ? [1] : [2], [1])"#,
    concat_lists_with_unknown_element: r#"concat(tolist([n]), tolist(["a"]))"#,
    concat_tuples_with_dynamic_element: r#"concat([d], [1])"#,
    concat_dynamic_hides_later_null: r#"concat(d, null)"#,
    concat_null_before_dynamic: r#"concat(null, d)"#,
    concat_dynamic_hides_later_string: r#"concat([1], d, "a")"#,
    concat_dynamic_after_string: r#"concat("a", d)"#,

    // coalesce
    coalesce_skips_null: r#"coalesce(null, 1)"#,
    coalesce_unifies: r#"coalesce(null, "a", 1)"#,
    coalesce_converts_first: r#"coalesce(1, "a")"#,
    coalesce_string_bool: r#"coalesce("a", true)"#,
    coalesce_no_common_type: r#"coalesce(1, true)"#,
    coalesce_list_mismatch: r#"coalesce(1, [1])"#,
    coalesce_all_null: r#"coalesce(null, null)"#,
    coalesce_one_null: r#"coalesce(null)"#,
    coalesce_none: r#"coalesce()"#,
    coalesce_empty_string_is_not_null: r#"coalesce("", "a")"#,
    coalesce_unknown_first: r#"coalesce(s, "a")"#,
    coalesce_unknown_after_null: r#"coalesce(null, s)"#,
    coalesce_unknown_after_known: r#"coalesce(1, n)"#,
    coalesce_dynamic_first: r#"coalesce(d, 1)"#,
    coalesce_dynamic_second: r#"coalesce(1, d)"#,
    coalesce_dynamic_only: r#"coalesce(d)"#,
    coalesce_null_then_dynamic: r#"coalesce(null, d)"#,
    coalesce_tuples: r#"coalesce([1], ["a"])"#,
    coalesce_tuples_mismatch: r#"coalesce([1], [true])"#,
    coalesce_list_and_tuple: r#"coalesce(tolist([1]), ["a"])"#,
    coalesce_objects: r#"coalesce({a=1}, {a="x"})"#,
    coalesce_objects_as_map: r#"coalesce({a=1}, {b=1})"#,

    // jsonencode
    jsonencode_object: r#"jsonencode({a=1, b=[true, null], c="x<>&"})"#,
    jsonencode_null: r#"jsonencode(null)"#,
    jsonencode_string: r#"jsonencode("a\"b\\c\n\u2028é")"#,
    jsonencode_number: r#"jsonencode(1.5)"#,
    jsonencode_list: r#"jsonencode(tolist(["a", "b"]))"#,
    jsonencode_set: r#"jsonencode(toset(["b", "a"]))"#,
    jsonencode_map: r#"jsonencode(tomap({b=2, a=1}))"#,
    jsonencode_null_attr: r#"jsonencode({a=null})"#,
    jsonencode_empty: r#"jsonencode([])"#,
    jsonencode_unknown: r#"jsonencode(s)"#,
    jsonencode_dynamic: r#"jsonencode(d)"#,
    jsonencode_nested_unknown: r#"jsonencode([1, d])"#,
    jsonencode_no_args: r#"jsonencode()"#,

    // jsondecode
    jsondecode_object: r#"jsondecode("{\"a\":1,\"b\":[1,\"x\"],\"c\":null,\"d\":{\"e\":true}}")"#,
    jsondecode_null: r#"jsondecode("null")"#,
    jsondecode_number: r#"jsondecode("1.25")"#,
    jsondecode_string: r#"jsondecode("\"\\u00e9\"")"#,
    jsondecode_empty_array: r#"jsondecode("[]")"#,
    jsondecode_duplicate_key: r#"jsondecode("{\"a\":1,\"a\":2}")"#,
    jsondecode_converted_number: r#"jsondecode(5)"#,
    jsondecode_empty: r#"jsondecode("")"#,
    jsondecode_unterminated_object: r#"jsondecode("{")"#,
    jsondecode_unterminated_array: r#"jsondecode("[1,2")"#,
    jsondecode_trailing_data: r#"jsondecode("1 2")"#,
    jsondecode_bad_literal: r#"jsondecode("tru")"#,
    jsondecode_null_arg: r#"jsondecode(null)"#,
    jsondecode_unknown: r#"jsondecode(s)"#,
    jsondecode_dynamic: r#"jsondecode(d)"#,
}
