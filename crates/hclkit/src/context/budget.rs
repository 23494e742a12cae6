//! The evaluation budget: a bound on the work evaluation may do, so that a short hostile
//! expression cannot take minutes and gigabytes.
//!
//! A hundred bytes of HCL can ask for billions of values:
//! `[for i in range(1000): [for j in range(1000): [for k in range(1000): k]]]`. The
//! reference evaluates whatever it is given; hclkit counts the work in *units* against a
//! [`Budget`] and stops with an "Evaluation too large" error diagnostic, on the expression
//! that crossed the limit, once the count passes the budget's limit.
//!
//! # What costs a unit
//!
//! A unit stands for one value produced: roughly one element of a collection, a few dozen
//! bytes of memory and well under a microsecond of work. Charged are what can repeat or
//! grow beyond the size of the source:
//!
//! - each iteration of a `for` expression (and so of a template `for` directive) and each
//!   element a splat expression visits: one unit; the collection a `for` expression or a
//!   splat makes: [`CONTAINER_UNITS`];
//! - each function call's result: its size (one unit per value in it, all the way down,
//!   [`CONTAINER_UNITS`] per collection, and one per [`STRING_BYTES_PER_UNIT`] bytes of each
//!   string and object key);
//! - each string a template builds (or a `for` directive joins): one unit per
//!   [`STRING_BYTES_PER_UNIT`] bytes;
//! - inside a loop (a `for` expression's body or condition, a splat's per-element
//!   expression, also in expressions evaluated by a function called there): tuple and
//!   object constructors (the collection and each element), string literals by their
//!   length, and comparisons (`==`, `!=`) of collections by the size of their operands;
//! - inside a loop, one unit per 64 elements of each collection argument of a function
//!   call (a call like `contains(list, x)` scans its argument), and 16 units for each error
//!   diagnostic, plus its text (each one is kept and printed);
//! - wherever a value that already existed (a variable, an element of another value)
//!   becomes part of a new value in a loop, its whole size: values share their parts, so
//!   `[for i in range(1000): local_list]` is a thousand copies of `local_list` as far as
//!   anything that reads it (conversion, JSON encoding, the output) is concerned.
//!
//! What is evaluated once per place in the source (literals, constructors and operators
//! outside loops) is bounded by the size of the source and costs nothing, so a large
//! configuration with no loops uses none of the budget.
//!
//! # One budget, many evaluations
//!
//! A budget is a shared counter: every evaluation that uses it adds to it, and it is never
//! reset by itself. Which budget an evaluation uses:
//!
//! 1. the one set on its [`EvalContext`](super::EvalContext) with
//!    [`with_budget`](super::EvalContext::with_budget) (child contexts share their parent's);
//! 2. otherwise the budget of the evaluation already running on this thread, if any (an
//!    expression a function evaluates during a call, such as `try`'s arguments or an hcldec
//!    spec file's functions, counts against its caller's budget), or the one installed with
//!    [`Budget::run`] (for evaluations with no context at all);
//! 3. otherwise a fresh budget with the [default limit](Budget::DEFAULT_LIMIT), for this
//!    one top-level evaluation.
//!
//! So a context without a budget bounds each top-level evaluation on its own (a long-lived
//! context never runs out), and an application that evaluates a whole untrusted file
//! bounds the file as a whole by setting one budget on the context, as `hcldec` does:
//!
//! ```
//! use hclkit::eval::{Budget, EvalContext};
//! use hclkit_value::stdlib;
//!
//! let budget = Budget::new(50_000);
//! let ctx = EvalContext::new().with_functions(stdlib::all()).with_budget(budget.clone());
//! let file = hclkit::parse_config(
//!     b"a = [for i in range(100): i]\nb = [for i in range(1000): [for j in range(100): j]]\n".as_slice(),
//!     "main.hcl",
//! ).into_value();
//! let (v, diags) = file.body().attribute("a").unwrap().expr().value(Some(&ctx));
//! assert!(diags.is_empty());
//! assert_eq!(v.length(), Some(100));
//! let used = budget.used();
//! assert!(used > 100 && used < 1000, "{used}");
//!
//! // b would produce 100,000 numbers: more than the 50,000 units the budget allows.
//! let (_, diags) = file.body().attribute("b").unwrap().expr().value(Some(&ctx));
//! let d = &diags[0];
//! assert_eq!(d.summary, "Evaluation too large");
//! assert_eq!(d.subject.as_ref().unwrap().start.line, 2);
//! assert!(budget.is_exhausted());
//!
//! // An unlimited budget lifts the limit (for trusted input only).
//! let ctx = ctx.with_budget(Budget::unlimited());
//! let (v, diags) = file.body().attribute("b").unwrap().expr().value(Some(&ctx));
//! assert!(diags.is_empty());
//! assert_eq!(v.length(), Some(1000));
//! ```

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use hclkit_value::Value;

