//! The recursive-descent JSON parser.
//!
//! It follows the reference's parser decision for decision, so that broken input gives the
//! same diagnostics: a value that cannot be parsed becomes an [`Kind::Invalid`] placeholder
//! spanning its first token, the enclosing object or array carries on from wherever the
//! failed one left the token stream, and the reference's recovery (skipping to what looks
//! like the end of the construct) is reproduced exactly, quirks included. Unlike the
//! reference, nesting deeper than [`MAX_DEPTH`] is reported instead of recursing further.

use hclkit_value::Number;

use super::ast::{Kind, RawNode, NEEDS_DECODE, TRUE};
use super::literal::{check_string, is_json_number};
use super::scan::{Scanner, Tok, Token, STR_CLOSED, STR_ESCAPES, STR_NON_ASCII};
use crate::diagnostic::{go_quote, Diagnostic};
use crate::pos::{Pos, Range, Span};

use super::ast::JsonTree;

/// The deepest nesting of JSON objects and arrays the parser accepts.
pub const MAX_DEPTH: u32 = 200;

/// A problem found while parsing: what, and where (the subject span).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Problem {
    MissingJsonValue,
    MissingArrayElementValue,
    MissingValue,
    InvalidStartOfValue,
    InvalidPropertyName,
    MissingObjectValue,
    MissingColonEquals,
    MissingColon,
    TrailingCommaObject,
    UnclosedObject,
    MismatchedBraces,
    MissingCommaObject,
    TrailingCommaArray,
    InvalidArrayValue,
    UnclosedArray,
    MismatchedBrackets,
    MissingCommaArray,
    InvalidNumber,
    /// Go's error offset into the string token.
    InvalidString(u32),
    InvalidKeyword,
    ExtraneousData,
    RootNotObject,
    TooDeep,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct RawDiag {
    pub(crate) problem: Problem,
    pub(crate) span: Span,
}

pub(crate) struct Parser<'s> {
    src: &'s [u8],
    scanner: Scanner<'s>,
    peeked: Token,
    pub(crate) nodes: Vec<RawNode>,
    pub(crate) diags: Vec<RawDiag>,
    depth: u32,
}

