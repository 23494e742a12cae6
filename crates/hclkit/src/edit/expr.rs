//! Expressions: kept as their text; object keys and tuple elements edited through the
//! parser's tree of that text.

use crate::diagnostic::Diagnostics;
use crate::syntax::native::ast::Expr;
use crate::syntax::native::token::TokenKind;
use crate::syntax::native::{parse_expression, ParseOptions, Tokens};
use crate::Span;

use super::text::Text;

/// An expression as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expression {
    text: Text,
}

/// A step into an expression: an object key, a tuple index or a call's argument, or a part
/// of a structured expression ([`super::Node`] names the step for each of its parts).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Step {
    /// An object constructor's item, by key.
    Key(String),
    /// A tuple constructor's element, or a function call's argument.
    Index(usize),
    /// A conditional's condition, or a `for` expression's `if` condition.
    Condition,
    /// A conditional's result when the condition holds.
    TrueResult,
    /// A conditional's result otherwise.
    FalseResult,
    /// A binary operator's left operand.
    Left,
    /// A binary operator's right operand.
    Right,
    /// A unary operator's operand.
    Operand,
    /// What parentheses hold (the other steps look through parentheses).
    Inner,
    /// A traversal's root: the variable's name (`var` of `var.x`), or the expression the
    /// steps apply to (`f(x)` of `f(x).name`, `a` of `a[var.i]`, `s` of `s[*].id`).
    Root,
    /// A traversal's step after the root, from 0: an attribute's name (`x` of `var.x`) or an
    /// index's key (`0` of `var.x[0]`).
    Traversal(usize),
    /// A template's part, from 0: an interpolation's expression, or a run of literal text
    /// (one part however it is written: escapes and a heredoc's lines do not split it), which
    /// [`Expression::get`] reads as a quoted string of the text and [`Expression::set`] sets
    /// from a string with no interpolation, escaped for the template (quoted or heredoc).
    TemplatePart(usize),
    /// A `for` expression's collection.
    Collection,
    /// The key expression of a `{for ...}`.
    ForKey,
    /// The value expression of a `for` expression.
    ForValue,
}

/// Why an edit inside an expression failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprError {
    /// The step's expression is not an object constructor (key), a tuple constructor or a
    /// function call (index).
    NotAContainer(String),
    /// The index is past the tuple's end.
    NoSuchElement(usize),
    /// Comments are set on an item of an object, a tuple or a call: the path is empty.
    NotAnItem,
    /// The item does not start its line (a constructor written on one line), so it has no
    /// place for comment lines above it.
    NotOnItsOwnLine,
    /// The key is not in the object.
    NoSuchKey(String),
    /// The object has the key already.
    DuplicateKey(String),
    /// The expression has no such part (the step, the expression).
    NoSuchPart(String, String),
    /// The edit would not leave a valid expression (the text it would be).
    Invalid(String),
    /// A template's literal part is set from a string with no interpolation (what it was
    /// given).
    NotText(String),
}

impl std::fmt::Display for ExprError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExprError::NotAContainer(s) => write!(f, "not an object, a tuple or a function call: {s}"),
            ExprError::NoSuchElement(i) => write!(f, "no element [{i}]"),
            ExprError::NotAnItem => f.write_str("comments belong to an item: the path is empty"),
            ExprError::NotOnItsOwnLine => {
                f.write_str("the item does not start its line, so there is no place for comment lines above it")
            }
            ExprError::NoSuchKey(k) => write!(f, "no key {k:?}"),
            ExprError::DuplicateKey(k) => write!(f, "the object has a key {k:?} already"),
            ExprError::NoSuchPart(step, e) => write!(f, "no part {step} in {e}"),
            ExprError::Invalid(t) => write!(f, "the edit would give an invalid expression: {t}"),
            ExprError::NotText(t) => {
                write!(f, "a template's literal text is set from a string with no interpolation, not {t}")
            }
        }
    }
}

impl std::error::Error for ExprError {}

impl Expression {
    /// Parses `src` as an expression (white space around it is dropped; a heredoc's closing
    /// line needs no newline, as it gets its line's end where it is put); errors are the
    /// parser's diagnostics.
    ///
    /// ```
    /// use hclkit::edit::Expression;
    ///
    /// assert_eq!(Expression::parse(" var.a \n").unwrap().as_str(), "var.a");
    /// assert_eq!(Expression::parse("<<EOT\nhi\nEOT").unwrap().as_str(), "<<EOT\nhi\nEOT");
    /// assert!(Expression::parse("1 +").is_err());
    /// ```
    pub fn parse(src: &str) -> Result<Expression, Diagnostics> {
        let text = src.trim();
        let diags = parse_expression(format!("{text}\n").as_bytes(), "expression").into_diagnostics();
        if diags.has_errors() {
            return Err(diags);
        }
        Ok(Expression { text: text.into() })
    }

    /// The text taken as it is, unchecked.
    pub fn raw(text: &str) -> Expression {
        Expression { text: text.into() }
    }

    /// The expression of a text read from a file (shared with the source).
    pub(crate) fn shared(text: Text) -> Expression {
        Expression { text }
    }

    /// The expression that writes `value` (through the library's one writer, [`crate::write`]).
    pub fn from_value(value: &hclkit_value::Value) -> Result<Expression, crate::Error> {
        Expression::from_serialize(value)
    }

    /// The expression that writes any serializable data (through [`crate::write::text`]).
    pub fn from_serialize<T: serde::Serialize + ?Sized>(value: &T) -> Result<Expression, crate::Error> {
        Ok(Expression { text: crate::write::text(value)?.into() })
    }

