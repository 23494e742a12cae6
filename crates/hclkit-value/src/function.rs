//! Functions: the model behind calls like `upper("a")` in HCL expressions.
//!
//! A [`Function`] has positional [`Parameter`]s, an optional variadic parameter, a callback that
//! decides the result type from the arguments, and an implementation callback. Calling it
//! follows the reference's (go-cty `function.Function`) semantics:
//!
//! 1. The number of arguments must match the parameters (at least the positional ones when
//!    there is a variadic parameter).
//! 2. [`Function::call`] first converts each argument to its parameter's type, as HCL does
//!    before it calls a function; [`Function::call_unconverted`] skips this step and instead
//!    rejects arguments whose types do not conform.
//! 3. A null argument is rejected ("argument must not be null") unless its parameter allows
//!    nulls.
//! 4. An argument of the dynamic pseudo-type, where the parameter does not allow it, makes the
//!    result type the dynamic pseudo-type without consulting the result-type callback (nor
//!    checking the arguments after it).
//! 5. The result-type callback decides the result type.
//! 6. An unknown argument, where the parameter does not allow unknowns, makes the result the
//!    unknown value of the result type without running the implementation.
//! 7. Otherwise the implementation runs, and must return a value conforming to the result type.
//!
//! Errors are [`FunctionError`]s, which say which argument was at fault when one was, so that
//! an expression evaluator can point at it; [`FunctionError::diagnostic`] words them as HCL does.
//!
//! ```
//! use hclkit_value::function::{Function, FunctionError, Parameter};
//! use hclkit_value::{Type, Value};
//!
//! let repeat = Function::builder()
//!     .description("Repeats a string.")
//!     .param(Parameter::new("str", Type::String))
//!     .param(Parameter::new("times", Type::Number))
//!     .static_return_type(Type::String)
//!     .implementation(|args, _| {
//!         let s = args[0].as_str().unwrap_or_default();
//!         match args[1].as_number().and_then(|n| n.to_i64()) {
//!             Some(n) if (0..=100).contains(&n) => Ok(Value::string(s.repeat(n as usize))),
//!             _ => Err(FunctionError::arg(1, "must be a whole number between 0 and 100")),
//!         }
//!     })
//!     .build();
//!
//! // Arguments are converted to the parameter types first.
//! assert_eq!(repeat.call(&[Value::string("ab"), Value::string("2")]).unwrap(), Value::string("abab"));
//! // Unknown arguments make the result unknown.
//! assert!(repeat.call(&[Value::unknown(Type::String), Value::number(2)]).unwrap().is_unknown());
//! // Errors say which argument was wrong.
//! let err = repeat.call(&[Value::string("ab"), Value::null(Type::Number)]).unwrap_err();
//! assert_eq!((err.arg_index(), err.message()), (Some(1), "argument must not be null"));
//! ```

use std::fmt;
use std::sync::Arc;

use crate::convert;
use crate::path::Path;
use crate::ty::Type;
use crate::value::Value;

/// The result-type callback of a function: given the (possibly unknown) arguments, the type of
/// the result.
pub type ReturnTypeFn = Arc<dyn Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync>;

/// The implementation callback of a function: given the arguments and the result type the
/// result-type callback decided, the result.
pub type ImplFn = Arc<dyn Fn(&[Value], &Type) -> Result<Value, FunctionError> + Send + Sync>;

/// A function parameter: its name (used in error messages), the type arguments must have, and
/// which special values the implementation is prepared to receive.
///
/// ```
/// use hclkit_value::function::Parameter;
/// use hclkit_value::Type;
/// let p = Parameter::new("vals", Type::Dynamic).allow_null(true).allow_unknown(true);
/// assert!(p.allow_null && p.allow_unknown && !p.allow_dynamic_type);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    /// The name, as shown in error messages ("Invalid value for \"str\" parameter").
    pub name: String,
    /// A description for documentation.
    pub description: String,
    /// The type arguments are converted to (any type when it is the dynamic pseudo-type).
    pub ty: Type,
    /// Whether a null argument reaches the implementation (otherwise the call fails with
    /// "argument must not be null").
    pub allow_null: bool,
    /// Whether an unknown argument reaches the implementation (otherwise the result is the
    /// unknown value of the result type).
    pub allow_unknown: bool,
    /// Whether an argument of the dynamic pseudo-type reaches the result-type callback
    /// (otherwise the result type is the dynamic pseudo-type).
    pub allow_dynamic_type: bool,
}

