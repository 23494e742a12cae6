//! `--var-refs`: the traversals a body refers to, as the JSON the reference prints (Go's
//! `json.MarshalIndent` with two-space indentation, HTML characters escaped): a
//! [`Node`] written with [`Escape::Go`].

use hclkit::eval::EvalContext;
use hclkit::traversal::{Traversal, TraverseStep};
use hclkit::Range;
use hclkit_value::json::{to_json, Escape, Node};
use hclkit_value::Value;

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

/// A value as the reference's `ctyjson.Marshal` writes it, as a document.
fn value_node(v: &Value) -> Option<Node> {
    Node::parse(to_json(v, &v.ty()).ok()?.as_bytes()).ok()
}

/// The document.
fn document(vars: &[Traversal], ctx: Option<&EvalContext>) -> Node {
    let traversal = |t: &Traversal| {
        let mut props = vec![("root_name".to_owned(), Node::String(t.root_name().unwrap_or("").to_owned()))];
        if let Some(v) = traverse(t, ctx).as_ref().and_then(value_node) {
            props.push(("value".to_owned(), v));
        }
        let steps = t
            .steps
            .iter()
            .map(|step| {
                let mut props = match step {
                    TraverseStep::Root { name, .. } | TraverseStep::Attr { name, .. } => {
                        let kind = if matches!(step, TraverseStep::Root { .. }) { "root" } else { "attr" };
                        vec![
                            ("kind".to_owned(), Node::String(kind.to_owned())),
                            ("name".to_owned(), Node::String(name.to_string())),
                        ]
                    }
                    TraverseStep::Index { key, .. } => {
                        let mut p = vec![("kind".to_owned(), Node::String("index".to_owned()))];
                        if let Some(k) = value_node(key) {
                            p.push(("key".to_owned(), k));
                        }
                        p
                    }
                };
                props.push(("range".to_owned(), step.range().json_node()));
                Node::Object(props)
            })
            .collect();
        props.push(("steps".to_owned(), Node::Array(steps)));
        let range: Range = t.source_range().unwrap_or_default();
        props.push(("range".to_owned(), range.json_node()));
        Node::Object(props)
    };
    Node::Array(vars.iter().map(traversal).collect())
}

/// The `--var-refs` output, newline included.
pub fn render(vars: &[Traversal], ctx: Option<&EvalContext>) -> String {
    let mut s = String::new();
    document(vars, ctx).write(&mut s, Some(2), Escape::Go);
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indents_like_go() {
        let n = Node::parse(b"{\"a\":[1,{}],\"b\":\"x,:{<\"}").unwrap();
        let mut s = String::new();
        n.write(&mut s, Some(2), Escape::Go);
        assert_eq!(s, "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": \"x,:{\\u003c\"\n}");
        assert_eq!(render(&[], None), "[]\n");
    }
}
