//! The spec loader and the spec decoder never panic: the bytes are split into a spec file and
//! an input (the first byte picks the input's syntax and flags, a NUL byte ends the spec),
//! then everything `hcldec` does with them runs: load the spec, decode the input (native or
//! JSON syntax, alone or merged with itself) with the spec's variables and functions, compute
//! the variables referenced, the source range, the JSON output with and without types, the
//! source range of a path into the result, and render the diagnostics as text and JSON.

use std::sync::Arc;

use hclkit::body::Body;
use hclkit::diagnostic::SourceFiles;
use hclkit::eval::EvalContext;
use hclkit::spec::specfile::load_spec;
use hclkit::spec::{decode, source_range, value_source_range, variables};
use hclkit::syntax::json::{self, JsonBody};
use hclkit::syntax::native::NativeBody;
use hclkit_value::json::HcldecOutput;
use hclkit_value::{Path, Value};

struct Sources<'a>(&'a [u8], &'a [u8]);

impl SourceFiles for Sources<'_> {
    fn source(&self, filename: &str) -> Option<&[u8]> {
        match filename {
            "spec.hcldec" => Some(self.0),
            "in.hcl" | "in.json" => Some(self.1),
            _ => None,
        }
    }
    fn context_string(&self, _: &str, _: usize) -> Option<String> {
        None
    }
}

/// Runs the `spec_decode` checks on one input (panics on a failed check).
pub fn run(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else { return };
    let (spec_src, input_src) = match rest.iter().position(|&b| b == 0) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let sources = Sources(spec_src, input_src);

    let (spec_file, parse_diags) = hclkit::parse_config(spec_src.to_vec(), "spec.hcldec").into_parts();
    let _ = parse_diags.to_text(&sources, 80, flags & 8 != 0);
    let (spec, spec_diags) = load_spec(&NativeBody::from_file(&spec_file));
    let _ = spec_diags.to_json();
    let _ = spec_diags.to_text(&sources, 60, false);
    if parse_diags.has_errors() || spec_diags.has_errors() {
        return;
    }

    let body: Arc<dyn Body> = if flags & 1 != 0 {
        let (file, diags) = json::parse(input_src.to_vec(), "in.json").into_parts();
        if diags.has_errors() {
            return;
        }
        JsonBody::arc_from_file(&file)
    } else {
        let (file, diags) = hclkit::parse_config(input_src.to_vec(), "in.hcl").into_parts();
        if diags.has_errors() {
            return;
        }
        NativeBody::arc_from_file(&file)
    };
    let body = if flags & 2 != 0 { hclkit::merged::merge_bodies(vec![body.clone(), body]) } else { body };

    let ctx = if flags & 4 != 0 {
        None
    } else {
        let mut ctx = EvalContext::new();
        if !spec.variables.is_empty() {
            ctx = ctx.with_variables(spec.variables.clone());
        }
        if !spec.functions.is_empty() {
            ctx = ctx.with_functions(spec.functions.clone());
        }
        Some(ctx)
    };

    let _ = variables(&*body, &spec.root);
    let _ = source_range(&*body, &spec.root);
    let (value, diags) = decode(&*body, &spec.root, ctx.as_ref());
    let _ = diags.to_json();
    let _ = diags.to_text(&sources, 80, false);
    if !diags.has_errors() {
        let output = HcldecOutput { with_type: flags & 16 != 0, keep_nulls: flags & 32 != 0 };
        if let Err(e) = output.render(&value) {
            // As hcldec reports an unwritable result: where its offending part comes from.
            let _ = value_source_range(&*body, &spec.root, e.path(), ctx.as_ref());
        }
    }
    // Any path into the value, as far as it goes.
    let mut path = Path::root();
    let mut v = value;
    for &b in input_src.iter().take(4) {
        let next = if let Some(entries) = v.entries().filter(|e| !e.is_empty()) {
            let (k, next) = entries[usize::from(b) % entries.len()].clone();
            path = if v.ty().is_object() { path.attr(k) } else { path.index(Value::string(k.to_string())) };
            next
        } else if let Some(elems) = v.elements().filter(|e| !e.is_empty()) {
            let i = usize::from(b) % elems.len();
            let next = elems[i].clone();
            path = if v.ty().is_set() { path.index(next.clone()) } else { path.index(Value::number(i)) };
            next
        } else {
            break;
        };
        v = next;
    }
    let _ = value_source_range(&*body, &spec.root, &path, ctx.as_ref());
}
