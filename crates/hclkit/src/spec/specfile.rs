//! The `hcldec` spec-file language (the reference's `cmd/hcldec` spec loader): a file with
//! one root spec block, top-level `variables` blocks and `function` blocks.
//!
//! * Spec blocks: `object`, `array` (also spelled `tuple`), `attr`, `block`, `block_list`,
//!   `block_set`, `block_map`, `block_attrs`, `literal`, `default`, `transform`. Their
//!   arguments are constants, except `literal`'s `value` and `transform`'s `result`, which
//!   may call the [spec-definition functions](hclkit_value::stdlib::spec_functions).
//! * Type expressions (`attr`'s `type`, `block_attrs`'s `element_type`) are evaluated the
//!   way the reference does: keywords are variables and constructors functions whose values
//!   are types, so malformed ones get the reference's diagnostics ("Unknown variable", "A
//!   type is required, not ...").
//! * `variables { name = value }` predefines variables for the input files.
//! * `function "name" { params = [a, b]  variadic_param = rest  result = a + b }` defines a
//!   function for the input files; its `result` sees its parameters and the spec-definition
//!   functions, so it cannot call itself or another user function.
//!
//! Better than the reference v2.14.1: `block_attrs` is accepted (the reference's loader
//! rejects it although its documentation describes it), and a `default` block with a single
//! nested spec is that spec (the reference crashes).
//!
//! ```
//! use hclkit::spec::specfile::load_spec;
//! use hclkit::syntax::native::NativeBody;
//!
//! let src = b"object {\n  attr \"name\" { type = string }\n}\nfunction \"twice\" {\n  params = [x]\n  result = x * 2\n}\n";
//! let file = hclkit::parse_config(src.as_slice(), "spec.hcldec").into_value();
//! let (spec, diags) = load_spec(&NativeBody::from_file(&file));
//! assert!(diags.is_empty(), "{diags}");
//! assert!(spec.functions.contains_key("twice"));
//! ```

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use hclkit_value::convert::convert;
use hclkit_value::function::{Function, FunctionError, Parameter};
use hclkit_value::{CapsuleType, Type, Value};

use super::{implied_type, AttrSpec, BlockAttrsSpec, BlockListSpec, BlockMapSpec, BlockSpec, Spec, TransformSpec};
use crate::body::{expr_as_keyword, expr_list, Attribute, Attributes, Block, Body, BodySchema, Expression};
use crate::context::EvalContext;
use crate::diagnostic::{go_quote, Diagnostic, Diagnostics, Severity};

/// What a spec file defines.
#[derive(Clone, Debug)]
pub struct SpecFile {
    /// The root spec (a null literal when the file has errors).
    pub root: Spec,
    /// The variables of the `variables` blocks.
    pub variables: BTreeMap<String, Value>,
    /// The functions of the `function` blocks.
    pub functions: BTreeMap<String, Function>,
}

/// The spec blocks, in the reference's order (with `block_attrs` and the `tuple` spelling of
/// `array` added).
const SPEC_BLOCK_TYPES: &[&str] = &[
    "object",
    "array",
    "tuple",
    "literal",
    "attr",
    "block",
    "block_list",
    "block_map",
    "block_set",
    "block_attrs",
    "default",
    "transform",
];

fn spec_schema(labelled: bool) -> BodySchema {
    let labels: &[&str] = if labelled { &["key"] } else { &[] };
    SPEC_BLOCK_TYPES.iter().fold(BodySchema::new(), |s, t| s.block(*t, labels))
}

fn err_spec() -> Spec {
    Spec::Literal(Value::null(Type::Dynamic))
}

/// The context of expressions in the spec file: the spec-definition functions, no variables.
pub fn spec_context() -> EvalContext {
    EvalContext::new().with_functions(hclkit_value::stdlib::spec_functions())
}

