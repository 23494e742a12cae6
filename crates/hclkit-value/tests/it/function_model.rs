//! The function model: argument mapping, conversion, null/unknown/dynamic handling, errors.
//!
//! Expected behaviour follows go-cty's `function.Function` (`Call`, `ReturnType`) and HCL's
//! `FunctionCallExpr` (argument count messages, conversion before the call); the messages were
//! checked with `hcleval` (see oracle/value_stdlib/record.py).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use hclkit_value::function::{CallSubject, Function, FunctionError, FunctionErrorKind, Parameter};
use hclkit_value::{Type, Value};

/// `f(a string, b number, rest... bool)` returning its arguments as a tuple.
fn echo(var: bool) -> Function {
    let b = Function::builder()
        .param(Parameter::new("a", Type::String))
        .param(Parameter::new("b", Type::Number))
        .return_type(|args| Ok(Type::tuple(args.iter().map(Value::ty))))
        .implementation(|args, _| Ok(Value::tuple(args.to_vec())));
    if var {
        b.var_param(Parameter::new("rest", Type::Bool)).build()
    } else {
        b.build()
    }
}

/// A one-parameter function of `ty` with the given flags that counts how often its callbacks run.
fn probe(param: Parameter, calls: Arc<AtomicUsize>) -> Function {
    let c1 = calls.clone();
    Function::builder()
        .param(param)
        .return_type(move |_| {
            c1.fetch_add(1, Ordering::SeqCst);
            Ok(Type::String)
        })
        .implementation(move |args, _| {
            calls.fetch_add(100, Ordering::SeqCst);
            Ok(Value::string(format!("{:?}", args[0])))
        })
        .build()
}

#[test]
fn not_enough_arguments() {
    let e = echo(false).call(&[Value::string("x")]).unwrap_err();
    assert_eq!(
        e.kind(),
        &FunctionErrorKind::NotEnoughArguments { expected: 2, given: 1, variadic: false, missing: "b".into() }
    );
    assert_eq!(e.message(), "wrong number of arguments (2 required; 1 given)");
    let d = e.diagnostic("echo", &echo(false), 1);
    assert_eq!(d.summary, "Not enough function arguments");
    assert_eq!(d.detail, "Function \"echo\" expects 2 argument(s). Missing value for \"b\".");
    assert_eq!(d.subject, CallSubject::CloseParen);
}

#[test]
fn not_enough_arguments_variadic() {
    let f = echo(true);
    let e = f.call(&[]).unwrap_err();
    assert_eq!(e.message(), "wrong number of arguments (at least 2 required; 0 given)");
    let d = e.diagnostic("echo", &f, 0);
    assert_eq!(d.detail, "Function \"echo\" expects at least 2 argument(s). Missing value for \"a\".");
}

#[test]
fn too_many_arguments() {
    let f = echo(false);
    let e = f.call(&[Value::string("x"), Value::number(1), Value::bool(true)]).unwrap_err();
    assert_eq!(e.kind(), &FunctionErrorKind::TooManyArguments { expected: 2, given: 3 });
    assert_eq!(e.message(), "wrong number of arguments (2 required; 3 given)");
    let d = e.diagnostic("echo", &f, 3);
    assert_eq!(d.summary, "Too many function arguments");
    assert_eq!(d.detail, "Function \"echo\" expects only 2 argument(s).");
    assert_eq!(d.subject, CallSubject::Argument(2));
}

#[test]
fn arity_errors_from_return_type() {
    assert_eq!(
        echo(false).return_type(&[Type::String]).unwrap_err().message(),
        "wrong number of arguments (2 required; 1 given)"
    );
    assert!(echo(true).return_type(&[Type::String, Type::Number, Type::Bool, Type::Bool]).is_ok());
}

#[test]
fn variadic_arguments_map_to_the_variadic_parameter() {
    let f = echo(true);
    assert_eq!(f.param_for_arg(0).map(|p| p.name.as_str()), Some("a"));
    assert_eq!(f.param_for_arg(1).map(|p| p.name.as_str()), Some("b"));
    assert_eq!(f.param_for_arg(5).map(|p| p.name.as_str()), Some("rest"));
    assert_eq!(echo(false).param_for_arg(2), None);
    let v = f.call(&[Value::string("x"), Value::number(1), Value::bool(true), Value::string("false")]).unwrap();
    assert_eq!(v, Value::tuple(vec![Value::string("x"), Value::number(1), Value::bool(true), Value::bool(false)]));
    let none = f.call(&[Value::string("x"), Value::number(1)]).unwrap();
    assert_eq!(none.length(), Some(2));
}

