//! Splat expressions (`list[*].name`): the source as a sequence, each element traversed, and
//! the result's type when the source is unknown.

use hclkit_value::{Type, Value};

use super::expr::{has_errors, Diags, Evaluator};
use crate::context::budget::{self, InLoop};
use crate::context::Scope;
use crate::syntax::native::ast::*;

impl<'a> Evaluator<'a> {
    #[inline(never)]
    pub(super) fn splat(&mut self, s: SplatExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        let (source, mut diags) = self.eval(s.source(), scope);
        let v = match self.splat_source(s, source, &mut diags) {
            SplatSource::Done(v) => v,
            SplatSource::Unknown(ty) => {
                let (rty, d) = self.splat_result_type(s, &ty, scope);
                diags.extend(d);
                Value::unknown(rty)
            }
            SplatSource::Known(source, upgraded_unknown) => {
                self.splat_elements(s, source, upgraded_unknown, scope, &mut diags)
            }
        };
        (v, diags)
    }

    /// What a splat iterates over, or its result already.
    #[inline(never)]
    fn splat_source(&self, s: SplatExpr<'a>, source: Value, diags: &mut Diags) -> SplatSource {
        if has_errors(diags) {
            return SplatSource::Done(Value::dynamic());
        }
        let ty = source.ty();
        let auto_upgrade = !(ty.is_tuple() || ty.is_list() || ty.is_set());
        if source.is_null() {
            if auto_upgrade {
                return SplatSource::Done(Value::empty_tuple());
            }
            diags.push(self.error(
                "Splat of null value",
                "Splat expressions (with the * symbol) cannot be applied to null sequences.",
                s.source().span(),
                Some(s.source().span().to(s.marker_span())),
            ));
            return SplatSource::Done(Value::dynamic());
        }
        if ty.is_dynamic() {
            return SplatSource::Done(Value::dynamic());
        }
        let mut source = source;
        let mut upgraded_unknown = false;
        if auto_upgrade {
            upgraded_unknown = !source.is_known();
            source = Value::tuple(vec![source]);
        }
        if !source.is_known() {
            return SplatSource::Unknown(source.ty());
        }
        SplatSource::Known(source, upgraded_unknown)
    }

    /// A splat's result over the elements of a known `source`.
    #[inline(never)]
    fn splat_elements(
        &mut self,
        s: SplatExpr<'a>,
        source: Value,
        upgraded_unknown: bool,
        scope: Scope<'_>,
        diags: &mut Diags,
    ) -> Value {
        let item = s.item().id();
        if !self.charge(budget::CONTAINER_UNITS, Expr::Splat(s), "splat expression", diags) {
            return Value::dynamic();
        }
        let mut vals = Vec::with_capacity(source.length().unwrap_or(0));
        let mut is_known = true;
        let in_loop = InLoop::enter();
        let mut seen = diags.len();
        for elem in source.elements().unwrap_or(&[]) {
            self.anon.push((item, elem.clone()));
            let (v, d) = self.eval(s.each(), scope);
            self.anon.pop();
            if has_errors(&d) {
                is_known = false;
            }
            diags.extend(d);
            if !self.charge_shared(1, &v, s.each(), Expr::Splat(s), "splat expression", diags)
                || !self.charge_iteration(0, diags, &mut seen, Expr::Splat(s), "splat expression")
            {
                return Value::dynamic();
            }
            vals.push(v);
        }
        drop(in_loop);
        if upgraded_unknown {
            return Value::dynamic();
        }
        let ty = source.ty();
        if !is_known {
            let (rty, _) = self.splat_result_type(s, &ty, scope);
            return Value::unknown(rty);
        }
        if ty.is_tuple() {
            return Value::tuple(vals);
        }
        if vals.is_empty() {
            let (rty, d) = self.splat_result_type(s, &ty, scope);
            diags.extend(d);
            let ety = rty.element_type().cloned().unwrap_or(Type::Dynamic);
            return Value::empty_list(ety);
        }
        // Each element went through the same expression, so the types agree in practice; a
        // tuple is the fallback where they do not (the reference would crash).
        match Value::list(vals.clone()) {
            Ok(l) => l,
            Err(_) => Value::tuple(vals),
        }
    }

    /// The type a splat's result would have, from evaluating its per-element expression on
    /// unknown values of the element types.
    fn splat_result_type(&mut self, s: SplatExpr<'a>, ty: &Type, scope: Scope<'_>) -> (Type, Diags) {
        let item = s.item().id();
        let mut diags = Vec::new();
        let mut each_type = |ev: &mut Self, ety: &Type| {
            ev.anon.push((item, Value::unknown(ety.clone())));
            let (v, d) = ev.eval(s.each(), scope);
            ev.anon.pop();
            diags.extend(d);
            v.ty()
        };
        let _in_loop = InLoop::enter();
        let rty = match ty {
            Type::List(ety) | Type::Set(ety) => Type::list(each_type(self, ety)),
            Type::Tuple(t) => Type::tuple(t.elements().iter().map(|ety| each_type(self, ety)).collect::<Vec<_>>()),
            _ => Type::Dynamic,
        };
        (rty, diags)
    }
}

/// What a splat expression iterates over.
enum SplatSource {
    /// Nothing: this is the result.
    Done(Value),
    /// An unknown value of this type.
    Unknown(Type),
    /// A known sequence; whether it is a single unknown value made a tuple.
    Known(Value, bool),
}
