//! Type expressions (the reference's `ext/typeexpr`): types written in HCL syntax and read by
//! static analysis, never evaluated.
//!
//! ```text
//! string  number  bool  any
//! list(T)  set(T)  map(T)
//! object({name = T, ...})    tuple([T, ...])
//! ```
//!
//! A keyword is a bare identifier ([`expr_as_keyword`]); a constructor is a static function
//! call ([`expr_call`]) whose arguments are read with [`expr_map`] and [`expr_list`].
//! [`type_constraint`] accepts `any` (the dynamic pseudo-type) and the `optional(T)` modifier
//! of object attributes; [`exact_type`] rejects both. Errors are the reference's "Invalid type
//! specification" diagnostics, word for word.
//!
//! ```
//! use hclkit::syntax::native::NativeExpression;
//! use hclkit::typeexpr::type_constraint;
//! use hclkit_value::Type;
//!
//! let (e, _) = hclkit::parse_expression(b"map(object({a = string, b = list(any)}))".as_slice(), "t");
//! let (ty, diags) = type_constraint(&NativeExpression::from_expr_file(&e));
//! assert!(diags.is_empty());
//! assert_eq!(ty, Type::map(Type::object([("a", Type::String), ("b", Type::list(Type::Dynamic))])));
//!
//! let (e, _) = hclkit::parse_expression(b"list(string, number)".as_slice(), "t");
//! let (ty, diags) = type_constraint(&NativeExpression::from_expr_file(&e));
//! assert_eq!(ty, Type::Dynamic);
//! assert_eq!(diags.0[0].summary, "Invalid type specification");
//! ```

use hclkit_value::Type;

use crate::body::{expr_as_keyword, expr_call, expr_list, expr_map, Expression};
use crate::diagnostic::{go_quote, Diagnostic, Diagnostics};
use crate::pos::Range;

const INVALID: &str = "Invalid type specification";

/// The type an expression describes, where `any` is allowed (the reference's
/// `typeexpr.TypeConstraint`). On error the type is the dynamic pseudo-type.
pub fn type_constraint(expr: &dyn Expression) -> (Type, Diagnostics) {
    get_type(expr, true)
}

/// The exact type an expression describes: `any` and `optional` are errors (the reference's
/// `typeexpr.Type`).
pub fn exact_type(expr: &dyn Expression) -> (Type, Diagnostics) {
    get_type(expr, false)
}

fn error(detail: impl Into<String>, subject: Range) -> Diagnostic {
    Diagnostic::error(INVALID, detail.into()).with_subject(subject)
}

