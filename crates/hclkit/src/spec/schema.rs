//! What a spec asks of the body it decodes, and what it gives: its implied schema and its
//! implied type.

use hclkit_value::{Type, Value};

use super::Spec;
use crate::body::BodySchema;

/// The schema of the body a spec decodes (the reference's `hcldec.ImpliedSchema`): the
/// attributes and block types of the spec and of every spec decoding the same body.
pub fn implied_schema(spec: &Spec) -> BodySchema {
    let mut schema = BodySchema::new();
    collect_schema(spec, &mut schema);
    schema
}

fn collect_schema(spec: &Spec, schema: &mut BodySchema) {
    // As the reference's visitor: a spec's own attribute and block schemata (a `default`
    // passes on its children's), then those of every spec decoding the same body. A
    // `default`'s attributes are therefore asked for twice, as in the reference.
    attr_schemata(spec, schema);
    block_schemata(spec, schema);
    for child in spec.same_body_children() {
        collect_schema(child, schema);
    }
}

fn attr_schemata(spec: &Spec, schema: &mut BodySchema) {
    match spec {
        Spec::Attr(a) => {
            schema.attributes.push(crate::body::AttributeSchema { name: a.name.clone(), required: a.required })
        }
        Spec::Default(primary, default) => {
            attr_schemata(primary, schema);
            attr_schemata(default, schema);
        }
        _ => {}
    }
}

fn block_schemata(spec: &Spec, schema: &mut BodySchema) {
    match spec {
        Spec::Default(primary, _) => block_schemata(primary, schema),
        _ => {
            if let Some(t) = spec.block_type() {
                push_block(schema, spec, t);
            }
        }
    }
}

fn push_block(schema: &mut BodySchema, spec: &Spec, type_name: &str) {
    let label_names = match spec {
        Spec::BlockMap(m) => m.labels.clone(),
        _ => Vec::new(),
    };
    schema.blocks.push(crate::body::BlockHeaderSchema { type_name: type_name.to_owned(), label_names });
}

/// The type of the value the spec produces (the reference's `hcldec.ImpliedType`).
pub fn implied_type(spec: &Spec) -> Type {
    match spec {
        Spec::Object(items) => Type::object(items.iter().map(|(k, s)| (k.clone(), implied_type(s)))),
        Spec::Tuple(items) => Type::tuple(items.iter().map(implied_type)),
        Spec::Attr(a) => a.ty.clone(),
        Spec::Literal(v) => v.ty(),
        Spec::Block(b) => implied_type(&b.nested),
        Spec::BlockList(b) => Type::list(implied_type(&b.nested)),
        Spec::BlockSet(b) => Type::set(implied_type(&b.nested)),
        Spec::BlockMap(m) => {
            let mut ty = implied_type(&m.nested);
            for _ in &m.labels {
                ty = Type::map(ty);
            }
            ty
        }
        Spec::BlockAttrs(a) => Type::map(a.element_type.clone()),
        Spec::Default(primary, _) => implied_type(primary),
        Spec::Transform(t) => {
            let ctx = t.ctx.child().with_variable(t.var_name.clone(), Value::unknown(implied_type(&t.wrapped)));
            t.expr.value(Some(&ctx)).0.ty()
        }
    }
}
