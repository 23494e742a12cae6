//! YAML functions Terraform adds: `yamlencode` and `yamldecode` (go-cty-yaml in Terraform).
//!
//! `yamlencode` writes what go-cty-yaml's encoder and the libyaml emitter it drives write:
//! block collections (sequences inside mappings not indented), keys in sorted order, every
//! string double-quoted (folded at column 80, non-printable characters escaped) unless it has
//! a line break and a literal block may hold it, numbers, bools and null plain, `...` after a
//! plain document. The emitter below keeps libyaml's state (column, indentation, whitespace)
//! so that these rules combine as they do there.

use hclkit_value::function::{Function, Parameter};
use hclkit_value::{Type, Value};

const BEST_INDENT: isize = 2;
const BEST_WIDTH: usize = 80;

/// Scalar as go-cty-yaml asks for it.
enum Scalar {
    /// Numbers, bools, null.
    Plain(String),
    /// Strings (literal block when they contain a line break and one is allowed).
    Str(String),
}

#[derive(Default)]
struct Emitter {
    out: String,
    column: usize,
    indent: isize,
    indents: Vec<isize>,
    whitespace: bool,
    indention: bool,
    open_ended: bool,
}

#[derive(Clone, Copy, Default)]
struct Ctx {
    root: bool,
    mapping: bool,
    simple_key: bool,
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// libyaml's IS_PRINTABLE on the UTF-8 encoding of `c`.
fn is_printable(c: char) -> bool {
    let c = c as u32;
    c == 0x0A
        || (0x20..=0x7E).contains(&c)
        || (0xA0..=0xD7FF).contains(&c)
        || ((0xE000..=0xFFFD).contains(&c) && c != 0xFEFF)
}

impl Emitter {
    fn new() -> Emitter {
        Emitter { indent: -1, whitespace: true, indention: true, ..Emitter::default() }
    }

    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write(&mut self, s: &str) {
        for c in s.chars() {
            self.put(c);
        }
    }