/// Loads a spec file's root body.
pub fn load_spec(body: &dyn Body) -> (SpecFile, Diagnostics) {
    let spec_ctx = spec_context();
    let (functions, remain, mut diags) = decode_functions(body, &spec_ctx);

    let (content, remain, d) = remain.partial_content(&BodySchema::new().block("variables", &[]));
    diags.extend(d);
    let mut variables = BTreeMap::new();
    for block in &content.blocks {
        let (attrs, d) = block.body.just_attributes();
        diags.extend(d);
        for (name, attr) in attrs {
            let (v, d) = attr.expr.value(Some(&spec_ctx));
            diags.extend(d);
            variables.insert(name, v);
        }
    }

    let (content, d) = remain.content(&spec_schema(false));
    let had_errors = d.has_errors();
    diags.extend(d);
    let root = match content.blocks.as_slice() {
        [] => {
            if !had_errors {
                diags.push(
                    Diagnostic::error(
                        "Missing spec block",
                        "A spec file must have exactly one root block specifying how to map to a JSON value.",
                    )
                    .with_subject(remain.missing_item_range()),
                );
            }
            err_spec()
        }
        [only] => {
            let (spec, d) = decode_spec_block(only, &spec_ctx);
            diags.extend(d);
            spec
        }
        [_, second, ..] => {
            diags.push(
                Diagnostic::error(
                    "Extraneous spec block",
                    "A spec file must have exactly one root block specifying how to map to a JSON value.",
                )
                .with_subject(second.def_range()),
            );
            err_spec()
        }
    };
    (SpecFile { root, variables, functions }, diags)
}

/// The `function` blocks (the reference's `userfunc.DecodeUserFunctions`).
fn decode_functions(
    body: &dyn Body,
    spec_ctx: &EvalContext,
) -> (BTreeMap<String, Function>, Arc<dyn Body>, Diagnostics) {
    let (content, remain, mut diags) = body.partial_content(&BodySchema::new().block("function", &["name"]));
    let mut funcs = BTreeMap::new();
    if diags.has_errors() {
        return (funcs, remain, diags);
    }
    let schema =
        BodySchema::new().attribute("params", true).attribute("variadic_param", false).attribute("result", true);
    'blocks: for block in &content.blocks {
        let Some(name) = block.labels.first() else { continue };
        let (fc, d) = block.body.content(&schema);
        let failed = d.has_errors();
        diags.extend(d);
        if failed {
            continue;
        }
        let (Some(params_attr), Some(result_attr)) = (fc.attributes.get("params"), fc.attributes.get("result")) else {
            continue;
        };
        let param_exprs = match expr_list(&*params_attr.expr) {
            Ok(list) => list,
            Err(d) => {
                diags.extend(d);
                continue;
            }
        };
        let mut params = Vec::with_capacity(param_exprs.len());
        for e in &param_exprs {
            match expr_as_keyword(&**e) {
                Some(p) => params.push(p),
                None => {
                    diags.push(
                        Diagnostic::error("Invalid param element", "Each parameter name must be an identifier.")
                            .with_subject(e.range()),
                    );
                    continue 'blocks;
                }
            }
        }
        let var_param = match fc.attributes.get("variadic_param") {
            None => None,
            Some(attr) => match expr_as_keyword(&*attr.expr) {
                Some(p) => Some(p),
                None => {
                    diags.push(
                        Diagnostic::error(
                            "Invalid variadic_param",
                            "The variadic parameter name must be an identifier.",
                        )
                        .with_subject(attr.expr.range()),
                    );
                    continue;
                }
            },
        };
        funcs.insert(name.clone(), user_function(params, var_param, result_attr.expr.clone(), spec_ctx.clone()));
    }
    (funcs, remain, diags)
}

