//! Syntax problems as the parser records them (a kind and spans, a few bytes each), and
//! their rendering into [`Diagnostic`]s with the reference's wording, done once at the end
//! of a parse (`#[cold]`).

use std::borrow::Cow;

use super::ast::Tree;
use super::escape::EscapeError;
use super::lexer::LexProblem;
use crate::diagnostic::{go_quote, Diagnostic};
use crate::pos::{Range, Span};
use crate::suggest::levenshtein;

/// A problem found while parsing, with what its message needs.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Problem {
    Lex(LexProblem),
    AttributeRedefined { name: Span, prev: Span },
    QuotedArgumentName,
    UnclosedBlock,
    UnclosedBody,
    ArgumentOrBlockRequired,
    ArgumentOrBlockRequiredEquals,
    SingleLineArgumentRequired { name: Span },
    MissingNewlineAfterArgument,
    CommaAfterArgument,
    BlockEquals,
    BlockNewline,
    BlockLabelOrBrace,
    SingleLineComma,
    SingleLineNewline,
    SingleLineEnd,
    MissingNewlineAfterBlock,
    MissingFalseExpr,
    LegacyIndexChain { num: Span, dot: u32, splat: bool },
    NestedSplat,
    InvalidAttrName,
    SplatMissingBracket,
    IndexMissingBracket,
    UnbalancedParens,
    InvalidNumber,
    MissingExpression,
    InvalidExpression,
    ExpandNotLast,
    UnterminatedCall,
    MissingFunctionName,
    MissingOpenParen,
    MissingArgSeparator,
    UnterminatedTuple,
    MissingItemSeparator,
    MissingAttrValue,
    MissingKeyValueSeparatorIdent,
    UnterminatedObject,
    MissingKeyValueSeparator,
    MissingAttrSeparator,
    ForVarName,
    ForValueVarName,
    ForIn,
    ForColon,
    ForExtra,
    ForTupleKey,
    ForTupleGroup,
    ForObjectNoKey,
    LabelTemplate { dollar: bool },
    UnterminatedLabel,
    LabelBadItem,
    Escape(EscapeError),
    UnclosedInterp,
    InterpColon,
    UnclosedInterpQuoted,
    InterpExtra,
    DirectiveKeyword,
    ForDirectiveVarName,
    ForDirectiveValueVarName,
    ForDirectiveIn,
    DirectiveUnknown { kw: Span },
    DirectiveExtra { kw: Span },
    UnterminatedTemplate,
    TemplateUnexpectedEnd,
    UnexpectedDirective { which: &'static str },
    IfMissingEndif { open: Span },
    ElseTwice { open: Span },
    IfUnexpected { which: &'static str, open: Span },
    ForMissingEndfor { open: Span },
    ElseInFor,
    ForUnexpected { which: &'static str, open: Span },
    ExtraAfterExpression,
    TooDeep,
}

/// A recorded problem: what, where, and the surrounding construct.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RawDiag {
    pub problem: Problem,
    pub subject: Span,
    pub context: Option<Span>,
}

impl RawDiag {
    pub(crate) fn new(problem: Problem, subject: Span, context: Option<Span>) -> RawDiag {
        RawDiag { problem, subject, context }
    }

    /// Builds the diagnostic with the reference's summary and detail.
    #[cold]
    pub(crate) fn render(&self, t: &Tree, shift: &dyn Fn(Range) -> Range) -> Diagnostic {
        let text = |s: Span| String::from_utf8_lossy(s.slice(t.source())).into_owned();
        let (summary, detail): (Cow<'static, str>, Cow<'static, str>) = match self.problem {
            Problem::Lex(p) => {
                let (s, d) = p.message();
                (s.into(), d.into())
            }
            Problem::AttributeRedefined { name, prev } => (
                "Attribute redefined".into(),
                format!(
                    "The argument {} was already set at {}. Each argument may be set only once.",
                    go_quote(&text(name)),
                    shift(t.range(prev))
                )
                .into(),
            ),
            Problem::SingleLineArgumentRequired { name } => (
                "Argument definition required".into(),
                format!(
                    "A single-line block definition can contain only a single argument. If you meant to define argument {}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.",
                    go_quote(&text(name))
                )
                .into(),
            ),
            Problem::LegacyIndexChain { num, dot, splat } => {
                let s = text(num);
                let (a, b) = s.split_at((dot as usize).min(s.len()));
                let b = b.get(1..).unwrap_or("");
                let how = if splat { " with a full splat expression [*]" } else { "" };
                (
                    "Invalid legacy index syntax".into(),
                    format!(
                        "When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax{how} instead, like [{a}][{b}]."
                    )
                    .into(),
                )
            }
            Problem::LabelTemplate { dollar } => {
                let w = if dollar { "$" } else { "%" };
                (
                    "Invalid string literal".into(),
                    format!(
                        "Template sequences are not allowed in this string. To include a literal \"{w}\", double it (as \"{w}{w}\") to escape it."
                    )
                    .into(),
                )
            }
            Problem::Escape(e) => (
                "Invalid escape sequence".into(),
                match e {
                    EscapeError::ShortU => "The \\u escape sequence must be followed by four hexadecimal digits.".into(),
                    EscapeError::ShortBigU => {
                        "The \\U escape sequence must be followed by eight hexadecimal digits.".into()
                    }
                    EscapeError::CannotEncode(cp) => format!("Cannot encode character U+{cp:04x} in UTF-8.").into(),
                    EscapeError::BadSelector => {
                        let s = text(self.subject);
                        let sel = s.strip_prefix('\\').unwrap_or(&s);
                        format!("The symbol {} is not a valid escape sequence selector.", go_quote(sel)).into()
                    }
                },
            ),
            Problem::DirectiveUnknown { kw } => {
                let given = text(kw);
                let suggestion = ["if", "for", "else", "endif", "endfor"]
                    .into_iter()
                    .find(|s| levenshtein(&given, s) < 3)
                    .map(|s| format!(" Did you mean {}?", go_quote(s)))
                    .unwrap_or_default();
                (
                    "Invalid template control keyword".into(),
                    format!("{} is not a valid template control keyword.{suggestion}", go_quote(&given)).into(),
                )
            }
            Problem::DirectiveExtra { kw } => (
                format!("Extra characters in {} marker", text(kw)).into(),
                "Expected a closing brace to end the sequence, but found extra characters.".into(),
            ),
            Problem::UnexpectedDirective { which } => (
                format!("Unexpected {which} directive").into(),
                "The control directives within this template are unbalanced.".into(),
            ),
            Problem::IfMissingEndif { open } => (
                "Unexpected end of template".into(),
                format!("The if directive at {} is missing its corresponding endif directive.", shift(t.range(open))).into(),
            ),
            Problem::ElseTwice { open } => (
                "Unexpected else directive".into(),
                format!("Already in the else clause for the if started at {}.", shift(t.range(open))).into(),
            ),
            Problem::IfUnexpected { which, open } => (
                format!("Unexpected {which} directive").into(),
                format!("Expecting an endif directive for the if started at {}.", shift(t.range(open))).into(),
            ),
            Problem::ForMissingEndfor { open } => (
                "Unexpected end of template".into(),
                format!("The for directive at {} is missing its corresponding endfor directive.", shift(t.range(open)))
                    .into(),
            ),
            Problem::ForUnexpected { which, open } => (
                format!("Unexpected {which} directive").into(),
                format!("Expecting an endfor directive corresponding to the for directive at {}.", shift(t.range(open)))
                    .into(),
            ),
            p => {
                let (s, d) = static_message(p);
                (s.into(), d.into())
            }
        };
        Diagnostic {
            severity: crate::diagnostic::Severity::Error,
            summary,
            detail,
            subject: Some(t.range(self.subject)),
            context: self.context.map(|c| t.range(c)),
        }
    }
}

fn static_message(p: Problem) -> (&'static str, &'static str) {
    use Problem::*;
    match p {
        QuotedArgumentName => ("Invalid argument name", "Argument names must not be quoted."),
        UnclosedBlock => (
            "Unclosed configuration block",
            "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
        ),
        UnclosedBody => ("Unclosed configuration body", "Found end of file before the end of this configuration body."),
        ArgumentOrBlockRequired => {
            ("Argument or block definition required", "An argument or block definition is required here.")
        }
        ArgumentOrBlockRequiredEquals => (
            "Argument or block definition required",
            "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
        ),
        MissingNewlineAfterArgument => {
            ("Missing newline after argument", "An argument definition must end with a newline.")
        }
        CommaAfterArgument => (
            "Unexpected comma after argument",
            "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
        ),
        BlockEquals => (
            "Invalid block definition",
            "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block.",
        ),
        BlockNewline => (
            "Invalid block definition",
            "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header.",
        ),
        BlockLabelOrBrace => (
            "Invalid block definition",
            "Either a quoted string block label or an opening brace (\"{\") is expected here.",
        ),
        SingleLineComma => (
            "Invalid single-argument block definition",
            "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.",
        ),
        SingleLineNewline => (
            "Invalid single-argument block definition",
            "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
        ),
        SingleLineEnd => (
            "Invalid single-argument block definition",
            "A single-line block definition must end with a closing brace immediately after its single argument definition.",
        ),
        MissingNewlineAfterBlock => {
            ("Missing newline after block definition", "A block definition must end with a newline.")
        }
        MissingFalseExpr => (
            "Missing false expression in conditional",
            "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
        ),
        NestedSplat => (
            "Nested splat expression not allowed",
            "A splat expression (*) cannot be used inside another attribute-only splat expression.",
        ),
        InvalidAttrName => ("Invalid attribute name", "An attribute name is required after a dot."),
        SplatMissingBracket => (
            "Missing close bracket on splat index",
            "The star for a full splat operator must be immediately followed by a closing bracket (\"]\").",
        ),
        IndexMissingBracket => {
            ("Missing close bracket on index", "The index operator must end with a closing bracket (\"]\").")
        }
        UnbalancedParens => ("Unbalanced parentheses", "Expected a closing parenthesis to terminate the expression."),
        InvalidNumber => ("Invalid number literal", "Failed to recognize the value of this number literal."),
        MissingExpression => ("Missing expression", "Expected the start of an expression, but found the end of the file."),
        InvalidExpression => {
            ("Invalid expression", "Expected the start of an expression, but found an invalid expression token.")
        }
        ExpandNotLast => (
            "Missing closing parenthesis",
            "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
        ),
        UnterminatedCall => (
            "Unterminated function call",
            "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parethesis nesting elsewhere in this file.",
        ),
        MissingFunctionName => (
            "Missing function name",
            "Function scope resolution symbol :: must be followed by a function name in this scope.",
        ),
        MissingOpenParen => (
            "Missing open parenthesis",
            "Function selector must be followed by an open parenthesis to begin the function call.",
        ),
        MissingArgSeparator => {
            ("Missing argument separator", "A comma is required to separate each function argument from the next.")
        }
        UnterminatedTuple => (
            "Unterminated tuple constructor expression",
            "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
        ),
        MissingItemSeparator => ("Missing item separator", "Expected a comma to mark the beginning of the next item."),
        MissingAttrValue => {
            ("Missing attribute value", "Expected an attribute value, introduced by an equals sign (\"=\").")
        }
        MissingKeyValueSeparatorIdent => (
            "Missing key/value separator",
            "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.",
        ),
        UnterminatedObject => (
            "Unterminated object constructor expression",
            "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
        ),
        MissingKeyValueSeparator => (
            "Missing key/value separator",
            "Expected an equals sign (\"=\") to mark the beginning of the attribute value.",
        ),
        MissingAttrSeparator => (
            "Missing attribute separator",
            "Expected a newline or comma to mark the beginning of the next attribute.",
        ),
        ForVarName => ("Invalid 'for' expression", "For expression requires variable name after 'for'."),
        ForValueVarName => ("Invalid 'for' expression", "For expression requires value variable name after comma."),
        ForIn => (
            "Invalid 'for' expression",
            "For expression requires the 'in' keyword after its name declarations.",
        ),
        ForColon => ("Invalid 'for' expression", "For expression requires a colon after the collection expression."),
        ForExtra => ("Invalid 'for' expression", "Extra characters after the end of the 'for' expression."),
        ForTupleKey => ("Invalid 'for' expression", "Key expression is not valid when building a tuple."),
        ForTupleGroup => ("Invalid 'for' expression", "Grouping ellipsis (...) cannot be used when building a tuple."),
        ForObjectNoKey => ("Invalid 'for' expression", "Key expression is required when building an object."),
        UnterminatedLabel => {
            ("Unterminated string literal", "Unable to find the closing quote mark before the end of the file.")
        }
        LabelBadItem => ("Invalid string literal", "This item is not valid in a string literal."),
        UnclosedInterp => (
            "Unclosed template interpolation sequence",
            "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.",
        ),
        InterpColon => (
            "Extra characters after interpolation expression",
            "Template interpolation doesn't expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with \"$${\" instead of just \"${\".",
        ),
        UnclosedInterpQuoted => (
            "Unclosed template interpolation sequence",
            "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
        ),
        InterpExtra => (
            "Extra characters after interpolation expression",
            "Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with \"$${\" instead of just \"${\".",
        ),
        DirectiveKeyword => (
            "Invalid template directive",
            "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of a %{ sequence.",
        ),
        ForDirectiveVarName => ("Invalid 'for' directive", "For directive requires variable name after 'for'."),
        ForDirectiveValueVarName => {
            ("Invalid 'for' directive", "For directive requires value variable name after comma.")
        }
        ForDirectiveIn => ("Invalid 'for' directive", "For directive requires 'in' keyword after names."),
        UnterminatedTemplate => ("Unterminated template string", "No closing marker was found for the string."),
        TemplateUnexpectedEnd => {
            ("Unexpected end of template", "The control directives within this template are unbalanced.")
        }
        ElseInFor => ("Unexpected else directive", "An else clause is not expected for a for directive."),
        ExtraAfterExpression => (
            "Extra characters after expression",
            "An expression was successfully parsed, but extra characters were found after it.",
        ),
        TooDeep => (
            "Nesting too deep",
            "Expressions, blocks and template directives may be nested at most 200 levels deep.",
        ),
        _ => ("Invalid syntax", ""),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn levenshtein() {
        assert_eq!(super::levenshtein("endfi", "endif"), 2);
        assert_eq!(super::levenshtein("", "if"), 2);
        assert_eq!(super::levenshtein("kitten", "sitting"), 3);
    }
}