/// How many bytes of a string count as one unit (about the memory a small value takes).
pub const STRING_BYTES_PER_UNIT: u64 = hclkit_value::function::BYTES_PER_UNIT;

/// The units a collection or structural value costs itself, besides its elements: it has
/// its own allocations (its elements, its type), a few small values' worth.
pub const CONTAINER_UNITS: u64 = hclkit_value::function::CONTAINER_UNITS;

/// A limit on the work evaluation may do, and the count of the work done so far; see the
/// [module documentation](self) for what counts.
///
/// Cloning a budget shares it: the clones count against one limit.
///
/// ```
/// use hclkit::eval::Budget;
///
/// let b = Budget::new(1000);
/// assert_eq!(b.limit(), Some(1000));
/// assert_eq!(b.used(), 0);
/// assert!(Budget::unlimited().limit().is_none());
/// assert_eq!(Budget::default().limit(), Some(Budget::DEFAULT_LIMIT));
/// ```
#[derive(Clone)]
pub struct Budget(Arc<Inner>);

struct Inner {
    limit: Option<u64>,
    used: AtomicU64,
    hint: Cow<'static, str>,
}

const DEFAULT_HINT: &str =
    "The application evaluating this configuration sets the limit (hclkit's EvalContext::with_budget).";

impl Budget {
    /// The default limit: 2,000,000 units.
    ///
    /// Real configurations stay far below it: a unit is an element produced by a loop or a
    /// function, and even configurations of thousands of resources with loops over every
    /// one of them produce tens of thousands (a thousand services, each merged with
    /// defaults, grouped, flattened, formatted, sorted and templated in eleven expressions,
    /// use about 95,000). At the limit, in an optimised build, evaluation has taken about
    /// 0.3 s of CPU and at most about 125 MB in the worst cases measured (nested loops and
    /// calls building numbers, objects and strings).
    pub const DEFAULT_LIMIT: u64 = 2_000_000;

    /// A budget of `limit` units.
    pub fn new(limit: u64) -> Budget {
        Budget::with_limit(Some(limit))
    }

    /// A budget without a limit: evaluation may do any amount of work (for trusted input).
    pub fn unlimited() -> Budget {
        Budget::with_limit(None)
    }

    /// A budget of `limit` units, or without a limit for `None`.
    pub fn with_limit(limit: Option<u64>) -> Budget {
        Budget(Arc::new(Inner { limit, used: AtomicU64::new(0), hint: Cow::Borrowed(DEFAULT_HINT) }))
    }

