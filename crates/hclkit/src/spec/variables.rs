//! The variables a spec would evaluate in a body (the reference's `hcldec.Variables`), and
//! `Spec` as a `dynblock::VariablesSchema`.

use std::collections::BTreeMap;

use super::{implied_schema, Spec};
use crate::body::{Body, BodyContent, BodySchema};
use crate::traversal::Traversal;

/// The variables the spec would evaluate in the body, as absolute traversals (the
/// reference's `hcldec.Variables`).
pub fn variables(body: &dyn Body, spec: &Spec) -> Vec<Traversal> {
    let (content, _, _) = body.partial_content(&implied_schema(spec));
    let mut out = Vec::new();
    variables_needed(spec, &content, &mut out);
    visit_variables(spec, &content, &mut out);
    out
}

fn visit_variables(spec: &Spec, content: &BodyContent, out: &mut Vec<Traversal>) {
    for child in spec.same_body_children() {
        variables_needed(child, content, out);
        visit_variables(child, content, out);
    }
}

fn variables_needed(spec: &Spec, content: &BodyContent, out: &mut Vec<Traversal>) {
    match spec {
        Spec::Attr(a) => {
            if let Some(attr) = content.attributes.get(&a.name) {
                out.extend(attr.expr.variables());
            }
        }
        Spec::Block(b) => {
            if let Some(block) = content.blocks_of_type(&b.type_name).next() {
                out.extend(variables(&*block.body, &b.nested));
            }
        }
        Spec::BlockList(b) | Spec::BlockSet(b) => {
            for block in content.blocks_of_type(&b.type_name) {
                out.extend(variables(&*block.body, &b.nested));
            }
        }
        Spec::BlockMap(m) => {
            for block in content.blocks_of_type(&m.type_name) {
                out.extend(variables(&*block.body, &m.nested));
            }
        }
        Spec::BlockAttrs(a) => {
            if let Some(block) = content.blocks_of_type(&a.type_name).next() {
                let (attrs, diags) = block.body.just_attributes();
                if diags.has_errors() {
                    return;
                }
                let mut vars: Vec<Traversal> = attrs.values().flat_map(|a| a.expr.variables()).collect();
                vars.sort_by_key(|t| t.source_range().map(|r| r.start.byte).unwrap_or(0));
                out.extend(vars);
            }
        }
        _ => {}
    }
}

/// The nested spec of each block type a spec decodes from its body, in the reference's visit
/// order (the reference's `hcldec.ChildBlockTypes`; a later entry for the same type wins).
/// A `block_attrs` spec's blocks are read with an empty schema.
fn child_block_types<'a>(spec: &'a Spec, out: &mut Vec<(String, &'a Spec)>) {
    static NO_SPEC: std::sync::OnceLock<Spec> = std::sync::OnceLock::new();
    let nested: Option<(&str, &'a Spec)> = match spec {
        Spec::Block(b) => Some((&b.type_name, &b.nested)),
        Spec::BlockList(b) | Spec::BlockSet(b) => Some((&b.type_name, &b.nested)),
        Spec::BlockMap(m) => Some((&m.type_name, &m.nested)),
        Spec::BlockAttrs(a) => Some((&a.type_name, NO_SPEC.get_or_init(|| Spec::Object(BTreeMap::new())))),
        Spec::Default(primary, _) => match &**primary {
            Spec::Block(b) => Some((&b.type_name, &b.nested)),
            Spec::BlockList(b) | Spec::BlockSet(b) => Some((&b.type_name, &b.nested)),
            Spec::BlockMap(m) => Some((&m.type_name, &m.nested)),
            _ => None,
        },
        _ => None,
    };
    if let Some((ty, nested)) = nested {
        out.push((ty.to_owned(), nested));
    }
    for child in spec.same_body_children() {
        child_block_types(child, out);
    }
}

/// Specs drive the variable walk through `dynamic` blocks: with them,
/// [`dynblock::variables`](crate::ext::dynblock::variables) is the reference's
/// `dynblock.VariablesHCLDec` (what [`variables`] finds, plus `for_each` and `labels`, minus
/// the iterators).
///
/// ```
/// use hclkit::spec::Spec;
/// use hclkit::ext::dynblock;
/// use hclkit::syntax::native::NativeBody;
/// use hclkit_value::Type;
///
/// let spec = Spec::block_list("rule", Spec::object(vec![("port", Spec::attr("port", Type::Number, false))]), 0, 0);
/// let src = b"dynamic \"rule\" {\n  for_each = var.ports\n  content { port = rule.value }\n}\n";
/// let file = hclkit::parse_config(src.as_slice(), "main.hcl").into_value();
/// let vars = dynblock::variables(NativeBody::arc_from_file(&file), &spec);
/// assert_eq!(vars.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["var.ports"]);
/// ```
impl crate::ext::dynblock::VariablesSchema for Spec {
    fn body_schema(&self) -> BodySchema {
        implied_schema(self)
    }

    fn child(&self, block_type: &str) -> Option<&Spec> {
        let mut all = Vec::new();
        child_block_types(self, &mut all);
        all.into_iter().rev().find(|(t, _)| t == block_type).map(|(_, s)| s)
    }
}