    /// A heredoc holding `text` (a final newline is added if missing), its delimiter one that
    /// does not occur in the text ([`crate::write::heredoc`]); `indented` gives `<<-`.
    pub fn heredoc(text: &str, indented: bool) -> Expression {
        let mut body = text.to_owned();
        if !body.ends_with('\n') {
            body.push('\n');
        }
        let h = crate::write::heredoc(&body).unwrap_or_default();
        let text = if indented { h.replacen("<<", "<<-", 1) } else { h };
        Expression { text: text.into() }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text, with whether it is still shared with the source it was read from.
    pub fn text(&self) -> &Text {
        &self.text
    }

    /// The sub-expression at `path` (object keys, tuple indexes, parts); a template's literal
    /// part ([`Step::TemplatePart`]) as a quoted string of its text.
    ///
    /// ```
    /// use hclkit::edit::{Expression, Step};
    ///
    /// let e = Expression::parse("\"Hello, ${name}!\\n\"").unwrap();
    /// assert_eq!(e.get(&[Step::TemplatePart(1)]).unwrap().as_str(), "name");
    /// assert_eq!(e.get(&[Step::TemplatePart(2)]).unwrap().as_str(), "\"!\\n\"");
    /// ```
    pub fn get(&self, path: &[Step]) -> Option<Expression> {
        let found = self.locate(path).ok()?;
        if let Some((value, _)) = found.literal {
            return Some(Expression { text: crate::write::quoted(&value).into() });
        }
        let span = found.value;
        Some(Expression { text: self.text.slice(span.start as usize..span.end as usize) })
    }

    /// Sets the sub-expression at `path`; the last step may be a key the object lacks (it is
    /// added as the object's last item), or the index one past the end of a tuple or of a
    /// call's arguments (the value is appended).
    ///
    /// ```
    /// use hclkit::edit::{Expression, Step};
    ///
    /// let mut e = Expression::parse("[\n  \"a\",\n  \"b\",\n]").unwrap();
    /// e.set(&[Step::Index(2)], &Expression::parse("\"c\"").unwrap()).unwrap();
    /// assert_eq!(e.as_str(), "[\n  \"a\",\n  \"b\",\n  \"c\",\n]");
    /// let mut e = Expression::parse("concat(a, [1])").unwrap();
    /// e.set(&[Step::Index(2)], &Expression::parse("b").unwrap()).unwrap();
    /// e.set(&[Step::Index(1), Step::Index(1)], &Expression::parse("2").unwrap()).unwrap();
    /// assert_eq!(e.as_str(), "concat(a, [1, 2], b)");
    /// assert!(e.set(&[Step::Index(9)], &Expression::parse("0").unwrap()).is_err());
    /// ```
    pub fn set(&mut self, path: &[Step], value: &Expression) -> Result<(), ExprError> {
        match self.locate(path) {
            Ok(found) if found.literal.is_some() => self.set_literal(path, &found, value),
            Ok(found) => match path.last() {
                None | Some(Step::Key(_) | Step::Index(_)) => {
                    self.splice(found.value, &value.text);
                    Ok(())
                }
                Some(step) => self.set_part(step, &found, value),
            },
            Err(ExprError::NoSuchKey(k)) if path.len() == 1 || self.locate(&path[..path.len() - 1]).is_ok() => {
                let parent = self.locate(&path[..path.len() - 1])?.value;
                let ptext = &self.text[parent.start as usize..parent.end as usize];
                let key = crate::write::key(&k);
                let close = parent.end as usize - 1;
                let inner = ptext[1..ptext.len() - 1].trim();
                let multiline = ptext.contains('\n');
                let ins = if inner.is_empty() {
                    format!("{key} = {}", value.text)
                } else if multiline {
                    format!("  {key} = {}\n", value.text)
                } else {
                    let comma = if inner.ends_with(',') { " " } else { ", " };
                    format!("{comma}{key} = {}", value.text)
                };
                if multiline {
                    // Insert before the closing brace's line.
                    let line_start = self.text[..close].rfind('\n').map_or(close, |i| i + 1);
                    self.text.replace_range(line_start..line_start, &ins);
                } else if inner.is_empty() {
                    self.text.replace_range(parent.start as usize + 1..close, &format!(" {ins} "));
                } else {
                    let end = parent.start as usize + 1 + ptext[1..ptext.len() - 1].trim_end().len();
                    self.text.replace_range(end..end, &ins);
                }
                Ok(())
            }
            Err(ExprError::NoSuchElement(i)) => self.append(path, i, value),
            Err(e) => Err(e),
        }
    }

    /// Sets the part of a structured expression that `found` is (reached by `step`): in
    /// parentheses where the place needs them to keep the value's meaning (`a * (b + c)`); a
    /// name (a traversal's root variable or attribute) must be an identifier, a legacy index
    /// (`.0`) a number; the result must parse.
    fn set_part(&mut self, step: &Step, found: &Found, value: &Expression) -> Result<(), ExprError> {
        let v = value.as_str();
        let span = found.value;
        let before = self.text.clone();
        if found.name {
            let digits = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
            let old = &self.text[span.start as usize..span.end as usize];
            if !(if digits(old) { digits(v) } else { super::node::name(v).is_ok() }) {
                return Err(ExprError::Invalid(v.to_owned()));
            }
            self.splice(span, v);
        } else if super::node::needs_parens(step, v) {
            self.splice(span, &format!("({v})"));
        } else {
            self.splice(span, v);
        }
        // With a newline after it: a heredoc's closing line ends with one, which is the
        // attribute's line end in a document, not part of the expression's text.
        let diags = parse_expression(self.parse_source().as_bytes(), "expression").into_diagnostics();
        if diags.has_errors() {
            let bad = self.text.to_string();
            self.text = before;
            return Err(ExprError::Invalid(bad));
        }
        Ok(())
    }

    /// Sets the template's literal part that `found` is (at `path`) to the text of `value`, a
    /// string with no interpolation (`"text"`, a heredoc): escaped for the template it is in
    /// (in a quoted template `\n`, `\"`, `\\`; in both `$${` and `%%{`; in a `<<-` heredoc
    /// each new line indented as the part's first line is). The template must read back the
    /// same but for that part's text, else the expression is left as it was (a `$` written
    /// just before an interpolation, a heredoc's delimiter as a line).
    fn set_literal(&mut self, path: &[Step], found: &Found, value: &Expression) -> Result<(), ExprError> {
        let Some((_, heredoc)) = found.literal else { return Err(ExprError::NotText(value.to_string())) };
        // With a newline after it: a heredoc's closing line ends with one.
        let text =
            literal_string(&format!("{}\n", value.as_str())).ok_or_else(|| ExprError::NotText(value.to_string()))?;
        let parent = &path[..path.len() - 1];
        let before_parts = self.literal_parts(parent);
        let mut written = String::with_capacity(text.len());
        let indented = heredoc && self.get(parent).is_some_and(|t| t.as_str().starts_with("<<-"));
        if indented {
            // `<<-` strips the lines' common indentation: the new lines take the indentation
            // of the line the part starts on.
            let (start, end) = (found.value.start as usize, found.value.end as usize);
            let line = self.text[..start].rfind('\n').map_or(0, |k| k + 1);
            let indent: String = self.text[line..].chars().take_while(|c| *c == ' ' || *c == '\t').collect();
            // What follows the part's last newline (the next line's indentation) stays.
            let raw = &self.text[start..end];
            let tail = raw.rsplit_once('\n').map_or("", |(_, t)| t);
            let tail = if tail.trim().is_empty() { tail } else { "" };
            let mut at_line_start = start == line;
            for l in text.split_inclusive('\n') {
                if at_line_start && l != "\n" {
                    written.push_str(&indent);
                }
                crate::write::push_heredoc_text(&mut written, l);
                at_line_start = true;
            }
            if text.ends_with('\n') {
                written.push_str(tail);
            }
        } else if heredoc {
            crate::write::push_heredoc_text(&mut written, &text);
        } else {
            crate::write::push_escaped(&mut written, &text, true);
        }
        let old = self.text.clone();
        self.splice(found.value, &written);
        let after_parts = self.literal_parts(parent);
        let same = match (before_parts, after_parts) {
            (Some(b), Some(a)) if a.len() == b.len() => {
                let i = match path.last() {
                    Some(Step::TemplatePart(i)) => *i,
                    _ => usize::MAX,
                };
                a.iter()
                    .zip(&b)
                    .enumerate()
                    .all(|(k, (x, y))| if k == i { x.as_deref() == Some(&*text) } else { x == y })
            }
            _ => false,
        };
        if !same {
            let bad = self.text.to_string();
            self.text = old;
            return Err(ExprError::Invalid(bad));
        }
        Ok(())
    }

    /// The parts of the template at `path`: each literal part's value (`None` for the others).
    fn literal_parts(&self, path: &[Step]) -> Option<Vec<Option<String>>> {
        let template = self.get(path)?;
        // With a newline after it: a heredoc's closing line ends with one.
        let src = format!("{}\n", template.as_str());
        let (file, diags) = parse_expression(src.as_bytes(), "expression").into_parts();
        if diags.has_errors() {
            return None;
        }
        let Expr::Template(t) = unparen(file.expr()) else { return None };
        let parts = super::node::template_parts(&src, t)
            .into_iter()
            .map(|p| match p {
                super::node::Part::Literal { value, .. } => Some(value),
                _ => None,
            })
            .collect();
        Some(parts)
    }

    /// Inserts `value` into the tuple or the call's arguments that `path` minus its last step
    /// names, before the element or argument whose index the last step is
    /// ([`Step::Index`]; one past the end appends, as [`Expression::set`] does). In a list
    /// written on several lines the value gets a line of its own, at the element's
    /// indentation.
    ///
    /// ```
    /// use hclkit::edit::{Expression, Step};
    ///
    /// let mut e = Expression::parse("merge(local.tags, var.tags)").unwrap();
    /// e.insert(&[Step::Index(1)], &Expression::parse("{ Name = \"web\" }").unwrap()).unwrap();
    /// assert_eq!(e.as_str(), "merge(local.tags, { Name = \"web\" }, var.tags)");
    /// let mut e = Expression::parse("[\n  \"a\",\n  \"b\",\n]").unwrap();
    /// e.insert(&[Step::Index(0)], &Expression::parse("\"z\"").unwrap()).unwrap();
    /// assert_eq!(e.as_str(), "[\n  \"z\",\n  \"a\",\n  \"b\",\n]");
    /// assert!(e.insert(&[Step::Index(7)], &Expression::parse("1").unwrap()).is_err());
    /// ```
    pub fn insert(&mut self, path: &[Step], value: &Expression) -> Result<(), ExprError> {
        let Some((Step::Index(i), _)) = path.split_last() else {
            return Err(ExprError::NotAContainer(format!("{:?}", path.last())));
        };
        let at = match self.locate(path) {
            Ok(found) => found.item.start as usize,
            Err(ExprError::NoSuchElement(j)) if j == *i => return self.append(path, j, value),
            Err(e) => return Err(e),
        };
        let text: &str = &self.text;
        let line_start = text[..at].rfind('\n').map_or(0, |k| k + 1);
        if line_start > 0 && text[line_start..at].trim().is_empty() {
            // On a line of its own, above the element's comments (they stay the element's).
            let parse = ParseOptions::new().keep_tokens(true).parse_expression(text.as_bytes(), "expression");
            let first = line_start - parse.tokens().map_or(0, |t| leading_comments(text, t, at).len());
            let indent = &text[line_start..at];
            let nl = if text[..line_start].ends_with("\r\n") { "\r\n" } else { "\n" };
            let ins = format!("{indent}{},{nl}", value.as_str());
            self.text.replace_range(first..first, &ins);
        } else {
            self.text.replace_range(at..at, &format!("{}, ", value.as_str()));
        }
        Ok(())
    }

    /// Adds `value` as the last element of the tuple or the last argument of the call at
    /// `path` minus its last step, if that step's index `i` is one past the end; otherwise
    /// `NoSuchElement(i)`. A constructor written on several lines gets the element on a line
    /// of its own, at the last element's indentation, with a trailing comma if that had one.
    fn append(&mut self, path: &[Step], i: usize, value: &Expression) -> Result<(), ExprError> {
        let missing = Err(ExprError::NoSuchElement(i));
        let Some((_, parent_path)) = path.split_last() else { return missing };
        let parent = self.locate(parent_path)?.value;
        let file = parse_expression(self.parse_source().as_bytes(), "expression").into_value();
        let mut e = file.expr();
        for step in parent_path {
            // The parent path was located above; walk it again in this tree.
            e = unparen(e);
            e = match (step, e) {
                (Step::Key(k), Expr::Object(o)) => {
                    match o.items().find(|it| key_text(&self.text, it.key.span()).as_deref() == Some(k.as_str())) {
                        Some(it) => it.value,
                        None => return missing,
                    }
                }
                (Step::Index(j), Expr::Tuple(t)) => match t.exprs().nth(*j) {
                    Some(x) => x,
                    None => return missing,
                },
                (Step::Index(j), Expr::FunctionCall(c)) => match c.args().nth(*j) {
                    Some(x) => x,
                    None => return missing,
                },
                (Step::Key(_) | Step::Index(_), _) => return missing,
                (_, x) => match super::node::part(&self.text, x, step) {
                    Ok(super::node::Target::Expr(x)) => x,
                    _ => return missing,
                },
            };
        }
        let (open, count, last_end) = match unparen(e) {
            Expr::Tuple(t) => (t.span().start as usize, t.exprs().count(), t.exprs().last().map(|x| x.span().end)),
            Expr::FunctionCall(c) if !c.expand_final() => {
                (c.open_paren_span().start as usize, c.args().count(), c.args().last().map(|x| x.span().end))
            }
            _ => return missing,
        };
        if i != count || parent.end == 0 {
            return missing;
        }
        let close = parent.end as usize - 1;
        let text: &str = &self.text;
        if !matches!(text.as_bytes().get(close), Some(b']' | b')')) || open >= close {
            return missing;
        }
        let Some(last_end) = last_end.map(|x| x as usize) else {
            // Empty: the value alone between the brackets.
            self.text.replace_range(open + 1..close, value.as_str());
            return Ok(());
        };
        let Some(after) = text.get(last_end..close) else { return missing };
        let comma = after.trim_start().starts_with(',');
        let multiline = after.contains('\n');
        if multiline {
            let last_line = text[..last_end].rfind('\n').map_or(0, |k| k + 1);
            let indent: String = text[last_line..].chars().take_while(|c| *c == ' ' || *c == '\t').collect();
            let close_line = text[..close].rfind('\n').map_or(close, |k| k + 1);
            let nl = if text[..close_line].ends_with("\r\n") { "\r\n" } else { "\n" };
            let line = format!("{indent}{}{}{nl}", value.as_str(), if comma { "," } else { "" });
            self.text.replace_range(close_line..close_line, &line);
            if !comma {
                self.text.replace_range(last_end..last_end, ",");
            }
        } else {
            let at = close - (after.len() - after.trim_end().len());
            let sep = if comma { " " } else { ", " };
            self.text.replace_range(at..at, &format!("{sep}{}", value.as_str()));
        }
        Ok(())
    }

    /// The comment lines that the object item, tuple element or call argument at `path` owns
    /// (directly above it, no blank line between), as written; `None` if there is nothing at
    /// `path` or it is empty.
    ///
    /// ```
    /// use hclkit::edit::{Expression, Step};
    ///
    /// let mut e = Expression::parse("{\n  # old\n  a = 1\n  b = 2\n}").unwrap();
    /// let a = [Step::Key("a".into())];
    /// assert_eq!(e.comments(&a).as_deref(), Some("  # old\n"));
    /// e.set_comments(&a, "new\ntwo lines").unwrap();
    /// e.set_comments(&[Step::Key("b".into())], "bee").unwrap();
    /// assert_eq!(e.as_str(), "{\n  # new\n  # two lines\n  a = 1\n  # bee\n  b = 2\n}");
    /// e.set_comments(&a, "").unwrap(); // clears them
    /// assert_eq!(e.comments(&a).as_deref(), Some(""));
    /// ```
    pub fn comments(&self, path: &[Step]) -> Option<String> {
        if path.is_empty() {
            return None;
        }
        let start = self.locate(path).ok()?.item.start as usize;
        let parse =
            ParseOptions::new().keep_tokens(true).parse_expression(self.parse_source().as_bytes(), "expression");
        Some(leading_comments(&self.text, parse.tokens()?, start).to_owned())
    }

    /// Replaces the comment lines that the object item, tuple element or call argument at
    /// `path` owns with `text`, each of its lines a `#` comment at the item's indentation (an
    /// empty `text` clears them). The item must start its line.
    pub fn set_comments(&mut self, path: &[Step], text: &str) -> Result<(), ExprError> {
        if path.is_empty() {
            return Err(ExprError::NotAnItem);
        }
        let start = self.locate(path)?.item.start as usize;
        let parse =
            ParseOptions::new().keep_tokens(true).parse_expression(self.parse_source().as_bytes(), "expression");
        let Some(tokens) = parse.tokens() else { return Err(ExprError::NotOnItsOwnLine) };
        let src: &str = &self.text;
        let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
        if line_start == 0 || !src[line_start..start].trim().is_empty() {
            return Err(ExprError::NotOnItsOwnLine);
        }
        let first = line_start - leading_comments(src, tokens, start).len();
        let indent = &src[line_start..start];
        let nl = if src[..line_start].ends_with("\r\n") { "\r\n" } else { "\n" };
        let lines: String = text.lines().map(|l| format!("{indent}# {l}{nl}")).collect();
        self.text.replace_range(first..line_start, &lines);
        Ok(())
    }

    /// Inserts the item `key = value` into the object constructor at `path`, at `pos`
    /// (`Start`, `End`, `Before(key)`, `After(key)`, `Index(i)`; a key it does not have is
    /// the end). In an object written on several lines the item gets a line of its own at its
    /// siblings' indentation (above the comments of the item it goes before, which stay that
    /// item's), with a comma if they have one; on one line, commas between. An error if the
    /// object has `key` already.
    ///
    /// ```
    /// use hclkit::edit::{Expression, Position};
    ///
    /// let mut e = Expression::parse("{\n  # the name\n  Name = \"web\"\n  Env  = \"prod\"\n}").unwrap();
    /// e.insert_item(&[], Position::Before("Name"), "Team", &Expression::parse("\"core\"").unwrap()).unwrap();
    /// assert_eq!(e.as_str(), "{\n  Team = \"core\"\n  # the name\n  Name = \"web\"\n  Env  = \"prod\"\n}");
    /// let mut e = Expression::parse("{ a = 1, c = 3 }").unwrap();
    /// e.insert_item(&[], Position::After("a"), "b", &Expression::parse("2").unwrap()).unwrap();
    /// assert_eq!(e.as_str(), "{ a = 1, b = 2, c = 3 }");
    /// assert!(e.insert_item(&[], Position::Start, "a", &Expression::parse("0").unwrap()).is_err());
    /// ```
    pub fn insert_item(
        &mut self,
        path: &[Step],
        pos: super::Position<'_>,
        key: &str,
        value: &Expression,
    ) -> Result<(), ExprError> {
        use super::Position;
        let mut own = path.to_vec();
        own.push(Step::Key(key.to_owned()));
        match self.locate(&own) {
            Ok(_) => return Err(ExprError::DuplicateKey(key.to_owned())),
            Err(ExprError::NoSuchKey(_)) => {}
            Err(e) => return Err(e),
        }
        let object = self.locate(path)?.value;
        let parse =
            ParseOptions::new().keep_tokens(true).parse_expression(self.parse_source().as_bytes(), "expression");
        let Some(tokens) = parse.tokens() else { return Err(ExprError::NotAContainer(self.text.to_string())) };
        let mut e = parse.value().expr();
        // The object at `path` is the node with its span.
        fn find(e: Expr<'_>, span: Span) -> Option<Expr<'_>> {
            if e.span() == span && matches!(unparen(e), Expr::Object(_)) {
                return Some(unparen(e));
            }
            e.children()
                .into_iter()
                .find(|c| c.span().start <= span.start && span.end <= c.span().end)
                .and_then(|c| find(c, span))
        }
        e = find(e, object).ok_or_else(|| {
            ExprError::NotAContainer(self.text[object.start as usize..object.end as usize].to_owned())
        })?;
        let Expr::Object(o) = e else { return Err(ExprError::NotAContainer(self.text.to_string())) };
        let items: Vec<(usize, usize, Option<String>)> = o
            .items()
            .map(|i| (i.key.span().start as usize, i.value.span().end as usize, key_text(&self.text, i.key.span())))
            .collect();
        let by_name = |n: &str| items.iter().position(|(_, _, k)| k.as_deref() == Some(n));
        let index = match pos {
            Position::Start => 0,
            Position::End => items.len(),
            Position::Index(i) => i.min(items.len()),
            Position::Before(n) => by_name(n).unwrap_or(items.len()),
            Position::After(n) => by_name(n).map_or(items.len(), |i| i + 1),
        };
        if index == items.len() {
            return self.set(&own, value);
        }
        let text: &str = &self.text;
        let at = items[index].0;
        let k = crate::write::key(key);
        let line_start = text[..at].rfind('\n').map_or(0, |p| p + 1);
        if line_start > 0 && text[line_start..at].trim().is_empty() {
            let first = line_start - leading_comments(text, tokens, at).len();
            let indent = &text[line_start..at];
            let nl = if text[..line_start].ends_with("\r\n") { "\r\n" } else { "\n" };
            let after = &text[items[index].1..];
            let comma = if after.trim_start_matches([' ', '\t']).starts_with(',') { "," } else { "" };
            let ins = format!("{indent}{k} = {}{comma}{nl}", value.as_str());
            self.text.replace_range(first..first, &ins);
        } else {
            self.text.replace_range(at..at, &format!("{k} = {}, ", value.as_str()));
        }
        Ok(())
    }

    /// Renames the key of the object item at `path` (its last step a [`Step::Key`]) to `to`,
    /// written as a name where it is one and quoted otherwise; the item keeps its value and
    /// its comments. An error if the object has `to` already or there is no such key.
    ///
    /// ```
    /// use hclkit::edit::{Expression, Step};
    ///
    /// let mut e = Expression::parse("{\n  # the name\n  Name = \"web\"\n  Env  = \"prod\"\n}").unwrap();
    /// e.rename_key(&[Step::Key("Name".into())], "Service Name").unwrap();
    /// assert_eq!(e.as_str(), "{\n  # the name\n  \"Service Name\" = \"web\"\n  Env  = \"prod\"\n}");
    /// assert!(e.rename_key(&[Step::Key("Env".into())], "Service Name").is_err());
    /// ```
    pub fn rename_key(&mut self, path: &[Step], to: &str) -> Result<(), ExprError> {
        let Some((Step::Key(from), parent)) = path.split_last() else {
            return Err(ExprError::NotAContainer(format!("{:?}", path.last())));
        };
        if from == to {
            return self.locate(path).map(|_| ());
        }
        let mut sibling = parent.to_vec();
        sibling.push(Step::Key(to.to_owned()));
        if self.locate(&sibling).is_ok() {
            return Err(ExprError::DuplicateKey(to.to_owned()));
        }
        let key = self.locate(path)?.key.ok_or_else(|| ExprError::NoSuchKey(from.clone()))?;
        self.splice(key, &crate::write::key(to));
        Ok(())
    }

    /// The comment at the end of the line where the object item, tuple element or call
    /// argument at `path` ends (after its comma, if any), without its newline; `None` if there
    /// is none or nothing at `path`.
    pub fn trailing_comment(&self, path: &[Step]) -> Option<String> {
        if path.is_empty() {
            return None;
        }
        let end = self.locate(path).ok()?.item.end as usize;
        let parse =
            ParseOptions::new().keep_tokens(true).parse_expression(self.parse_source().as_bytes(), "expression");
        trailing_comment(&self.text, parse.tokens()?, end).map(str::to_owned)
    }

    /// Sets the comment at the end of the line where the item at `path` ends to `# text`
    /// (`None` clears it). The item must end its line (a comment after it would otherwise
    /// swallow what follows).
    ///
    /// ```
    /// use hclkit::edit::{Expression, Step};
    ///
    /// let mut e = Expression::parse("[\n  \"a\", # first\n  \"b\",\n]").unwrap();
    /// e.set_trailing_comment(&[Step::Index(0)], None).unwrap();
    /// e.set_trailing_comment(&[Step::Index(1)], Some("second")).unwrap();
    /// assert_eq!(e.as_str(), "[\n  \"a\",\n  \"b\", # second\n]");
    /// assert_eq!(e.trailing_comment(&[Step::Index(1)]).as_deref(), Some("# second"));
    /// assert!(Expression::parse("[1, 2]").unwrap().set_trailing_comment(&[Step::Index(0)], Some("x")).is_err());
    /// ```
    pub fn set_trailing_comment(&mut self, path: &[Step], text: Option<&str>) -> Result<(), ExprError> {
        if path.is_empty() {
            return Err(ExprError::NotAnItem);
        }
        let mut end = self.locate(path)?.item.end as usize;
        let src: &str = &self.text;
        // After the item's comma, if it has one.
        let ws = |p: usize| p + src[p..].len() - src[p..].trim_start_matches([' ', '\t']).len();
        if src[ws(end)..].starts_with(',') {
            end = ws(end) + 1;
        }
        let parse = ParseOptions::new().keep_tokens(true).parse_expression(src.as_bytes(), "expression");
        let old = parse.tokens().and_then(|t| trailing_comment(src, t, end)).map(str::len);
        let at = ws(end);
        let line_end = src[at..].find('\n').map_or(src.len(), |k| at + k);
        let (from, to) = match old {
            Some(len) => (end, at + len),
            None => {
                // Nothing but the line's end may follow.
                if !src[at..line_end].trim_end_matches('\r').is_empty() {
                    return Err(ExprError::NotOnItsOwnLine);
                }
                (end, at)
            }
        };
        let new = text.map_or(String::new(), |t| format!(" # {}", t.lines().next().unwrap_or("")));
        self.text.replace_range(from..to, &new);
        Ok(())
    }

    /// Removes the object item or tuple element at `path`; false if there is none.
    pub fn remove(&mut self, path: &[Step]) -> Result<bool, ExprError> {
        if let Some(step) = path.last().filter(|s| !matches!(s, Step::Key(_) | Step::Index(_))) {
            // A part of a structured expression is replaced, not removed.
            return Err(ExprError::NoSuchPart(format!("{step:?} to remove"), self.text.to_string()));
        }
        let found = match self.locate(path) {
            Ok(f) => f,
            Err(ExprError::NoSuchKey(_) | ExprError::NoSuchElement(_)) => return Ok(false),
            Err(e) => return Err(e),
        };
        let (mut s, mut e) = (found.item.start as usize, found.item.end as usize);
        let t = self.text.as_bytes();
        // A trailing comma goes with the item.
        let mut k = e;
        while k < t.len() && (t[k] == b' ' || t[k] == b'\t') {
            k += 1;
        }
        if k < t.len() && t[k] == b',' {
            e = k + 1;
        }
        let ls = self.text[..s].rfind('\n').map_or(0, |i| i + 1);
        let le = self.text[e..].find('\n').map_or(t.len(), |i| e + i + 1);
        let rest = self.text[e..le].trim();
        let owned_rest = rest.is_empty() || rest.starts_with('#') || rest.starts_with("//");
        if self.text[ls..s].trim().is_empty() && owned_rest && ls > 0 {
            // The item is alone on its lines (with its trailing comment), and its own comment
            // lines (directly above it) go with it.
            let parse =
                ParseOptions::new().keep_tokens(true).parse_expression(self.parse_source().as_bytes(), "expression");
            s = match parse.tokens() {
                Some(tokens) => ls - leading_comments(&self.text, tokens, s).len(),
                None => ls,
            };
            e = le;
        } else if k >= t.len() || t[k] != b',' {
            // The last item of a one-line constructor: the comma before goes.
            let before = self.text[..s].trim_end();
            if before.ends_with(',') {
                s = before.len() - 1;
            }
        } else {
            // An item followed by others on its line: the spaces after its comma go too.
            while e < t.len() && (t[e] == b' ' || t[e] == b'\t') {
                e += 1;
            }
        }
        self.text.replace_range(s..e, "");
        Ok(true)
    }

    fn splice(&mut self, span: Span, text: &str) {
        self.text.replace_range(span.start as usize..span.end as usize, text);
    }

    fn locate(&self, path: &[Step]) -> Result<Found, ExprError> {
        // With a newline after it: a heredoc's closing line ends with one (spans past the
        // text are cut back to it below).
        let src = self.parse_source();
        let file = parse_expression(src.as_bytes(), "expression").into_value();
        let mut e = file.expr();
        let mut found = Found { value: e.span(), item: e.span(), name: false, key: None, literal: None };
        for (n, step) in path.iter().enumerate() {
            let cur = e;
            e = unparen(e);
            match (step, e) {
                (Step::Key(k), Expr::Object(o)) => {
                    let item = o
                        .items()
                        .find(|i| key_text(&src, i.key.span()).as_deref() == Some(k.as_str()))
                        .ok_or_else(|| ExprError::NoSuchKey(k.clone()))?;
                    found = Found {
                        value: item.value.span(),
                        item: item.key.span().to(item.value.span()),
                        name: false,
                        key: Some(item.key.span()),
                        literal: None,
                    };
                    e = item.value;
                }
                (Step::Index(i), Expr::Tuple(t)) => {
                    let el = t.exprs().nth(*i).ok_or(ExprError::NoSuchElement(*i))?;
                    found = Found { value: el.span(), item: el.span(), name: false, key: None, literal: None };
                    e = el;
                }
                (Step::Index(i), Expr::FunctionCall(c)) => {
                    let arg = c.args().nth(*i).ok_or(ExprError::NoSuchElement(*i))?;
                    found = Found { value: arg.span(), item: arg.span(), name: false, key: None, literal: None };
                    e = arg;
                }
                (Step::Key(_) | Step::Index(_), other) => {
                    let s = other.span();
                    return Err(ExprError::NotAContainer(src[s.start as usize..s.end as usize].to_owned()));
                }
                (_, _) => match super::node::part(&src, cur, step)? {
                    super::node::Target::Expr(x) => {
                        found = Found { value: x.span(), item: x.span(), name: false, key: None, literal: None };
                        e = x;
                    }
                    super::node::Target::Literal { span, value, heredoc } => {
                        // Literal text: no step goes further.
                        if n + 1 < path.len() {
                            return Err(ExprError::NotAContainer(
                                src[span.start as usize..span.end as usize].to_owned(),
                            ));
                        }
                        found =
                            Found { value: span, item: span, name: false, key: None, literal: Some((value, heredoc)) };
                    }
                    super::node::Target::Text(span) => {
                        // A name or a legacy index: no step goes further.
                        if n + 1 < path.len() {
                            return Err(ExprError::NotAContainer(
                                src[span.start as usize..span.end as usize].to_owned(),
                            ));
                        }
                        found = Found { value: span, item: span, name: true, key: None, literal: None };
                    }
                },
            }
        }
        let end = u32::try_from(self.text.len()).unwrap_or(u32::MAX);
        let cut = |sp: Span| Span::new(sp.start.min(end), sp.end.min(end));
        found.value = cut(found.value);
        found.item = cut(found.item);
        found.key = found.key.map(cut);
        Ok(found)
    }

    /// The keys of an object constructor, in order (empty for anything else).
    pub fn keys(&self) -> Vec<String> {
        let file = parse_expression(self.parse_source().as_bytes(), "expression").into_value();
        match file.expr() {
            Expr::Object(o) => o.items().filter_map(|i| key_text(&self.text, i.key.span())).collect(),
            _ => Vec::new(),
        }
    }
}

struct Found {
    value: Span,
    item: Span,
    /// The place is a name or a legacy index, not an expression.
    name: bool,
    /// An object item's key.
    key: Option<Span>,
    /// The place is a template's literal part: its value, and whether the template is a
    /// heredoc.
    literal: Option<(String, bool)>,
}

fn key_text(src: &str, span: Span) -> Option<String> {
    let t = src.get(span.start as usize..span.end as usize)?;
    if t.starts_with('"') {
        literal_string(t)
    } else {
        Some(t.to_owned())
    }
}

/// The value of a quoted string literal with no interpolation.
pub(crate) fn literal_string(t: &str) -> Option<String> {
    let (file, diags) = parse_expression(t.as_bytes(), "string").into_parts();
    if diags.has_errors() {
        return None;
    }
    let (v, diags) = crate::syntax::native::eval::evaluate(file.expr(), None);
    if diags.has_errors() {
        return None;
    }
    v.as_str().map(str::to_owned)
}

impl std::fmt::Display for Expression {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::str::FromStr for Expression {
    type Err = Diagnostics;
    fn from_str(s: &str) -> Result<Expression, Diagnostics> {
        Expression::parse(s)
    }
}

/// An object constructor's item ([`Expression::object_items`]): its key, its value and the
/// comments it owns, by the rules of body items: the comment lines directly above it (no blank
/// line between) and the comment at the end of its last line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectItem {
    /// The key as written (`name`, `"quoted key"`, `(var.k)`).
    pub key: Expression,
    /// The key's name: the identifier or the literal string's value; `None` for other keys.
    pub name: Option<String>,
    /// The value.
    pub value: Expression,
    /// The comment lines directly above the item, as written (empty if none).
    pub leading_comments: String,
    /// The comment at the end of the item's last line (after a comma, if any), without its
    /// newline.
    pub trailing_comment: Option<String>,
}

/// A function call ([`Expression::call`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    /// The function's name (`upper`, `provider::aws::arn_parse`).
    pub name: String,
    /// The arguments in order, each as written.
    pub args: Vec<Expression>,
    /// Whether the last argument is followed by `...`.
    pub expand_final: bool,
}

impl Expression {
    /// The items of an object constructor (through parentheses), in order, with their
    /// comments; `None` for any other expression.
    ///
    /// ```
    /// use hclkit::edit::Expression;
    ///
    /// let e = Expression::parse("{\n  # the zone\n  zone = \"b\" # for now\n\n  \"a b\" = 1\n}").unwrap();
    /// let items = e.object_items().unwrap();
    /// assert_eq!(items.len(), 2);
    /// assert_eq!(items[0].name.as_deref(), Some("zone"));
    /// assert_eq!(items[0].value.as_str(), "\"b\"");
    /// assert_eq!(items[0].leading_comments, "  # the zone\n");
    /// assert_eq!(items[0].trailing_comment.as_deref(), Some("# for now"));
    /// assert_eq!(items[1].name.as_deref(), Some("a b"));
    /// assert_eq!(items[1].leading_comments, ""); // a blank line between: not its comment
    /// assert!(Expression::parse("[1]").unwrap().object_items().is_none());
    /// ```
    pub fn object_items(&self) -> Option<Vec<ObjectItem>> {
        let parse =
            ParseOptions::new().keep_tokens(true).parse_expression(self.parse_source().as_bytes(), "expression");
        let tokens = parse.tokens()?;
        let Expr::Object(o) = unparen(parse.value().expr()) else { return None };
        let items = o
            .items()
            .map(|i| {
                let (ks, ke) = (i.key.span().start as usize, i.key.span().end as usize);
                let (vs, ve) = (i.value.span().start as usize, i.value.span().end as usize);
                ObjectItem {
                    key: Expression { text: self.text.slice(ks..ke) },
                    name: key_text(&self.text, i.key.span()),
                    value: Expression { text: self.text.slice(vs..ve) },
                    leading_comments: leading_comments(&self.text, tokens, ks).to_owned(),
                    trailing_comment: trailing_comment(&self.text, tokens, ve).map(str::to_owned),
                }
            })
            .collect();
        Some(items)
    }