impl Parameter {
    /// A parameter that allows no nulls, no unknowns and no dynamic-typed arguments.
    pub fn new(name: impl Into<String>, ty: Type) -> Parameter {
        Parameter {
            name: name.into(),
            description: String::new(),
            ty,
            allow_null: false,
            allow_unknown: false,
            allow_dynamic_type: false,
        }
    }
    /// Sets the description.
    pub fn description(mut self, description: impl Into<String>) -> Parameter {
        self.description = description.into();
        self
    }
    /// Sets whether null arguments are allowed.
    pub fn allow_null(mut self, allow: bool) -> Parameter {
        self.allow_null = allow;
        self
    }
    /// Sets whether unknown arguments are allowed.
    pub fn allow_unknown(mut self, allow: bool) -> Parameter {
        self.allow_unknown = allow;
        self
    }
    /// Sets whether arguments of the dynamic pseudo-type are allowed.
    pub fn allow_dynamic_type(mut self, allow: bool) -> Parameter {
        self.allow_dynamic_type = allow;
        self
    }
}

/// A function. Cheap to clone: the definition is shared.
#[derive(Clone)]
pub struct Function(Arc<Spec>);

struct Spec {
    description: String,
    params: Vec<Parameter>,
    var_param: Option<Parameter>,
    return_type: ReturnTypeFn,
    implementation: ImplFn,
}

/// Builds a [`Function`]; see [`Function::builder`].
pub struct FunctionBuilder {
    description: String,
    params: Vec<Parameter>,
    var_param: Option<Parameter>,
    return_type: Option<ReturnTypeFn>,
    implementation: Option<ImplFn>,
}

impl FunctionBuilder {
    /// Sets the description.
    pub fn description(mut self, description: impl Into<String>) -> FunctionBuilder {
        self.description = description.into();
        self
    }
    /// Adds a positional parameter.
    pub fn param(mut self, param: Parameter) -> FunctionBuilder {
        self.params.push(param);
        self
    }
    /// Sets the variadic parameter, which takes any number of arguments after the positional ones.
    pub fn var_param(mut self, param: Parameter) -> FunctionBuilder {
        self.var_param = Some(param);
        self
    }
    /// Sets the result-type callback.
    pub fn return_type(
        mut self,
        f: impl Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync + 'static,
    ) -> FunctionBuilder {
        self.return_type = Some(Arc::new(f));
        self
    }
    /// Makes the result type always `ty`.
    pub fn static_return_type(self, ty: Type) -> FunctionBuilder {
        self.return_type(move |_| Ok(ty.clone()))
    }
    /// Sets the implementation callback.
    pub fn implementation(
        mut self,
        f: impl Fn(&[Value], &Type) -> Result<Value, FunctionError> + Send + Sync + 'static,
    ) -> FunctionBuilder {
        self.implementation = Some(Arc::new(f));
        self
    }
    /// The function. Without a result-type callback the result type is the dynamic
    /// pseudo-type; without an implementation every call that reaches it fails.
    pub fn build(self) -> Function {
        Function(Arc::new(Spec {
            description: self.description,
            params: self.params,
            var_param: self.var_param,
            return_type: self.return_type.unwrap_or_else(|| Arc::new(|_| Ok(Type::Dynamic))),
            implementation: self
                .implementation
                .unwrap_or_else(|| Arc::new(|_, _| Err(FunctionError::new("function has no implementation")))),
        }))
    }
}

impl Function {
    /// Starts building a function with no parameters.
    pub fn builder() -> FunctionBuilder {
        FunctionBuilder {
            description: String::new(),
            params: Vec::new(),
            var_param: None,
            return_type: None,
            implementation: None,
        }
    }

    /// The description.
    pub fn description(&self) -> &str {
        &self.0.description
    }
    /// The positional parameters.
    pub fn params(&self) -> &[Parameter] {
        &self.0.params
    }
    /// The variadic parameter, if any.
    pub fn var_param(&self) -> Option<&Parameter> {
        self.0.var_param.as_ref()
    }
    /// The parameter that the argument at `index` is passed to.
    pub fn param_for_arg(&self, index: usize) -> Option<&Parameter> {
        self.0.params.get(index).or(self.0.var_param.as_ref())
    }

