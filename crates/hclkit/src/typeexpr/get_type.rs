//! Reading a type expression: the keywords, the constructors, the `optional(T)` and
//! `optional(T, default)` modifiers of object attributes, and the reference's "Invalid type
//! specification" diagnostics (ext/typeexpr/get_type.go, hcl v2.14.1), word for word.

use std::collections::BTreeMap;

use hclkit_value::convert::convert;
use hclkit_value::{Type, Value};

use super::Defaults;
use crate::body::{expr_as_keyword, expr_call, expr_list, expr_map, Expression};
use crate::diagnostic::{go_quote, Diagnostic, Diagnostics};
use crate::pos::Range;

pub(super) const INVALID: &str = "Invalid type specification";

/// What a type expression may contain.
#[derive(Clone, Copy)]
pub(super) struct Mode {
    /// `any` and `optional(T)` are allowed (a type constraint rather than an exact type).
    pub(super) constraint: bool,
    /// `optional(T, default)` is allowed, and defaults are collected.
    pub(super) with_defaults: bool,
}

/// A type, its defaults (if any default is set at or below it) and the diagnostics.
pub(super) type Read = (Type, Option<Defaults>, Diagnostics);

fn error(detail: impl Into<String>, subject: Range) -> Diagnostic {
    Diagnostic::error(INVALID, detail.into()).with_subject(subject)
}

fn fail(d: Diagnostic) -> Read {
    (Type::Dynamic, None, Diagnostics::from(vec![d]))
}

fn constructor_detail(name: &str) -> Option<String> {
    match name {
        "list" | "map" | "set" => {
            Some(format!("The {name} type constructor requires one argument specifying the element type."))
        }
        "object" => Some(
            "The object type constructor requires one argument specifying the attribute types and values as a map."
                .to_owned(),
        ),
        "tuple" => {
            Some("The tuple type constructor requires one argument specifying the element types as a list.".to_owned())
        }
        _ => None,
    }
}

/// Defaults for a collection whose element type has defaults (the element's under `""`).
fn collection_defaults(ty: &Type, elem: Option<Defaults>) -> Option<Defaults> {
    let elem = elem?;
    Some(Defaults { ty: ty.clone(), values: BTreeMap::new(), children: BTreeMap::from([(String::new(), elem)]) })
}

/// Defaults for an object or tuple, or none when nothing is set at or below it.
fn structured_defaults(
    ty: &Type,
    values: BTreeMap<String, Value>,
    children: BTreeMap<String, Defaults>,
) -> Option<Defaults> {
    if values.is_empty() && children.is_empty() {
        return None;
    }
    Some(Defaults { ty: ty.clone(), values, children })
}

pub(super) fn get_type(expr: &dyn Expression, mode: Mode) -> Read {
    if let Some(kw) = expr_as_keyword(expr) {
        return match kw.as_str() {
            "bool" => (Type::Bool, None, Diagnostics::new()),
            "string" => (Type::String, None, Diagnostics::new()),
            "number" => (Type::Number, None, Diagnostics::new()),
            "any" if mode.constraint => (Type::Dynamic, None, Diagnostics::new()),
            "any" => fail(error(
                format!(
                    "The keyword {} cannot be used in this type specification: an exact type is required.",
                    go_quote(&kw)
                ),
                expr.range(),
            )),
            other => match constructor_detail(other) {
                Some(detail) => fail(error(detail, expr.range())),
                None => fail(error(
                    format!("The keyword {} is not a valid type specification.", go_quote(&kw)),
                    expr.range(),
                )),
            },
        };
    }

    let Ok(call) = expr_call(expr) else {
        return fail(error(
            "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
            expr.range(),
        ));
    };

    match call.name.as_str() {
        "bool" | "string" | "number" => {
            return fail(error(
                format!("Primitive type keyword {} does not expect arguments.", go_quote(&call.name)),
                call.args_range.clone(),
            ))
        }
        "any" => {
            return fail(error(
                format!("Type constraint keyword {} does not expect arguments.", go_quote(&call.name)),
                call.args_range.clone(),
            ))
        }
        _ => {}
    }

    if call.arguments.len() != 1 {
        if let Some(detail) = constructor_detail(&call.name) {
            let subject = match (call.arguments.get(1), call.arguments.last()) {
                (Some(second), Some(last)) => Range::between(&second.range(), &last.range()),
                _ => call.args_range.clone(),
            };
            return fail(error(detail, subject).with_context(call.args_range.clone()));
        }
    }

    match call.name.as_str() {
        "list" | "set" | "map" => {
            let (ety, edefaults, diags) = get_type(&*call.arguments[0], mode);
            let ty = match call.name.as_str() {
                "list" => Type::list(ety),
                "set" => Type::set(ety),
                _ => Type::map(ety),
            };
            let defaults = collection_defaults(&ty, edefaults);
            (ty, defaults, diags)
        }
        "object" => object_type(expr, &*call.arguments[0], mode),
        "tuple" => {
            let Ok(elems) = expr_list(&*call.arguments[0]) else {
                return fail(
                    error("Tuple type constructor requires a list of element types.", call.arguments[0].range())
                        .with_context(expr.range()),
                );
            };
            let mut diags = Diagnostics::new();
            let mut etys = Vec::with_capacity(elems.len());
            let mut children = BTreeMap::new();
            for (i, e) in elems.iter().enumerate() {
                let (ety, edefaults, d) = get_type(&**e, mode);
                diags.extend(d);
                etys.push(ety);
                if let Some(edefaults) = edefaults {
                    children.insert(i.to_string(), edefaults);
                }
            }
            let ty = Type::tuple(etys);
            let defaults = structured_defaults(&ty, BTreeMap::new(), children);
            (ty, defaults, diags)
        }
        "optional" => fail(error(
            format!("Keyword {} is valid only as a modifier for object type attributes.", go_quote(&call.name)),
            call.name_range.clone(),
        )),
        _ => fail(error(format!("Keyword {} is not a valid type constructor.", go_quote(&call.name)), expr.range())),
    }
}

