//! The WebAssembly core of the `hclkit` npm package (the package's source is `js/`, which
//! builds this crate with `wasm-bindgen` and wraps it; see `docs/javascript.md`).
//!
//! This crate holds only arguments and output: each export takes strings and small option
//! codes from the JavaScript wrapper, calls the library, and returns one string that the
//! wrapper turns into JavaScript values. A result starts with a space (`" "` then the result,
//! JSON that `JSON.parse` reads as it is, or text); a failure starts with `!`, then
//! `{"message": ..., "diagnostics": [...]}` (see [`diags`]), which the wrapper throws as an
//! `HCLError`. Nothing here panics on any input: the library does not, and every limit
//! (nesting depth, evaluation budget) is the library's.

pub mod diags;
#[cfg(feature = "full")]
pub mod document;
#[cfg(feature = "full")]
pub mod inspect;
#[cfg(feature = "full")]
pub mod values;

use std::sync::Arc;

use hclkit::diagnostic::SourceFiles;
use hclkit::format::Formatter;
use hclkit::pos::{ColumnUnit, LineIndex};
use hclkit::transcode::{BlockShape, ToJsonOptions};
use hclkit::traversal::TraverseStep;
use hclkit::{Diagnostics, Files};
use hclkit_value::json::{write_string, Escape};
use wasm_bindgen::prelude::wasm_bindgen;
#[cfg(feature = "full")]
use {
    hclkit::eval::{Budget, EvalContext},
    hclkit::spec::run::{unsupported_result, ContextOptions, FunctionLibrary},
    hclkit::spec::specfile::SpecFile,
    hclkit::transcode::Schema,
    hclkit_value::json::HcldecOutput,
    hclkit_value::Value,
};

/// A successful result: a space, then `body`.
fn ok(body: &str) -> String {
    let mut out = String::with_capacity(body.len() + 1);
    out.push(' ');
    out.push_str(body);
    out
}

/// A failure: `!`, then the message and the diagnostics as JSON.
fn fail(message: &str, diags: &Diagnostics, files: &dyn SourceFiles) -> String {
    let mut out = String::from("!{\"message\":");
    write_string(&mut out, message, Escape::Plain);
    out.push_str(",\"diagnostics\":");
    out.push_str(&diags::to_json(diags, files));
    out.push('}');
    out
}

#[cfg(feature = "full")]
/// A failure with one error diagnostic that has no range (a value JavaScript cannot have).
fn fail_plain(summary: &str, detail: &str) -> String {
    let d = hclkit::Diagnostic::error(summary.to_owned(), detail.to_owned());
    let message = if detail.is_empty() { summary.to_owned() } else { format!("{summary}; {detail}") };
    fail(&message, &Diagnostics::from(vec![d]), &())
}

/// The package's version (the workspace's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// The block shape of option code `code`: 0 array (`@cdktf/hcl2json`'s), 1 nested, 2 ordered.
fn block_shape(code: u8) -> BlockShape {
    match code {
        1 => BlockShape::Nested,
        2 => BlockShape::Ordered,
        _ => BlockShape::Array,
    }
}