    /// This budget with the sentence the "Evaluation too large" diagnostic ends with, saying
    /// how to raise the limit (by default, that the application sets it). Makes a new
    /// budget: clones made before do not share the count with it.
    ///
    /// ```
    /// use hclkit::eval::{Budget, EvalContext};
    /// use hclkit_value::stdlib;
    ///
    /// let budget = Budget::new(10).with_hint("Run with --eval-limit=N to raise the limit.");
    /// let ctx = EvalContext::new().with_functions(stdlib::all()).with_budget(budget);
    /// let e = hclkit::parse_expression(b"range(100)".as_slice(), "x.hcl").into_value();
    /// let (_, diags) = e.expr().value(Some(&ctx));
    /// assert!(diags[0].detail.ends_with("Run with --eval-limit=N to raise the limit."));
    /// ```
    pub fn with_hint(self, hint: impl Into<Cow<'static, str>>) -> Budget {
        Budget(Arc::new(Inner { limit: self.0.limit, used: AtomicU64::new(self.used()), hint: hint.into() }))
    }

    /// The limit, if any.
    pub fn limit(&self) -> Option<u64> {
        self.0.limit
    }

    /// The units used so far (may be more than the limit: the charge that crossed it counts).
    pub fn used(&self) -> u64 {
        self.0.used.load(Ordering::Relaxed)
    }

    /// The units left before the limit (`u64::MAX` without a limit).
    pub fn remaining(&self) -> u64 {
        match self.0.limit {
            Some(l) => l.saturating_sub(self.used()),
            None => u64::MAX,
        }
    }

    /// Whether the work done has passed the limit: every further charge fails.
    pub fn is_exhausted(&self) -> bool {
        self.0.limit.is_some_and(|l| self.used() > l)
    }

    /// Sets the count back to zero (for an application that reuses a context for unrelated
    /// evaluations).
    pub fn reset(&self) {
        self.0.used.store(0, Ordering::Relaxed);
    }

    /// Runs `f` with this budget as the one for evaluations on this thread that have no
    /// budget of their own: those without a context, or whose context has none set.
    ///
    /// ```
    /// use hclkit::eval::Budget;
    ///
    /// let e = hclkit::parse_expression(b"[for a in [1, 2, 3]: [for b in [1, 2, 3]: b]]".as_slice(), "x.hcl").into_value();
    /// let budget = Budget::new(100);
    /// let (v, diags) = budget.run(|| e.expr().value(None));
    /// assert!(diags.is_empty());
    /// assert_eq!(v.length(), Some(3));
    /// assert!(budget.used() >= 12);
    /// ```
    pub fn run<R>(&self, f: impl FnOnce() -> R) -> R {
        let _guard = Running::enter(self.clone());
        f()
    }

    /// Adds `units` to the count (also without a limit, so the work can be measured);
    /// whether the count is still within the limit.
    pub(crate) fn charge(&self, units: u64) -> bool {
        // A charge adds no more than just past the limit (and never more than 2^48), and
        // the count saturates, so it cannot wrap around.
        let limit = self.0.limit.unwrap_or(u64::MAX);
        let units = units.min(limit.saturating_add(1)).min(1 << 48);
        let before = self.0.used.fetch_add(units, Ordering::Relaxed);
        let after = before.saturating_add(units);
        if after < before || after > u64::MAX >> 1 {
            self.0.used.store(u64::MAX >> 1, Ordering::Relaxed);
        }
        after <= limit
    }

    /// The sentence saying how to raise the limit.
    pub(crate) fn hint(&self) -> &str {
        &self.0.hint
    }
}

impl Default for Budget {
    /// A budget with the [default limit](Budget::DEFAULT_LIMIT).
    fn default() -> Budget {
        Budget::new(Budget::DEFAULT_LIMIT)
    }
}

impl std::fmt::Debug for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget").field("limit", &self.0.limit).field("used", &self.used()).finish()
    }
}

thread_local! {
    /// The budgets of the evaluations running on this thread (and of [`Budget::run`]),
    /// innermost last.
    static RUNNING: RefCell<Vec<Budget>> = const { RefCell::new(Vec::new()) };
    /// How many loops the evaluations running on this thread are inside.
    static LOOPS: Cell<u32> = const { Cell::new(0) };
}

/// A budget made the running one until dropped.
pub(crate) struct Running(());

