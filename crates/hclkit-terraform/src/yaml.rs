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

// ---- yamldecode ----

use hclkit_value::function::FunctionError;
use hclkit_value::Number;
use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::{Marker, ScanError, TScalarStyle};

/// The most values an alias-expanded document may have (aliases can multiply a small text
/// into an enormous value: "billion laughs").
const MAX_DECODED_NODES: usize = 1_000_000;

/// The deepest nesting of collections a document may have (the conversion recurses).
const MAX_DEPTH: usize = 128;

/// A parsed YAML node (aliases already resolved to their anchor's node).
#[derive(Clone)]
enum Node {
    Scalar { value: String, style: TScalarStyle, tag: Option<Tag>, mark: (usize, usize) },
    Seq(Vec<std::rc::Rc<Node>>),
    Map(Vec<(std::rc::Rc<Node>, std::rc::Rc<Node>)>),
}

fn tag_name(tag: &Tag) -> String {
    match tag.handle.as_str() {
        "!!" => format!("tag:yaml.org,2002:{}", tag.suffix),
        h => format!("{h}{}", tag.suffix),
    }
}

/// go-cty-yaml's error text for a position: `on line L, column C: ` where L is the 0-based
/// line (as go-cty-yaml prints it) when it is not 0.
fn at(line0: usize, col1: usize, msg: &str) -> String {
    if line0 == 0 {
        msg.to_string()
    } else {
        format!("on line {line0}, column {col1}: {msg}")
    }
}

/// A yaml-rust2 error in libyaml's words (its problem text, without the context), placed as
/// go-cty-yaml places it: parser errors at their 0-based line, scanner errors on the next
/// line at column 1, nothing on the first line.
fn scan_error(src: &str, e: &ScanError) -> FunctionError {
    let info = e.info();
    let m = e.marker();
    let parser_error = |msg: &str| (true, msg.to_string());
    let (is_parser, problem) = match info {
        "while parsing a flow sequence, expected ',' or ']'" => parser_error("did not find expected ',' or ']'"),
        "while parsing a flow mapping, did not find expected ',' or '}'" => {
            parser_error("did not find expected ',' or '}'")
        }
        "while parsing a block mapping, did not find expected key" => parser_error("did not find expected key"),
        "while parsing a block collection, did not find expected '-' indicator" => {
            parser_error("did not find expected '-' indicator")
        }
        "while parsing a node, did not find expected node content" => {
            parser_error("did not find expected node content")
        }
        "while parsing node, found unknown anchor" => {
            let rest = src.get(m.index()..).unwrap_or_default();
            let name: String = rest
                .trim_start_matches('*')
                .chars()
                .take_while(|c| !c.is_whitespace() && !",[]{}".contains(*c))
                .collect();
            return FunctionError::new(format!("reference to undefined anchor {}", crate::util::quote(&name)));
        }
        i if i.starts_with("unexpected character") || i.starts_with("tabs disallowed") => {
            (false, "found character that cannot start any token".to_string())
        }
        i if i.starts_with("while ") => (false, i.split_once(", ").map(|(_, p)| p).unwrap_or(i).to_string()),
        i if i.starts_with("did not find expected") => (true, i.to_string()),
        other => (false, other.to_string()),
    };
    let line0 = m.line().saturating_sub(1);
    if is_parser {
        FunctionError::new(at(line0, m.col() + 1, &problem))
    } else if line0 == 0 {
        FunctionError::new(problem)
    } else {
        FunctionError::new(format!("on line {}, column 1: {problem}", line0 + 1))
    }
}

struct Loader<'a> {
    src: &'a str,
    parser: Parser<std::str::Chars<'a>>,
    anchors: std::collections::HashMap<usize, std::rc::Rc<Node>>,
    nodes: usize,
    depth: usize,
}

