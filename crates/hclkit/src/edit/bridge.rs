//! Bridges from the editing document to the rest of the library: an expression's variables,
//! function calls and value; the document's references, symbols and dependency order
//! ([`crate::analysis`]) with ranges in its current text (what an editor or a language server
//! asks of the file it is changing).

use std::sync::Arc;

use hclkit_value::Value;

use super::{Document, Expression};
use crate::analysis::{Analysis, FunctionRef, Scheme};
use crate::body::Expression as _;
use crate::context::EvalContext;
use crate::diagnostic::Diagnostics;
use crate::syntax::native::{NativeBody, NativeExpression};
use crate::traversal::Traversal;

impl Expression {
    /// The expression as the syntax tree reads it (ranges relative to its own text, in a
    /// file named `expression`).
    fn syntax(&self) -> (NativeExpression, Diagnostics) {
        let (file, diags) = crate::parse_expression(self.parse_source().as_bytes(), "expression").into_parts();
        (NativeExpression::from_expr_file(&file), diags)
    }

    /// The variables the expression refers to (`var.a`, `local.b[0]`), each with its range
    /// in the expression's text; names bound inside it (`for` variables) are not included.
    ///
    /// ```
    /// let e = hclkit::edit::Expression::parse(r#""${var.a}-${local.b}""#).unwrap();
    /// let names: Vec<String> = e.variables().iter().map(|t| t.to_string()).collect();
    /// assert_eq!(names, ["var.a", "local.b"]);
    /// ```
    pub fn variables(&self) -> Vec<Traversal> {
        self.syntax().0.variables()
    }

    /// The function calls in the expression, each with its (possibly namespaced) name and
    /// range in the expression's text.
    ///
    /// ```
    /// let e = hclkit::edit::Expression::parse("upper(provider::x::f(1))").unwrap();
    /// let names: Vec<String> = e.functions().into_iter().map(|f| f.name).collect();
    /// assert_eq!(names, ["upper", "provider::x::f"]);
    /// ```
    pub fn functions(&self) -> Vec<FunctionRef> {
        self.syntax().0.functions()
    }

    /// The expression's value in `ctx` (its variables and functions), with the diagnostics
    /// of evaluating it (and of reading it, for a [`raw`](Expression::raw) text that does
    /// not parse).
    ///
    /// ```
    /// use hclkit::eval::EvalContext;
    /// use hclkit_value::Value;
    ///
    /// let e = hclkit::edit::Expression::parse("x * 2").unwrap();
    /// let ctx = EvalContext::new().with_variable("x", Value::from(21));
    /// assert_eq!(e.evaluate(&ctx).0, Value::from(42));
    /// ```
    pub fn evaluate(&self, ctx: &EvalContext) -> (Value, Diagnostics) {
        let (expr, mut diags) = self.syntax();
        if diags.has_errors() {
            return (Value::unknown(hclkit_value::Type::Dynamic), diags);
        }
        let (value, more) = expr.value(Some(ctx));
        diags.extend(more);
        (value, diags)
    }
}

impl Document {
    /// The analysis of the document's current text under `scheme` ([`Analysis`]): symbols
    /// and their definitions, every reference resolved or reported, dependency order and
    /// cycles, with ranges in the current text (the text [`Display`](std::fmt::Display)
    /// prints), in a file named `filename`; its diagnostics start with the text's syntax
    /// errors, if any. What go-to-definition, find-references and rename need while a file is
    /// being edited.
    ///
    /// ```
    /// use hclkit::analysis::Scheme;
    /// use hclkit::edit::{Document, Expression};
    ///
    /// let mut doc: Document = "locals {\n  a = 1\n}\n".parse().unwrap();
    /// doc.set("locals.b", Expression::parse("local.a + 1").unwrap()).unwrap();
    /// let a = doc.analysis("main.tf", &Scheme::terraform());
    /// let target = a.lookup("local.a").unwrap();
    /// let uses: Vec<u32> = a.uses_of(target).map(|u| u.range.start.line).collect();
    /// assert_eq!(uses, [3]);
    /// ```
    pub fn analysis(&self, filename: &str, scheme: &Scheme) -> Analysis {
        let text = self.to_string();
        let (file, diags) = crate::parse_config(text.into_bytes(), filename).into_parts();
        let body: Arc<dyn crate::body::Body> = NativeBody::arc_from_file(&file);
        Analysis::new(&[body], scheme).with_read_diagnostics(diags)
    }
}
