//! Number functions: `abs`, `int`, `max`, `min`.

use std::cmp::Ordering;

use crate::function::{Function, FunctionError, Parameter};
use crate::number::Number;
use crate::ty::Type;
use crate::value::Value;

fn number_arg(args: &[Value], i: usize) -> Result<&Number, FunctionError> {
    // The call machinery only passes known, non-null numbers here.
    args.get(i).and_then(Value::as_number).ok_or_else(|| FunctionError::arg(i, "a number is required"))
}

/// `abs(num)`: the number without its sign.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::absolute().call(&[Value::number(-3)]).unwrap(), Value::number(3));
/// ```
pub fn absolute() -> Function {
    Function::builder()
        .description(
            "If the given number is negative then returns its positive equivalent, or otherwise returns the given number unchanged.",
        )
        .param(Parameter::new("num", Type::Number).allow_dynamic_type(true))
        .static_return_type(Type::Number)
        .implementation(|args, _| Ok(Value::number(number_arg(args, 0)?.abs())))
        .build()
}

/// `int(num)`: the number with any fractional part discarded (truncated towards zero).
///
/// ```
/// use hclkit_value::{stdlib, Number, Value};
/// let n = Value::number(Number::parse("-3.7").unwrap());
/// assert_eq!(stdlib::int().call(&[n]).unwrap(), Value::number(-3));
/// ```
pub fn int() -> Function {
    Function::builder()
        .description("Discards any fractional portion of the given number.")
        .param(Parameter::new("num", Type::Number).allow_dynamic_type(true))
        .static_return_type(Type::Number)
        .implementation(|args, _| {
            let n = number_arg(args, 0)?;
            if n.is_integer() {
                return Ok(args[0].clone());
            }
            if n.is_infinite() {
                // The reference fails here too (its implementation panics on an infinity).
                return Err(FunctionError::new("cannot discard the fractional portion of an infinite number"));
            }
            Ok(Value::number(n.trunc()))
        })
        .build()
}

fn extremum(description: &'static str, keep: Ordering) -> Function {
    Function::builder()
        .description(description)
        .var_param(Parameter::new("numbers", Type::Number).allow_dynamic_type(true))
        .static_return_type(Type::Number)
        .implementation(move |args, _| {
            let mut best: Option<&Value> = None;
            for (i, arg) in args.iter().enumerate() {
                let n = number_arg(args, i)?;
                // The first of equal numbers wins, as in the reference.
                let better = match best.and_then(Value::as_number) {
                    None => true,
                    Some(b) => n.cmp(b) == keep,
                };
                if better {
                    best = Some(arg);
                }
            }
            best.cloned().ok_or_else(|| FunctionError::new("must pass at least one number"))
        })
        .build()
}

/// `max(numbers...)`: the greatest of the numbers (at least one).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::max().call(&[1.into(), 3.into(), 2.into()]).unwrap(), Value::number(3));
/// assert_eq!(stdlib::max().call(&[]).unwrap_err().message(), "must pass at least one number");
/// ```
pub fn max() -> Function {
    extremum("Returns the numerically greatest of all of the given numbers.", Ordering::Greater)
}

/// `min(numbers...)`: the least of the numbers (at least one).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::min().call(&[1.into(), 3.into(), (-2).into()]).unwrap(), Value::number(-2));
/// ```
pub fn min() -> Function {
    extremum("Returns the numerically smallest of all of the given numbers.", Ordering::Less)
}
