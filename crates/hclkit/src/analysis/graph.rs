//! The dependency graph of an [`Analysis`] written out: Graphviz's DOT and a JSON document
//! (what `hclkit inspect --graph` prints, and the JavaScript and Python packages return).

use hclkit_value::json::Node;

use super::Analysis;

impl Analysis {
    /// The graph in Graphviz's DOT: one node per symbol (red when in a cycle), an edge from
    /// each symbol to each symbol it refers to.
    ///
    /// ```
    /// use hclkit::analysis::{Analysis, Scheme};
    /// use hclkit::syntax::native::NativeBody;
    ///
    /// let file = hclkit::parse_config(&b"locals {\n  a = local.b\n  b = 1\n}\n"[..], "main.hcl").into_value();
    /// let a = Analysis::new(&[NativeBody::arc_from_file(&file)], &Scheme::new().attributes("local", "locals"));
    /// assert!(a.to_dot().contains("  \"local.a\" -> \"local.b\";\n"));
    /// ```
    pub fn to_dot(&self) -> String {
        let id = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
        let mut out = String::from("digraph {\n  rankdir = \"RL\";\n");
        for (i, s) in self.symbols().iter().enumerate() {
            let style = if self.is_cyclic(i) { " [color = \"red\"]" } else { "" };
            out.push_str(&format!("  {}{style};\n", id(&s.address)));
        }
        for (i, s) in self.symbols().iter().enumerate() {
            for &d in self.dependencies(i) {
                out.push_str(&format!("  {} -> {};\n", id(&s.address), id(&self.symbol(d).address)));
            }
        }
        out.push_str("}\n");
        out
    }

    /// The graph as a JSON document: `symbols` (each with its `address`, `block_type`,
    /// `pos` (`filename`, `line`, `column` of its name), `depends_on` (addresses) and
    /// `cyclic`), and `order` (the addresses in evaluation order).
    ///
    /// ```
    /// use hclkit::analysis::{Analysis, Scheme};
    /// use hclkit::syntax::native::NativeBody;
    /// use hclkit_value::json::Node;
    ///
    /// let file = hclkit::parse_config(&b"locals {\n  a = local.b\n  b = 1\n}\n"[..], "main.hcl").into_value();
    /// let a = Analysis::new(&[NativeBody::arc_from_file(&file)], &Scheme::new().attributes("local", "locals"));
    /// let Node::Object(doc) = a.graph_json() else { unreachable!() };
    /// assert_eq!(doc[1], ("order".to_owned(), Node::Array(vec![Node::String("local.b".into()), Node::String("local.a".into())])));
    /// ```
    pub fn graph_json(&self) -> Node {
        let s = |v: &str| Node::String(v.to_owned());
        let n = |v: u32| Node::Number(v.to_string());
        let symbols = self
            .symbols()
            .iter()
            .enumerate()
            .map(|(i, sym)| {
                let r = &sym.name_range;
                Node::Object(vec![
                    ("address".into(), s(&sym.address)),
                    ("block_type".into(), s(&self.scheme().rules()[sym.rule].block_type)),
                    (
                        "pos".into(),
                        Node::Object(vec![
                            ("filename".into(), s(&r.filename)),
                            ("line".into(), n(r.start.line)),
                            ("column".into(), n(r.start.column)),
                        ]),
                    ),
                    (
                        "depends_on".into(),
                        Node::Array(self.dependencies(i).iter().map(|&d| s(&self.symbol(d).address)).collect()),
                    ),
                    ("cyclic".into(), Node::Bool(self.is_cyclic(i))),
                ])
            })
            .collect();
        let order = self.order().iter().map(|&i| s(&self.symbol(i).address)).collect();
        Node::Object(vec![("symbols".into(), Node::Array(symbols)), ("order".into(), Node::Array(order))])
    }
}
