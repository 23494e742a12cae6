//! `--var-refs`: the traversals a body refers to, as the JSON the reference prints (Go's
//! `json.MarshalIndent` with two-space indentation, HTML characters escaped).

use hclkit::eval::EvalContext;
use hclkit::traversal::{Traversal, TraverseStep};
use hclkit::Range;
use hclkit_value::go::write_json_string;
use hclkit_value::json::to_json;
use hclkit_value::Value;

fn range_json(out: &mut String, r: &Range) {
    out.push_str("{\"filename\":");
    write_json_string(&r.filename, out);
    for (name, p) in [("start", &r.start), ("end", &r.end)] {
        out.push_str(&format!(",\"{name}\":{{\"line\":{},\"column\":{},\"byte\":{}}}", p.line, p.column, p.byte));
    }
    out.push('}');
}

/// The value a traversal reaches in `ctx`, if it reaches one (the reference's best-effort
/// `TraverseAbs`).
fn traverse(t: &Traversal, ctx: Option<&EvalContext>) -> Option<Value> {
    let mut steps = t.steps.iter();
    let Some(TraverseStep::Root { name, .. }) = steps.next() else { return None };
    let mut v = ctx?.variable(name)?.clone();
    for step in steps {
        if v.is_null() || !v.is_known() {
            return None;
        }
        v = match step {
            TraverseStep::Attr { name, .. } => v.get_attr(name).or_else(|| v.map_get(name))?.clone(),
            TraverseStep::Index { key, .. } => {
                if let Some(k) = key.as_str() {
                    v.get_attr(k).or_else(|| v.map_get(k))?.clone()
                } else {
                    let i = key.as_number()?.to_i64()?;
                    v.elements()?.get(usize::try_from(i).ok()?)?.clone()
                }
            }
            TraverseStep::Root { .. } => return None,
        };
    }
    Some(v)
}

/// The document, compact; [`indent`] formats it as the reference prints it.
fn compact(vars: &[Traversal], ctx: Option<&EvalContext>) -> String {
    let mut out = String::from("[");
    for (i, t) in vars.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"root_name\":");
        write_json_string(t.root_name().unwrap_or(""), &mut out);
        if let Some(json) = traverse(t, ctx).and_then(|v| to_json(&v, &v.ty()).ok()) {
            out.push_str(",\"value\":");
            out.push_str(&json);
        }
        out.push_str(",\"steps\":[");
        for (j, step) in t.steps.iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            match step {
                TraverseStep::Root { name, .. } | TraverseStep::Attr { name, .. } => {
                    let kind = if matches!(step, TraverseStep::Root { .. }) { "root" } else { "attr" };
                    out.push_str(&format!("{{\"kind\":\"{kind}\",\"name\":"));
                    write_json_string(name, &mut out);
                }
                TraverseStep::Index { key, .. } => {
                    out.push_str("{\"kind\":\"index\"");
                    if let Ok(json) = to_json(key, &key.ty()) {
                        out.push_str(",\"key\":");
                        out.push_str(&json);
                    }
                }
            }
            out.push_str(",\"range\":");
            range_json(&mut out, step.range());
            out.push('}');
        }
        out.push_str("],\"range\":");
        let range = t.source_range().unwrap_or_default();
        range_json(&mut out, &range);
        out.push('}');
    }
    out.push(']');
    out
}

/// Go's `json.Indent` with an empty prefix and two spaces, on compact JSON.
fn indent(src: &str) -> String {
    let mut out = String::with_capacity(src.len() * 2);
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut chars = src.chars().peekable();
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        for _ in 0..depth {
            out.push_str("  ");
        }
    };
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                let close = if c == '{' { '}' } else { ']' };
                if chars.peek() == Some(&close) {
                    out.push(close);
                    chars.next();
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            c => out.push(c),
        }
    }
    out
}

/// The `--var-refs` output, newline included.
pub fn render(vars: &[Traversal], ctx: Option<&EvalContext>) -> String {
    let mut s = indent(&compact(vars, ctx));
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indents_like_go() {
        assert_eq!(indent("[]"), "[]");
        assert_eq!(
            indent("{\"a\":[1,{}],\"b\":\"x,:{\"}"),
            "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": \"x,:{\"\n}"
        );
        let mut s = String::new();
        write_json_string("<a&b>\n\u{1}", &mut s);
        assert_eq!(s, "\"\\u003ca\\u0026b\\u003e\\n\\u0001\"");
    }
}
