//! Diagnostics as JSON, in the shape `hcldec --diags=json` prints.

use hclkit_value::json::{Escape, Node};

use super::{Diagnostic, Diagnostics, Severity};

impl Diagnostics {
    /// Renders all diagnostics as JSON exactly as `hcldec --diags=json` prints them (an empty
    /// string when there are none).
    ///
    /// ```
    /// use hclkit::{Diagnostic, Diagnostics};
    ///
    /// assert_eq!(Diagnostics::new().to_json(), "");
    /// let diags = Diagnostics::from(vec![Diagnostic::error("Bad <thing>", "")]);
    /// assert_eq!(
    ///     diags.to_json(),
    ///     "{\n  \"diagnostics\": [\n    {\n      \"severity\": \"error\",\n      \"summary\": \"Bad \\u003cthing\\u003e\"\n    }\n  ]\n}\n"
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        if self.is_empty() {
            return String::new();
        }
        let mut out = String::new();
        self.json_node().write(&mut out, Some(2), Escape::Go);
        out.push('\n');
        out
    }

    /// The JSON document [`to_json`](Self::to_json) writes, `{"diagnostics": [...]}` (an
    /// empty list when there are none): each diagnostic's severity, summary, detail (when
    /// not empty) and subject ([`Range::json_node`](crate::pos::Range::json_node)).
    ///
    /// ```
    /// use hclkit_value::json::Escape;
    /// let mut out = String::new();
    /// hclkit::Diagnostics::new().json_node().write(&mut out, Some(2), Escape::Go);
    /// assert_eq!(out, "{\n  \"diagnostics\": []\n}");
    /// ```
    pub fn json_node(&self) -> Node {
        let item = |d: &Diagnostic| {
            let severity = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            let mut props = vec![
                ("severity".to_owned(), Node::String(severity.to_owned())),
                ("summary".to_owned(), Node::String(d.summary.to_string())),
            ];
            if !d.detail.is_empty() {
                props.push(("detail".to_owned(), Node::String(d.detail.to_string())));
            }
            if let Some(r) = &d.subject {
                props.push(("subject".to_owned(), r.json_node()));
            }
            Node::Object(props)
        };
        Node::Object(vec![("diagnostics".to_owned(), Node::Array(self.iter().map(item).collect()))])
    }
}