impl Loader<'_> {
    fn next(&mut self) -> Result<(Event, Marker), FunctionError> {
        self.parser.next_token().map_err(|e| scan_error(self.src, &e))
    }

    fn count(&mut self, n: usize) -> Result<(), FunctionError> {
        self.nodes += n;
        if self.nodes > MAX_DECODED_NODES {
            return Err(FunctionError::new(format!("the document expands to more than {MAX_DECODED_NODES} values")));
        }
        Ok(())
    }

    /// The node starting with `event`.
    fn node(&mut self, event: Event, mark: Marker) -> Result<std::rc::Rc<Node>, FunctionError> {
        self.depth += 1;
        let node = self.node_inner(event, mark);
        self.depth -= 1;
        node
    }

    fn node_inner(&mut self, event: Event, mark: Marker) -> Result<std::rc::Rc<Node>, FunctionError> {
        if self.depth > MAX_DEPTH {
            return Err(FunctionError::new(format!("the document nests collections more than {MAX_DEPTH} deep")));
        }
        let (node, anchor) = match event {
            Event::Alias(id) => {
                let node = self.anchors.get(&id).cloned().ok_or_else(|| FunctionError::new("unknown anchor"))?;
                self.count(size(&node))?;
                return Ok(node);
            }
            Event::Scalar(value, style, anchor, tag) => {
                self.count(1)?;
                (Node::Scalar { value, style, tag, mark: (mark.line().saturating_sub(1), mark.col() + 1) }, anchor)
            }
            Event::SequenceStart(anchor, tag) => {
                check_collection_tag(tag.as_ref(), "seq", "sequence")?;
                self.count(1)?;
                let mut items = Vec::new();
                loop {
                    let (ev, m) = self.next()?;
                    if matches!(ev, Event::SequenceEnd) {
                        break;
                    }
                    items.push(self.node(ev, m)?);
                }
                (Node::Seq(items), anchor)
            }
            Event::MappingStart(anchor, tag) => {
                check_collection_tag(tag.as_ref(), "map", "mapping")?;
                self.count(1)?;
                let mut pairs = Vec::new();
                loop {
                    let (ev, m) = self.next()?;
                    if matches!(ev, Event::MappingEnd) {
                        break;
                    }
                    let k = self.node(ev, m)?;
                    let (ev, m) = self.next()?;
                    let v = self.node(ev, m)?;
                    pairs.push((k, v));
                }
                (Node::Map(pairs), anchor)
            }
            _ => return Err(FunctionError::new("unexpected YAML event")),
        };
        let node = std::rc::Rc::new(node);
        if anchor != 0 {
            self.anchors.insert(anchor, node.clone());
        }
        Ok(node)
    }
}

fn size(n: &Node) -> usize {
    match n {
        Node::Scalar { .. } => 1,
        Node::Seq(items) => 1 + items.iter().map(|i| size(i)).sum::<usize>(),
        Node::Map(pairs) => 1 + pairs.iter().map(|(k, v)| size(k) + size(v)).sum::<usize>(),
    }
}

fn check_collection_tag(tag: Option<&Tag>, kind: &str, what: &str) -> Result<(), FunctionError> {
    match tag {
        None => Ok(()),
        Some(t) if tag_name(t) == format!("tag:yaml.org,2002:{kind}") => Ok(()),
        Some(t) => Err(FunctionError::new(format!("can't interpret {what} as {}", short_tag(t)))),
    }
}

fn short_tag(t: &Tag) -> String {
    let full = tag_name(t);
    match full.strip_prefix("tag:yaml.org,2002:") {
        Some(s) => format!("!!{s}"),
        None => full,
    }
}

/// Whether `s` is a decimal number as `big.ParseFloat` reads it (sign, digits with an
/// optional point, optional exponent).
fn decimal_number(s: &str) -> Option<Number> {
    let b = s.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut digits = i - int_start;
    if i < b.len() && b[i] == b'.' {
        i += 1;
        let f = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        digits += i - f;
    }
    if digits == 0 {
        return None;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        let e = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == e {
            return None;
        }
    }
    if i != b.len() {
        return None;
    }
    let mut text = s.trim_start_matches('+').to_string();
    if text.starts_with('.') || text.starts_with("-.") {
        text = text.replacen('.', "0.", 1);
    }
    if text.ends_with('.') {
        text.push('0');
    }
    let text = text.replace(".e", ".0e").replace(".E", ".0E");
    Number::parse(&text).ok()
}

