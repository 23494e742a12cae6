//! A model of the parts of Go's `encoding/json` that the reference's JSON functions are built
//! on: the byte-at-a-time syntax scanner, the streaming `Decoder` with its `Token`, `More` and
//! `Decode` operations, string unquoting, and string quoting for output.
//!
//! The reference decodes JSON through these, and the text of its errors is theirs
//! ("invalid character 'x' looking for beginning of value", "unexpected EOF", "EOF",
//! "expected comma after array element", ...). The order in which problems are found matters
//! too: the reference reads a document token by token and only checks each element's syntax
//! when it reaches it, so a type error in an early element is reported before a syntax error
//! in a later one. This module reproduces both.

use std::borrow::Cow;
/// The nesting depth at which scanning gives up ("exceeded max depth"). Go's scanner allows
/// 10000 levels; we stop at 256 (serde_json stops at 128), so that everything done with the
/// values read (decoding, conversion, unification of their types, equality, encoding), all
/// recursive, stays well inside a 2 MiB thread stack even in an unoptimised build, with
/// room for the evaluation of a deeply nested expression around it. (At 1000 levels,
/// unifying the types of two such values needed about 4 MiB.) No configuration's JSON
/// comes near: real documents nest a few dozen levels at most.
pub(crate) const MAX_DEPTH: usize = 256;

/// What one byte meant to the scanner (Go's `scan*` constants).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Continue,
    BeginLiteral,
    BeginObject,
    ObjectKey,
    ObjectValue,
    EndObject,
    BeginArray,
    ArrayValue,
    EndArray,
    SkipSpace,
    End,
    Error,
}

/// What kind of composite value the scanner is inside (Go's `parse*` constants).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Parse {
    ObjectKey,
    ObjectValue,
    ArrayValue,
}