fn fail(d: Diagnostic) -> (Type, Diagnostics) {
    (Type::Dynamic, Diagnostics(vec![d]))
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

fn get_type(expr: &dyn Expression, constraint: bool) -> (Type, Diagnostics) {
    if let Some(kw) = expr_as_keyword(expr) {
        return match kw.as_str() {
            "bool" => (Type::Bool, Diagnostics::new()),
            "string" => (Type::String, Diagnostics::new()),
            "number" => (Type::Number, Diagnostics::new()),
            "any" if constraint => (Type::Dynamic, Diagnostics::new()),
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
            let (ety, diags) = get_type(&*call.arguments[0], constraint);
            let ty = match call.name.as_str() {
                "list" => Type::list(ety),
                "set" => Type::set(ety),
                _ => Type::map(ety),
            };
            (ty, diags)
        }
        "object" => object_type(expr, &*call.arguments[0], constraint),
        "tuple" => {
            let Ok(elems) = expr_list(&*call.arguments[0]) else {
                return fail(
                    error("Tuple type constructor requires a list of element types.", call.arguments[0].range())
                        .with_context(expr.range()),
                );
            };
            let mut diags = Diagnostics::new();
            let mut etys = Vec::with_capacity(elems.len());
            for e in &elems {
                let (ety, d) = get_type(&**e, constraint);
                diags.extend(d);
                etys.push(ety);
            }
            (Type::tuple(etys), diags)
        }
        "optional" => fail(error(
            format!("Keyword {} is valid only as a modifier for object type attributes.", go_quote(&call.name)),
            call.name_range.clone(),
        )),
        _ => fail(error(format!("Keyword {} is not a valid type constructor.", go_quote(&call.name)), expr.range())),
    }
}

fn object_type(expr: &dyn Expression, arg: &dyn Expression, constraint: bool) -> (Type, Diagnostics) {
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
    for item in &items {
        let Some(name) = expr_as_keyword(&*item.key) else {
            diags.push(
                error("Object constructor map keys must be attribute names.", item.key.range())
                    .with_context(expr.range()),
            );
            continue;
        };
        let mut aty_expr = item.value.clone();
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
                if !constraint {
                    diags.push(
                        error(
                            "Optional attribute modifier is only for type constraints, not for exact types.",
                            call.name_range.clone(),
                        )
                        .with_context(aty_expr.range()),
                    );
                } else if call.arguments.len() == 1 {
                    optional.push(name.clone());
                } else {
                    diags.push(
                        error(
                            "Optional attribute modifier expects only one argument: the attribute type.",
                            call.args_range.clone(),
                        )
                        .with_context(aty_expr.range()),
                    );
                }
                aty_expr = first;
            }
        }
        let (aty, d) = get_type(&*aty_expr, constraint);
        diags.extend(d);
        attrs.push((name, aty));
    }
    (Type::object_with_optional(attrs, optional), diags)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::native::NativeExpression;

    fn parse(src: &str) -> NativeExpression {
        let (e, diags) = crate::parse_expression(src.as_bytes(), "t.hcl");
        assert!(diags.is_empty(), "{src}: {diags}");
        NativeExpression::from_expr_file(&e)
    }

    fn ok(src: &str) -> Type {
        let (ty, diags) = type_constraint(&parse(src));
        assert!(diags.is_empty(), "{src}: {diags}");
        ty
    }

    /// (summary is always "Invalid type specification") detail and subject bytes.
    fn err(src: &str, exact: bool) -> (String, (usize, usize)) {
        let e = parse(src);
        let (ty, diags) = if exact { exact_type(&e) } else { type_constraint(&e) };
        assert_eq!(ty, Type::Dynamic, "{src}");
        let d = &diags.0[0];
        assert_eq!(d.summary, INVALID);
        let s = d.subject.clone().unwrap();
        (d.detail.to_string(), (s.start.byte, s.end.byte))
    }

    #[test]
    fn keywords_and_constructors() {
        assert_eq!(ok("string"), Type::String);
        assert_eq!(ok("number"), Type::Number);
        assert_eq!(ok("bool"), Type::Bool);
        assert_eq!(ok("any"), Type::Dynamic);
        assert_eq!(ok("list(string)"), Type::list(Type::String));
        assert_eq!(ok("set(number)"), Type::set(Type::Number));
        assert_eq!(ok("map(list(bool))"), Type::map(Type::list(Type::Bool)));
        assert_eq!(ok("tuple([string, any])"), Type::tuple([Type::String, Type::Dynamic]));
        assert_eq!(ok("tuple([])"), Type::empty_tuple());
        assert_eq!(ok("object({})"), Type::empty_object());
        assert_eq!(
            ok("object({a = string, b = optional(number)})"),
            Type::object_with_optional([("a", Type::String), ("b", Type::Number)], ["b"])
        );
    }

    // Wording and ranges from the reference's ext/typeexpr/get_type.go (hcl v2.14.1).
    #[test]
    fn errors() {
        assert_eq!(
            err("any", true),
            (
                "The keyword \"any\" cannot be used in this type specification: an exact type is required.".into(),
                (0, 3)
            )
        );
        assert_eq!(
            err("list", false),
            ("The list type constructor requires one argument specifying the element type.".into(), (0, 4))
        );
        assert_eq!(err("foo", false), ("The keyword \"foo\" is not a valid type specification.".into(), (0, 3)));
        assert_eq!(err("string(1)", false).1, (6, 9));
        assert_eq!(err("any()", false).0, "Type constraint keyword \"any\" does not expect arguments.");
        assert_eq!(err("list(string, number, bool)", false).1, (13, 25));
        assert_eq!(err("list()", false).1, (4, 6));
        assert_eq!(
            err("object([string])", false).0,
            "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types."
        );
        assert_eq!(err("tuple({})", false).0, "Tuple type constructor requires a list of element types.");
        assert_eq!(err("optional(string)", false).1, (0, 8));
        assert_eq!(err("foo(string)", false).0, "Keyword \"foo\" is not a valid type constructor.");
        assert_eq!(
            err("\"string\"", false).0,
            "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string)."
        );
    }

    #[test]
    fn errors_inside_objects_keep_the_rest() {
        let (ty, diags) = type_constraint(&parse("object({a = string, \"b\" = number, c = foo})"));
        assert_eq!(ty, Type::object([("a", Type::String), ("c", Type::Dynamic)]));
        assert_eq!(diags.len(), 2);
        assert_eq!(diags.0[0].detail, "Object constructor map keys must be attribute names.");
        let (_, diags) = exact_type(&parse("object({a = optional(string)})"));
        assert_eq!(diags.0[0].detail, "Optional attribute modifier is only for type constraints, not for exact types.");
    }
}