    /// The result type for arguments of the given types, as if they were unknown values (the
    /// reference's `ReturnType`). Argument types are not converted: a type that does not
    /// conform to its parameter's is an error.
    ///
    /// ```
    /// use hclkit_value::stdlib;
    /// use hclkit_value::Type;
    /// assert_eq!(stdlib::upper().return_type(&[Type::String]).unwrap(), Type::String);
    /// assert_eq!(stdlib::upper().return_type(&[Type::Dynamic]).unwrap(), Type::String);
    /// assert!(stdlib::upper().return_type(&[Type::Bool]).is_err());
    /// ```
    pub fn return_type(&self, arg_types: &[Type]) -> Result<Type, FunctionError> {
        let args: Vec<Value> = arg_types.iter().map(|t| Value::unknown(t.clone())).collect();
        self.return_type_for_values(&args)
    }

    /// The result type for the given arguments (the reference's `ReturnTypeForValues`):
    /// steps 1 and 3–5 of the call semantics, without converting arguments.
    pub fn return_type_for_values(&self, args: &[Value]) -> Result<Type, FunctionError> {
        self.check_count(args.len())?;
        for (i, arg) in args.iter().enumerate() {
            let Some(param) = self.param_for_arg(i) else { break };
            if arg.is_null() && !param.allow_null {
                return Err(FunctionError::arg(i, "argument must not be null"));
            }
            let ty = arg.ty();
            if ty.is_dynamic() {
                if !param.allow_dynamic_type {
                    return Ok(Type::Dynamic);
                }
            } else if let Some(msg) = conformance_error(&ty, &param.ty) {
                return Err(FunctionError::arg(i, msg));
            }
        }
        (self.0.return_type)(args)
    }

    /// Converts arguments as HCL does before a call: checks their number, then converts each
    /// to its parameter's type (with the unsafe conversions allowed). Every argument that
    /// cannot be converted has an error, in argument order.
    pub fn convert_args(&self, args: &[Value]) -> Result<Vec<Value>, Vec<FunctionError>> {
        self.check_count(args.len()).map_err(|e| vec![e])?;
        let mut out = Vec::with_capacity(args.len());
        let mut errs = Vec::new();
        for (i, arg) in args.iter().enumerate() {
            let Some(param) = self.param_for_arg(i) else { break };
            match convert::convert(arg, &param.ty) {
                Ok(v) => out.push(v),
                Err(e) => {
                    let path = e.path().clone();
                    errs.push(FunctionError::arg(i, e.to_string()).with_path(path));
                }
            }
        }
        if errs.is_empty() {
            Ok(out)
        } else {
            Err(errs)
        }
    }

    /// Calls the function as an HCL function call expression does: arguments are converted to
    /// their parameters' types ([`Function::convert_args`], the first error wins), then
    /// [`Function::call_unconverted`].
    ///
    /// ```
    /// use hclkit_value::{stdlib, Type, Value};
    /// let substr = stdlib::substr();
    /// let v = substr.call(&[Value::string("hello"), Value::string("1"), Value::number(3)]).unwrap();
    /// assert_eq!(v, Value::string("ell"));
    /// let e = substr.call(&[Value::string("hello")]).unwrap_err();
    /// assert_eq!(e.message(), "wrong number of arguments (3 required; 1 given)");
    /// ```
    pub fn call(&self, args: &[Value]) -> Result<Value, FunctionError> {
        let args = self
            .convert_args(args)
            .map_err(|errs| errs.into_iter().next().unwrap_or_else(|| FunctionError::new("invalid arguments")))?;
        self.call_unconverted(&args)
    }

    /// Calls the function with the arguments as given (the reference's `Call`): an argument
    /// whose type does not conform to its parameter's is an error rather than converted.
    pub fn call_unconverted(&self, args: &[Value]) -> Result<Value, FunctionError> {
        let ty = self.return_type_for_values(args)?;
        for (i, arg) in args.iter().enumerate() {
            let Some(param) = self.param_for_arg(i) else { break };
            if arg.is_unknown() && !param.allow_unknown {
                return Ok(Value::unknown(ty));
            }
        }
        let result = (self.0.implementation)(args, &ty)?;
        check_result_type(result, &ty)
    }