impl Running {
    pub(crate) fn enter(budget: Budget) -> Running {
        RUNNING.with(|r| r.borrow_mut().push(budget));
        Running(())
    }

    /// The innermost running budget, if any.
    pub(crate) fn current() -> Option<Budget> {
        RUNNING.with(|r| r.borrow().last().cloned())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.with(|r| r.borrow_mut().pop());
    }
}

/// Inside a loop until dropped.
pub(crate) struct InLoop(());

impl InLoop {
    pub(crate) fn enter() -> InLoop {
        LOOPS.with(|l| l.set(l.get().saturating_add(1)));
        InLoop(())
    }

    /// Whether some evaluation on this thread is inside a loop.
    pub(crate) fn active() -> bool {
        LOOPS.with(|l| l.get() > 0)
    }
}

impl Drop for InLoop {
    fn drop(&mut self) {
        LOOPS.with(|l| l.set(l.get().saturating_sub(1)));
    }
}

/// The units of a string of `len` bytes beyond its first.
pub(crate) fn string_units(len: usize) -> u64 {
    len as u64 / STRING_BYTES_PER_UNIT
}

/// The size of `v` in units: one per value in it, all the way down (a shared part counted
/// each time it appears), plus [`string_units`] of each string and key. Stops counting
/// past `cap`, returning a number above it: the walk costs no more than the charge.
pub(crate) fn size_within(v: &Value, cap: u64) -> u64 {
    let mut total: u64 = 0;
    let mut stack: Vec<&Value> = vec![v];
    while let Some(v) = stack.pop() {
        total = total.saturating_add(1);
        if let Some(s) = v.as_str() {
            total = total.saturating_add(string_units(s.len()));
        } else if let Some(elems) = v.elements() {
            total = total.saturating_add(CONTAINER_UNITS - 1);
            stack.extend(elems);
        } else if let Some(entries) = v.entries() {
            total = total.saturating_add(CONTAINER_UNITS - 1);
            for (k, e) in entries {
                total = total.saturating_add(string_units(k.len()));
                stack.push(e);
            }
        }
        if total > cap {
            return total;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_count_every_value_and_long_strings() {
        assert_eq!(size_within(&Value::number(1), 100), 1);
        assert_eq!(size_within(&Value::string("a".repeat(64)), 100), 3);
        let l = Value::tuple(vec![Value::number(1), Value::number(2)]);
        assert_eq!(size_within(&l, 100), 6);
        // Shared parts count each time.
        let ll = Value::tuple(vec![l.clone(), l.clone(), l]);
        assert_eq!(size_within(&ll, 100), 22);
        let o = Value::object([("k".repeat(32), Value::bool(true))]);
        assert_eq!(size_within(&o, 100), 6);
        // The walk stops past the cap.
        let big = Value::tuple(vec![ll.clone(); 1000]);
        let n = size_within(&big, 50);
        assert!(n > 50 && n < 80, "{n}");
    }

    #[test]
    fn charges_saturate_and_report_the_limit() {
        let b = Budget::new(10);
        assert!(b.charge(4));
        assert!(b.charge(6));
        assert!(!b.is_exhausted());
        assert!(!b.charge(1));
        assert!(b.is_exhausted());
        assert!(!b.charge(u64::MAX));
        assert!(b.used() > 10);
        b.reset();
        assert_eq!(b.remaining(), 10);
        let u = Budget::unlimited();
        assert!(u.charge(5) && u.used() == 5);
        assert!(u.charge(u64::MAX) && u.charge(u64::MAX));
        assert!(!u.is_exhausted());
    }

    #[test]
    fn running_budgets_nest() {
        assert!(Running::current().is_none());
        let a = Budget::new(1);
        a.run(|| {
            assert_eq!(Running::current().unwrap().limit(), Some(1));
            Budget::new(2).run(|| assert_eq!(Running::current().unwrap().limit(), Some(2)));
            assert_eq!(Running::current().unwrap().limit(), Some(1));
        });
        assert!(Running::current().is_none());
    }
}
