//! terraform-config-inspect's two outputs: its `--json` document and its Markdown.

use std::fmt::Write as _;

use hclkit::Severity;
use hclkit_value::json::{Escape, Node};

use super::{Module, Pos, ProviderRef};

fn s(v: &str) -> Node {
    Node::String(v.to_owned())
}

fn obj(props: Vec<(&str, Node)>) -> Node {
    Node::Object(props.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

fn pos(p: &Pos) -> Node {
    obj(vec![
        ("filename", s(&p.filename)),
        ("line", Node::Number(p.line.to_string())),
        ("column", Node::Number(p.column.to_string())),
        ("end_line", Node::Number(p.end_line.to_string())),
        ("end_column", Node::Number(p.end_column.to_string())),
    ])
}

fn provider_ref(r: &ProviderRef) -> Node {
    let mut p = vec![("name", s(&r.name))];
    if let Some(a) = &r.alias {
        p.push(("alias", s(a)));
    }
    obj(p)
}

/// A value as JSON (numbers exactly as written; a value JSON cannot hold, such as an
/// unknown, is `null`).
fn value(v: &hclkit_value::Value) -> Node {
    hclkit_value::json::to_simple_json(v).ok().and_then(|t| Node::parse(t.as_bytes()).ok()).unwrap_or(Node::Null)
}

fn map<T>(items: &std::collections::BTreeMap<String, T>, f: impl Fn(&T) -> Node) -> Node {
    Node::Object(items.iter().map(|(k, v)| (k.clone(), f(v))).collect())
}

impl Module {
    /// terraform-config-inspect's `--json` document: `path`, `variables`, `outputs`,
    /// `required_core`, `required_providers`, `provider_configs`, `managed_resources`,
    /// `data_resources`, `module_calls` and `diagnostics`, with its field names and order
    /// (map keys sorted, empty optional fields left out), so scripts that parse it read this;
    /// plus, under names it does not use, `column`/`end_line`/`end_column` in every `pos`, a
    /// variable's `nullable`, `ephemeral` and `validations`, an output's `value`, a provider
    /// configuration's `pos`, a module call's `arguments`, and `locals` and `other_blocks`.
    pub fn to_json(&self) -> Node {
        let variables = map(&self.variables, |v| {
            let mut p = vec![("name", s(&v.name))];
            if let Some(t) = &v.type_expr {
                p.push(("type", s(t)));
            }
            if let Some(d) = &v.description {
                p.push(("description", s(d)));
            }
            p.push(("default", v.default.as_ref().map(value).unwrap_or(Node::Null)));
            p.push(("required", Node::Bool(v.required)));
            if v.sensitive {
                p.push(("sensitive", Node::Bool(true)));
            }
            p.push(("pos", pos(&v.pos)));
            if let Some(n) = v.nullable {
                p.push(("nullable", Node::Bool(n)));
            }
            if v.ephemeral {
                p.push(("ephemeral", Node::Bool(true)));
            }
            if !v.validations.is_empty() {
                let vals = v
                    .validations
                    .iter()
                    .map(|c| {
                        obj(vec![
                            ("condition", s(&c.condition)),
                            ("error_message", s(&c.error_message)),
                            ("pos", pos(&c.pos)),
                        ])
                    })
                    .collect();
                p.push(("validations", Node::Array(vals)));
            }
            obj(p)
        });
        let outputs = map(&self.outputs, |o| {
            let mut p = vec![("name", s(&o.name))];
            if let Some(d) = &o.description {
                p.push(("description", s(d)));
            }
            if o.sensitive {
                p.push(("sensitive", Node::Bool(true)));
            }
            p.push(("pos", pos(&o.pos)));
            if let Some(v) = &o.value {
                p.push(("value", s(v)));
            }
            obj(p)
        });
        let mut doc = vec![("path", s(&self.path)), ("variables", variables), ("outputs", outputs)];
        if !self.required_core.is_empty() {
            doc.push(("required_core", Node::Array(self.required_core.iter().map(|c| s(c)).collect())));
        }
        doc.push((
            "required_providers",
            map(&self.required_providers, |r| {
                let mut p = Vec::new();
                if let Some(src) = &r.source {
                    p.push(("source", s(src)));
                }
                if !r.version_constraints.is_empty() {
                    p.push(("version_constraints", Node::Array(r.version_constraints.iter().map(|c| s(c)).collect())));
                }
                if !r.configuration_aliases.is_empty() {
                    p.push(("aliases", Node::Array(r.configuration_aliases.iter().map(provider_ref).collect())));
                }
                obj(p)
            }),
        ));
        if !self.provider_configs.is_empty() {
            doc.push((
                "provider_configs",
                map(&self.provider_configs, |c| {
                    let mut p = vec![("name", s(&c.name))];
                    if let Some(a) = &c.alias {
                        p.push(("alias", s(a)));
                    }
                    p.push(("pos", pos(&c.pos)));
                    obj(p)
                }),
            ));
        }
        let resource = |r: &super::Resource| {
            obj(vec![
                ("mode", s(r.mode)),
                ("type", s(&r.type_name)),
                ("name", s(&r.name)),
                ("provider", provider_ref(&r.provider)),
                ("pos", pos(&r.pos)),
            ])
        };
        doc.push(("managed_resources", map(&self.managed_resources, resource)));
        doc.push(("data_resources", map(&self.data_resources, resource)));
        doc.push((
            "module_calls",
            map(&self.module_calls, |m| {
                let mut p = vec![("name", s(&m.name)), ("source", s(&m.source))];
                if let Some(v) = &m.version {
                    p.push(("version", s(v)));
                }
                p.push(("pos", pos(&m.pos)));
                p.push(("arguments", Node::Array(m.arguments.iter().map(|a| s(a)).collect())));
                obj(p)
            }),
        ));
        if !self.diagnostics.is_empty() {
            let diags = self
                .diagnostics
                .iter()
                .map(|d| {
                    let sev = if d.severity == Severity::Error { "error" } else { "warning" };
                    let mut p = vec![("severity", s(sev)), ("summary", s(&d.summary))];
                    if !d.detail.is_empty() {
                        p.push(("detail", s(&d.detail)));
                    }
                    if let Some(r) = &d.subject {
                        p.push(("pos", pos(&Pos::of(r))));
                    }
                    obj(p)
                })
                .collect();
            doc.push(("diagnostics", Node::Array(diags)));
        }
        doc.push((
            "locals",
            map(&self.locals, |l| {
                obj(vec![("name", s(&l.name)), ("expression", s(&l.expression)), ("pos", pos(&l.pos))])
            }),
        ));
        if !self.other_blocks.is_empty() {
            let blocks = self
                .other_blocks
                .iter()
                .map(|b| {
                    obj(vec![
                        ("kind", s(&b.kind)),
                        ("labels", Node::Array(b.labels.iter().map(|l| s(l)).collect())),
                        ("arguments", map(&b.arguments, |a| s(a))),
                        ("pos", pos(&b.pos)),
                    ])
                })
                .collect();
            doc.push(("other_blocks", Node::Array(blocks)));
        }
        obj(doc)
    }

    /// The JSON document as text, indented as terraform-config-inspect prints it.
    pub fn to_json_string(&self) -> String {
        let mut out = String::new();
        self.to_json().write(&mut out, Some(2), Escape::Go);
        out.push('\n');
        out
    }

    /// terraform-config-inspect's default Markdown, as its template writes it: the module,
    /// core and provider requirements, input variables (required, or the default as JSON),
    /// outputs, managed and data resources, child modules, and problems.
    pub fn to_markdown(&self) -> String {
        let tt = |s: &str| format!("`{s}`");
        let mut out = format!("\n# Module {}", tt(&self.path));
        if !self.required_core.is_empty() {
            out.push_str("\n\nCore Version Constraints:");
            for c in &self.required_core {
                let _ = write!(out, "\n* {}", tt(c));
            }
        }
        if !self.required_providers.is_empty() {
            out.push_str("\n\nProvider Requirements:");
            for (name, r) in &self.required_providers {
                let source = r.source.as_deref().map(|src| format!(" ({})", tt(src))).unwrap_or_default();
                let versions = if r.version_constraints.is_empty() {
                    "(any version)".to_owned()
                } else {
                    tt(&r.version_constraints.join(", "))
                };
                let _ = write!(out, "\n* **{name}{source}:** {versions}");
            }
        }
        if !self.variables.is_empty() {
            out.push_str("\n\n## Input Variables");
            for v in self.variables.values() {
                let req = if v.required {
                    " (required)".to_owned()
                } else {
                    let mut d = String::new();
                    v.default.as_ref().map(value).unwrap_or(Node::Null).write(&mut d, None, Escape::Go);
                    format!(" (default {})", tt(&d))
                };
                let desc = v.description.as_deref().map(|d| format!(": {d}")).unwrap_or_default();
                let _ = write!(out, "\n* {}{req}{desc}", tt(&v.name));
            }
        }
        if !self.outputs.is_empty() {
            out.push_str("\n\n## Output Values");
            for o in self.outputs.values() {
                let desc = o.description.as_deref().map(|d| format!(": {d}")).unwrap_or_default();
                let _ = write!(out, "\n* {}{desc}", tt(&o.name));
            }
        }
        for (title, items) in [("Managed Resources", &self.managed_resources), ("Data Resources", &self.data_resources)]
        {
            if items.is_empty() {
                continue;
            }
            let _ = write!(out, "\n\n## {title}");
            for (key, r) in items {
                let _ = write!(out, "\n* {} from {}", tt(key), tt(&r.provider.name));
            }
        }
        if !self.module_calls.is_empty() {
            out.push_str("\n\n## Child Modules");
            for m in self.module_calls.values() {
                let version = m.version.as_deref().map(|v| format!(" ({})", tt(v))).unwrap_or_default();
                let _ = write!(out, "\n* {} from {}{version}", tt(&m.name), tt(&m.source));
            }
        }
        if !self.diagnostics.is_empty() {
            out.push_str("\n\n## Problems");
            for d in self.diagnostics.iter() {
                let sev = if d.severity == Severity::Error { "Error: " } else { "Warning: " };
                let _ = write!(out, "\n\n## {sev}{}", d.summary);
                if let Some(r) = &d.subject {
                    let _ = write!(out, "\n\n(at {} line {}", tt(&r.filename), r.start.line);
                }
                // The template closes the parenthesis outside its `if`.
                out.push_str(")\n");
                if !d.detail.is_empty() {
                    let _ = write!(out, "\n{}", d.detail);
                }
            }
        }
        out.push_str("\n\n");
        out
    }
}