/// `parse`: native source as the JSON of `@cdktf/hcl2json` (with `blocks` 0 and no comments),
/// or in another block shape (see `block_shape`), with comments, folded (`simplify`), with
/// the `"//ranges"` of every body (columns in UTF-16 code units; see
/// `hclkit::transcode::file_to_json`; written by `write_file_json`), heredocs as template
/// strings as `@cdktf/hcl2json` writes them (`heredoc_templates`, what `parse` asks; `toJSON`
/// keeps them heredocs). On syntax errors, a failure whose message is `@cdktf/hcl2json`'s.
///
/// ```
/// let out = hclkit_wasm::parse("main.tf", "a = 1\nb \"x\" {\n  c = var.d\n}\n", 0, false, false, false, false, true);
/// assert_eq!(out, r#" {"a":1,"b":{"x":[{"c":"${var.d}"}]}}"#);
/// assert!(hclkit_wasm::parse("main.tf", "a = ", 0, false, false, false, false, true).starts_with('!'));
/// let heredoc = "h = <<EOT\n${x}\nEOT\n";
/// assert_eq!(hclkit_wasm::parse("main.tf", heredoc, 0, false, false, false, false, true), r#" {"h":"${x}\n"}"#);
/// assert_eq!(hclkit_wasm::parse("main.tf", heredoc, 0, false, false, false, false, false), r#" {"h":"${<<EOT\n${x}\nEOT\n}"}"#);
/// let ranged = hclkit_wasm::parse("main.tf", "a = 1\n", 0, false, false, true, false, true);
/// assert!(ranged.starts_with(r#" {"//ranges":{"range":{"start":{"line":1,"column":1,"byte":0},"#));
/// ```
// The options as scalars: the boundary with JavaScript, whose wrapper (js/src/core.js) holds
// the options object.
#[allow(clippy::too_many_arguments)]
#[wasm_bindgen]
pub fn parse(
    filename: &str,
    text: &str,
    blocks: u8,
    comments: bool,
    simplify: bool,
    ranges: bool,
    pretty: bool,
    heredoc_templates: bool,
) -> String {
    let (file, diags) = hclkit::parse_config(text.as_bytes(), filename).into_parts();
    if diags.has_errors() {
        return fail(&diags::message("parse config", &diags), &diags, &file);
    }
    let opts = ToJsonOptions {
        blocks: block_shape(blocks),
        simplify,
        comments,
        ranges: ranges.then_some(ColumnUnit::Utf16),
        heredoc_templates,
    };
    // Written after the success mark, into room for about the source's length (the JSON of
    // a file is about as long): one allocation, usually.
    let mut out = String::with_capacity(text.len() + text.len() / 4 + 16);
    out.push(' ');
    hclkit::transcode::write_file_json(&file, &opts, pretty.then_some(2), &mut out);
    out
}

#[cfg(feature = "full")]
/// `convert.toNative`: JSON-syntax source as native syntax. With a spec (`spec` not empty),
/// the spec's blocks become blocks; else every property is an attribute.
///
/// ```
/// let out = hclkit_wasm::to_native("main.tf.json", r#"{"a": 1}"#, "", "");
/// assert_eq!(out, " a = 1\n");
/// ```
#[wasm_bindgen]
pub fn to_native(filename: &str, text: &str, spec: &str, spec_filename: &str) -> String {
    let mut files = Files::new();
    let schema = if spec.is_empty() {
        Schema::new()
    } else {
        let (loaded, diags) = SpecFile::parse(&mut files, spec.as_bytes(), spec_filename);
        match loaded {
            Some(s) if !diags.has_errors() => Schema::from_spec(&s.root),
            _ => return fail(&diags::message("spec", &diags), &diags, &files),
        }
    };
    files.add_source(filename, text.as_bytes());
    match hclkit::transcode::json_to_native(text.as_bytes(), filename, &schema) {
        Ok(native) => ok(&native),
        Err(diags) => fail(&diags::message("convert", &diags), &diags, &files),
    }
}

/// `format`: native source laid out as `hclfmt` does (`style` 0) or as `terraform fmt` does
/// (`style` 1). With `check`, source with syntax errors is refused (`terraform fmt` always
/// refuses it).
///
/// ```
/// assert_eq!(hclkit_wasm::format("a.tf", "a=1\nbb=2\n", 0, true), " a  = 1\nbb = 2\n");
/// assert_eq!(hclkit_wasm::format("a.tf", "x y {\n}\n", 1, true), " x \"y\" {\n}\n");
/// ```
#[wasm_bindgen]
pub fn format(filename: &str, text: &str, style: u8, check: bool) -> String {
    let src = text.as_bytes();
    let named = (filename, src);
    if style == 1 {
        return match Formatter::new().terraform(src, filename) {
            Ok(out) => ok(&String::from_utf8_lossy(&out)),
            Err(diags) => fail(&diags::message("format", &diags), &diags, &named),
        };
    }
    if check {
        let diags = hclkit::parse_config(src, filename).into_diagnostics();
        if diags.has_errors() {
            return fail(&diags::message("format", &diags), &diags, &named);
        }
    }
    ok(&String::from_utf8_lossy(&hclkit::format::format(src)))
}