    fn check_count(&self, given: usize) -> Result<(), FunctionError> {
        let expected = self.0.params.len();
        let variadic = self.0.var_param.is_some();
        if given < expected {
            let missing = self.0.params[given].name.clone();
            let message = if variadic {
                format!("wrong number of arguments (at least {expected} required; {given} given)")
            } else {
                format!("wrong number of arguments ({expected} required; {given} given)")
            };
            return Err(FunctionError {
                kind: FunctionErrorKind::NotEnoughArguments { expected, given, variadic, missing },
                ..FunctionError::new(message)
            });
        }
        if !variadic && given > expected {
            return Err(FunctionError {
                kind: FunctionErrorKind::TooManyArguments { expected, given },
                ..FunctionError::new(format!("wrong number of arguments ({expected} required; {given} given)"))
            });
        }
        Ok(())
    }
}

impl fmt::Debug for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Function")
            .field("params", &self.0.params)
            .field("var_param", &self.0.var_param)
            .finish_non_exhaustive()
    }
}

/// The reference's type-conformance test, returning its first complaint: `given` conforms to
/// `want` when they are the same type or `want` has the dynamic pseudo-type where they differ.
/// The result of a call, if it conforms to the type the function promised. (Apart from the
/// call, so that the frame of `call_unconverted`, on the path of nested calls of functions
/// that evaluate expressions, stays small.)
#[inline(never)]
fn check_result_type(result: Value, ty: &Type) -> Result<Value, FunctionError> {
    match conformance_error(&result.ty(), ty) {
        None => Ok(result),
        Some(msg) => Err(FunctionError::new(format!(
            "returned value {result:?} does not conform to expected return type {ty}: {msg}"
        ))),
    }
}

fn conformance_error(given: &Type, want: &Type) -> Option<String> {
    if want.is_dynamic() || given == want {
        return None;
    }
    match (given, want) {
        (Type::Object(g), Type::Object(w)) => {
            for (name, _) in g.attributes() {
                if w.attribute(name).is_none() {
                    return Some(format!("unsupported attribute {}", crate::go::quote(name)));
                }
            }
            for (name, _) in w.attributes() {
                if g.attribute(name).is_none() {
                    return Some(format!("missing required attribute {}", crate::go::quote(name)));
                }
            }
            w.attributes().iter().find_map(|(name, wt)| g.attribute(name).and_then(|gt| conformance_error(gt, wt)))
        }
        (Type::Tuple(g), Type::Tuple(w)) => {
            let (g, w) = (g.elements(), w.elements());
            if g.len() != w.len() {
                return Some(format!("{} elements are required, but got {}", w.len(), g.len()));
            }
            g.iter().zip(w).find_map(|(g, w)| conformance_error(g, w))
        }
        (Type::List(g), Type::List(w)) | (Type::Map(g), Type::Map(w)) | (Type::Set(g), Type::Set(w)) => {
            conformance_error(g, w)
        }
        _ => Some(format!("{} required, but received {}", want.friendly_name(), given.friendly_name())),
    }
}

/// What kind of failure a [`FunctionError`] reports.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FunctionErrorKind {
    /// Fewer arguments than positional parameters.
    NotEnoughArguments {
        /// The number of positional parameters.
        expected: usize,
        /// The number of arguments given.
        given: usize,
        /// Whether the function also has a variadic parameter ("at least").
        variadic: bool,
        /// The name of the first parameter with no argument.
        missing: String,
    },
    /// More arguments than parameters, for a function with no variadic parameter.
    TooManyArguments {
        /// The number of parameters.
        expected: usize,
        /// The number of arguments given.
        given: usize,
    },
    /// One argument is at fault: it could not be converted to its parameter's type, it is null
    /// where that is not allowed, or the function rejected it (the reference's `ArgError`).
    Argument {
        /// The position of the argument among all the arguments.
        index: usize,
    },
    /// The call failed for a reason not attributed to one argument.
    Call,
    /// The result would be larger than the caller allows (see [`with_result_allowance`]).
    ResultTooLarge,
}