fn radix_number(s: &str) -> Option<Number> {
    let (neg, rest) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let (radix, digits) = if let Some(d) = rest.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = rest.strip_prefix("0o") {
        (8, d)
    } else {
        return None;
    };
    let n = num_bigint::BigInt::parse_bytes(digits.as_bytes(), radix)?;
    if digits.starts_with(['+', '-']) {
        return None;
    }
    Some(Number::from_bigint(&if neg { -n } else { n }))
}

/// go-yaml's timestamp forms, as Go's RFC 3339 text (`None` when `s` is not one).
fn yaml_timestamp(s: &str) -> Option<String> {
    let b = s.as_bytes();
    if b.len() < 8 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return None;
    }
    let year: i64 = s[..4].parse().ok()?;
    let rest = &s[4..];
    let parts: Vec<&str> = rest[1..].splitn(2, ['T', 't', ' ']).collect();
    let date: Vec<&str> = parts[0].split('-').collect();
    if date.len() != 2 || date.iter().any(|p| p.is_empty() || p.len() > 2 || !p.bytes().all(|c| c.is_ascii_digit())) {
        return None;
    }
    let (month, day): (i64, i64) = (date[0].parse().ok()?, date[1].parse().ok()?);
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return None;
    }
    let (mut h, mut mi, mut se, mut offset) = (0i64, 0i64, 0i64, 0i64);
    let mut utc = true;
    if parts.len() == 2 {
        let t = parts[1];
        let sep = s.as_bytes()[4 + 1 + parts[0].len()];
        let (clock, zone) = match t.find(['Z', '+', '-']) {
            Some(z) => (&t[..z], Some(&t[z..])),
            None => (t, None),
        };
        if zone.is_some() && sep == b' ' {
            return None;
        }
        if zone.is_none() && sep != b' ' {
            return None;
        }
        let (clock, _frac) = match clock.find('.') {
            Some(p) => {
                let f = &clock[p + 1..];
                if f.is_empty() || !f.bytes().all(|c| c.is_ascii_digit()) {
                    return None;
                }
                (&clock[..p], Some(f))
            }
            None => (clock, None),
        };
        let hms: Vec<&str> = clock.split(':').collect();
        if hms.len() != 3 || hms.iter().any(|p| p.is_empty() || p.len() > 2 || !p.bytes().all(|c| c.is_ascii_digit())) {
            return None;
        }
        h = hms[0].parse().ok()?;
        mi = hms[1].parse().ok()?;
        se = hms[2].parse().ok()?;
        if h > 23 || mi > 59 || se > 59 {
            return None;
        }
        if let Some(z) = zone {
            if z != "Z" {
                let zb = z.as_bytes();
                if zb.len() != 6 || zb[3] != b':' {
                    return None;
                }
                let oh: i64 = z[1..3].parse().ok()?;
                let om: i64 = z[4..6].parse().ok()?;
                offset = (oh * 60 + om) * if zb[0] == b'-' { -1 } else { 1 };
                utc = false;
            }
        }
    }
    let zone = if utc {
        "Z".to_string()
    } else {
        let sign = if offset < 0 { '-' } else { '+' };
        format!("{sign}{:02}:{:02}", offset.abs() / 60, offset.abs() % 60)
    };
    Some(format!("{year:04}-{month:02}-{day:02}T{h:02}:{mi:02}:{se:02}{zone}"))
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// go-cty-yaml's scalar resolution.
fn scalar_value(value: &str, style: TScalarStyle, tag: Option<&Tag>) -> Result<Value, FunctionError> {
    let tag = tag.map(short_tag);
    if let Some(t) = &tag {
        const KNOWN: &[&str] = &["!!str", "!!int", "!!float", "!!bool", "!!null", "!!binary", "!!timestamp", "!!merge"];
        if !KNOWN.contains(&t.as_str()) {
            return Err(FunctionError::new(format!("unsupported tag {}", crate::util::quote(t))));
        }
    }
    if style != TScalarStyle::Plain || tag.as_deref() == Some("!!str") || tag.as_deref() == Some("!!binary") {
        return Ok(Value::string(value));
    }
    let explicit = tag.as_deref();
    match value {
        "" | "~" | "null" | "Null" | "NULL" if explicit.is_none() || explicit == Some("!!null") => {
            return Ok(Value::null(Type::Dynamic))
        }
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            return Ok(Value::bool(true))
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            return Ok(Value::bool(false))
        }
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => return Ok(Value::number(Number::infinity())),
        "-.inf" | "-.Inf" | "-.INF" => return Ok(Value::number(Number::neg_infinity())),
        ".nan" | ".NaN" | ".NAN" => return Err(FunctionError::new("floating point NaN is not supported")),
        _ => {}
    }
    if value.starts_with(|c: char| c.is_ascii_digit() || "+-.".contains(c)) {
        if explicit.is_none() || explicit == Some("!!timestamp") {
            if let Some(t) = yaml_timestamp(value) {
                return Ok(Value::string(t));
            }
        }
        // Underscores are allowed in integers only.
        let plain = value.replace('_', "");
        let integer = plain.trim_start_matches(['+', '-']);
        if !integer.is_empty() && integer.bytes().all(|b| b.is_ascii_digit()) {
            if let Some(n) = decimal_number(&plain) {
                return Ok(Value::number(n));
            }
        }
        if let Some(n) = decimal_number(value).or_else(|| radix_number(&plain)) {
            if explicit != Some("!!bool") && explicit != Some("!!null") && explicit != Some("!!timestamp") {
                return Ok(Value::number(n));
            }
        }
    }
    if let Some(t) = explicit {
        if t != "!!merge" {
            return Err(FunctionError::new(format!(
                "cannot parse {} as {}",
                crate::util::quote(value),
                t.replace("!!", "tag:yaml.org,2002:")
            )));
        }
    }
    Ok(Value::string(value))
}

