//! Every function of issue 20a's modules, called many times with arguments drawn from a pool
//! of awkward values (empty, huge, negative, fractional, null, unknown, wrong types, nested),
//! never panics and answers quickly. Deterministic: the draws come from a fixed-seed generator.

use std::path::Path;

use hclkit_terraform::{functions, FsPolicy, Options};
use hclkit_value::{Number, Type, Value};

fn pool() -> Vec<Value> {
    let n = |s: &str| Value::number(Number::parse(s).unwrap());
    vec![
        Value::string(""),
        Value::string("a"),
        Value::string("10.0.0.0/8"),
        Value::string("fd00::/8"),
        Value::string("::ffff:10.0.0.0/104"),
        Value::string("hello.txt"),
        Value::string("funcs.tftpl"),
        Value::string("sub"),
        Value::string(".."),
        Value::string("/"),
        Value::string("**"),
        Value::string("*a*a*a*a*a*a*a*a*a*a*a*b"),
        Value::string("{a,{b,{c,"),
        Value::string("[!"),
        Value::string("YQ=="),
        Value::string("%%"),
        Value::string("UTF-16"),
        Value::string("Shift_JIS"),
        Value::string("a: [1, {b: *x}]"),
        Value::string("- &a [*a]"),
        Value::string("2017-11-22T00:00:00Z"),
        Value::string("1h"),
        Value::string("YYYY-MM-DD'"),
        Value::string("dns"),
        Value::string("-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n"),
        Value::string("é☃😀\u{2028}\r\n\t\"\\"),
        Value::string("x".repeat(300)),
        Value::number(0),
        Value::number(-1),
        Value::number(3),
        Value::number(64),
        Value::number(129),
        n("2.5"),
        n("1e30"),
        n("-1e30"),
        n("18446744073709551616"),
        n("-9223372036854775809"),
        Value::bool(true),
        Value::null(Type::Dynamic),
        Value::null(Type::String),
        Value::unknown(Type::String),
        Value::dynamic(),
        Value::empty_object(),
        Value::tuple(vec![Value::number(1), Value::string("x")]),
        Value::object([("name", Value::string("n")), ("nets", Value::tuple(vec![Value::number(1)]))]),
        Value::list(vec![Value::string("a"), Value::string("b")]).unwrap(),
    ]
}

#[test]
fn no_function_panics_on_awkward_arguments() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fsdata");
    let table = functions(&Options::new().with_filesystem(FsPolicy::under(dir)));
    let pool = pool();
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let names = [
        "base64encode",
        "base64decode",
        "base64gzip",
        "urlencode",
        "textencodebase64",
        "textdecodebase64",
        "yamlencode",
        "yamldecode",
        "md5",
        "sha1",
        "sha256",
        "sha512",
        "base64sha256",
        "base64sha512",
        "uuid",
        "uuidv5",
        "filemd5",
        "filesha1",
        "filesha256",
        "filesha512",
        "filebase64sha256",
        "filebase64sha512",
        "rsadecrypt",
        "cidrhost",
        "cidrnetmask",
        "cidrsubnet",
        "cidrsubnets",
        "file",
        "fileexists",
        "fileset",
        "filebase64",
        "templatefile",
        "abspath",
        "dirname",
        "basename",
        "pathexpand",
        "timestamp",
        "timecmp",
        "plantimestamp",
    ];
    let mut calls = 0;
    for name in names {
        let f = &table[name];
        for _ in 0..300 {
            let extra = if f.var_param().is_some() { next(4) } else { 0 };
            let args: Vec<Value> = (0..f.params().len() + extra).map(|_| pool[next(pool.len())].clone()).collect();
            let _ = f.call(&args);
            calls += 1;
        }
    }
    assert_eq!(calls, names.len() * 300);
}