/// The scanner's state function (Go's `state*` functions).
#[derive(Clone, Copy, Debug)]
enum State {
    BeginValueOrEmpty,
    BeginValue,
    BeginStringOrEmpty,
    BeginString,
    EndValue,
    EndTop,
    InString,
    InStringEsc,
    /// Inside `\u`, having seen this many hex digits.
    InStringEscU(u8),
    Neg,
    One,
    Zero,
    Dot,
    Dot0,
    E,
    ESign,
    E0,
    /// Inside the literal `word`, expecting `word[at]` next.
    Literal(&'static [u8], usize),
    Error,
}

/// Go's JSON syntax scanner.
struct Scanner {
    step: State,
    end_top: bool,
    parse: Vec<Parse>,
    /// The byte and context of the first syntax error, formatted only when reported (Go
    /// also records an error for the byte after a complete top-level value, which is
    /// usually never looked at).
    err: Option<(u8, Context)>,
}

/// What the scanner was looking for when it met an unexpected byte.
#[derive(Clone, Copy, Debug)]
enum Context {
    Text(&'static str),
    /// Inside the literal `word`, expecting `word[at]`.
    Literal(&'static [u8], usize),
}

impl Scanner {
    fn take_error(&mut self) -> String {
        let Some((c, context)) = self.err.take() else {
            return String::new();
        };
        match context {
            Context::Text(text) => format!("invalid character {} {}", quote_char(c), text),
            Context::Literal(word, at) => format!(
                "invalid character {} in literal {} (expecting {})",
                quote_char(c),
                std::str::from_utf8(word).unwrap_or("?"),
                quote_char(word[at])
            ),
        }
    }
}

pub(crate) fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

impl Scanner {
    fn new() -> Scanner {
        Scanner { step: State::BeginValue, end_top: false, parse: Vec::new(), err: None }
    }

    fn error(&mut self, c: u8, context: &'static str) -> Op {
        self.fail(c, Context::Text(context))
    }

    fn fail(&mut self, c: u8, context: Context) -> Op {
        self.step = State::Error;
        self.err = Some((c, context));
        Op::Error
    }

    fn push(&mut self, c: u8, p: Parse, success: Op) -> Op {
        self.parse.push(p);
        if self.parse.len() <= MAX_DEPTH {
            success
        } else {
            self.error(c, "exceeded max depth")
        }
    }

    fn pop(&mut self) {
        self.parse.pop();
        if self.parse.is_empty() {
            self.step = State::EndTop;
            self.end_top = true;
        } else {
            self.step = State::EndValue;
        }
    }

    fn step(&mut self, c: u8) -> Op {
        match self.step {
            State::BeginValueOrEmpty => {
                if is_space(c) {
                    Op::SkipSpace
                } else if c == b']' {
                    self.end_value(c)
                } else {
                    self.begin_value(c)
                }
            }
            State::BeginValue => self.begin_value(c),
            State::BeginStringOrEmpty => {
                if is_space(c) {
                    return Op::SkipSpace;
                }
                if c == b'}' {
                    if let Some(last) = self.parse.last_mut() {
                        *last = Parse::ObjectValue;
                    }
                    return self.end_value(c);
                }
                self.begin_string(c)
            }
            State::BeginString => self.begin_string(c),
            State::EndValue => self.end_value(c),
            State::EndTop => {
                if !is_space(c) {
                    self.error(c, "after top-level value");
                }
                Op::End
            }
            State::InString => {
                if c == b'"' {
                    self.step = State::EndValue;
                    Op::Continue
                } else if c == b'\\' {
                    self.step = State::InStringEsc;
                    Op::Continue
                } else if c < 0x20 {
                    self.error(c, "in string literal")
                } else {
                    Op::Continue
                }
            }
            State::InStringEsc => match c {
                b'b' | b'f' | b'n' | b'r' | b't' | b'\\' | b'/' | b'"' => {
                    self.step = State::InString;
                    Op::Continue
                }
                b'u' => {
                    self.step = State::InStringEscU(0);
                    Op::Continue
                }
                _ => self.error(c, "in string escape code"),
            },
            State::InStringEscU(n) => {
                if c.is_ascii_hexdigit() {
                    self.step = if n == 3 { State::InString } else { State::InStringEscU(n + 1) };
                    Op::Continue
                } else {
                    self.error(c, "in \\u hexadecimal character escape")
                }
            }
            State::Neg => match c {
                b'0' => {
                    self.step = State::Zero;
                    Op::Continue
                }
                b'1'..=b'9' => {
                    self.step = State::One;
                    Op::Continue
                }
                _ => self.error(c, "in numeric literal"),
            },
            State::One => {
                if c.is_ascii_digit() {
                    Op::Continue
                } else {
                    self.zero(c)
                }
            }
            State::Zero => self.zero(c),
            State::Dot => {
                if c.is_ascii_digit() {
                    self.step = State::Dot0;
                    Op::Continue
                } else {
                    self.error(c, "after decimal point in numeric literal")
                }
            }
            State::Dot0 => {
                if c.is_ascii_digit() {
                    Op::Continue
                } else if c == b'e' || c == b'E' {
                    self.step = State::E;
                    Op::Continue
                } else {
                    self.end_value(c)
                }
            }
            State::E => {
                if c == b'+' || c == b'-' {
                    self.step = State::ESign;
                    Op::Continue
                } else {
                    self.e_sign(c)
                }
            }
            State::ESign => self.e_sign(c),
            State::E0 => {
                if c.is_ascii_digit() {
                    Op::Continue
                } else {
                    self.end_value(c)
                }
            }
            State::Literal(word, at) => {
                if c == word[at] {
                    self.step = if at + 1 == word.len() { State::EndValue } else { State::Literal(word, at + 1) };
                    Op::Continue
                } else {
                    self.fail(c, Context::Literal(word, at))
                }
            }
            State::Error => Op::Error,
        }
    }

    fn begin_value(&mut self, c: u8) -> Op {
        if is_space(c) {
            return Op::SkipSpace;
        }
        match c {
            b'{' => {
                self.step = State::BeginStringOrEmpty;
                self.push(c, Parse::ObjectKey, Op::BeginObject)
            }
            b'[' => {
                self.step = State::BeginValueOrEmpty;
                self.push(c, Parse::ArrayValue, Op::BeginArray)
            }
            b'"' => {
                self.step = State::InString;
                Op::BeginLiteral
            }
            b'-' => {
                self.step = State::Neg;
                Op::BeginLiteral
            }
            b'0' => {
                self.step = State::Zero;
                Op::BeginLiteral
            }
            b't' => {
                self.step = State::Literal(b"true", 1);
                Op::BeginLiteral
            }
            b'f' => {
                self.step = State::Literal(b"false", 1);
                Op::BeginLiteral
            }
            b'n' => {
                self.step = State::Literal(b"null", 1);
                Op::BeginLiteral
            }
            b'1'..=b'9' => {
                self.step = State::One;
                Op::BeginLiteral
            }
            _ => self.error(c, "looking for beginning of value"),
        }
    }

    fn begin_string(&mut self, c: u8) -> Op {
        if is_space(c) {
            return Op::SkipSpace;
        }
        if c == b'"' {
            self.step = State::InString;
            return Op::BeginLiteral;
        }
        self.error(c, "looking for beginning of object key string")
    }

    fn zero(&mut self, c: u8) -> Op {
        if c == b'.' {
            self.step = State::Dot;
            Op::Continue
        } else if c == b'e' || c == b'E' {
            self.step = State::E;
            Op::Continue
        } else {
            self.end_value(c)
        }
    }

    fn e_sign(&mut self, c: u8) -> Op {
        if c.is_ascii_digit() {
            self.step = State::E0;
            Op::Continue
        } else {
            self.error(c, "in exponent of numeric literal")
        }
    }

    fn end_value(&mut self, c: u8) -> Op {
        let Some(&ps) = self.parse.last() else {
            self.step = State::EndTop;
            self.end_top = true;
            if !is_space(c) {
                self.error(c, "after top-level value");
            }
            return Op::End;
        };
        if is_space(c) {
            self.step = State::EndValue;
            return Op::SkipSpace;
        }
        match ps {
            Parse::ObjectKey => {
                if c == b':' {
                    if let Some(last) = self.parse.last_mut() {
                        *last = Parse::ObjectValue;
                    }
                    self.step = State::BeginValue;
                    return Op::ObjectKey;
                }
                self.error(c, "after object key")
            }
            Parse::ObjectValue => {
                if c == b',' {
                    if let Some(last) = self.parse.last_mut() {
                        *last = Parse::ObjectKey;
                    }
                    self.step = State::BeginString;
                    return Op::ObjectValue;
                }
                if c == b'}' {
                    self.pop();
                    return Op::EndObject;
                }
                self.error(c, "after object key:value pair")
            }
            Parse::ArrayValue => {
                if c == b',' {
                    self.step = State::BeginValue;
                    return Op::ArrayValue;
                }
                if c == b']' {
                    self.pop();
                    return Op::EndArray;
                }
                self.error(c, "after array element")
            }
        }
    }
}

/// Go's `quoteChar`: how a byte is shown in a syntax error message.
pub(crate) fn quote_char(c: u8) -> String {
    match c {
        b'\'' => "'\\''".to_string(),
        b'"' => "'\"'".to_string(),
        _ => {
            // strconv.Quote(string(rune(c))) without its double quotes.
            let q = crate::go::quote(char::from(c).encode_utf8(&mut [0; 4]));
            format!("'{}'", &q[1..q.len() - 1])
        }
    }
}

/// A token of Go's `Decoder.Token`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Token<'a> {
    /// One of `[ ] { }`.
    Delim(u8),
    Null,
    Bool(bool),
    /// A number, as its literal text (the decoder was told to `UseNumber`).
    Number(&'a str),
    /// A number decoded to a float (the decoder was not told to `UseNumber`).
    Float(f64),
    String(String),
}

/// Go's `Decoder` token-stream states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TokState {
    TopValue,
    ArrayStart,
    ArrayValue,
    ArrayComma,
    ObjectStart,
    ObjectKey,
    ObjectColon,
    ObjectValue,
    ObjectComma,
}

/// Go's streaming `json.Decoder` reading from an in-memory buffer.
pub(crate) struct Decoder<'a> {
    buf: &'a [u8],
    scanp: usize,
    state: TokState,
    stack: Vec<TokState>,
    use_number: bool,
}

pub(crate) const EOF: &str = "EOF";
const UNEXPECTED_EOF: &str = "unexpected EOF";

impl<'a> Decoder<'a> {
    /// A decoder over `buf`; `use_number` as Go's `Decoder.UseNumber`.
    pub(crate) fn new(buf: &'a [u8], use_number: bool) -> Decoder<'a> {
        Decoder { buf, scanp: 0, state: TokState::TopValue, stack: Vec::new(), use_number }
    }

    /// The next non-space byte, without consuming it.
    fn peek(&mut self) -> Result<u8, String> {
        while self.scanp < self.buf.len() {
            let c = self.buf[self.scanp];
            if !is_space(c) {
                return Ok(c);
            }
            self.scanp += 1;
        }
        Err(EOF.to_string())
    }

    /// Go's `Decoder.More`.
    pub(crate) fn more(&mut self) -> bool {
        matches!(self.peek(), Ok(c) if c != b']' && c != b'}')
    }

    fn value_allowed(&self) -> bool {
        matches!(self.state, TokState::TopValue | TokState::ArrayStart | TokState::ArrayValue | TokState::ObjectValue)
    }

    fn value_end(&mut self) {
        match self.state {
            TokState::ArrayStart | TokState::ArrayValue => self.state = TokState::ArrayComma,
            TokState::ObjectValue => self.state = TokState::ObjectComma,
            _ => {}
        }
    }

    fn prepare_for_decode(&mut self) -> Result<(), String> {
        match self.state {
            TokState::ArrayComma => {
                if self.peek()? != b',' {
                    return Err("expected comma after array element".to_string());
                }
                self.scanp += 1;
                self.state = TokState::ArrayValue;
            }
            TokState::ObjectColon => {
                if self.peek()? != b':' {
                    return Err("expected colon after object key".to_string());
                }
                self.scanp += 1;
                self.state = TokState::ObjectValue;
            }
            _ => {}
        }
        Ok(())
    }

    fn token_error(&self, c: u8) -> String {
        let context = match self.state {
            TokState::TopValue | TokState::ArrayStart | TokState::ArrayValue | TokState::ObjectValue => {
                " looking for beginning of value"
            }
            TokState::ArrayComma => " after array element",
            TokState::ObjectKey => " looking for beginning of object key string",
            TokState::ObjectColon => " after object key",
            TokState::ObjectComma => " after object key:value pair",
            TokState::ObjectStart => "",
        };
        format!("invalid character {}{}", quote_char(c), context)
    }

    /// Go's `Decoder.readValue`: scans one whole value from the current position and returns
    /// its length (including any leading space), leaving the position unchanged.
    fn read_value(&self) -> Result<usize, String> {
        let mut scan = Scanner::new();
        let start = self.scanp;
        let mut i = start;
        while i < self.buf.len() {
            match scan.step(self.buf[i]) {
                Op::End => return Ok(i - start),
                // The end of a top-level value is only seen at the byte after it: check with
                // a space, as Go does rather than wait for more input.
                Op::EndObject | Op::EndArray if scan.end_value(b' ') == Op::End => return Ok(i + 1 - start),
                Op::Error => return Err(scan.take_error()),
                _ => {}
            }
            i += 1;
        }
        if scan.step(b' ') == Op::End {
            return Ok(self.buf.len() - start);
        }
        if self.buf[start..].iter().any(|&c| !is_space(c)) {
            Err(UNEXPECTED_EOF.to_string())
        } else {
            Err(EOF.to_string())
        }
    }

    /// Go's `Decoder.Decode` into a `json.RawMessage`: the next whole value's text, checked
    /// for syntax.
    pub(crate) fn decode_raw(&mut self) -> Result<&'a [u8], String> {
        self.prepare_for_decode()?;
        if !self.value_allowed() {
            return Err("not at beginning of value".to_string());
        }
        let n = self.read_value()?;
        let raw = trim_start(&self.buf[self.scanp..self.scanp + n]);
        self.scanp += n;
        self.value_end();
        Ok(raw)
    }