/// `check`: every diagnostic of parsing `text` (the JSON syntax when `filename` ends in
/// `.json`, else the native syntax), as the JSON array of [`diags::to_json`]; never a failure.
///
/// ```
/// assert_eq!(hclkit_wasm::check("a.hcl", "a = 1\n"), "[]");
/// assert!(hclkit_wasm::check("a.hcl", "a = \n").contains("Invalid expression"));
/// ```
#[wasm_bindgen]
pub fn check(filename: &str, text: &str) -> String {
    let mut files = Files::new();
    let (_, diags) = files.parse(text.as_bytes(), filename);
    diags::to_json(&diags, &files)
}

#[cfg(feature = "full")]
/// The function library of option code `code`: 0 none, 1 the standard library (with `try`
/// and `can`), 2 Terraform's (its default options: the file functions read nothing; the
/// standard library in a build without the `terraform` feature).
fn library(code: u8) -> FunctionLibrary {
    match code {
        1 => FunctionLibrary::Standard,
        2 => terraform(),
        _ => FunctionLibrary::None,
    }
}

#[cfg(feature = "full")]
/// Terraform's functions, built once.
#[cfg(feature = "terraform")]
fn terraform() -> FunctionLibrary {
    static TERRAFORM: std::sync::OnceLock<FunctionLibrary> = std::sync::OnceLock::new();
    TERRAFORM
        .get_or_init(|| hclkit_terraform::Library::Terraform.function_library(&hclkit_terraform::Options::new()))
        .clone()
}

/// Without the `terraform` feature: none (calls asking for them fail first, see
/// [`missing_library`]).
#[cfg(all(feature = "full", not(feature = "terraform")))]
fn terraform() -> FunctionLibrary {
    FunctionLibrary::None
}

#[cfg(feature = "full")]
/// The failure of a call that asks for Terraform's functions in a build without them.
fn missing_library(functions: u8) -> Option<String> {
    (functions == 2 && !has_terraform()).then(|| {
        fail_plain(
            "Terraform's functions are not in this build",
            "This build of the package was made without Terraform's functions (the smaller module); use functions: \"stdlib\", or the full package.",
        )
    })
}

#[cfg(feature = "full")]
/// Whether this build has Terraform's functions (the `terraform` feature).
#[wasm_bindgen]
pub fn has_terraform() -> bool {
    cfg!(feature = "terraform")
}

#[cfg(feature = "full")]
/// The variables of a call, from tagged JSON (an object; see [`values`]).
fn variables_of(tagged: &str) -> Result<Vec<(String, Value)>, String> {
    if tagged.is_empty() {
        return Ok(Vec::new());
    }
    let v = values::from_tagged(tagged.as_bytes())?;
    Ok(v.entries().unwrap_or_default().iter().map(|(k, v)| (k.to_string(), v.clone())).collect())
}

#[cfg(feature = "full")]
/// The evaluation limit of a call: a negative number is no limit.
fn limit(eval_limit: f64) -> Option<u64> {
    (eval_limit >= 0.0).then_some(eval_limit as u64)
}

