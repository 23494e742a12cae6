//! The evaluation budget: short hostile expressions stop with "Evaluation too large" on the
//! expression that crossed the limit, after a bounded amount of work (counted in function
//! calls and budget units, never in time); real-sized evaluations pass under the default;
//! the limit can be raised or lifted.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use hclkit::eval::{Budget, EvalContext};
use hclkit::{Diagnostic, Diagnostics};
use hclkit_value::function::{Function, Parameter};
use hclkit_value::{stdlib, Type, Value};

const TOO_LARGE: &str = "Evaluation too large";

fn stdlib_ctx() -> EvalContext {
    let mut ctx = EvalContext::new().with_functions(stdlib::all());
    for (name, f) in hclkit::ext::tryfunc::functions() {
        ctx.set_function(name, f);
    }
    ctx
}

/// The numbers 0..n as a tuple (a variable costs nothing to refer to).
fn numbers(n: usize) -> Value {
    Value::tuple((0..n).map(Value::number).collect())
}

fn eval(src: &str, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
    let (e, d) = hclkit::parse_expression(src.as_bytes().to_vec(), "x.hcl").into_parts();
    assert!(!d.has_errors(), "{src}: {d}");
    e.expr().value(ctx)
}

/// The one "Evaluation too large" diagnostic, and the source text its subject covers.
fn too_large<'s>(src: &'s str, diags: &'s Diagnostics) -> (&'s Diagnostic, &'s str) {
    let found: Vec<&Diagnostic> = diags.iter().filter(|d| d.summary == TOO_LARGE).collect();
    assert_eq!(found.len(), 1, "{src}: {diags}");
    let r = found[0].subject.as_ref().expect("a subject");
    (found[0], &src[r.start.byte as usize..r.end.byte as usize])
}

/// `range`, counting its calls.
fn counting_range(calls: Arc<AtomicU64>) -> Function {
    let range = stdlib::range();
    Function::builder()
        .var_param(Parameter::new("params", Type::Number))
        .static_return_type(Type::list(Type::Number))
        .implementation(move |args, _| {
            calls.fetch_add(1, Ordering::Relaxed);
            range.call(args)
        })
        .build()
}

#[test]
fn the_hundred_byte_amplification_stops_early_with_a_diagnostic() {
    let src = "length(flatten([for i in range(1000) : [for j in range(1000) : [for k in range(20): k]]]))";
    let calls = Arc::new(AtomicU64::new(0));
    let ctx = stdlib_ctx().with_function("range", counting_range(calls.clone()));
    let (v, diags) = eval(src, Some(&ctx));
    assert!(v.is_dynamic());
    let (d, subject) = too_large(src, &diags);
    // The expression that crossed the limit: one of the loops, or a call in them.
    assert!(["range(20)", "[for k in range(20): k]", "range(1000)"].contains(&subject), "{subject}");
    assert!(d.detail.contains("2000000 units"), "{}", d.detail);
    assert!(d.detail.contains("EvalContext::with_budget"), "{}", d.detail);
    // Without the budget this makes a million calls of `range`; with it, under 5% of them.
    let n = calls.load(Ordering::Relaxed);
    assert!(n < 50_000, "{n} calls");
    assert_eq!(diags.len(), 1, "{diags}");
}