impl<'s> Parser<'s> {
    pub(crate) fn new(src: &'s [u8]) -> Parser<'s> {
        let mut scanner = Scanner::new(src);
        let peeked = scanner.next_token();
        Parser { src, scanner, peeked, nodes: Vec::with_capacity(src.len() / 12 + 4), diags: Vec::new(), depth: 0 }
    }

    #[inline]
    fn peek(&self) -> Token {
        self.peeked
    }

    #[inline]
    fn read(&mut self) -> Token {
        let t = self.peeked;
        if t.kind != Tok::Eof {
            self.peeked = self.scanner.next_token();
        }
        t
    }

    #[cold]
    fn diag(&mut self, problem: Problem, span: Span) {
        self.diags.push(RawDiag { problem, span });
    }

    #[inline]
    fn push(&mut self, kind: Kind, flags: u8, span: Span) -> usize {
        let i = self.nodes.len();
        self.nodes.push(RawNode { span, kind, flags, next: i as u32 + 1 });
        i
    }

    /// Parses the top-level value, then checks that nothing follows it (when it parsed
    /// cleanly): returns the root's index.
    pub(crate) fn parse_root(&mut self) -> u32 {
        let root = self.nodes.len() as u32;
        self.value();
        if self.diags.is_empty() && self.peek().kind != Tok::Eof {
            let t = self.peek();
            self.diag(Problem::ExtraneousData, t.span);
        }
        root
    }

    /// Parses one value, always leaving exactly one subtree (an invalid placeholder when it
    /// fails).
    fn value(&mut self) {
        let tok = self.peek();
        match tok.kind {
            Tok::BraceO | Tok::BrackO => {
                if self.depth >= MAX_DEPTH {
                    self.too_deep();
                    return;
                }
                let start = self.nodes.len();
                self.depth += 1;
                let ok = if tok.kind == Tok::BraceO { self.object() } else { self.array() };
                self.depth -= 1;
                if !ok {
                    self.nodes.truncate(start);
                    self.push(Kind::Invalid, 0, tok.span);
                }
            }
            Tok::Number => self.number(),
            Tok::String => self.string(),
            Tok::Keyword => self.keyword(),
            other => {
                let p = match other {
                    Tok::BraceC => Problem::MissingJsonValue,
                    Tok::BrackC => Problem::MissingArrayElementValue,
                    Tok::Eof => Problem::MissingValue,
                    _ => Problem::InvalidStartOfValue,
                };
                self.diag(p, tok.span);
                self.push(Kind::Invalid, 0, tok.span);
            }
        }
    }

    /// Nesting too deep: reports it and skips the whole nested value.
    #[cold]
    fn too_deep(&mut self) {
        let open = self.read();
        self.diag(Problem::TooDeep, open.span);
        let mut level = 1u32;
        while level > 0 {
            match self.read().kind {
                Tok::BraceO | Tok::BrackO => level += 1,
                Tok::BraceC | Tok::BrackC => level -= 1,
                Tok::Eof => break,
                _ => {}
            }
        }
        self.push(Kind::Invalid, 0, open.span);
    }

    /// The reference's recovery: reads on from `tok` to what seems to be the end of the
    /// construct (a closing token that brings the count of `open` ones back to one).
    fn recover(&mut self, mut tok: Token, open: Tok, close: Tok) {
        let mut level = 1u32;
        loop {
            if tok.kind == open {
                level += 1;
            } else if tok.kind == close {
                level -= 1;
                if level <= 1 {
                    return;
                }
            } else if tok.kind == Tok::Eof {
                return;
            }
            tok = self.read();
        }
    }

    fn start_span(&self, index: usize) -> Span {
        let n = &self.nodes[index];
        match n.kind {
            Kind::Object | Kind::Array => Span::new(n.span.start, n.span.start + 1),
            _ => n.span,
        }
    }

    fn object(&mut self) -> bool {
        let open = self.read();
        let index = self.push(Kind::Object, 0, open.span);
        loop {
            if self.peek().kind == Tok::BraceC {
                break;
            }
            let key = self.nodes.len();
            self.value();
            if self.nodes[key].kind != Kind::String {
                let span = self.start_span(key);
                self.diag(Problem::InvalidPropertyName, span);
                return false;
            }
            let colon = self.read();
            if colon.kind != Tok::Colon {
                self.recover(colon, Tok::BraceO, Tok::BraceC);
                let p = match colon.kind {
                    Tok::BraceC | Tok::Comma => Problem::MissingObjectValue,
                    Tok::Equals => Problem::MissingColonEquals,
                    _ => Problem::MissingColon,
                };
                self.diag(p, colon.span);
                return false;
            }
            self.value();
            match self.peek().kind {
                Tok::Comma => {
                    let comma = self.read();
                    if self.peek().kind == Tok::BraceC {
                        self.diag(Problem::TrailingCommaObject, comma.span);
                        return false;
                    }
                }
                Tok::Eof => {
                    self.diag(Problem::UnclosedObject, open.span);
                    return false;
                }
                Tok::BrackC => {
                    self.read();
                    let at = self.peek().span;
                    self.diag(Problem::MismatchedBraces, at);
                    return false;
                }
                Tok::BraceC => break,
                _ => {
                    let t = self.read();
                    self.recover(t, Tok::BraceO, Tok::BraceC);
                    let at = self.peek().span;
                    self.diag(Problem::MissingCommaObject, at);
                    return false;
                }
            }
        }
        let close = self.read();
        let next = self.nodes.len() as u32;
        let n = &mut self.nodes[index];
        n.span = open.span.to(close.span);
        n.next = next;
        true
    }

    fn array(&mut self) -> bool {
        let open = self.read();
        let index = self.push(Kind::Array, 0, open.span);
        loop {
            if self.peek().kind == Tok::BrackC {
                break;
            }
            self.value();
            match self.peek().kind {
                Tok::Comma => {
                    let comma = self.read();
                    if self.peek().kind == Tok::BrackC {
                        self.diag(Problem::TrailingCommaArray, comma.span);
                        return false;
                    }
                }
                Tok::BrackC => break,
                other => {
                    let t = self.read();
                    self.recover(t, Tok::BrackO, Tok::BrackC);
                    let (p, at) = match other {
                        Tok::Colon => (Problem::InvalidArrayValue, self.peek().span),
                        Tok::Eof => (Problem::UnclosedArray, open.span),
                        Tok::BraceC => (Problem::MismatchedBrackets, self.peek().span),
                        _ => (Problem::MissingCommaArray, self.peek().span),
                    };
                    self.diag(p, at);
                    return false;
                }
            }
        }
        let close = self.read();
        let next = self.nodes.len() as u32;
        let n = &mut self.nodes[index];
        n.span = open.span.to(close.span);
        n.next = next;
        true
    }

    fn number(&mut self) {
        let tok = self.read();
        let text = tok.span.slice(self.src);
        let mut ok = is_json_number(text);
        // Only huge exponents (or absurdly long numbers) can be out of range.
        if ok && (text.len() > 1000 || text.iter().any(|&b| b == b'e' || b == b'E')) {
            ok = std::str::from_utf8(text).ok().and_then(|s| Number::parse(s).ok()).is_some();
        }
        if ok {
            self.push(Kind::Number, 0, tok.span);
        } else {
            self.diag(Problem::InvalidNumber, tok.span);
            self.push(Kind::Invalid, 0, tok.span);
        }
    }

    fn string(&mut self) {
        let tok = self.read();
        let mut flags = 0;
        let simple = tok.flags & (STR_ESCAPES | STR_NON_ASCII) == 0 && tok.flags & STR_CLOSED != 0;
        if !simple {
            let bytes = tok.span.slice(self.src);
            if let Err(off) = check_string(bytes) {
                self.diag(Problem::InvalidString(off as u32), tok.span);
                self.push(Kind::Invalid, 0, tok.span);
                return;
            }
            let content = &bytes[1..bytes.len() - 1];
            if tok.flags & STR_ESCAPES != 0 || std::str::from_utf8(content).is_err() {
                flags = NEEDS_DECODE;
            }
        }
        self.push(Kind::String, flags, tok.span);
    }

    fn keyword(&mut self) {
        let tok = self.read();
        match tok.span.slice(self.src) {
            b"true" => self.push(Kind::Bool, TRUE, tok.span),
            b"false" => self.push(Kind::Bool, 0, tok.span),
            b"null" => self.push(Kind::Null, 0, tok.span),
            _ => {
                self.diag(Problem::InvalidKeyword, tok.span);
                self.push(Kind::Invalid, 0, tok.span)
            }
        };
    }
}

/// Renders a recorded problem with the reference's wording.
#[cold]
pub(crate) fn render(tree: &JsonTree, d: &RawDiag) -> Diagnostic {
    use Problem::*;
    const VALUE_START: &str = "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.";
    let (summary, detail): (&'static str, std::borrow::Cow<'static, str>) = match d.problem {
        MissingJsonValue => ("Missing JSON value", VALUE_START.into()),
        MissingArrayElementValue => ("Missing array element value", VALUE_START.into()),
        MissingValue => ("Missing value", "The JSON data ends prematurely.".into()),
        InvalidStartOfValue => ("Invalid start of value", VALUE_START.into()),
        InvalidPropertyName => ("Invalid object property name", "A JSON object property name must be a string".into()),
        MissingObjectValue => {
            ("Missing object value", "A JSON object attribute must have a value, introduced by a colon.".into())
        }
        MissingColonEquals => (
            "Missing property value colon",
            "JSON uses a colon as its name/value delimiter, not an equals sign.".into(),
        ),
        MissingColon => (
            "Missing property value colon",
            "A colon must appear between an object property's name and its value.".into(),
        ),
        TrailingCommaObject => (
            "Trailing comma in object",
            "JSON does not permit a trailing comma after the final property in an object.".into(),
        ),
        UnclosedObject => ("Unclosed object", "No closing brace was found for this JSON object.".into()),
        MismatchedBraces => ("Mismatched braces", "A JSON object must be closed with a brace, not a bracket.".into()),
        MissingCommaObject => (
            "Missing attribute seperator comma",
            "A comma must appear between each property definition in an object.".into(),
        ),
        TrailingCommaArray => (
            "Trailing comma in array",
            "JSON does not permit a trailing comma after the final value in an array.".into(),
        ),
        InvalidArrayValue => ("Invalid array value", "A colon is not used to introduce values in a JSON array.".into()),
        UnclosedArray => ("Unclosed object", "No closing bracket was found for this JSON array.".into()),
        MismatchedBrackets => {
            ("Mismatched brackets", "A JSON array must be closed with a bracket, not a brace.".into())
        }
        MissingCommaArray => {
            ("Missing attribute seperator comma", "A comma must appear between each value in an array.".into())
        }
        InvalidNumber => ("Invalid JSON number", "There is a syntax error in the given JSON number.".into()),
        InvalidString(off) => {
            // The reference points one byte at the error offset, counting columns in bytes.
            let tok = tree.range(d.span);
            let start = Pos { line: tok.start.line, column: tok.start.column + off, byte: tok.start.byte + off };
            let end = Pos { column: start.column + 1, byte: start.byte + 1, ..start };
            let subject = Range { filename: tok.filename.clone(), start, end };
            return Diagnostic::error("Invalid JSON string", "There is a syntax error in the given JSON string.")
                .with_subject(subject)
                .with_context(tok);
        }
        InvalidKeyword => {
            let word = String::from_utf8_lossy(d.span.slice(&tree.src)).into_owned();
            let detail = match word.as_str() {
                "undefined" | "NaN" | "Infinity" => {
                    format!("The JavaScript identifier {} cannot be used in JSON.", go_quote(&word))
                }
                _ => {
                    let dym = crate::suggest::name_suggestion(&word, ["false", "true", "null"])
                        .map(|s| format!(" Did you mean {}?", go_quote(s)))
                        .unwrap_or_default();
                    format!("{} is not a valid JSON keyword.{dym}", go_quote(&word))
                }
            };
            ("Invalid JSON keyword", detail.into())
        }
        ExtraneousData => ("Extraneous data after value", "Extra characters appear after the JSON value.".into()),
        RootNotObject => (
            "Root value must be object",
            "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects."
                .into(),
        ),
        TooDeep => (
            "Nesting too deep",
            format!("JSON objects and arrays may be nested at most {MAX_DEPTH} levels deep.").into(),
        ),
    };
    Diagnostic::error(summary, detail).with_subject(tree.range(d.span))
}
