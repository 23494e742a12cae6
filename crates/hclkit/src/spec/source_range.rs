//! Where a spec's value, or a part of it, comes from in the body (the reference's
//! `hcldec.SourceRange`, and paths into the decoded value).

use hclkit_value::{Path, PathStep};

use super::decode::{decode_body, decode_content, Dec};
use super::{implied_schema, Spec};
use crate::body::{Body, BodyContent};
use crate::context::EvalContext;
use crate::pos::Range;

/// Where the value a spec would decode from a body comes from (the reference's
/// `hcldec.SourceRange`); for a missing item, where it would go.
pub fn source_range(body: &dyn Body, spec: &Spec) -> Range {
    let (content, _, _) = body.partial_content(&implied_schema(spec));
    content_source_range(spec, &content)
}

fn content_source_range(spec: &Spec, content: &BodyContent) -> Range {
    match spec {
        Spec::Object(_) | Spec::Tuple(_) => content.missing_item_range.clone(),
        Spec::Attr(a) => match content.attributes.get(&a.name) {
            Some(attr) => attr.expr.range(),
            None => content.missing_item_range.clone(),
        },
        Spec::Literal(_) => Range { filename: "<unknown>".into(), ..Range::default() },
        Spec::Block(_) | Spec::BlockList(_) | Spec::BlockSet(_) | Spec::BlockMap(_) => {
            let (type_name, nested) = match spec {
                Spec::Block(b) => (&b.type_name, &b.nested),
                Spec::BlockList(b) | Spec::BlockSet(b) => (&b.type_name, &b.nested),
                Spec::BlockMap(m) => (&m.type_name, &m.nested),
                _ => unreachable!("matched above"),
            };
            match content.blocks_of_type(type_name).next() {
                Some(block) => source_range(&*block.body, nested),
                None => content.missing_item_range.clone(),
            }
        }
        Spec::BlockAttrs(a) => match content.blocks_of_type(&a.type_name).next() {
            Some(block) => block.def_range(),
            None => content.missing_item_range.clone(),
        },
        Spec::Default(primary, _) => content_source_range(primary, content),
        Spec::Transform(t) => content_source_range(&t.wrapped, content),
    }
}

/// Where the part of a decoded value at `path` comes from: the expression of the attribute
/// (or `block_attrs` entry) that produced it, found by following the path's steps through
/// the spec (object attributes, tuple elements, the blocks of `block`, `block_list`,
/// `block_set` and `block_map` specs). Where the path leads somewhere the spec cannot say
/// more precisely (inside an attribute's value, through a `transform`), the range of the
/// deepest part reached, as [`source_range`] gives it; a `literal` has none in the body, so
/// it gets the range of the body holding it.
///
/// `ctx` is the context the value was decoded with: a `default` spec decodes its primary
/// spec again to know which of its specs gave the value, and a `block_set` its blocks to
/// know which one an element came from.
///
/// ```
/// use hclkit::spec::{value_source_range, Spec};
/// use hclkit::syntax::native::NativeBody;
/// use hclkit_value::{Path, Type, Value};
///
/// let spec = Spec::object([
///     ("a", Spec::attr("a", Type::Number, false)),
///     ("r", Spec::block_list("r", Spec::attr("x", Type::Number, false), 0, 0)),
/// ]);
/// let src = b"a = 1\nr {\n  x = 2\n}\nr {\n  x = 3\n}\n";
/// let file = hclkit::parse_config(src.as_slice(), "in.hcl").into_value();
/// let body = NativeBody::from_file(&file);
/// let at = |path: Path| value_source_range(&body, &spec, &path, None).to_string();
/// assert_eq!(at(Path::root().attr("a")), "in.hcl:1,5-6");
/// assert_eq!(at(Path::root().attr("r").index(Value::number(1))), "in.hcl:6,7-8");
/// ```
pub fn value_source_range(body: &dyn Body, spec: &Spec, path: &Path, ctx: Option<&EvalContext>) -> Range {
    body_path_range(body, spec, path.steps(), ctx)
}