    /// Go's `Decoder.Token`.
    pub(crate) fn token(&mut self) -> Result<Token<'a>, String> {
        loop {
            let c = self.peek()?;
            match c {
                b'[' | b'{' => {
                    if !self.value_allowed() {
                        return Err(self.token_error(c));
                    }
                    self.scanp += 1;
                    self.stack.push(self.state);
                    self.state = if c == b'[' { TokState::ArrayStart } else { TokState::ObjectStart };
                    return Ok(Token::Delim(c));
                }
                b']' | b'}' => {
                    let ok = if c == b']' {
                        matches!(self.state, TokState::ArrayStart | TokState::ArrayComma)
                    } else {
                        matches!(self.state, TokState::ObjectStart | TokState::ObjectComma)
                    };
                    if !ok {
                        return Err(self.token_error(c));
                    }
                    self.scanp += 1;
                    self.state = self.stack.pop().unwrap_or(TokState::TopValue);
                    self.value_end();
                    return Ok(Token::Delim(c));
                }
                b':' => {
                    if self.state != TokState::ObjectColon {
                        return Err(self.token_error(c));
                    }
                    self.scanp += 1;
                    self.state = TokState::ObjectValue;
                }
                b',' => match self.state {
                    TokState::ArrayComma => {
                        self.scanp += 1;
                        self.state = TokState::ArrayValue;
                    }
                    TokState::ObjectComma => {
                        self.scanp += 1;
                        self.state = TokState::ObjectKey;
                    }
                    _ => return Err(self.token_error(c)),
                },
                b'"' if matches!(self.state, TokState::ObjectStart | TokState::ObjectKey) => {
                    let old = self.state;
                    self.state = TokState::TopValue;
                    let raw = self.decode_raw();
                    self.state = old;
                    let raw = raw?;
                    self.state = TokState::ObjectColon;
                    return Ok(Token::String(unquote(raw)));
                }
                _ => {
                    if !self.value_allowed() {
                        return Err(self.token_error(c));
                    }
                    let raw = self.decode_raw()?;
                    return scalar_token(raw, self.use_number);
                }
            }
        }
    }
}