#[cfg(feature = "full")]
/// `evaluate`: one native-syntax expression's value, as tagged JSON (see [`values`]), with
/// `variables` (tagged JSON) and the functions of `functions` (see `library`).
///
/// ```
/// assert_eq!(hclkit_wasm::evaluate("<expr>", "upper(x)", r#"{"x":"sa"}"#, 1, -1.0), r#" "sA""#);
/// ```
#[wasm_bindgen]
pub fn evaluate(filename: &str, expression: &str, variables: &str, functions: u8, eval_limit: f64) -> String {
    if let Some(failure) = missing_library(functions) {
        return failure;
    }
    let vars = match variables_of(variables) {
        Ok(v) => v,
        Err(e) => return fail_plain("Invalid variables", &e),
    };
    let (expr, diags) = hclkit::parse_expression(expression.as_bytes(), filename).into_parts();
    let named = (filename, expression.as_bytes());
    if diags.has_errors() {
        return fail(&diags::message("evaluate", &diags), &diags, &named);
    }
    let budget = Budget::with_limit(limit(eval_limit));
    // Always a variables table, even an empty one: an unknown name is then "Unknown variable".
    let mut ctx = EvalContext::new().with_budget(budget.clone()).with_variables(vars);
    library(functions).install(&mut ctx);
    let (value, diags) = budget.run(|| hclkit::eval::evaluate(expr.expr(), Some(&ctx)));
    if diags.has_errors() {
        return fail(&diags::message("evaluate", &diags), &diags, &named);
    }
    match values::to_tagged(&value, false) {
        Ok(json) => ok(&json),
        Err(e) => fail_plain("Result not representable in JavaScript", &e),
    }
}

#[cfg(feature = "full")]
/// `decode`: a configuration decoded with an hcldec spec file (the library's spec pipeline,
/// `hclkit::spec::run`: the spec file's variables and functions, then `variables`, then the
/// library `functions`), the value `hcldec` prints, as tagged JSON; or, when the value holds
/// null or dynamically typed parts, `J` and the JSON `hcldec` prints. `syntax`: 0 by the
/// file name (`.json` is the JSON syntax), 1 native, 2 JSON.
///
/// ```
/// let spec = "object {\n  attr \"port\" {\n    type = number\n  }\n}\n";
/// assert_eq!(hclkit_wasm::decode("a.hcl", "port = 80\n", spec, "spec.hcldec", "", 0, 0, false, -1.0), " {\"port\":80}");
/// ```
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn decode(
    filename: &str,
    text: &str,
    spec: &str,
    spec_filename: &str,
    variables: &str,
    functions: u8,
    syntax: u8,
    keep_nulls: bool,
    eval_limit: f64,
) -> String {
    if let Some(failure) = missing_library(functions) {
        return failure;
    }
    let vars = match variables_of(variables) {
        Ok(v) => v,
        Err(e) => return fail_plain("Invalid variables", &e),
    };
    let budget = Budget::with_limit(limit(eval_limit));
    budget.run(|| {
        let mut files = Files::new();
        let failed = |mut diags: Diagnostics, files: &Files| {
            files.sort_diagnostics(&mut diags);
            fail(&diags::message("decode", &diags), &diags, files)
        };
        let (loaded, mut diags) = SpecFile::parse(&mut files, spec.as_bytes(), spec_filename);
        let Some(spec) = loaded else { return failed(diags, &files) };
        let ctx = spec.context(ContextOptions {
            variables: vars.into_iter().collect(),
            library: library(functions),
            budget: Some(budget.clone()),
            declare_variables: false,
        });
        let json = match syntax {
            1 => false,
            2 => true,
            _ => filename.ends_with(".json"),
        };
        let (body, d) = if json {
            files.parse_json(text.as_bytes(), filename)
        } else {
            files.parse_native(text.as_bytes(), filename)
        };
        diags.extend(d);
        if diags.has_errors() {
            return failed(diags, &files);
        }
        let (value, d) = hclkit::spec::decode(&*body, &spec.root, ctx.as_ref());
        diags.extend(d);
        if diags.has_errors() {
            return failed(diags, &files);
        }
        if !value.is_null() && !value.ty().has_dynamic_types() {
            return match values::to_tagged(&value, !keep_nulls) {
                Ok(json) => ok(&json),
                Err(e) => fail_plain("Result not representable in JavaScript", &e),
            };
        }
        match (HcldecOutput { with_type: false, keep_nulls }).render(&value) {
            Ok(json) => format!("J{json}"),
            Err(e) => {
                diags.push(unsupported_result(&*body, &spec.root, &e, ctx.as_ref()));
                failed(diags, &files)
            }
        }
    })
}