fn user_function(
    params: Vec<String>,
    var_param: Option<String>,
    result: Arc<dyn Expression>,
    base: EvalContext,
) -> Function {
    let call = {
        let params = params.clone();
        let var_param = var_param.clone();
        Arc::new(move |args: &[Value]| -> Result<Value, FunctionError> {
            let mut ctx = base.child().with_variables(std::iter::empty::<(String, Value)>());
            for (name, arg) in params.iter().zip(args) {
                ctx.set_variable(name.clone(), arg.clone());
            }
            if let Some(vp) = &var_param {
                let rest = args.get(params.len()..).unwrap_or_default().to_vec();
                ctx.set_variable(vp.clone(), Value::tuple(rest));
            }
            let (v, diags) = result.value(Some(&ctx));
            if diags.has_errors() {
                // The reference passes the diagnostics on as the call's error.
                return Err(FunctionError::new(diags.go_error()));
            }
            Ok(v)
        })
    };
    let mut b = Function::builder();
    for p in &params {
        b = b.param(Parameter::new(p.clone(), Type::Dynamic));
    }
    if let Some(vp) = &var_param {
        b = b.var_param(Parameter::new(vp.clone(), Type::Dynamic));
    }
    // As the reference's, the return type is that of the result, so the body is evaluated to
    // find it; a call (which asks for the type first) then takes that result rather than
    // evaluating the body a second time.
    let memo = Arc::new(std::sync::Mutex::new(None::<ResultMemo>));
    let (for_type, memo_in) = (call.clone(), memo.clone());
    b.return_type(move |args| {
        let result = for_type(args);
        let ty = result.as_ref().map(Value::ty).map_err(Clone::clone);
        if let Ok(mut m) = memo_in.lock() {
            *m = Some(ResultMemo::new(args, result));
        }
        ty
    })
    .implementation(move |args, _| {
        let taken = memo.lock().ok().and_then(|mut m| m.take()).and_then(|m| m.result_for(args));
        taken.unwrap_or_else(|| call(args))
    })
    .build()
}

/// The result of a user function's body for some arguments, kept by the return-type
/// computation for the call that follows it.
struct ResultMemo {
    /// Where the argument slice was: a call asks for the return type and then for the
    /// result with the same slice.
    at: usize,
    args: Vec<Value>,
    result: Result<Value, FunctionError>,
}

impl ResultMemo {
    fn new(args: &[Value], result: Result<Value, FunctionError>) -> ResultMemo {
        ResultMemo { at: args.as_ptr() as usize, args: args.to_vec(), result }
    }

    /// The result, if `args` are the arguments it was computed from: the same slice, of
    /// identical values. (The body sees only the arguments and the spec-definition functions,
    /// which are all pure, so identical arguments give an identical result; only the
    /// evaluation budget sees one evaluation where the reference makes two.)
    fn result_for(self, args: &[Value]) -> Option<Result<Value, FunctionError>> {
        let same = self.at == args.as_ptr() as usize
            && self.args.len() == args.len()
            && self.args.iter().zip(args).all(|(a, b)| a.raw_equals(b));
        same.then_some(self.result)
    }
}

/// The type of type values in type expressions (the reference's `typeType` capsule).
fn type_type() -> &'static CapsuleType {
    static T: OnceLock<CapsuleType> = OnceLock::new();
    T.get_or_init(|| CapsuleType::new("type"))
}

fn wrap_type(ty: Type) -> Value {
    Value::capsule(type_type(), ty)
}

fn unwrap_type(v: &Value) -> Type {
    v.capsule_ref::<Type>().cloned().unwrap_or(Type::Dynamic)
}

/// The context type expressions are evaluated in (the reference's `typeEvalCtx`).
fn type_context() -> &'static EvalContext {
    static CTX: OnceLock<EvalContext> = OnceLock::new();
    CTX.get_or_init(|| {
        let tt = Type::Capsule(type_type().clone());
        let mut ctx = EvalContext::new();
        for (name, ty) in
            [("string", Type::String), ("bool", Type::Bool), ("number", Type::Number), ("any", Type::Dynamic)]
        {
            ctx.set_variable(name, wrap_type(ty));
        }
        let collection = |param: &str, make: fn(Type) -> Type| {
            Function::builder()
                .param(Parameter::new(param, tt.clone()))
                .static_return_type(tt.clone())
                .implementation(move |args, _| {
                    Ok(wrap_type(make(args.first().map(unwrap_type).unwrap_or(Type::Dynamic))))
                })
                .build()
        };
        ctx.set_function("list", collection("element_type", Type::list));
        ctx.set_function("set", collection("element_type", Type::set));
        ctx.set_function("map", collection("element_type", Type::map));
        ctx.set_function(
            "tuple",
            Function::builder()
                .param(Parameter::new("element_types", Type::list(tt.clone())))
                .static_return_type(tt.clone())
                .implementation(|args, _| {
                    let elems = args.first().and_then(|v| v.elements()).unwrap_or_default();
                    Ok(wrap_type(Type::tuple(elems.iter().map(unwrap_type))))
                })
                .build(),
        );
        ctx.set_function(
            "object",
            Function::builder()
                .param(Parameter::new("attribute_types", Type::map(tt.clone())))
                .static_return_type(tt.clone())
                .implementation(|args, _| {
                    let entries = args.first().and_then(|v| v.entries()).unwrap_or_default();
                    Ok(wrap_type(Type::object(entries.iter().map(|(k, v)| (k.clone(), unwrap_type(v))))))
                })
                .build(),
        );
        ctx
    })
}