/// Go's decoding of a scalar into an `interface{}`.
fn scalar_token(raw: &[u8], use_number: bool) -> Result<Token<'_>, String> {
    match raw.first() {
        Some(b'n') => Ok(Token::Null),
        Some(b't') => Ok(Token::Bool(true)),
        Some(b'f') => Ok(Token::Bool(false)),
        Some(b'"') => Ok(Token::String(unquote(raw))),
        _ => {
            let text = std::str::from_utf8(raw).unwrap_or("");
            if use_number {
                return Ok(Token::Number(text));
            }
            match text.parse::<f64>() {
                Ok(f) if f.is_finite() => Ok(Token::Float(f)),
                _ => Err(format!("json: cannot unmarshal number {text} into Go value of type float64")),
            }
        }
    }
}

fn trim_start(b: &[u8]) -> &[u8] {
    let n = b.iter().take_while(|&&c| is_space(c)).count();
    &b[n..]
}

/// Go's `unquote` of a string literal whose syntax has been checked: [`decode_string`] of
/// what is between the quotes.
pub(crate) fn unquote(raw: &[u8]) -> String {
    let s = if raw.len() >= 2 && raw[0] == b'"' && raw[raw.len() - 1] == b'"' { &raw[1..raw.len() - 1] } else { raw };
    decode_string(s).into_owned()
}