/// Why a function call failed.
///
/// The message is the reference's error text (HCL wraps it as
/// `Invalid value for "str" parameter: <message>.` or
/// `Call to function "f" failed: <message>.`; see [`FunctionError::diagnostic`]).
#[derive(Clone)]
pub struct FunctionError {
    kind: FunctionErrorKind,
    message: String,
    path: Path,
    source: Option<Arc<dyn std::error::Error + Send + Sync>>,
}

impl FunctionError {
    /// An error not attributed to one argument.
    pub fn new(message: impl Into<String>) -> FunctionError {
        FunctionError { kind: FunctionErrorKind::Call, message: message.into(), path: Path::root(), source: None }
    }
    /// An error about the argument at `index` (counting all arguments, variadic ones included).
    pub fn arg(index: usize, message: impl Into<String>) -> FunctionError {
        FunctionError { kind: FunctionErrorKind::Argument { index }, ..FunctionError::new(message) }
    }
    /// The same error, attributed to the argument at `index`.
    pub fn for_arg(mut self, index: usize) -> FunctionError {
        self.kind = FunctionErrorKind::Argument { index };
        self
    }
    /// The same error, located at `path` inside the argument (or result).
    pub fn with_path(mut self, path: Path) -> FunctionError {
        self.path = path;
        self
    }
    /// The same error, carrying an underlying error (for example diagnostics from evaluating a
    /// user-defined function's body), available from [`FunctionError::source_error`].
    pub fn with_source(mut self, source: impl std::error::Error + Send + Sync + 'static) -> FunctionError {
        self.source = Some(Arc::new(source));
        self
    }
    /// What kind of failure this is.
    pub fn kind(&self) -> &FunctionErrorKind {
        &self.kind
    }
    /// The position of the argument at fault, if one is.
    pub fn arg_index(&self) -> Option<usize> {
        match self.kind {
            FunctionErrorKind::Argument { index } => Some(index),
            _ => None,
        }
    }
    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
    /// Where inside the argument the problem is (the root path when not known).
    pub fn path(&self) -> &Path {
        &self.path
    }
    /// The underlying error given with [`FunctionError::with_source`].
    pub fn source_error(&self) -> Option<&(dyn std::error::Error + Send + Sync + 'static)> {
        self.source.as_deref()
    }

    /// The diagnostic HCL reports for this error from a call of `function`, named `name`, with
    /// `arg_count` arguments.
    ///
    /// ```
    /// use hclkit_value::function::CallSubject;
    /// use hclkit_value::{stdlib, Value};
    /// let f = stdlib::upper();
    /// let args = [Value::null(hclkit_value::Type::String)];
    /// let d = f.call(&args).unwrap_err().diagnostic("upper", &f, args.len());
    /// assert_eq!(d.summary, "Invalid function argument");
    /// assert_eq!(d.detail, "Invalid value for \"str\" parameter: argument must not be null.");
    /// assert_eq!(d.subject, CallSubject::Argument(0));
    /// ```
    pub fn diagnostic(&self, name: &str, function: &Function, arg_count: usize) -> CallDiagnostic {
        match &self.kind {
            FunctionErrorKind::NotEnoughArguments { expected, variadic, missing, .. } => CallDiagnostic {
                summary: "Not enough function arguments".into(),
                detail: format!(
                    "Function {} expects{} {expected} argument(s). Missing value for {}.",
                    crate::go::quote(name),
                    if *variadic { " at least" } else { "" },
                    crate::go::quote(missing)
                ),
                subject: CallSubject::CloseParen,
            },
            FunctionErrorKind::TooManyArguments { expected, .. } => CallDiagnostic {
                summary: "Too many function arguments".into(),
                detail: format!("Function {} expects only {expected} argument(s).", crate::go::quote(name)),
                subject: CallSubject::Argument(*expected),
            },
            FunctionErrorKind::Argument { index } => match function.param_for_arg(*index) {
                Some(param) => CallDiagnostic {
                    summary: "Invalid function argument".into(),
                    detail: format!("Invalid value for {} parameter: {}.", crate::go::quote(&param.name), self.message),
                    subject: if *index < arg_count { CallSubject::Argument(*index) } else { CallSubject::Call },
                },
                None => call_failed(name, &self.message),
            },
            FunctionErrorKind::Call | FunctionErrorKind::ResultTooLarge => call_failed(name, &self.message),
        }
    }
}