    fn write_indent(&mut self) {
        let indent = self.indent.max(0) as usize;
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(&mut self, s: &str, need_whitespace: bool, is_whitespace: bool, is_indention: bool) {
        if need_whitespace && !self.whitespace {
            self.put(' ');
        }
        self.write(s);
        self.whitespace = is_whitespace;
        self.indention = self.indention && is_indention;
        self.open_ended = false;
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
    }

    fn pop_indent(&mut self) {
        self.indent = self.indents.pop().unwrap_or(-1);
    }

    fn document(&mut self, v: &Value) {
        self.node(v, Ctx { root: true, ..Ctx::default() });
        // Document end (implicit), then the stream end.
        self.write_indent();
        if self.open_ended {
            self.write_indicator("...", true, false, false);
            self.write_indent();
        }
    }

    fn node(&mut self, v: &Value, ctx: Ctx) {
        let ty = v.ty();
        if v.is_null() {
            return self.scalar(Scalar::Plain("null".into()), ctx);
        }
        if ty.is_map() || ty.is_object() {
            let entries: Vec<(Value, Value)> = v.iter_elements().collect();
            if entries.is_empty() {
                return self.flow_empty("{", "}");
            }
            self.increase_indent(false, false);
            for (k, val) in entries {
                self.write_indent();
                let key = k.as_str().unwrap_or_default().to_string();
                if key.len() <= 128 && !key.contains(is_break) {
                    self.scalar(Scalar::Str(key), Ctx { mapping: true, simple_key: true, ..Ctx::default() });
                    self.write_indicator(":", false, false, false);
                } else {
                    self.write_indicator("?", true, false, true);
                    self.scalar(Scalar::Str(key), Ctx { mapping: true, ..Ctx::default() });
                    self.write_indent();
                    self.write_indicator(":", true, false, true);
                }
                self.node(&val, Ctx { mapping: true, ..Ctx::default() });
            }
            self.pop_indent();
            return;
        }
        if ty.is_list() || ty.is_set() || ty.is_tuple() {
            let items: Vec<Value> = v.iter_elements().map(|(_, e)| e).collect();
            if items.is_empty() {
                return self.flow_empty("[", "]");
            }
            let indentless = ctx.mapping && !self.indention;
            self.increase_indent(false, indentless);
            for item in items {
                self.write_indent();
                self.write_indicator("-", true, false, true);
                self.node(&item, Ctx::default());
            }
            self.pop_indent();
            return;
        }
        if let Some(b) = v.as_bool() {
            return self.scalar(Scalar::Plain(b.to_string()), ctx);
        }
        if v.as_number().is_some() {
            let text = hclkit_value::stdlib::json_encode()
                .call(std::slice::from_ref(v))
                .ok()
                .and_then(|s| s.as_str().map(str::to_string))
                .unwrap_or_default();
            return self.scalar(Scalar::Plain(text), ctx);
        }
        self.scalar(Scalar::Str(v.as_str().unwrap_or_default().to_string()), ctx)
    }

    fn flow_empty(&mut self, open: &str, close: &str) {
        self.write_indicator(open, true, true, false);
        self.increase_indent(true, false);
        self.pop_indent();
        self.write_indicator(close, false, false, false);
    }

    fn scalar(&mut self, s: Scalar, ctx: Ctx) {
        self.increase_indent(true, false);
        match s {
            Scalar::Plain(text) => {
                if !self.whitespace {
                    self.put(' ');
                }
                self.write(&text);
                self.whitespace = false;
                self.indention = false;
                if ctx.root {
                    self.open_ended = true;
                }
            }
            Scalar::Str(text) => {
                if text.contains('\n') && !ctx.simple_key && block_allowed(&text) {
                    self.literal(&text);
                } else {
                    self.double_quoted(&text, !ctx.simple_key);
                }
            }
        }
        self.pop_indent();
    }

    fn double_quoted(&mut self, text: &str, allow_breaks: bool) {
        self.write_indicator("\"", true, false, false);
        let chars: Vec<char> = text.chars().collect();
        let mut spaces = false;
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let escape = !is_printable(c) || c == '\u{FEFF}' || is_break(c) || c == '"' || c == '\\';
            if escape {
                self.put('\\');
                match c {
                    '\0' => self.put('0'),
                    '\u{7}' => self.put('a'),
                    '\u{8}' => self.put('b'),
                    '\t' => self.put('t'),
                    '\n' => self.put('n'),
                    '\u{b}' => self.put('v'),
                    '\u{c}' => self.put('f'),
                    '\r' => self.put('r'),
                    '\u{1b}' => self.put('e'),
                    '"' => self.put('"'),
                    '\\' => self.put('\\'),
                    '\u{85}' => self.put('N'),
                    '\u{a0}' => self.put('_'),
                    '\u{2028}' => self.put('L'),
                    '\u{2029}' => self.put('P'),
                    _ => {
                        let v = c as u32;
                        if v <= 0xFF {
                            self.write(&format!("x{v:02X}"));
                        } else if v <= 0xFFFF {
                            self.write(&format!("u{v:04X}"));
                        } else {
                            self.write(&format!("U{v:08X}"));
                        }
                    }
                }
                spaces = false;
            } else if c == ' ' {
                if allow_breaks && !spaces && self.column > BEST_WIDTH && i != 0 && i != chars.len() - 1 {
                    self.write_indent();
                    if chars.get(i + 1) == Some(&' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
            i += 1;
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn literal(&mut self, text: &str) {
        self.write_indicator("|", true, false, false);
        let first = text.chars().next();
        if first.is_some_and(|c| c == ' ' || is_break(c)) {
            self.write(&BEST_INDENT.to_string());
        }
        let chars: Vec<char> = text.chars().collect();
        let n = chars.len();
        if n == 0 || !is_break(chars[n - 1]) {
            self.write("-");
        } else if n == 1 || is_break(chars[n - 2]) {
            self.write("+");
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for c in chars {
            if is_break(c) {
                // libyaml's write_break: other line breaks are written as they are.
                if c == '\n' {
                    self.put_break();
                } else {
                    self.out.push(c);
                    self.column = 0;
                }
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                    breaks = false;
                }
                self.put(c);
                self.indention = false;
            }
        }
        // After a final line break the next indentation needs no break of its own.
        self.whitespace = breaks;
        self.indention = breaks;
    }
}

/// libyaml's analysis: whether a literal block may hold `text`.
fn block_allowed(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    if chars.last() == Some(&' ') {
        return false;
    }
    for (i, &c) in chars.iter().enumerate() {
        if (!is_printable(c) && c != '\n') || (i == 0 && c == '\u{FEFF}') {
            return false;
        }
        if c == ' ' && chars.get(i + 1).is_some_and(|n| is_break(*n)) {
            return false;
        }
    }
    true
}

/// `yamlencode(value)`.
pub(crate) fn yamlencode() -> Function {
    Function::builder()
        .description("Returns a string containing a YAML representation of the given value.")
        .param(Parameter::new("value", Type::Dynamic).allow_null(true).allow_dynamic_type(true))
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let v = &args[0];
            if !v.is_wholly_known() {
                return Ok(Value::unknown(Type::String));
            }
            let mut e = Emitter::new();
            e.document(v);
            Ok(Value::string(e.out))
        })
        .build()
}
