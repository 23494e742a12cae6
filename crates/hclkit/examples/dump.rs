//! Prints the tree and diagnostics of a file: `cargo run --example dump -- FILE [config|expr|template]`.

use hclkit::syntax::native::{dump, parse_config, parse_expression, parse_template};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: dump FILE [config|expr|template]");
        std::process::exit(2);
    };
    let src = std::fs::read(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2)
    });
    let mode = args.get(2).map(String::as_str).unwrap_or("config");
    let (text, diags) = match mode {
        "expr" => {
            let (f, d) = parse_expression(src, path).into_parts();
            (dump::dump_expr(f.expr()), d)
        }
        "template" => {
            let (f, d) = parse_template(src, path).into_parts();
            (dump::dump_expr(f.expr()), d)
        }
        _ => {
            let (f, d) = parse_config(src, path).into_parts();
            (dump::dump_file(&f), d)
        }
    };
    print!("{text}");
    print!("{}", diags.to_json());
}