/// Pushes `bytes` as text, each byte that is not UTF-8 becoming U+FFFD (as Go decodes).
fn push_lossy(out: &mut String, bytes: &[u8]) {
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for _ in chunk.invalid() {
            out.push('\u{FFFD}');
        }
    }
}

/// Decodes the content of a JSON string literal whose syntax has been checked (the bytes
/// between the quotes), as Go's `encoding/json` does: the one JSON string decoder, which
/// the JSON syntax's strings and the readers of this module share. A `\u` escape of a lone
/// surrogate gives U+FFFD, and so does each byte that is not UTF-8; text without escapes
/// is borrowed.
///
/// ```
/// use hclkit_value::json::decode_string;
/// assert_eq!(decode_string(br"caf\u00e9 \ud83d\ude00\n"), "café 😀\n");
/// assert_eq!(decode_string(b"lone \\ud800, bad \xff"), "lone \u{FFFD}, bad \u{FFFD}");
/// ```
pub fn decode_string(content: &[u8]) -> Cow<'_, str> {
    if !content.contains(&b'\\') {
        return match std::str::from_utf8(content) {
            Ok(s) => Cow::Borrowed(s),
            Err(_) => {
                let mut out = String::with_capacity(content.len() + 8);
                push_lossy(&mut out, content);
                Cow::Owned(out)
            }
        };
    }
    let mut out = String::with_capacity(content.len());
    let mut i = 0;
    while i < content.len() {
        let Some(off) = content[i..].iter().position(|&b| b == b'\\') else {
            push_lossy(&mut out, &content[i..]);
            break;
        };
        push_lossy(&mut out, &content[i..i + off]);
        i += off + 1;
        let Some(&e) = content.get(i) else { break };
        i += 1;
        match e {
            b'b' => out.push('\u{8}'),
            b'f' => out.push('\u{c}'),
            b'n' => out.push('\n'),
            b'r' => out.push('\r'),
            b't' => out.push('\t'),
            b'u' => {
                let Some(r) = hex4(&content[i..]) else { break };
                i += 4;
                let c = if (0xD800..0xE000).contains(&r) {
                    // A surrogate: valid only as the first half of a pair.
                    let low = if content[i..].starts_with(b"\\u") { hex4(&content[i + 2..]) } else { None };
                    match low {
                        Some(lo) if r < 0xDC00 && (0xDC00..0xE000).contains(&lo) => {
                            i += 6;
                            char::from_u32(0x10000 + ((r - 0xD800) << 10) + (lo - 0xDC00))
                        }
                        _ => None,
                    }
                } else {
                    char::from_u32(r)
                };
                out.push(c.unwrap_or('\u{FFFD}'));
            }
            other => out.push(other as char),
        }
    }
    Cow::Owned(out)
}