#[test]
fn arguments_are_converted_to_parameter_types() {
    // Unsafe conversions are allowed, as in HCL.
    let v = echo(false).call(&[Value::number(5), Value::string("12")]).unwrap();
    assert_eq!(v, Value::tuple(vec![Value::string("5"), Value::number(12)]));
    let v = echo(false).call(&[Value::bool(true), Value::number(1)]).unwrap();
    assert_eq!(v, Value::tuple(vec![Value::string("true"), Value::number(1)]));
}

#[test]
fn conversion_errors_name_the_argument() {
    let f = echo(true);
    let args = [Value::string("x"), Value::string("nope"), Value::bool(true), Value::string("maybe")];
    let errs = f.convert_args(&args).unwrap_err();
    assert_eq!(errs.len(), 2);
    assert_eq!(errs[0].arg_index(), Some(1));
    assert_eq!(errs[0].message(), "a number is required");
    assert_eq!(errs[1].arg_index(), Some(3));
    let d = errs[1].diagnostic("echo", &f, args.len());
    assert_eq!(d.summary, "Invalid function argument");
    assert_eq!(d.detail, "Invalid value for \"rest\" parameter: a bool is required.");
    assert_eq!(d.subject, CallSubject::Argument(3));
    // `call` reports the first.
    assert_eq!(f.call(&args).unwrap_err(), errs[0]);
}

#[test]
fn structural_conversion_error() {
    let e = echo(false).call(&[Value::tuple(vec![Value::string("a")]), Value::number(1)]).unwrap_err();
    assert_eq!((e.arg_index(), e.message()), (Some(0), "string required"));
}

#[test]
fn null_arguments_are_rejected() {
    let calls = Arc::new(AtomicUsize::new(0));
    let f = probe(Parameter::new("p", Type::String), calls.clone());
    let e = f.call(&[Value::null(Type::Dynamic)]).unwrap_err();
    assert_eq!((e.arg_index(), e.message()), (Some(0), "argument must not be null"));
    assert_eq!(e.diagnostic("f", &f, 1).detail, "Invalid value for \"p\" parameter: argument must not be null.");
    assert_eq!(calls.load(Ordering::SeqCst), 0);
}

#[test]
fn null_arguments_in_variadic_position() {
    let e = echo(true)
        .call(&[Value::string("x"), Value::number(1), Value::bool(true), Value::null(Type::Bool)])
        .unwrap_err();
    assert_eq!((e.arg_index(), e.message()), (Some(3), "argument must not be null"));
}

#[test]
fn null_arguments_allowed() {
    let calls = Arc::new(AtomicUsize::new(0));
    let f = probe(Parameter::new("p", Type::String).allow_null(true), calls.clone());
    assert_eq!(f.call(&[Value::null(Type::Dynamic)]).unwrap(), Value::string("null(string)"));
    assert_eq!(calls.load(Ordering::SeqCst), 101);
}

#[test]
fn unknown_arguments_force_unknown_results() {
    let calls = Arc::new(AtomicUsize::new(0));
    let f = probe(Parameter::new("p", Type::String), calls.clone());
    let v = f.call(&[Value::unknown(Type::String)]).unwrap();
    assert!(v.raw_equals(&Value::unknown(Type::String)));
    // The result type is still decided; the implementation does not run.
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    // A known value containing unknowns is not unknown.
    let g = probe(Parameter::new("p", Type::Dynamic), calls.clone());
    assert_eq!(
        g.call(&[Value::tuple(vec![Value::unknown(Type::String)])]).unwrap().as_str(),
        Some("tuple[(unknown string)]")
    );
}

#[test]
fn unknown_arguments_allowed() {
    let calls = Arc::new(AtomicUsize::new(0));
    let f = probe(Parameter::new("p", Type::Number).allow_unknown(true), calls.clone());
    assert_eq!(f.call(&[Value::unknown(Type::Number)]).unwrap(), Value::string("(unknown number)"));
    assert_eq!(calls.load(Ordering::SeqCst), 101);
}

#[test]
fn dynamic_arguments_force_dynamic_results() {
    let calls = Arc::new(AtomicUsize::new(0));
    let f = probe(Parameter::new("p", Type::Dynamic), calls.clone());
    let v = f.call(&[Value::dynamic()]).unwrap();
    assert!(v.is_dynamic());
    // Neither callback runs.
    assert_eq!(calls.load(Ordering::SeqCst), 0);
    assert_eq!(f.return_type(&[Type::Dynamic]).unwrap(), Type::Dynamic);
}