/// Evaluates a type expression as the reference's `hcldec` does (a missing one is `any`).
fn eval_type_expr(expr: Option<&Attribute>) -> (Type, Diagnostics) {
    let Some(attr) = expr else {
        return (Type::Dynamic, Diagnostics::new());
    };
    let (v, mut diags) = attr.expr.value(Some(type_context()));
    if v.is_null() {
        return (Type::Dynamic, diags);
    }
    if v.ty() != Type::Capsule(type_type().clone()) {
        diags.push(Diagnostic::error(
            "Invalid type expression",
            format!("A type is required, not {}.", v.ty().friendly_name()),
        ));
        return (Type::Dynamic, diags);
    }
    (unwrap_type(&v), diags)
}

/// The arguments of a spec block's body (what `gohcl.DecodeBody` does for the reference's
/// argument structs): the named attributes, and with `remain` the rest of the body.
fn arguments(body: &dyn Body, names: &[&str], remain: bool) -> (Attributes, Option<Arc<dyn Body>>, Diagnostics) {
    // As gohcl's schema for the reference's argument structs: only the non-pointer fields
    // (`literal`'s value, `block_map`'s labels) are required.
    let schema = names.iter().fold(BodySchema::new(), |s, n| s.attribute(*n, matches!(*n, "value" | "labels")));
    if remain {
        let (content, rest, diags) = body.partial_content(&schema);
        (content.attributes, Some(rest), diags)
    } else {
        let (content, diags) = body.content(&schema);
        (content.attributes, None, diags)
    }
}

fn unsuitable(attr: &Attribute, message: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error("Unsuitable value type", format!("Unsuitable value: {message}"))
        .with_subject(attr.expr.start_range())
        .with_context(attr.expr.range())
}

/// An argument's constant value converted to `ty`; `None` when absent or null.
fn constant(attrs: &Attributes, name: &str, ty: &Type, diags: &mut Diagnostics) -> Option<Value> {
    let attr = attrs.get(name)?;
    let (v, d) = attr.expr.value(None);
    diags.extend(d);
    match convert(&v, ty) {
        Ok(v) if v.is_null() => None,
        Ok(v) if !v.is_wholly_known() => {
            diags.push(unsuitable(attr, "value must be known"));
            None
        }
        Ok(v) => Some(v),
        Err(e) => {
            diags.push(unsuitable(attr, e));
            None
        }
    }
}

fn string_arg(attrs: &Attributes, name: &str, diags: &mut Diagnostics) -> Option<String> {
    constant(attrs, name, &Type::String, diags).and_then(|v| v.as_str().map(str::to_owned))
}

fn bool_arg(attrs: &Attributes, name: &str, diags: &mut Diagnostics) -> Option<bool> {
    constant(attrs, name, &Type::Bool, diags).and_then(|v| v.as_bool())
}

/// An integer argument; negative values count as zero (the reference's checks never fire
/// for them).
fn count_arg(attrs: &Attributes, name: &str, diags: &mut Diagnostics) -> usize {
    let Some(v) = constant(attrs, name, &Type::Number, diags) else { return 0 };
    let Some(n) = v.as_number() else { return 0 };
    match n.to_i64().filter(|_| n.is_integer()) {
        Some(i) => usize::try_from(i).unwrap_or(0),
        None => {
            if let Some(attr) = attrs.get(name) {
                diags.push(unsuitable(
                    attr,
                    "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
                ));
            }
            0
        }
    }
}