fn hex4(b: &[u8]) -> Option<u32> {
    if b.len() < 4 {
        return None;
    }
    let mut v = 0u32;
    for &c in &b[..4] {
        v = v * 16 + (c as char).to_digit(16)?;
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode() {
        assert_eq!(decode_string(b"plain"), "plain");
        assert!(matches!(decode_string(b"plain"), Cow::Borrowed(_)));
        assert_eq!(decode_string(br#"a\"b\\c\/d\b\f\n\r\t"#), "a\"b\\c/d\u{8}\u{c}\n\r\t");
        assert_eq!(decode_string(br"\u00e9\ud83d\ude00"), "é😀");
        assert_eq!(decode_string(br"\ud800x\udc00"), "\u{FFFD}x\u{FFFD}");
        assert_eq!(decode_string(br"\ud800\u0041"), "\u{FFFD}A");
        assert_eq!(decode_string(b"\xe2\x82A\xff"), "\u{FFFD}\u{FFFD}A\u{FFFD}");
        assert_eq!(decode_string(b"\\n\xff"), "\n\u{FFFD}");
    }

    fn raw(buf: &str) -> Result<String, String> {
        let mut d = Decoder::new(buf.as_bytes(), true);
        d.decode_raw().map(|r| String::from_utf8_lossy(r).into_owned())
    }

    fn tokens(buf: &str) -> Vec<Result<Token<'_>, String>> {
        let mut d = Decoder::new(buf.as_bytes(), true);
        let mut out = Vec::new();
        for _ in 0..20 {
            let t = d.token();
            let stop = t.is_err();
            out.push(t);
            if stop {
                break;
            }
        }
        out
    }

    #[test]
    fn scanner_messages() {
        assert_eq!(raw(" [1, 2] x").unwrap(), "[1, 2]");
        assert_eq!(raw("1x").unwrap(), "1");
        assert_eq!(raw("x").unwrap_err(), "invalid character 'x' looking for beginning of value");
        assert_eq!(raw("[1,]").unwrap_err(), "invalid character ']' looking for beginning of value");
        assert_eq!(raw("[1 2]").unwrap_err(), "invalid character '2' after array element");
        assert_eq!(raw("{\"a\" 1}").unwrap_err(), "invalid character '1' after object key");
        assert_eq!(raw("{\"a\":1 \"b\"}").unwrap_err(), "invalid character '\"' after object key:value pair");
        assert_eq!(raw("{1:2}").unwrap_err(), "invalid character '1' looking for beginning of object key string");
        assert_eq!(raw("tru").unwrap_err(), "unexpected EOF");
        assert_eq!(raw("trux").unwrap_err(), "invalid character 'x' in literal true (expecting 'e')");
        assert_eq!(raw("nul").unwrap_err(), "unexpected EOF");
        assert_eq!(raw("-").unwrap_err(), "unexpected EOF");
        assert_eq!(raw("-x").unwrap_err(), "invalid character 'x' in numeric literal");
        assert_eq!(raw("1.x").unwrap_err(), "invalid character 'x' after decimal point in numeric literal");
        assert_eq!(raw("1ex").unwrap_err(), "invalid character 'x' in exponent of numeric literal");
        assert_eq!(raw("\"a\nb\"").unwrap_err(), "invalid character '\\n' in string literal");
        assert_eq!(raw("\"\\x\"").unwrap_err(), "invalid character 'x' in string escape code");
        assert_eq!(raw("\"\\u12x\"").unwrap_err(), "invalid character 'x' in \\u hexadecimal character escape");
        assert_eq!(raw("   ").unwrap_err(), "EOF");
        assert_eq!(raw("").unwrap_err(), "EOF");
        assert_eq!(raw("[").unwrap_err(), "unexpected EOF");
        assert_eq!(raw("\u{1}").unwrap_err(), "invalid character '\\x01' looking for beginning of value");
        assert_eq!(raw("\u{a0}").unwrap_err(), "invalid character 'Â' looking for beginning of value");
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert_eq!(raw(&deep).unwrap_err(), "invalid character '[' exceeded max depth");
    }

    #[test]
    fn quote_chars() {
        assert_eq!(quote_char(b'\''), "'\\''");
        assert_eq!(quote_char(b'"'), "'\"'");
        assert_eq!(quote_char(b'\\'), "'\\\\'");
        assert_eq!(quote_char(0x7f), "'\\x7f'");
        assert_eq!(quote_char(0x9f), "'\\u009f'");
        assert_eq!(quote_char(0xad), "'\\u00ad'");
        assert_eq!(quote_char(0xff), "'ÿ'");
        assert_eq!(quote_char(0x0b), "'\\v'");
        // Every byte, as Go 1.19 shows it: C escapes, \xNN for other ASCII controls, \uNNNN
        // for the Latin-1 controls, no-break space and soft hyphen, the rest as is.
        for c in 0..=255u8 {
            let want = match c {
                b'\'' | b'"' | b'\\' | 0x07..=0x0d => continue,
                0..=0x1f | 0x7f => format!("'\\x{c:02x}'"),
                0x80..=0xa0 | 0xad => format!("'\\u{c:04x}'"),
                _ => format!("'{}'", char::from(c)),
            };
            assert_eq!(quote_char(c), want, "{c:#x}");
        }
    }

    #[test]
    fn token_stream() {
        let t = tokens("{\"a\": [1, true, null, \"x\"]}");
        assert_eq!(
            t,
            vec![
                Ok(Token::Delim(b'{')),
                Ok(Token::String("a".into())),
                Ok(Token::Delim(b'[')),
                Ok(Token::Number("1")),
                Ok(Token::Bool(true)),
                Ok(Token::Null),
                Ok(Token::String("x".into())),
                Ok(Token::Delim(b']')),
                Ok(Token::Delim(b'}')),
                Err("EOF".into()),
            ]
        );
        let t = tokens("{\"a\":1,}");
        assert_eq!(
            t.last().unwrap().as_ref().unwrap_err(),
            "invalid character '}' looking for beginning of object key string"
        );
        let t = tokens("[1 2]");
        assert_eq!(t.last().unwrap().as_ref().unwrap_err(), "invalid character '2' after array element");
        let t = tokens("]");
        assert_eq!(t.last().unwrap().as_ref().unwrap_err(), "invalid character ']' looking for beginning of value");
        let mut d = Decoder::new(b"1e400", false);
        assert_eq!(d.token().unwrap_err(), "json: cannot unmarshal number 1e400 into Go value of type float64");
    }

    #[test]
    fn unquoting() {
        assert_eq!(unquote(b"\"a\\u00e9\\n\\/\""), "aé\n/");
        assert_eq!(unquote(b"\"\\ud83d\\ude00\""), "\u{1F600}");
        assert_eq!(unquote(b"\"\\ud83dx\""), "\u{FFFD}x");
        assert_eq!(unquote(b"\"\\ud83d\\u0041\""), "\u{FFFD}A");
        assert_eq!(unquote(b"\"\\udc00\""), "\u{FFFD}");
        assert_eq!(unquote(b"\"\xed\xa0\x80\""), "\u{FFFD}\u{FFFD}\u{FFFD}");
        assert_eq!(unquote(b"\"\xf0\x9f\x98a\""), "\u{FFFD}\u{FFFD}\u{FFFD}a");
        assert_eq!(unquote(b"\"\xc3\xa9\""), "é");
    }
}