fn call_failed(name: &str, message: &str) -> CallDiagnostic {
    CallDiagnostic {
        summary: "Error in function call".into(),
        detail: format!("Call to function {} failed: {message}.", crate::go::quote(name)),
        subject: CallSubject::CallStart,
    }
}

/// An error diagnostic for a failed function call, worded as HCL words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallDiagnostic {
    /// The summary ("Invalid function argument").
    pub summary: String,
    /// The detail ("Invalid value for \"str\" parameter: argument must not be null.").
    pub detail: String,
    /// Which part of the call expression the diagnostic points at.
    pub subject: CallSubject,
}

/// The part of a function call expression a [`CallDiagnostic`] points at (its context is the
/// whole call expression, except for [`CallSubject::Call`], which has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallSubject {
    /// The closing parenthesis (missing arguments).
    CloseParen,
    /// The start of the argument expression at this position.
    Argument(usize),
    /// The whole call expression (an error about a variadic parameter that got no argument).
    Call,
    /// The function name and the opening parenthesis.
    CallStart,
}

impl fmt::Display for FunctionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Debug for FunctionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("FunctionError");
        d.field("kind", &self.kind).field("message", &self.message);
        if !self.path.is_empty() {
            d.field("path", &self.path.to_string());
        }
        if let Some(s) = &self.source {
            d.field("source", s);
        }
        d.finish()
    }
}

impl std::error::Error for FunctionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.source {
            Some(s) => Some(&**s as &(dyn std::error::Error + 'static)),
            None => None,
        }
    }
}

impl PartialEq for FunctionError {
    /// Errors are equal when their kind, message and path are (underlying errors are ignored).
    fn eq(&self, other: &FunctionError) -> bool {
        self.kind == other.kind && self.message == other.message && self.path == other.path
    }
}

/// How many bytes of a string count as one unit of result size (see [`check_result_size`]).
pub const BYTES_PER_UNIT: u64 = 32;

/// The units of result size a collection or structural value counts for itself, besides
/// its elements (see [`check_result_size`]).
pub const CONTAINER_UNITS: u64 = 4;

std::thread_local! {
    static ALLOWANCE: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` (typically a function call) with a limit on the size of the results that the
/// functions it calls may build, in units: one per value (each element of a collection,
/// all the way down), [`CONTAINER_UNITS`] per collection, and one per [`BYTES_PER_UNIT`]
/// bytes of string. An evaluator with a
/// work budget sets it to what is left of the budget, so that a function whose result grows
/// much faster than its arguments (`setproduct`, string padding) fails before it
/// allocates, with an error of kind [`FunctionErrorKind::ResultTooLarge`]. Nested calls
/// restore the outer limit when they end.
///
/// ```
/// use hclkit_value::function::{with_result_allowance, FunctionErrorKind};
/// use hclkit_value::{stdlib, Value};
///
/// let r = Value::list((0..100).map(Value::number).collect()).unwrap();
/// let product = || stdlib::setproduct().call(&[r.clone(), r.clone()]);
/// assert_eq!(product().unwrap().length(), Some(10_000));
/// let err = with_result_allowance(Some(1_000), product).unwrap_err();
/// assert_eq!(err.kind(), &FunctionErrorKind::ResultTooLarge);
/// ```
pub fn with_result_allowance<R>(units: Option<u64>, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<u64>);
    impl Drop for Restore {
        fn drop(&mut self) {
            ALLOWANCE.with(|a| a.set(self.0));
        }
    }
    let _restore = Restore(ALLOWANCE.with(|a| a.replace(units)));
    f()
}

/// The result size the caller allows (`None`: no limit); see [`with_result_allowance`].
pub fn result_allowance() -> Option<u64> {
    ALLOWANCE.with(|a| a.get())
}

/// For function implementations: fails with a [`FunctionErrorKind::ResultTooLarge`] error
/// when a result of `units` units (see [`with_result_allowance`]) is more than the caller
/// allows. Call it before building a result that may be much larger than the arguments.
pub fn check_result_size(units: u64) -> Result<(), FunctionError> {
    match result_allowance() {
        Some(limit) if units > limit => Err(FunctionError {
            kind: FunctionErrorKind::ResultTooLarge,
            ..FunctionError::new(format!(
                "the result would have a size of {units} units, more than the {limit} the evaluation budget has left"
            ))
        }),
        _ => Ok(()),
    }
}