fn to_value(node: &Node) -> Result<Value, FunctionError> {
    match node {
        Node::Scalar { value, style, tag, .. } => scalar_value(value, *style, tag.as_ref()),
        Node::Seq(items) => Ok(Value::tuple(items.iter().map(|i| to_value(i)).collect::<Result<_, _>>()?)),
        Node::Map(pairs) => {
            let mut attrs: BTreeMap<String, Value> = BTreeMap::new();
            let mut merged: Vec<(String, Value)> = Vec::new();
            for (k, v) in pairs {
                let Node::Scalar { value: key, style, tag, mark } = &**k else {
                    return Err(FunctionError::new("only strings are allowed as mapping keys"));
                };
                if key == "<<" && *style == TScalarStyle::Plain && tag.is_none() {
                    let m = to_value(v)?;
                    let ty = m.ty();
                    if !(ty.is_object() || ty.is_map()) || m.is_null() {
                        return Err(FunctionError::new(at(
                            mark.0,
                            mark.1,
                            &format!("cannot merge {} into mapping", ty.friendly_name()),
                        )));
                    }
                    for (mk, mv) in m.iter_elements() {
                        merged.push((mk.as_str().unwrap_or_default().to_string(), mv));
                    }
                    continue;
                }
                let kv = scalar_value(key, *style, tag.as_ref())?;
                if kv.is_null() {
                    return Err(FunctionError::new("mapping key cannot be null"));
                }
                let name = match (kv.as_bool(), kv.as_number(), kv.as_str()) {
                    (Some(b), _, _) => b.to_string(),
                    (_, Some(_), _) => hclkit_value::stdlib::tostring()
                        .call(std::slice::from_ref(&kv))
                        .ok()
                        .and_then(|s| s.as_str().map(str::to_string))
                        .unwrap_or_default(),
                    (_, _, Some(s)) => s.to_string(),
                    _ => return Err(FunctionError::new("only strings are allowed as mapping keys")),
                };
                attrs.insert(name, to_value(v)?);
            }
            for (k, v) in merged {
                attrs.entry(k).or_insert(v);
            }
            Ok(Value::object(attrs))
        }
    }
}

use std::collections::BTreeMap;