#[test]
fn real_sized_evaluations_pass_under_the_default() {
    // A thousand services with a dozen attributes, merged with defaults, turned into maps,
    // lists of rules, strings and templates: the kind of thing large configurations do.
    let service = |i: usize| {
        Value::object([
            ("name", Value::string(format!("service-{i}"))),
            ("port", Value::number(8000 + i as i64)),
            ("replicas", Value::number((i % 5) as i64 + 1)),
            ("tags", Value::tuple(vec![Value::string("a"), Value::string(format!("team-{}", i % 7))])),
            ("env", Value::object([("A", Value::string("1")), ("B", Value::string("two"))])),
        ])
    };
    let ctx = stdlib_ctx().with_variable("services", Value::tuple((0..1000).map(service).collect())).with_variable(
        "defaults",
        Value::object([("region", Value::string("eu-west-1")), ("tier", Value::string("web"))]),
    );
    let budget = Budget::default();
    let ctx = ctx.with_budget(budget.clone());
    let exprs = [
        "{for s in services : s.name => merge(defaults, s, {url = \"https://${s.name}.example.com:${s.port}\"})}",
        "flatten([for s in services : [for r in range(s.replicas) : \"${s.name}-${r}\"]])",
        "{for s in services : s.name => s.tags...}",
        "distinct(flatten(services[*].tags))",
        "[for s in services : join(\",\", [for k, v in s.env : \"${k}=${v}\"]) if s.port % 2 == 0]",
        "length(setproduct(range(20), range(20), [\"a\", \"b\", \"c\"]))",
        "<<EOT\n%{for s in services}${s.name}:${s.port}\n%{endfor}\nEOT\n",
        "jsonencode([for s in services : {name = s.name, port = s.port}])",
        "sort([for s in services : format(\"%05d-%s\", s.port, upper(s.name))])",
        "zipmap(services[*].name, [for s in services : s.replicas * 2])",
        "[for i, s in services : s.name if contains(s.tags, \"team-3\") && i < 900]",
    ];
    for src in exprs {
        let (v, diags) = eval(src, Some(&ctx));
        assert!(diags.is_empty(), "{src}: {diags}");
        assert!(v.is_wholly_known(), "{src}");
    }
    // All of them together use a small part of the default.
    let used = budget.used();
    assert!(used < Budget::DEFAULT_LIMIT / 4, "{used}");
    assert!(used > 20_000, "{used}");
}

#[test]
fn the_limit_can_be_raised_and_lifted() {
    let src = "length(flatten([for i in x : [for j in x : j]]))";
    let ctx = stdlib_ctx().with_variable("x", numbers(300));
    // 90,000 elements, and as many in the flattened list.
    let (_, diags) = eval(src, Some(&ctx.clone().with_budget(Budget::new(100_000))));
    let (d, subject) = too_large(src, &diags);
    assert!(d.detail.contains("100000 units"), "{}", d.detail);
    assert!(subject.starts_with("flatten(") || subject.starts_with("[for"), "{subject}");
    for budget in [Budget::new(1_000_000), Budget::unlimited()] {
        let (v, diags) = eval(src, Some(&ctx.clone().with_budget(budget.clone())));
        assert!(diags.is_empty(), "{diags}");
        assert_eq!(v, Value::number(90_000));
        // (Without a limit, results are not measured: a value counts one unit.)
        assert!(budget.used() > 90_000, "{budget:?}");
    }
}

#[test]
fn the_budget_is_shared_by_children_and_cumulative() {
    let budget = Budget::new(5_000);
    let ctx = stdlib_ctx().with_variable("x", numbers(1000)).with_budget(budget.clone());
    let child = ctx.child().with_variable("y", Value::number(1));
    assert!(eval("[for i in x : i + y]", Some(&child)).1.is_empty());
    let after_one = budget.used();
    assert!(after_one > 1000);
    assert!(eval("[for i in x : i]", Some(&ctx)).1.is_empty());
    assert!(budget.used() > after_one + 1000);
    // The budget runs out on a later evaluation, which says so.
    let mut last = Diagnostics::new();
    for _ in 0..5 {
        last = eval("[for i in x : i]", Some(&ctx)).1;
        if !last.is_empty() {
            break;
        }
    }
    let (d, _) = too_large("[for i in x : i]", &last);
    assert!(d.detail.contains("Expressions evaluated before this one"), "{}", d.detail);
    assert!(budget.is_exhausted());
    // Free expressions still evaluate; reset starts again.
    assert_eq!(eval("1 + 2", Some(&ctx)).0, Value::number(3));
    budget.reset();
    assert!(eval("[for i in x : i]", Some(&ctx)).1.is_empty());
}