    /// The elements of a tuple constructor (through parentheses), each as written; `None`
    /// for any other expression.
    ///
    /// ```
    /// use hclkit::edit::Expression;
    ///
    /// let e = Expression::parse("[1, var.x, [2]]").unwrap();
    /// let els: Vec<String> = e.elements().unwrap().iter().map(|e| e.to_string()).collect();
    /// assert_eq!(els, ["1", "var.x", "[2]"]);
    /// assert!(e.elements().unwrap()[1].text().is_shared() == e.text().is_shared());
    /// ```
    pub fn elements(&self) -> Option<Vec<Expression>> {
        let file = parse_expression(self.parse_source().as_bytes(), "expression").into_value();
        let Expr::Tuple(t) = unparen(file.expr()) else { return None };
        Some(t.exprs().map(|e| self.sub(e.span())).collect())
    }

    /// The function call this expression is (through parentheses): its name and arguments;
    /// `None` for any other expression.
    ///
    /// ```
    /// use hclkit::edit::Expression;
    ///
    /// let c = Expression::parse("merge(local.tags, { Name = \"x\" }, var.more...)").unwrap().call().unwrap();
    /// assert_eq!(c.name, "merge");
    /// assert_eq!(c.args.len(), 3);
    /// assert_eq!(c.args[1].as_str(), "{ Name = \"x\" }");
    /// assert!(c.expand_final);
    /// ```
    pub fn call(&self) -> Option<Call> {
        let file = parse_expression(self.parse_source().as_bytes(), "expression").into_value();
        let Expr::FunctionCall(c) = unparen(file.expr()) else { return None };
        Some(Call {
            name: c.name().into_owned(),
            args: c.args().map(|a| self.sub(a.span())).collect(),
            expand_final: c.expand_final(),
        })
    }

