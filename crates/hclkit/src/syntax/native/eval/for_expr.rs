//! `for` expressions: the collection and condition checks, the scopes of the iterations, and
//! the tuple or object built.

use hclkit_value::convert::convert;
use hclkit_value::{Type, Value};

use super::expr::{has_errors, Diags, Evaluator};
use crate::context::budget::{self, InLoop};
use crate::context::{ChildScope, Scope};
use crate::diagnostic::{go_quote, Diagnostic};
use crate::syntax::native::ast::*;

impl<'a> Evaluator<'a> {
    /// A `for` expression. Its steps are methods of their own, so the frames on the path
    /// of nested `for` expressions stay small.
    #[inline(never)]
    pub(super) fn for_expr(&mut self, f: ForExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        let (coll, mut diags) = self.eval(f.collection(), scope);
        if !self.for_collection_ok(f, &coll, &mut diags) || !self.for_condition_ok(f, scope, &mut diags) {
            return (Value::dynamic(), diags);
        }
        let v = if f.key_expr().is_some() {
            self.for_object(f, &coll, scope, &mut diags)
        } else {
            self.for_tuple(f, &coll, scope, &mut diags)
        };
        (v, diags)
    }

    /// Whether a `for` expression's collection can be iterated (otherwise the result is the
    /// dynamic value, with a diagnostic if the collection is wrong); charges for the result.
    #[inline(never)]
    fn for_collection_ok(&mut self, f: ForExpr<'a>, coll: &Value, diags: &mut Diags) -> bool {
        let coll_span = f.collection().span();
        if coll.is_null() {
            diags.push(self.error(
                "Iteration over null value",
                "A null value cannot be used as the collection in a 'for' expression.",
                coll_span,
                Some(f.span()),
            ));
            return false;
        }
        let ty = coll.ty();
        if ty.is_dynamic() {
            return false;
        }
        if !(ty.is_collection() || ty.is_structural()) {
            diags.push(self.error(
                "Iteration over non-iterable value",
                format!(
                    "A value of type {} cannot be used as the collection in a 'for' expression.",
                    ty.friendly_name()
                ),
                coll_span,
                Some(f.span()),
            ));
            return false;
        }
        if !coll.is_known() {
            return false;
        }
        // The result, a tuple or an object.
        self.charge(budget::CONTAINER_UNITS, Expr::For(f), "`for` expression", diags)
    }

    /// An early check of the condition with unknown variables, to catch mistakes once
    /// rather than once per element: whether to go on.
    #[inline(never)]
    fn for_condition_ok(&mut self, f: ForExpr<'a>, scope: Scope<'_>, diags: &mut Diags) -> bool {
        let Some(cond) = f.condition() else { return true };
        let cs = ChildScope {
            parent: scope,
            key: f.key_var().map(|name| (name, Value::dynamic())),
            value: (f.value_var(), Value::dynamic()),
        };
        let (result, cond_diags) = self.eval(cond, Scope::Child(&cs));
        let cond_failed = has_errors(&cond_diags);
        diags.extend(cond_diags);
        if self.for_condition_checked(f, cond, &result) {
            return !cond_failed;
        }
        self.for_condition_report(f, cond, &result, diags);
        false
    }

    /// Whether the early check's result is a bool (or convertible, or unknown), not null.
    fn for_condition_checked(&self, _f: ForExpr<'a>, _cond: Expr<'a>, result: &Value) -> bool {
        !result.is_null() && convert(result, &Type::Bool).is_ok()
    }

    /// Adds the diagnostic for a bad early check's result.
    #[cold]
    #[inline(never)]
    fn for_condition_report(&self, f: ForExpr<'a>, cond: Expr<'a>, result: &Value, diags: &mut Diags) {
        if result.is_null() {
            diags.push(self.error(
                "Condition is null",
                "The value of the 'if' clause must not be null.",
                cond.span(),
                Some(f.span()),
            ));
        } else if let Err(e) = convert(result, &Type::Bool) {
            diags.push(self.invalid_condition(f, cond, &e.to_string()));
        }
    }

    /// The scope of one iteration.
    fn for_scope<'s>(f: ForExpr<'a>, scope: Scope<'s>, k: Value, v: Value) -> ChildScope<'s>
    where
        'a: 's,
    {
        ChildScope { parent: scope, key: f.key_var().map(|name| (name, k)), value: (f.value_var(), v) }
    }

    /// Whether the element of this iteration is in the result: the condition is true.
    /// `None` when it is not known (or not a bool), which makes the whole result unknown.
    #[inline(never)]
    fn for_include(&mut self, f: ForExpr<'a>, inner: Scope<'_>, known: &mut bool, diags: &mut Diags) -> Option<bool> {
        let Some(cond) = f.condition() else { return Some(true) };
        let (raw, d) = self.eval(cond, inner);
        diags.extend(d);
        if raw.is_null() {
            if *known {
                diags.push(self.invalid_condition(f, cond, ""));
            }
            return None;
        }
        // (An object `for` expression converts first, so an unknown of a wrong type is
        // reported, as the reference does.)
        if !raw.is_known() && f.key_expr().is_none() {
            return None;
        }
        match convert(&raw, &Type::Bool) {
            Ok(b) if !b.is_known() => None,
            Ok(b) => Some(b.as_bool() != Some(false)),
            Err(e) => {
                if *known {
                    diags.push(self.invalid_condition(f, cond, &e.to_string()));
                }
                None
            }
        }
    }

