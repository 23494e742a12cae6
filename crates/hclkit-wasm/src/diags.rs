//! Diagnostics as the JSON the JavaScript package turns into `HCLError.diagnostics`: each
//! diagnostic's severity, summary, detail, subject and context ranges (line and column from
//! 1, columns in UTF-16 code units, the unit of JavaScript strings; byte offsets from 0), and
//! its rustc-style rendering.

use std::collections::HashMap;

use hclkit::diagnostic::{Renderer, SourceFiles};
use hclkit::pos::{ColumnUnit, LineIndex};
use hclkit::{Diagnostic, Diagnostics, Range, Severity};
use hclkit_value::json::{write_string, Escape};

/// Line indexes of the files diagnostics refer to, built once per file.
#[derive(Default)]
pub struct Positions {
    indexes: HashMap<String, LineIndex>,
}

impl Positions {
    /// `{"line", "column", "byte"}` of byte `offset` in `filename` (`src` its text): line and
    /// column from 1, the column in UTF-16 code units.
    pub fn write_pos(&mut self, out: &mut String, filename: &str, src: Option<&[u8]>, offset: u32) {
        let (line, column) = match src {
            Some(src) => {
                let index = self.indexes.entry(filename.to_owned()).or_insert_with(|| LineIndex::new(src));
                let lc = index.line_column(src, offset, ColumnUnit::Utf16);
                (lc.line + 1, lc.column + 1)
            }
            None => (0, 0),
        };
        out.push_str(&format!("{{\"line\":{line},\"column\":{column},\"byte\":{offset}}}"));
    }

    /// A range as `{"filename", "start", "end"}` (see [`Positions::write_pos`]).
    pub fn write_range(&mut self, out: &mut String, r: &Range, files: &dyn SourceFiles) {
        let src = files.source(&r.filename);
        out.push_str("{\"filename\":");
        write_string(out, &r.filename, Escape::Plain);
        out.push_str(",\"start\":");
        self.write_pos(out, &r.filename, src, r.start.byte);
        out.push_str(",\"end\":");
        self.write_pos(out, &r.filename, src, r.end.byte);
        out.push('}');
    }
}

/// The diagnostics as a JSON array of `{"severity", "summary", "detail", "range", "context",
/// "rendered"}` (`range` and `context` null where there is none).
pub fn to_json(diags: &Diagnostics, files: &dyn SourceFiles) -> String {
    let mut out = String::from("[");
    let mut positions = Positions::default();
    let renderer = Renderer::plain();
    for (i, d) in diags.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_one(&mut out, d, files, &mut positions, &renderer);
    }
    out.push(']');
    out
}

fn write_one(
    out: &mut String,
    d: &Diagnostic,
    files: &dyn SourceFiles,
    positions: &mut Positions,
    renderer: &Renderer,
) {
    out.push_str("{\"severity\":");
    out.push_str(if d.severity == Severity::Error { "\"error\"" } else { "\"warning\"" });
    out.push_str(",\"summary\":");
    write_string(out, &d.summary, Escape::Plain);
    out.push_str(",\"detail\":");
    write_string(out, &d.detail, Escape::Plain);
    for (key, range) in [("range", &d.subject), ("context", &d.context)] {
        out.push_str(",\"");
        out.push_str(key);
        out.push_str("\":");
        match range {
            Some(r) => positions.write_range(out, r, files),
            None => out.push_str("null"),
        }
    }
    out.push_str(",\"rendered\":");
    write_string(out, &renderer.render(d, files), Escape::Plain);
    out.push('}');
}

/// The message of the error thrown for `diags`: `@cdktf/hcl2json`'s, Go's `%v` of the
/// reference's `Diagnostics.Errs()` after `what`, as `parse config: [main.tf:1,5-5: Missing
/// expression; Expected the start of an expression, but found the end of the file.]` (errors
/// separated by a space).
pub fn message(what: &str, diags: &Diagnostics) -> String {
    let mut errors: Vec<String> = diags.errors().map(|d| d.go_error()).collect();
    if errors.is_empty() {
        errors = diags.iter().map(|d| d.go_error()).collect();
    }
    format!("{what}: [{}]", errors.join(" "))
}