fn string_list_arg(attrs: &Attributes, name: &str, diags: &mut Diagnostics) -> Vec<String> {
    let Some(v) = constant(attrs, name, &Type::list(Type::String), diags) else { return Vec::new() };
    let elems = v.elements().unwrap_or_default();
    if elems.iter().any(Value::is_null) {
        if let Some(attr) = attrs.get(name) {
            diags.push(unsuitable(attr, "null value is not allowed"));
        }
        return Vec::new();
    }
    elems.iter().filter_map(|e| e.as_str().map(str::to_owned)).collect()
}

/// A spec block. Each kind is decoded by a function of its own, so that the frames on the
/// path of nested specs stay small (a spec nested as deep as the parser allows decodes on a
/// 2 MiB stack even in an unoptimised build).
fn decode_spec_block(block: &Block, spec_ctx: &EvalContext) -> (Spec, Diagnostics) {
    match &*block.type_name {
        "object" => spec_object(block, spec_ctx),
        "array" | "tuple" => spec_tuple(block, spec_ctx),
        "attr" => spec_attr(block, spec_ctx),
        "block" => spec_block(block, spec_ctx),
        kind @ ("block_list" | "block_set") => spec_block_list(block, spec_ctx, kind),
        "block_map" => spec_block_map(block, spec_ctx),
        "block_attrs" => spec_block_attrs(block, spec_ctx),
        "literal" => spec_literal(block, spec_ctx),
        "transform" => spec_transform(block, spec_ctx),
        "default" => decode_default(&*block.body, spec_ctx),
        other => invalid_spec_block(block, other),
    }
}

#[cold]
#[inline(never)]
fn invalid_spec_block(block: &Block, other: &str) -> (Spec, Diagnostics) {
    (
        err_spec(),
        Diagnostics::from(vec![Diagnostic::error(
            "Invalid spec block",
            format!("Blocks of type {} are not expected here.", go_quote(other)),
        )
        .with_subject(block.type_range())]),
    )
}

#[inline(never)]
fn spec_object(block: &Block, spec_ctx: &EvalContext) -> (Spec, Diagnostics) {
    let body = &*block.body;
    let (content, mut diags) = body.content(&spec_schema(true));
    let mut items = BTreeMap::new();
    for b in &content.blocks {
        let (s, d) = decode_spec_block(b, spec_ctx);
        diags.extend(d);
        if let Some(key) = b.labels.first() {
            items.insert(key.clone(), s);
        }
    }
    (Spec::Object(items), diags)
}

#[inline(never)]
fn spec_tuple(block: &Block, spec_ctx: &EvalContext) -> (Spec, Diagnostics) {
    let body = &*block.body;
    let (content, mut diags) = body.content(&spec_schema(false));
    let mut items = Vec::with_capacity(content.blocks.len());
    for b in &content.blocks {
        let (s, d) = decode_spec_block(b, spec_ctx);
        diags.extend(d);
        items.push(s);
    }
    (Spec::Tuple(items), diags)
}

#[inline(never)]
fn spec_attr(block: &Block, _spec_ctx: &EvalContext) -> (Spec, Diagnostics) {
    let implied = block.labels.first().cloned().unwrap_or_default();
    let body = &*block.body;
    let (attrs, _, mut diags) = arguments(body, &["name", "type", "required"], false);
    let name = string_arg(&attrs, "name", &mut diags);
    let required = bool_arg(&attrs, "required", &mut diags).unwrap_or(false);
    if diags.has_errors() {
        return (err_spec(), diags);
    }
    let (ty, d) = eval_type_expr(attrs.get("type"));
    diags.extend(d);
    let name = name.unwrap_or(implied);
    if name.is_empty() {
        diags.push(
            Diagnostic::error(
                "Missing name in attribute spec",
                "The name attribute is required, to specify the attribute name that is expected in an input HCL file.",
            )
            .with_subject(body.missing_item_range()),
        );
        return (err_spec(), diags);
    }
    (Spec::Attr(AttrSpec { name, ty, required }), diags)
}

#[inline(never)]
fn spec_block(block: &Block, spec_ctx: &EvalContext) -> (Spec, Diagnostics) {
    let implied = block.labels.first().cloned().unwrap_or_default();
    let body = &*block.body;
    let (attrs, rest, mut diags) = arguments(body, &["block_type", "required"], true);
    let type_name = string_arg(&attrs, "block_type", &mut diags);
    let required = bool_arg(&attrs, "required", &mut diags).unwrap_or(false);
    if diags.has_errors() {
        return (err_spec(), diags);
    }
    let (nested, d) = nested_spec(rest, spec_ctx);
    diags.extend(d);
    let type_name = type_name.unwrap_or(implied);
    (Spec::Block(BlockSpec { type_name, nested: Arc::new(nested), required }), diags)
}

