//! Prints, for each file, hclkit's tokens and diagnostics as JSON lines in the shape of the
//! reference recorder (`oracle/parse/main.go`), for differential testing:
//! `cargo run --example record -- [-mode config|expr|template] [-tokens] FILE...`.

use hclkit::syntax::native::lexer::{lex, LexMode};
use hclkit::syntax::native::{parse_config, parse_expression, parse_template};
use hclkit::{Diagnostics, Pos, Range};

fn pos(p: &Pos) -> String {
    format!("{{\"line\":{},\"column\":{},\"byte\":{}}}", p.line, p.column, p.byte)
}

fn range(r: &Range) -> String {
    format!("{{\"start\":{},\"end\":{}}}", pos(&r.start), pos(&r.end))
}

fn q(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

fn main() {
    let mut mode = "config".to_string();
    let mut tokens = false;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "-mode" => mode = args.next().unwrap_or_default(),
            "-tokens" => tokens = true,
            _ => files.push(a),
        }
    }
    for name in files {
        let src = std::fs::read(&name).unwrap();
        let (diags, tree): (Diagnostics, _) = match mode.as_str() {
            "expr" => {
                let (f, d) = parse_expression(src.clone(), &name).into_parts();
                (d, f.tree().line_index().clone())
            }
            "template" => {
                let (f, d) = parse_template(src.clone(), &name).into_parts();
                (d, f.tree().line_index().clone())
            }
            _ => {
                let (f, d) = parse_config(src.clone(), &name).into_parts();
                (d, f.tree().line_index().clone())
            }
        };
        let mut out = format!("{{\"file\":{},\"diagnostics\":[", q(&name));
        for (i, d) in diags.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&format!(
                "{{\"severity\":\"error\",\"summary\":{},\"detail\":{}",
                q(&d.summary),
                q(&d.detail)
            ));
            if let Some(s) = &d.subject {
                out.push_str(&format!(",\"subject\":{}", range(s)));
            }
            if let Some(c) = &d.context {
                out.push_str(&format!(",\"context\":{}", range(c)));
            }
            out.push('}');
        }
        out.push(']');
        if tokens {
            let lm = if mode == "template" { LexMode::Template } else { LexMode::Normal };
            let (toks, _) = lex(&src, lm);
            out.push_str(",\"tokens\":[");
            for (i, t) in toks.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let r = Range {
                    filename: name.as_str().into(),
                    start: tree.pos(&src, t.span.start),
                    end: tree.pos(&src, t.span.end),
                };
                out.push_str(&format!("{{\"type\":\"{}\",\"range\":{}}}", t.kind.name(), range(&r)));
            }
            out.push(']');
        }
        out.push('}');
        println!("{out}");
    }
}
