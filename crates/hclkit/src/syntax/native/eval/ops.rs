//! Unary and binary operators.
//!
//! The reference implements each operator as a go-cty standard-library function of one or
//! two parameters: operands are first converted to the parameter type ("Invalid operand"
//! when they do not convert), then the function is called, whose failures ("argument must
//! not be null", `0/0`) become "Operation failed". Only `==` and `!=` accept nulls and
//! unknowns as such; every other operator gives an unknown result for an unknown operand.
//! Both operands are always evaluated: `&&` and `||` do not short-circuit.

use hclkit_value::convert::convert;
use hclkit_value::{OpError, Type, Value};

use super::expr::{has_errors, Diags, Evaluator};
use crate::context::budget::InLoop;
use crate::context::Scope;
use crate::syntax::native::ast::{BinaryOp, BinaryOpExpr, Expr, UnaryOp, UnaryOpExpr};

/// The parameter type of an operator's operands (the dynamic pseudo-type for equality).
fn operand_type(op: BinaryOp) -> Type {
    use BinaryOp::*;
    match op {
        LogicalOr | LogicalAnd => Type::Bool,
        Equal | NotEqual => Type::Dynamic,
        _ => Type::Number,
    }
}

/// The result type of an operator.
fn result_type(op: BinaryOp) -> Type {
    use BinaryOp::*;
    match op {
        Add | Subtract | Multiply | Divide | Modulo => Type::Number,
        _ => Type::Bool,
    }
}

/// Applies a binary operator to converted operands, as the operator's function call would.
fn apply_binary(op: BinaryOp, l: &Value, r: &Value) -> Result<Value, String> {
    use BinaryOp::*;
    match op {
        Equal => return Ok(l.equals(r)),
        NotEqual => return Ok(l.not_equals(r)),
        _ => {}
    }
    if l.is_null() || r.is_null() {
        return Err("argument must not be null".to_owned());
    }
    if !l.is_known() || !r.is_known() {
        return Ok(Value::unknown(result_type(op)));
    }
    let r = match op {
        LogicalOr => l.or(r),
        LogicalAnd => l.and(r),
        GreaterThan => l.greater_than(r),
        GreaterThanOrEqual => l.greater_than_or_equal(r),
        LessThan => l.less_than(r),
        LessThanOrEqual => l.less_than_or_equal(r),
        Add => l.add(r),
        Subtract => l.sub(r),
        Multiply => l.mul(r),
        Divide => l.div(r),
        Modulo => l.rem(r),
        Equal | NotEqual => Ok(Value::bool(false)),
    };
    r.map_err(|e: OpError| e.message().to_owned())
}

impl<'a> Evaluator<'a> {
    /// A binary operation; a left-leaning chain (`a + b + c + ...`) is evaluated iteratively
    /// so long chains need no deep recursion.
    #[inline(never)]
    pub(crate) fn binary_chain(&mut self, e: BinaryOpExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        // The operations of the chain, innermost last: the first few on the stack, the rest
        // (long chains only) in a vector.
        const SHORT: usize = 4;
        let mut short = [e; SHORT];
        let mut n = 1;
        let mut long = Vec::new();
        let mut leftmost = e.lhs();
        while let Expr::BinaryOp(b) = leftmost {
            if n < SHORT {
                short[n] = b;
            } else {
                long.push(b);
            }
            n += 1;
            leftmost = b.lhs();
        }
        let (mut acc, mut acc_diags) = self.eval(leftmost, scope);
        for b in long.into_iter().rev().chain(short[..n.min(SHORT)].iter().rev().copied()) {
            let (rhs, rhs_diags) = self.eval(b.rhs(), scope);
            (acc, acc_diags) = self.binary(b, acc, acc_diags, rhs, rhs_diags);
        }
        (acc, acc_diags)
    }

    fn binary(
        &mut self,
        e: BinaryOpExpr<'a>,
        lhs: Value,
        mut diags: Diags,
        rhs: Value,
        rhs_diags: Diags,
    ) -> (Value, Diags) {
        let op = e.op();
        diags.extend(rhs_diags);
        let want = operand_type(op);
        let l = convert(&lhs, &want).map_err(|err| {
            self.error(
                "Invalid operand",
                format!("Unsuitable value for left operand: {err}."),
                e.lhs().span(),
                Some(e.span()),
            )
        });
        let r = convert(&rhs, &want).map_err(|err| {
            self.error(
                "Invalid operand",
                format!("Unsuitable value for right operand: {err}."),
                e.rhs().span(),
                Some(e.span()),
            )
        });
        let (l, r) = match (l, r) {
            (Ok(l), Ok(r)) => (l, r),
            (l, r) => {
                diags.extend(l.err());
                diags.extend(r.err());
                return (Value::unknown(result_type(op)), diags);
            }
        };
        if has_errors(&diags) {
            return (Value::unknown(result_type(op)), diags);
        }
        // Comparing collections walks them: in a loop, that is paid for by their size.
        if matches!(op, BinaryOp::Equal | BinaryOp::NotEqual) && InLoop::active() {
            let units = self.size_of(&l).saturating_sub(1).saturating_add(self.size_of(&r).saturating_sub(1));
            if !self.charge(units, Expr::BinaryOp(e), "comparison", &mut diags) {
                return (Value::dynamic(), diags);
            }
        }
        match apply_binary(op, &l, &r) {
            Ok(v) => (v, diags),
            Err(msg) => {
                diags.push(self.error("Operation failed", format!("Error during operation: {msg}."), e.span(), None));
                (Value::unknown(result_type(op)), diags)
            }
        }
    }

    #[inline(never)]
    pub(crate) fn unary(&mut self, e: UnaryOpExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        let (given, diags) = self.eval(e.operand(), scope);
        self.apply_unary(e, given, diags)
    }

    /// Applies a unary operator to its operand's value.
    #[inline(never)]
    fn apply_unary(&self, e: UnaryOpExpr<'a>, given: Value, mut diags: Diags) -> (Value, Diags) {
        let ty = match e.op() {
            UnaryOp::Negate => Type::Number,
            UnaryOp::LogicalNot => Type::Bool,
        };
        let v = match convert(&given, &ty) {
            Ok(v) => v,
            Err(err) => {
                diags.push(self.error(
                    "Invalid operand",
                    format!("Unsuitable value for unary operand: {err}."),
                    e.operand().span(),
                    Some(e.span()),
                ));
                return (Value::unknown(ty), diags);
            }
        };
        if has_errors(&diags) {
            return (Value::unknown(ty), diags);
        }
        let result = if v.is_null() {
            Err("argument must not be null".to_owned())
        } else if !v.is_known() {
            Ok(Value::unknown(ty.clone()))
        } else {
            match e.op() {
                UnaryOp::Negate => v.neg(),
                UnaryOp::LogicalNot => v.not(),
            }
            .map_err(|err| err.message().to_owned())
        };
        match result {
            Ok(v) => (v, diags),
            Err(msg) => {
                diags.push(self.error("Operation failed", format!("Error during operation: {msg}."), e.span(), None));
                (Value::unknown(ty), diags)
            }
        }
    }
}