#[inline(never)]
fn spec_block_list(block: &Block, spec_ctx: &EvalContext, kind: &str) -> (Spec, Diagnostics) {
    let implied = block.labels.first().cloned().unwrap_or_default();
    let body = &*block.body;
    let (attrs, rest, mut diags) = arguments(body, &["block_type", "min_items", "max_items"], true);
    let type_name = string_arg(&attrs, "block_type", &mut diags);
    let min_items = count_arg(&attrs, "min_items", &mut diags);
    let max_items = count_arg(&attrs, "max_items", &mut diags);
    if diags.has_errors() {
        return (err_spec(), diags);
    }
    let (nested, d) = nested_spec(rest, spec_ctx);
    diags.extend(d);
    let type_name = type_name.unwrap_or(implied);
    if type_name.is_empty() {
        diags.push(missing_block_type(kind, body));
        return (err_spec(), diags);
    }
    let spec = BlockListSpec { type_name, nested: Arc::new(nested), min_items, max_items };
    (if kind == "block_list" { Spec::BlockList(spec) } else { Spec::BlockSet(spec) }, diags)
}

#[inline(never)]
fn spec_block_map(block: &Block, spec_ctx: &EvalContext) -> (Spec, Diagnostics) {
    let implied = block.labels.first().cloned().unwrap_or_default();
    let body = &*block.body;
    let (attrs, rest, mut diags) = arguments(body, &["block_type", "labels"], true);
    let type_name = string_arg(&attrs, "block_type", &mut diags);
    let labels = string_list_arg(&attrs, "labels", &mut diags);
    if diags.has_errors() {
        return (err_spec(), diags);
    }
    let (nested, d) = nested_spec(rest, spec_ctx);
    diags.extend(d);
    let type_name = type_name.unwrap_or(implied);
    if type_name.is_empty() {
        diags.push(missing_block_type("block_map", body));
        return (err_spec(), diags);
    }
    if labels.is_empty() {
        diags.push(
            Diagnostic::error("Invalid block label name list", "A block_map must have at least one label specified.")
                .with_subject(body.missing_item_range()),
        );
        return (err_spec(), diags);
    }
    let spec = Spec::BlockMap(BlockMapSpec { type_name, labels, nested: Arc::new(nested) });
    if implied_type(&spec).has_dynamic_types() {
        diags.push(
            Diagnostic::error("Invalid block_map spec", "A block_map spec may not contain attributes with type 'any'.")
                .with_subject(body.missing_item_range()),
        );
    }
    (spec, diags)
}

#[inline(never)]
fn spec_block_attrs(block: &Block, _spec_ctx: &EvalContext) -> (Spec, Diagnostics) {
    let implied = block.labels.first().cloned().unwrap_or_default();
    let body = &*block.body;
    let (attrs, _, mut diags) = arguments(body, &["block_type", "element_type", "required"], false);
    let type_name = string_arg(&attrs, "block_type", &mut diags);
    let required = bool_arg(&attrs, "required", &mut diags).unwrap_or(false);
    if diags.has_errors() {
        return (err_spec(), diags);
    }
    let (element_type, d) = eval_type_expr(attrs.get("element_type"));
    diags.extend(d);
    let type_name = type_name.unwrap_or(implied);
    if type_name.is_empty() {
        diags.push(missing_block_type("block_attrs", body));
        return (err_spec(), diags);
    }
    (Spec::BlockAttrs(BlockAttrsSpec { type_name, element_type, required }), diags)
}

#[inline(never)]
fn spec_literal(block: &Block, spec_ctx: &EvalContext) -> (Spec, Diagnostics) {
    let body = &*block.body;
    let (attrs, _, mut diags) = arguments(body, &["value"], false);
    if diags.has_errors() {
        return (err_spec(), diags);
    }
    let Some(attr) = attrs.get("value") else { return (err_spec(), diags) };
    let (v, d) = attr.expr.value(Some(spec_ctx));
    let failed = d.has_errors();
    diags.extend(d);
    if failed {
        return (err_spec(), diags);
    }
    (Spec::Literal(v), diags)
}