    /// The part of this expression at `span` (shared with the source when this is).
    pub(crate) fn sub(&self, span: Span) -> Expression {
        // A span of the parse of `parse_source` may reach its added newline.
        let end = self.text.len();
        Expression { text: self.text.slice((span.start as usize).min(end)..(span.end as usize).min(end)) }
    }

    /// The text the parser reads for the expression: its text and a newline, as in a file,
    /// where a heredoc's closing line ends with one (the text is kept without it). Spans of
    /// the parse are the text's; one may reach the newline.
    pub(crate) fn parse_source(&self) -> String {
        let mut src = String::with_capacity(self.text.len() + 1);
        src.push_str(&self.text);
        src.push('\n');
        src
    }
}

pub(crate) fn unparen(mut e: Expr<'_>) -> Expr<'_> {
    while let Expr::Parens(p) = e {
        e = p.inner();
    }
    e
}

/// The comment lines directly above the line of `pos` in `src` (no blank line between), if
/// nothing but white space comes before `pos` on its line.
fn leading_comments<'a>(src: &'a str, tokens: &Tokens, pos: usize) -> &'a str {
    let line_start = |p: usize| src[..p].rfind('\n').map_or(0, |i| i + 1);
    let start = line_start(pos);
    if !src[start..pos].trim().is_empty() {
        return "";
    }
    let mut first = start;
    while first > 0 {
        let prev = line_start(first - 1);
        let line = &src[prev..first];
        if line.trim().is_empty() {
            break;
        }
        let ws = line.len() - line.trim_start().len();
        // A comment line: a comment from its first non-blank byte to its end.
        match tokens.at((prev + ws) as u32) {
            Some(t) if t.kind == TokenKind::Comment && t.span.end as usize >= first - 1 => {
                let cs = t.span.start as usize;
                let cl = line_start(cs);
                if !src[cl..cs].trim().is_empty() {
                    break;
                }
                first = cl;
            }
            _ => break,
        }
    }
    &src[first..start]
}

/// The comment after `pos` on its line (after an optional comma), without its newline.
fn trailing_comment<'a>(src: &'a str, tokens: &Tokens, pos: usize) -> Option<&'a str> {
    let rest = &src[pos..];
    let skip = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    let mut p = pos + skip;
    if src[p..].starts_with(',') {
        p += 1;
        p += src[p..].len() - src[p..].trim_start_matches([' ', '\t']).len();
    }
    let t = tokens.at(p as u32).filter(|t| t.kind == TokenKind::Comment && t.span.start as usize == p)?;
    Some(src[p..t.span.end as usize].trim_end())
}