fn body_path_range(body: &dyn Body, spec: &Spec, steps: &[PathStep], ctx: Option<&EvalContext>) -> Range {
    let (content, _, _) = body.partial_content(&implied_schema(spec));
    content_path_range(spec, &content, steps, ctx).unwrap_or_else(|| content.missing_item_range.clone())
}

/// The range of the value at `steps` in what `spec` decodes from `content`; `None` when the
/// body has nothing for it (a `literal`), the caller then giving its own range.
fn content_path_range(
    spec: &Spec,
    content: &BodyContent,
    steps: &[PathStep],
    ctx: Option<&EvalContext>,
) -> Option<Range> {
    let here = || Some(content_source_range(spec, content));
    let index = |step: Option<&PathStep>| match step {
        Some(PathStep::Index(k)) => {
            k.as_number().filter(|n| n.is_integer()).and_then(|n| n.to_i64()).and_then(|i| usize::try_from(i).ok())
        }
        _ => None,
    };
    let within = |s: &Spec, rest: &[PathStep]| content_path_range(s, content, rest, ctx).or_else(here);
    match spec {
        Spec::Object(items) => match steps.first() {
            Some(PathStep::Attr(name)) => match items.get(&**name) {
                Some(s) => within(s, &steps[1..]),
                None => here(),
            },
            _ => here(),
        },
        Spec::Tuple(items) => match index(steps.first()).and_then(|i| items.get(i)) {
            Some(s) => within(s, &steps[1..]),
            None => here(),
        },
        Spec::Block(b) => match content.blocks_of_type(&b.type_name).next() {
            Some(block) => Some(body_path_range(&*block.body, &b.nested, steps, ctx)),
            None => here(),
        },
        Spec::BlockList(b) => match index(steps.first()).and_then(|i| content.blocks_of_type(&b.type_name).nth(i)) {
            Some(block) => Some(body_path_range(&*block.body, &b.nested, &steps[1..], ctx)),
            None => here(),
        },
        Spec::BlockSet(b) => {
            // A set element's step is the element itself: the block that decodes to it.
            let Some(PathStep::Index(key)) = steps.first() else { return here() };
            let mut blocks = content.blocks_of_type(&b.type_name);
            match blocks.find(|block| decode_body(&*block.body, &b.nested, &Dec::new(ctx)).0 == *key) {
                Some(block) => Some(body_path_range(&*block.body, &b.nested, &steps[1..], ctx)),
                None => here(),
            }
        }
        Spec::BlockMap(m) => {
            let depth = m.labels.len();
            let keys: Option<Vec<&str>> = steps
                .get(..depth)
                .and_then(|s| s.iter().map(|st| if let PathStep::Index(k) = st { k.as_str() } else { None }).collect());
            let found = keys.and_then(|keys| {
                content.blocks_of_type(&m.type_name).find(|block| {
                    block.labels.len() >= depth
                        && block.labels[..depth].iter().map(String::as_str).eq(keys.iter().copied())
                })
            });
            match found {
                Some(block) => Some(body_path_range(&*block.body, &m.nested, &steps[depth..], ctx)),
                None => here(),
            }
        }
        Spec::BlockAttrs(a) => {
            let Some(block) = content.blocks_of_type(&a.type_name).next() else { return here() };
            let Some(PathStep::Index(key)) = steps.first() else { return here() };
            let (attrs, _) = block.body.just_attributes();
            match key.as_str().and_then(|k| attrs.get(k)) {
                Some(attr) => Some(attr.expr.range()),
                None => here(),
            }
        }
        Spec::Default(primary, default) => {
            if decode_content(primary, content, &Dec::new(ctx)).0.is_null() {
                content_path_range(default, content, steps, ctx)
            } else {
                content_path_range(primary, content, steps, ctx)
            }
        }
        Spec::Literal(_) => None,
        Spec::Attr(_) | Spec::Transform(_) => here(),
    }
}