#[inline(never)]
fn spec_transform(block: &Block, spec_ctx: &EvalContext) -> (Spec, Diagnostics) {
    let body = &*block.body;
    let (attrs, rest, mut diags) = arguments(body, &["result"], true);
    if diags.has_errors() {
        return (err_spec(), diags);
    }
    let expr: Arc<dyn Expression> = match attrs.get("result") {
        Some(attr) => attr.expr.clone(),
        None => Arc::new(crate::body::StaticExpression {
            value: Value::null(Type::Dynamic),
            range: body.missing_item_range(),
        }),
    };
    let Some(rest) = rest else { return (err_spec(), diags) };
    let (content, d) = rest.content(&spec_schema(false));
    let had_errors = d.has_errors();
    diags.extend(d);
    if content.blocks.len() != 1 {
        if !had_errors {
            diags.push(
                Diagnostic::error(
                    "Invalid transform spec",
                    "A transform spec block must have exactly one nested spec block.",
                )
                .with_subject(body.missing_item_range()),
            );
        }
        return (err_spec(), diags);
    }
    let (wrapped, d) = decode_spec_block(&content.blocks[0], spec_ctx);
    diags.extend(d);
    let spec = TransformSpec { wrapped: Arc::new(wrapped), expr, ctx: spec_ctx.clone(), var_name: "nested".into() };
    (Spec::Transform(spec), diags)
}

fn missing_block_type(kind: &str, body: &dyn Body) -> Diagnostic {
    Diagnostic::error(
        format!("Missing block_type in {kind} spec"),
        "The block_type attribute is required, to specify the block type name that is expected in an input HCL file.",
    )
    .with_subject(body.missing_item_range())
}

/// The single nested spec of a block spec.
fn nested_spec(rest: Option<Arc<dyn Body>>, spec_ctx: &EvalContext) -> (Spec, Diagnostics) {
    let Some(body) = rest else { return (err_spec(), Diagnostics::new()) };
    let (content, mut diags) = body.content(&spec_schema(false));
    const DETAIL: &str = "A block spec must have exactly one child spec specifying how to decode block contents.";
    match content.blocks.as_slice() {
        [] => {
            if !diags.has_errors() {
                diags.push(Diagnostic::error("Missing spec block", DETAIL).with_subject(body.missing_item_range()));
            }
            (err_spec(), diags)
        }
        [only] => {
            let (spec, d) = decode_spec_block(only, spec_ctx);
            diags.extend(d);
            (spec, diags)
        }
        [_, second, ..] => {
            diags.push(Diagnostic::error("Extraneous spec block", DETAIL).with_subject(second.def_range()));
            (err_spec(), diags)
        }
    }
}

fn decode_default(body: &dyn Body, spec_ctx: &EvalContext) -> (Spec, Diagnostics) {
    let (content, mut diags) = body.content(&spec_schema(false));
    if content.blocks.is_empty() {
        if !diags.has_errors() {
            diags.push(
                Diagnostic::error(
                    "Missing spec block",
                    "A default block must have at least one nested spec, each specifying a possible outcome.",
                )
                .with_subject(body.missing_item_range()),
            );
        }
        return (err_spec(), diags);
    }
    if content.blocks.len() == 1 && !diags.has_errors() {
        // The reference means to warn here but crashes instead; the single spec is used.
        let mut warning = Diagnostic::error(
            "Useless default block",
            "A default block with only one spec is equivalent to using that spec alone.",
        )
        .with_subject(content.blocks[0].def_range());
        warning.severity = Severity::Warning;
        diags.push(warning);
    }
    let mut spec: Option<Spec> = None;
    for block in &content.blocks {
        let (candidate, d) = decode_spec_block(block, spec_ctx);
        let failed = d.has_errors();
        diags.extend(d);
        if failed {
            continue;
        }
        spec = Some(match spec {
            None => candidate,
            Some(primary) => Spec::Default(Arc::new(primary), Arc::new(candidate)),
        });
    }
    (spec.unwrap_or_else(err_spec), diags)
}