    /// A `for` expression making a tuple.
    #[inline(never)]
    fn for_tuple(&mut self, f: ForExpr<'a>, coll: &Value, scope: Scope<'_>, diags: &mut Diags) -> Value {
        let mut known = true;
        let mut vals = Vec::new();
        let _in_loop = InLoop::enter();
        let mut seen = diags.len();
        for (k, v) in coll.iter_elements() {
            if !self.charge_iteration(1, diags, &mut seen, Expr::For(f), "`for` expression") {
                return Value::dynamic();
            }
            let cs = Self::for_scope(f, scope, k, v);
            let inner = Scope::Child(&cs);
            match self.for_include(f, inner, &mut known, diags) {
                None => {
                    known = false;
                    continue;
                }
                Some(false) => continue,
                Some(true) => {}
            }
            let (val, d) = self.eval(f.value_expr(), inner);
            diags.extend(d);
            if !self.charge_shared(0, &val, f.value_expr(), Expr::For(f), "`for` expression", diags) {
                return Value::dynamic();
            }
            vals.push(val);
        }
        if !self.charge_iteration(0, diags, &mut seen, Expr::For(f), "`for` expression") || !known {
            return Value::dynamic();
        }
        Value::tuple(vals)
    }

    /// A `for` expression making an object: keys in first-seen order, each with one value
    /// or a group.
    #[inline(never)]
    fn for_object(&mut self, f: ForExpr<'a>, coll: &Value, scope: Scope<'_>, diags: &mut Diags) -> Value {
        let Some(key_expr) = f.key_expr() else { return Value::dynamic() };
        let mut known = true;
        let mut entries: Vec<(String, Vec<Value>)> = Vec::new();
        let mut index = std::collections::HashMap::<String, usize>::new();
        let _in_loop = InLoop::enter();
        let mut seen = diags.len();
        for (k, v) in coll.iter_elements() {
            if !self.charge_iteration(1, diags, &mut seen, Expr::For(f), "`for` expression") {
                return Value::dynamic();
            }
            let cs = Self::for_scope(f, scope, k, v);
            let inner = Scope::Child(&cs);
            match self.for_include(f, inner, &mut known, diags) {
                None => {
                    known = false;
                    continue;
                }
                Some(false) => continue,
                Some(true) => {}
            }
            let (key_raw, d) = self.eval(key_expr, inner);
            diags.extend(d);
            let Some(key) = self.for_key(f, key_expr, key_raw, &mut known, diags) else {
                continue;
            };
            let (val, d) = self.eval(f.value_expr(), inner);
            diags.extend(d);
            let key_units = budget::string_units(key.len());
            if !self.charge_shared(key_units, &val, f.value_expr(), Expr::For(f), "`for` expression", diags) {
                return Value::dynamic();
            }
            self.for_insert(f, key_expr, key, val, &mut entries, &mut index, diags);
        }
        if !self.charge_iteration(0, diags, &mut seen, Expr::For(f), "`for` expression") || !known {
            return Value::dynamic();
        }
        let group = f.group();
        let attrs = entries.into_iter().map(|(k, mut vs)| {
            let v = if group { Value::tuple(vs) } else { vs.pop().unwrap_or_else(Value::dynamic) };
            (k, v)
        });
        Value::object(attrs)
    }

    /// The key of one element of an object `for` expression; `None` (and the result not
    /// known) when it is null, unknown or not a string.
    #[inline(never)]
    fn for_key(
        &self,
        f: ForExpr<'a>,
        key_expr: Expr<'a>,
        key_raw: Value,
        known: &mut bool,
        diags: &mut Diags,
    ) -> Option<String> {
        if key_raw.is_null() {
            if *known {
                diags.push(self.error(
                    "Invalid object key",
                    "Key expression in 'for' expression must not produce a null value.",
                    key_expr.span(),
                    Some(f.span()),
                ));
            }
            *known = false;
            return None;
        }
        if !key_raw.is_known() {
            *known = false;
            return None;
        }
        match convert(&key_raw, &Type::String) {
            Ok(k) => Some(k.as_str().unwrap_or_default().to_owned()),
            Err(e) => {
                if *known {
                    diags.push(self.error(
                        "Invalid object key",
                        format!("The key expression produced an invalid result: {e}."),
                        key_expr.span(),
                        Some(f.span()),
                    ));
                }
                *known = false;
                None
            }
        }
    }

    /// Adds one element to an object `for` expression's entries: to its key's group, or as
    /// a new key, or (a duplicate without grouping) as a diagnostic.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn for_insert(
        &self,
        f: ForExpr<'a>,
        key_expr: Expr<'a>,
        key: String,
        val: Value,
        entries: &mut Vec<(String, Vec<Value>)>,
        index: &mut std::collections::HashMap<String, usize>,
        diags: &mut Diags,
    ) {
        match index.get(&key) {
            Some(&i) if f.group() => entries[i].1.push(val),
            Some(_) => diags.push(self.error(
                "Duplicate object key",
                format!(
                    "Two different items produced the key {} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
                    go_quote(&key)
                ),
                key_expr.span(),
                Some(f.span()),
            )),
            None => {
                index.insert(key.clone(), entries.len());
                entries.push((key, vec![val]));
            }
        }
    }

    /// "Invalid 'for' condition": for a null value when `err` is empty, else a conversion error.
    fn invalid_condition(&self, f: ForExpr<'a>, cond: Expr<'a>, err: &str) -> Diagnostic {
        let detail = if err.is_empty() {
            "The value of the 'if' clause must not be null.".to_owned()
        } else {
            format!("The 'if' clause value is invalid: {err}.")
        };
        self.error("Invalid 'for' condition", detail, cond.span(), Some(f.span()))
    }
}