/// `getReferencesInExpression`: the traversals a template or expression refers to, as
/// `@cdktf/hcl2json` gives them: `[{"value", "startPosition", "endPosition", "range"}]`,
/// `value` the traversal as `@cdktf/hcl2json` writes it (`aws_instance.web.0.id`, index keys
/// as segments, string keys quoted), the positions offsets into `expression` in UTF-16 code
/// units, `range` the traversal's range (line, column, byte). Text not starting with `"`,
/// `[`, `{` or `<<` is read as a template (what `@cdktf/hcl2json` wraps in quotes).
///
/// ```
/// let out = hclkit_wasm::references("main.tf", "${var.a}-${aws_instance.web[0].id}");
/// assert!(out.starts_with(r#" [{"value":"var.a","startPosition":2,"endPosition":7,"#));
/// assert!(out.contains(r#""value":"aws_instance.web.0.id","startPosition":11,"endPosition":33"#));
/// ```
#[wasm_bindgen]
pub fn references(filename: &str, expression: &str) -> String {
    let src = expression.as_bytes();
    let trimmed = expression.trim_start();
    let as_expression = ["\"", "[", "{", "<<"].iter().any(|p| trimmed.starts_with(p))
        || trimmed == "true"
        || trimmed == "false"
        || hclkit_value::Number::parse(trimmed.trim_end()).is_ok();
    let parsed =
        if as_expression { hclkit::parse_expression(src, filename) } else { hclkit::parse_template(src, filename) };
    let (expr, diags) = parsed.into_parts();
    let named = (filename, src);
    if diags.has_errors() {
        return fail(&diags::message("references", &diags), &diags, &named);
    }
    let index = LineIndex::new(src);
    let utf16 = |byte: u32| {
        // Offsets in UTF-16 units: the line's start plus the column.
        let lc = index.line_column(src, byte, ColumnUnit::Utf16);
        let line_start = index.line_start(lc.line as usize).unwrap_or(0) as usize;
        expression.get(..line_start).map(|s| s.encode_utf16().count()).unwrap_or(0) as u32 + lc.column
    };
    let mut positions = diags::Positions::default();
    let mut out = String::from(" [");
    for (i, t) in hclkit::syntax::native::expression::variables(expr.expr()).iter().enumerate() {
        let (Some(first), Some(last)) = (t.steps.first(), t.steps.last()) else { continue };
        let mut value = String::new();
        for step in &t.steps {
            if !value.is_empty() {
                value.push('.');
            }
            match step {
                TraverseStep::Root { name, .. } | TraverseStep::Attr { name, .. } => value.push_str(name),
                TraverseStep::Index { key, .. } => match (key.as_str(), key.as_number()) {
                    (Some(s), _) => value.push_str(&hclkit_value::go::quote(s)),
                    (_, Some(n)) => value.push_str(&n.text('g', None)),
                    _ => value.push('?'),
                },
            }
        }
        // An attribute's range starts at its dot: the root's start begins the reference.
        let (start, end) = (first.range().start.byte, last.range().end.byte);
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"value\":");
        write_string(&mut out, &value, Escape::Plain);
        out.push_str(&format!(",\"startPosition\":{},\"endPosition\":{},\"range\":", utf16(start), utf16(end)));
        let range = hclkit::Range {
            filename: Arc::from(filename),
            start: hclkit::Pos { byte: start, ..first.range().start },
            end: hclkit::Pos { byte: end, ..last.range().end },
        };
        positions.write_range(&mut out, &range, &named);
        out.push('}');
    }
    out.push(']');
    out
}

/// Stops the instance as a trap does (WebAssembly's `unreachable`): the hook with which the
/// package's tests check that a trap leaves it usable (the next call starts a fresh
/// instance). No input traps (the library's depth limits and budgets hold), so the tests
/// need a way to make one; the package exposes it only as
/// `hclkit[Symbol.for("hclkit.trapForTests")]`.
#[wasm_bindgen]
pub fn trap_for_tests() {
    std::process::abort();
}