#[test]
fn budget_errors_inside_arguments_splats_templates_and_nested_loops() {
    let big =
        Value::tuple((0..2000).map(|i| Value::object([("a", Value::number(i)), ("b", Value::string("b"))])).collect());
    let ctx = stdlib_ctx().with_variable("x", numbers(200)).with_variable("big", big).with_budget(Budget::new(20_000));
    let cases: [(&str, &[&str]); 7] = [
        // A loop inside a function's argument.
        (
            "upper(join(\",\", [for i in x : join(\"\", [for j in x : \"${i}-${j}\"])]))",
            &["[for j in x : \"${i}-${j}\"]", "\"${i}-${j}\""],
        ),
        // A splat over a large list, element by element.
        ("length(flatten([for i in x : big[*].a]))", &["big[*].a"]),
        // A template `for` directive in a loop.
        (
            "[for i in x : \"%{for j in x}%{for k in x}${k}%{endfor}%{endfor}\"]",
            &["\"%{for j in x}%{for k in x}${k}%{endfor}%{endfor}\"", "${k}", "%{for k in x}${k}%{endfor}"],
        ),
        // Nested loops.
        ("[for i in x : [for j in x : [for k in x : k]]]", &["[for k in x : k]"]),
        // A shared value copied into each element: each copy counts.
        ("[for i in x : [for j in x : big]]", &["[for j in x : big]"]),
        // A function whose result is much larger than its arguments stops before building it.
        ("setproduct(x, x, x)", &["setproduct(x, x, x)"]),
        // `can` does not turn the error into false.
        (
            "can([for i in x : [for j in x : [for k in x : k]]])",
            &["[for k in x : k]", "can([for i in x : [for j in x : [for k in x : k]]])"],
        ),
    ];
    for (src, subjects) in cases {
        let budget = Budget::new(20_000);
        let ctx = ctx.clone().with_budget(budget.clone());
        let (v, diags) = eval(src, Some(&ctx));
        assert!(v.is_dynamic(), "{src}");
        let (_, subject) = too_large(src, &diags);
        assert!(subjects.contains(&subject), "{src}: {subject:?}");
        // The work stopped near the limit: the charge that crossed it is at most the size
        // of one element (a copy of `big`) or one result.
        assert!(budget.used() < 60_000, "{src}: {}", budget.used());
    }
}

#[test]
fn error_diagnostics_in_loops_count() {
    let ctx = EvalContext::new().with_variable("x", numbers(1000)).with_budget(Budget::new(100_000));
    let src = "[for i in x : [for j in x : nope]]";
    let (_, diags) = eval(src, Some(&ctx));
    // A million "Unknown variable" diagnostics without the budget; a few thousand with it.
    assert!(diags.len() < 10_000, "{}", diags.len());
    assert!(diags.iter().filter(|d| d.summary == "Unknown variable").count() > 100);
    too_large(src, &diags);
}

#[test]
fn evaluations_without_a_context_are_bounded_too() {
    let ten = "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]";
    let src = format!(
        "[for a in {ten} : [for b in {ten} : [for c in {ten} : [for d in {ten} : [for e in {ten} : [for f in {ten} : [for g in {ten} : g]]]]]]]"
    );
    // Ten million numbers: past the default budget of a top-level evaluation.
    let (_, diags) = eval(&src, None);
    too_large(&src, &diags);
    // A budget installed for the thread is shared by evaluations without a context.
    let budget = Budget::new(5_000);
    let small = format!("[for a in {ten} : [for b in {ten} : [for c in {ten} : c]]]");
    budget.run(|| {
        for _ in 0..10 {
            let (_, d) = eval(&small, None);
            if !d.is_empty() {
                too_large(&small, &d);
                return;
            }
        }
        panic!("the budget of the thread never ran out");
    });
    assert!(budget.is_exhausted());
}

#[test]
fn spec_functions_and_try_count_against_their_callers_budget() {
    let ctx = stdlib_ctx().with_variable("x", numbers(100));
    let budget = Budget::new(20_000);
    let ctx = ctx.with_budget(budget.clone());
    // `try` evaluates its argument as a nested evaluation: the same budget.
    let src = "try([for i in x : [for j in x : [for k in x : k]]], 0)";
    let (_, diags) = eval(src, Some(&ctx));
    assert_eq!(too_large(src, &diags).1, src);
    assert!(budget.used() < 30_000, "{}", budget.used());
}
