//! A readable dump of the tree, for tests and debugging: one node per line, indented, with
//! spans and the reference's secondary ranges.

use std::fmt::Write;

use super::ast::*;
use crate::diagnostic::go_quote;

/// Dumps a configuration file's tree (and its comments).
pub fn dump_file(file: &File) -> String {
    let mut out = String::new();
    body(&mut out, file.body(), 0);
    for c in file.comments() {
        let _ = writeln!(out, "Comment {c:?}");
    }
    out
}

/// Dumps an expression tree.
pub fn dump_expr(e: Expr<'_>) -> String {
    let mut out = String::new();
    expr(&mut out, e, 0);
    out
}

fn ind(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn body(out: &mut String, b: Body<'_>, d: usize) {
    ind(out, d);
    let _ = writeln!(out, "Body {:?} end={:?}", b.span(), b.end_span());
    for item in b.items() {
        match item {
            BodyItem::Attribute(a) => {
                ind(out, d + 1);
                let dup = if a.is_redefinition() { " (redefinition)" } else { "" };
                let _ = writeln!(
                    out,
                    "Attribute {} {:?} name={:?} eq={:?}{dup}",
                    go_quote(a.name()),
                    a.span(),
                    a.name_span(),
                    a.equals_span()
                );
                expr(out, a.expr(), d + 2);
            }
            BodyItem::Block(bl) => {
                ind(out, d + 1);
                let labels: Vec<String> =
                    bl.labels().map(|l| format!("{}{:?}", go_quote(&l.value()), l.span())).collect();
                let _ = writeln!(
                    out,
                    "Block {} [{}] {:?} type={:?} open={:?} close={:?}",
                    go_quote(&bl.block_type()),
                    labels.join(", "),
                    bl.span(),
                    bl.type_span(),
                    bl.open_brace_span(),
                    bl.close_brace_span()
                );
                body(out, bl.body(), d + 2);
            }
        }
    }
}

fn steps<'a>(it: impl Iterator<Item = Traverser<'a>>) -> String {
    it.map(|s| match s {
        Traverser::Root { name, span } => format!("{name}{span:?}"),
        Traverser::Attr { name, span } => format!(".{name}{span:?}"),
        Traverser::Index { key, span } => match key {
            IndexKey::Expr(e) => format!("[{}]{span:?}", key_text(e)),
            IndexKey::LegacyNumber(n, _) => format!("[{n}]{span:?}"),
            IndexKey::Dynamic => format!("[?]{span:?}"),
        },
    })
    .collect::<Vec<_>>()
    .join(" ")
}

fn key_text(e: Expr<'_>) -> String {
    match e {
        Expr::Literal(l) => lit(l),
        Expr::Template(t) => t.parts().map(key_text).collect::<Vec<_>>().join(""),
        other => format!("{other:?}"),
    }
}

fn lit(l: LiteralExpr<'_>) -> String {
    match l.value() {
        LiteralValue::Number(n) => n.to_string(),
        LiteralValue::InvalidNumber(n) => format!("invalid-number {n}"),
        LiteralValue::Bool(b) => b.to_string(),
        LiteralValue::Null => "null".into(),
        LiteralValue::String(s) => go_quote(&s),
        LiteralValue::Dynamic => "dynamic".into(),
    }
}

fn expr(out: &mut String, e: Expr<'_>, d: usize) {
    ind(out, d);
    let sp = e.span();
    match e {
        Expr::Literal(l) => {
            let _ = writeln!(out, "Literal {} {sp:?}", lit(l));
        }
        Expr::Template(t) => {
            let _ = writeln!(out, "Template {sp:?}");
            for p in t.parts() {
                expr(out, p, d + 1);
            }
        }
        Expr::TemplateWrap(t) => {
            let _ = writeln!(out, "TemplateWrap {sp:?}");
            expr(out, t.wrapped(), d + 1);
        }
        Expr::TemplateJoin(t) => {
            let _ = writeln!(out, "TemplateJoin {sp:?}");
            expr(out, Expr::For(t.tuple()), d + 1);
        }
        Expr::ScopeTraversal(t) => {
            let _ = writeln!(out, "ScopeTraversal {sp:?} {}", steps(t.traversal()));
        }
        Expr::RelativeTraversal(t) => {
            let _ = writeln!(out, "RelativeTraversal {sp:?} {}", steps(t.traversal()));
            expr(out, t.source(), d + 1);
        }
        Expr::FunctionCall(c) => {
            let dots = if c.expand_final() { " expand" } else { "" };
            let _ = writeln!(
                out,
                "FunctionCall {} {sp:?} name={:?} open={:?} close={:?}{dots}",
                c.name(),
                c.name_span(),
                c.open_paren_span(),
                c.close_paren_span()
            );
            for a in c.args() {
                expr(out, a, d + 1);
            }
        }
        Expr::Conditional(c) => {
            let _ = writeln!(out, "Conditional {sp:?}");
            expr(out, c.condition(), d + 1);
            expr(out, c.true_result(), d + 1);
            expr(out, c.false_result(), d + 1);
        }
        Expr::BinaryOp(b) => {
            let _ = writeln!(out, "BinaryOp {} {sp:?}", b.op().symbol());
            expr(out, b.lhs(), d + 1);
            expr(out, b.rhs(), d + 1);
        }
        Expr::UnaryOp(u) => {
            let sym = if u.op() == UnaryOp::Negate { "-" } else { "!" };
            let _ = writeln!(out, "UnaryOp {sym} {sp:?}");
            expr(out, u.operand(), d + 1);
        }
        Expr::Tuple(t) => {
            let _ = writeln!(out, "Tuple {sp:?}");
            for x in t.exprs() {
                expr(out, x, d + 1);
            }
        }
        Expr::Object(o) => {
            let _ = writeln!(out, "Object {sp:?}");
            for it in o.items() {
                ind(out, d + 1);
                let force = if it.key.force_non_literal() { " (parenthesised)" } else { "" };
                let _ = writeln!(out, "Key{force}");
                expr(out, it.key.expr(), d + 2);
                ind(out, d + 1);
                out.push_str("Value\n");
                expr(out, it.value, d + 2);
            }
        }
        Expr::For(f) => {
            let kind = if f.is_object() { "object" } else { "tuple" };
            let group = if f.group() { " group" } else { "" };
            let _ = writeln!(
                out,
                "For {kind} {sp:?} key={:?} value={:?} open={:?} close={:?}{group}",
                f.key_var(),
                f.value_var(),
                f.open_span(),
                f.close_span()
            );
            expr(out, f.collection(), d + 1);
            if let Some(k) = f.key_expr() {
                ind(out, d + 1);
                out.push_str("KeyExpr\n");
                expr(out, k, d + 2);
            }
            expr(out, f.value_expr(), d + 1);
            if let Some(c) = f.condition() {
                ind(out, d + 1);
                out.push_str("If\n");
                expr(out, c, d + 2);
            }
        }
        Expr::Index(i) => {
            let _ = writeln!(out, "Index {sp:?} brackets={:?}", i.bracket_span());
            expr(out, i.collection(), d + 1);
            expr(out, i.key(), d + 1);
        }
        Expr::Splat(s) => {
            let _ = writeln!(out, "Splat {sp:?} marker={:?}", s.marker_span());
            expr(out, s.source(), d + 1);
            expr(out, s.each(), d + 1);
        }
        Expr::AnonSymbol(_) => {
            let _ = writeln!(out, "AnonSymbol {sp:?}");
        }
        Expr::Parens(p) => {
            let _ = writeln!(out, "Parens {sp:?}");
            expr(out, p.inner(), d + 1);
        }
    }
}