#[test]
fn dynamic_arguments_converted_for_typed_parameters() {
    // Conversion turns the dynamic value into an unknown string first, so the result type is
    // decided and the result is an unknown string.
    let calls = Arc::new(AtomicUsize::new(0));
    let f = probe(Parameter::new("p", Type::String), calls.clone());
    assert!(f.call(&[Value::dynamic()]).unwrap().raw_equals(&Value::unknown(Type::String)));
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    // Without conversion, the dynamic value forces a dynamic result.
    assert!(f.call_unconverted(&[Value::dynamic()]).unwrap().is_dynamic());
}

#[test]
fn dynamic_arguments_allowed() {
    let calls = Arc::new(AtomicUsize::new(0));
    let f = probe(Parameter::new("p", Type::Dynamic).allow_dynamic_type(true), calls.clone());
    let v = f.call(&[Value::dynamic()]).unwrap();
    assert!(v.raw_equals(&Value::unknown(Type::String)));
    assert_eq!(calls.load(Ordering::SeqCst), 1);
}

#[test]
fn dynamic_argument_hides_later_argument_checks() {
    // As in the reference, a dynamic argument ends the checks: a later null is not reported.
    let f = Function::builder()
        .param(Parameter::new("a", Type::Dynamic))
        .param(Parameter::new("b", Type::Dynamic))
        .static_return_type(Type::String)
        .implementation(|_, _| Ok(Value::string("ran")))
        .build();
    assert!(f.call(&[Value::dynamic(), Value::null(Type::String)]).unwrap().is_dynamic());
    let e = f.call(&[Value::null(Type::String), Value::dynamic()]).unwrap_err();
    assert_eq!(e.arg_index(), Some(0));
}

#[test]
fn null_of_dynamic_type_with_nulls_allowed() {
    let f = Function::builder()
        .param(Parameter::new("a", Type::Dynamic).allow_null(true))
        .static_return_type(Type::String)
        .implementation(|_, ty| Ok(Value::null(ty.clone())))
        .build();
    // The dynamic type makes the result type dynamic, but a null is known: the implementation runs.
    let v = f.call(&[Value::null(Type::Dynamic)]).unwrap();
    assert!(v.is_null() && v.ty().is_dynamic());
}

#[test]
fn unconverted_calls_check_conformance() {
    let f = echo(false);
    let e = f.call_unconverted(&[Value::number(5), Value::number(1)]).unwrap_err();
    assert_eq!((e.arg_index(), e.message()), (Some(0), "string required, but received number"));
    let g = Function::builder()
        .param(Parameter::new("o", Type::object([("a", Type::String)])))
        .static_return_type(Type::Bool)
        .implementation(|_, _| Ok(Value::bool(true)))
        .build();
    let e = g.call_unconverted(&[Value::object([("b", Value::string("x"))])]).unwrap_err();
    assert_eq!(e.message(), "unsupported attribute \"b\"");
    let e = g.call_unconverted(&[Value::empty_object()]).unwrap_err();
    assert_eq!(e.message(), "missing required attribute \"a\"");
    let e = g.return_type(&[Type::object([("a", Type::Number)])]).unwrap_err();
    assert_eq!(e.message(), "string required, but received number");
    let t = Function::builder().param(Parameter::new("t", Type::tuple([Type::Bool]))).build();
    assert_eq!(t.return_type(&[Type::empty_tuple()]).unwrap_err().message(), "1 elements are required, but got 0");
    let l = Function::builder().param(Parameter::new("l", Type::list(Type::Dynamic))).build();
    assert_eq!(l.return_type(&[Type::list(Type::Bool)]).unwrap(), Type::Dynamic);
    assert_eq!(
        l.return_type(&[Type::set(Type::Bool)]).unwrap_err().message(),
        "list of dynamic required, but received set of bool"
    );
}

#[test]
fn result_must_conform_to_result_type() {
    let f = Function::builder().static_return_type(Type::String).implementation(|_, _| Ok(Value::number(1))).build();
    let e = f.call(&[]).unwrap_err();
    assert_eq!(e.arg_index(), None);
    assert!(
        e.message().starts_with("returned value 1 does not conform to expected return type string"),
        "{}",
        e.message()
    );
    let g = Function::builder().static_return_type(Type::String).implementation(|_, _| Ok(Value::dynamic())).build();
    assert!(g.call(&[]).is_err());
    let h = Function::builder().implementation(|_, _| Ok(Value::number(1))).build();
    assert_eq!(h.call(&[]).unwrap(), Value::number(1));
}