fn object_type(expr: &dyn Expression, arg: &dyn Expression, mode: Mode) -> Read {
    let Ok(items) = expr_map(arg) else {
        return fail(
            error(
                "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
                arg.range(),
            )
            .with_context(expr.range()),
        );
    };
    let mut diags = Diagnostics::new();
    let mut attrs: Vec<(String, Type)> = Vec::with_capacity(items.len());
    let mut optional: Vec<String> = Vec::new();
    let mut values: BTreeMap<String, Value> = BTreeMap::new();
    let mut children: BTreeMap<String, Defaults> = BTreeMap::new();
    for item in &items {
        let Some(name) = expr_as_keyword(&*item.key) else {
            diags.push(
                error("Object constructor map keys must be attribute names.", item.key.range())
                    .with_context(expr.range()),
            );
            continue;
        };
        let mut aty_expr = item.value.clone();
        // The default's expression, once it evaluated without errors.
        let mut default_expr = None;
        if let Ok(call) = expr_call(&*aty_expr) {
            if call.name == "optional" {
                let Some(first) = call.arguments.first().cloned() else {
                    diags.push(
                        error(
                            "Optional attribute modifier requires the attribute type as its argument.",
                            call.args_range.clone(),
                        )
                        .with_context(aty_expr.range()),
                    );
                    continue;
                };
                let too_many =
                    |detail: &str| error(detail.to_owned(), call.args_range.clone()).with_context(aty_expr.range());
                if !mode.constraint {
                    diags.push(
                        error(
                            "Optional attribute modifier is only for type constraints, not for exact types.",
                            call.name_range.clone(),
                        )
                        .with_context(aty_expr.range()),
                    );
                } else if mode.with_defaults {
                    match call.arguments.len() {
                        1 => optional.push(name.clone()),
                        2 => {
                            let dexpr = call.arguments[1].clone();
                            let (value, d) = dexpr.value(None);
                            let failed = d.has_errors();
                            diags.extend(d);
                            if !failed {
                                optional.push(name.clone());
                                values.insert(name.clone(), value);
                                default_expr = Some(dexpr);
                            }
                        }
                        _ => diags.push(too_many(
                            "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.",
                        )),
                    }
                } else if call.arguments.len() == 1 {
                    optional.push(name.clone());
                } else {
                    diags.push(too_many("Optional attribute modifier expects only one argument: the attribute type."));
                }
                aty_expr = first;
            }
        }
        let (aty, adefaults, d) = get_type(&*aty_expr, mode);
        diags.extend(d);

        // A default must convert to the attribute's type; it is kept converted. (With a
        // repeated attribute name, an earlier default is checked against the later type, as
        // in the reference.)
        if let Some(value) = values.get(&name) {
            match convert(value, &aty) {
                Ok(converted) => {
                    values.insert(name.clone(), converted);
                }
                Err(err) => {
                    let subject = default_expr.as_ref().map_or_else(|| item.value.range(), |e| e.range());
                    diags.push(
                        Diagnostic::error(
                            "Invalid default value for optional attribute",
                            format!(
                                "This default value is not compatible with the attribute's type constraint: {err}."
                            ),
                        )
                        .with_subject(subject),
                    );
                    values.remove(&name);
                }
            }
        }
        // A repeated attribute name keeps its last type, and any defaults set for it.
        if let Some(adefaults) = adefaults {
            children.insert(name.clone(), adefaults);
        }
        attrs.push((name, aty));
    }
    let ty = Type::object_with_optional(attrs, optional);
    let defaults = structured_defaults(&ty, values, children);
    (ty, defaults, diags)
}