fn decode(src: &str) -> Result<Value, FunctionError> {
    // libyaml (go-yaml) reads YAML 1.1 documents only.
    for line in src.lines() {
        if let Some(v) = line.strip_prefix("%YAML") {
            if v.split_whitespace().next() != Some("1.1") {
                return Err(FunctionError::new("found incompatible YAML document"));
            }
        }
    }
    let text = if src.is_empty() { "\n" } else { src };
    let mut loader =
        Loader { src: text, parser: Parser::new_from_str(text), anchors: Default::default(), nodes: 0, depth: 0 };
    let (ev, _) = loader.next()?;
    if !matches!(ev, Event::StreamStart) {
        return Err(FunctionError::new("missing stream start token"));
    }
    let (ev, mark) = loader.next()?;
    if !matches!(ev, Event::DocumentStart) {
        return Err(FunctionError::new(at(mark.line().saturating_sub(1), mark.col() + 1, "missing start of document")));
    }
    let (ev, m) = loader.next()?;
    let root = loader.node(ev, m)?;
    let (mut ev, mut mark) = loader.next()?;
    if matches!(ev, Event::DocumentEnd) {
        (ev, mark) = loader.next()?;
    }
    if !matches!(ev, Event::StreamEnd) {
        let msg = "unexpected extra content after value";
        return Err(FunctionError::new(at(mark.line().saturating_sub(1), mark.col() + 1, msg)));
    }
    // Terraform gives an unknown value for a document that is only null (go-cty-yaml's
    // implied type for it is the dynamic pseudo-type), as recorded.
    if let Node::Scalar { value, style: TScalarStyle::Plain, tag: None, .. } = &*root {
        if matches!(value.as_str(), "" | "~" | "null" | "Null" | "NULL") {
            return Ok(Value::unknown(Type::Dynamic));
        }
    }
    to_value(&root)
}

/// `yamldecode(src)`.
pub(crate) fn yamldecode() -> Function {
    Function::builder()
        .description(
            "Parses the given string as YAML and returns a value corresponding to what the YAML document describes.",
        )
        .param(Parameter::new("src", Type::String))
        .static_return_type(Type::Dynamic)
        .implementation(|args, _| decode(args[0].as_str().unwrap_or_default()))
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alias_expansion_is_capped() {
        let mut doc = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..9 {
            let prev = format!("*a{}", i - 1);
            doc.push_str(&format!("a{i}: &a{i} [{}]\n", [prev.as_str(); 10].join(", ")));
        }
        let err = decode(&doc).unwrap_err();
        assert!(err.message().contains("more than"), "{err:?}");
        // A few aliases are fine.
        let v = decode("a: &x [1, 2]\nb: [*x, *x]").unwrap();
        assert_eq!(v.get_attr("b").and_then(|b| b.length()), Some(2));
    }

    #[test]
    fn no_panic_on_odd_input() {
        for src in [
            "[",
            "{",
            "&",
            "*",
            "!",
            "? ",
            ": ",
            "- - -",
            "|",
            ">",
            "'",
            "\"",
            "%TAG",
            "---\n...\n---",
            "\u{feff}a: 1",
            "a: [&x 1, *x]",
            "<<: 1",
            "<<: [1]",
        ] {
            let _ = decode(src);
        }
    }

    #[test]
    fn deep_flow_nesting_is_refused() {
        assert!(decode(&"[".repeat(100_000)).is_err());
    }

    #[test]
    fn deep_block_sequences_are_refused() {
        assert!(decode(&"- ".repeat(100_000)).is_err());
    }

    #[test]
    fn deep_block_mappings_are_refused() {
        let mut doc = String::new();
        for i in 0..20_000 {
            doc.push_str(&" ".repeat(i));
            doc.push_str("a:\n");
        }
        assert!(decode(&doc).is_err());
    }

    #[test]
    fn yaml_functions_and_unknowns() {
        let f = yamldecode();
        assert!(f.call(&[Value::unknown(Type::String)]).unwrap().is_unknown());
        let e = yamlencode();
        let partly = Value::tuple(vec![Value::number(1), Value::unknown(Type::String)]);
        assert!(e.call(&[partly]).unwrap().is_unknown());
        let v = f.call(&[Value::string("a: [1, x]")]).unwrap();
        assert_eq!(e.call(&[v]).unwrap(), Value::string("\"a\":\n- 1\n- \"x\"\n"));
    }
}