#[test]
fn result_type_errors() {
    let f = Function::builder()
        .param(Parameter::new("x", Type::Dynamic))
        .return_type(|_| Err(FunctionError::arg(0, "not that one")))
        .build();
    let e = f.call(&[Value::bool(true)]).unwrap_err();
    assert_eq!((e.arg_index(), e.message()), (Some(0), "not that one"));
    assert_eq!(f.return_type(&[Type::Bool]).unwrap_err().message(), "not that one");
}

#[test]
fn implementation_errors() {
    let f = Function::builder()
        .var_param(Parameter::new("xs", Type::Number))
        .static_return_type(Type::Number)
        .implementation(|args, _| {
            if args.is_empty() {
                Err(FunctionError::new("need something"))
            } else {
                Err(FunctionError::arg(5, "no such argument"))
            }
        })
        .build();
    let e = f.call(&[]).unwrap_err();
    let d = e.diagnostic("f", &f, 0);
    assert_eq!(d.summary, "Error in function call");
    assert_eq!(d.detail, "Call to function \"f\" failed: need something.");
    assert_eq!(d.subject, CallSubject::CallStart);
    // An argument index past the arguments, for a variadic parameter: the whole call.
    let e = f.call(&[Value::number(1)]).unwrap_err();
    let d = e.diagnostic("f", &f, 1);
    assert_eq!(d.summary, "Invalid function argument");
    assert_eq!(d.detail, "Invalid value for \"xs\" parameter: no such argument.");
    assert_eq!(d.subject, CallSubject::Call);
}

#[test]
fn argument_index_with_no_parameter() {
    let f = Function::builder().implementation(|_, _| Err(FunctionError::arg(3, "bad"))).build();
    let d = f.call(&[]).unwrap_err().diagnostic("g", &f, 0);
    assert_eq!(
        (d.summary.as_str(), d.detail.as_str()),
        ("Error in function call", "Call to function \"g\" failed: bad.")
    );
}

#[derive(Debug)]
struct Inner;
impl std::fmt::Display for Inner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("inner problem")
    }
}
impl std::error::Error for Inner {}

#[test]
fn errors_carry_sources_and_paths() {
    use std::error::Error;
    let path = hclkit_value::Path::root().attr("a");
    let e = FunctionError::new("outer").with_source(Inner).with_path(path.clone()).for_arg(1);
    assert_eq!(e.to_string(), "outer");
    assert_eq!(e.source().map(|s| s.to_string()), Some("inner problem".to_string()));
    assert!(e.source_error().is_some());
    assert_eq!(e.path(), &path);
    assert_eq!(e.arg_index(), Some(1));
}

#[test]
fn closures_capture_state_and_functions_are_cheap_to_clone() {
    let prefix = String::from(">> ");
    let f = Function::builder()
        .description("Prefixes.")
        .param(Parameter::new("s", Type::String).description("The string."))
        .static_return_type(Type::String)
        .implementation(move |args, _| Ok(Value::string(format!("{prefix}{}", args[0].as_str().unwrap_or("")))))
        .build();
    let g = f.clone();
    let handle = std::thread::spawn(move || g.call(&[Value::string("x")]).unwrap());
    assert_eq!(handle.join().unwrap(), Value::string(">> x"));
    assert_eq!(f.description(), "Prefixes.");
    assert_eq!(f.params()[0].description, "The string.");
    assert!(f.var_param().is_none());
}

#[test]
fn return_type_uses_unknown_values() {
    let f = Function::builder()
        .param(Parameter::new("x", Type::Dynamic).allow_dynamic_type(true))
        .return_type(|args| Ok(if args[0].is_unknown() { Type::Bool } else { Type::Number }))
        .build();
    assert_eq!(f.return_type(&[Type::String]).unwrap(), Type::Bool);
    assert_eq!(f.return_type_for_values(&[Value::string("a")]).unwrap(), Type::Number);
}

#[test]
fn default_function_has_no_implementation() {
    let f = Function::builder().build();
    assert_eq!(f.call(&[]).unwrap_err().message(), "function has no implementation");
    assert_eq!(f.return_type(&[]).unwrap(), Type::Dynamic);
}
