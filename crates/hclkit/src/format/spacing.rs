//! Which tokens get a space between them, and how brackets nest.

use crate::syntax::native::token::TokenKind::{self, *};

/// How a token changes the bracket depth: +1 for `{ [ ( ${ %{`, -1 for `} ] )` and the `}`
/// closing a template sequence, 0 otherwise.
#[inline]
pub(crate) fn bracket_change(kind: TokenKind) -> i64 {
    match kind {
        OBrace | OBrack | OParen | TemplateInterp | TemplateControl => 1,
        CBrace | CBrack | CParen | TemplateSeqEnd => -1,
        _ => 0,
    }
}

/// Whether `subject` is followed by one space (else none) when `after` comes next on the same
/// line; `before` is the token before `subject` in the same cell (`None` at a cell's start),
/// and `subject_is_in` says whether `subject` is the identifier `in`. The first rule that
/// applies decides (the reference's `spaceAfterToken`, in its order).
pub(crate) fn space_after(
    subject: TokenKind,
    subject_is_in: bool,
    before: Option<TokenKind>,
    after: TokenKind,
) -> bool {
    // Nothing before a newline.
    if after == Newline {
        return false;
    }
    // A function name and its parenthesis.
    if subject == Ident && after == OParen {
        return false;
    }
    // The parts of a namespaced function name (`provider::aws::arn_parse`; HCL v2.20, as
    // `terraform fmt` v1.11 writes them). Not after `:` (broken input), where `:::` would
    // read back as `::` `:`.
    if subject == DoubleColon || after == DoubleColon {
        return subject == Colon;
    }
    // Attribute access.
    if subject == Dot || after == Dot {
        return false;
    }
    // Commas and argument expansion sit on what precedes them; a comma is followed by a space.
    if after == Comma || after == Ellipsis {
        return false;
    }
    if subject == Comma {
        return true;
    }
    // Never inside template literal text.
    if matches!(subject, QuotedLit | StringLit | OQuote | OHeredoc)
        || matches!(after, QuotedLit | StringLit | CQuote | CHeredoc)
    {
        return false;
    }
    // `for x in [a]`: the keyword, not an index into a variable named `in`.
    if subject_is_in && before == Some(Ident) {
        return true;
    }
    // Indexing: `a[0]`, `f()[0]`, `1[0]`.
    if after == OBrack && (subject == Ident || subject == NumberLit || bracket_change(subject) < 0) {
        return false;
    }
    if subject == Bang {
        return false;
    }
    if subject == Minus {
        // Negation (no space) unless what precedes can end an operand.
        return !matches!(
            before,
            None | Some(
                OParen
                    | OBrace
                    | OBrack
                    | Equal
                    | Colon
                    | Comma
                    | Question
                    | Plus
                    | Star
                    | Slash
                    | Percent
                    | Minus
                    | EqualOp
                    | NotEqual
                    | GreaterThan
                    | GreaterThanEq
                    | LessThan
                    | LessThanEq
                    | And
                    | Or
                    | Bang
            )
        );
    }
    // Braces keep a space inside (`b { a = 1 }`), except an empty pair.
    if subject == OBrace || after == CBrace {
        return !(subject == OBrace && after == CBrace);
    }
    // `${ {` and `} }` keep theirs, to be legible.
    if matches!(subject, TemplateInterp | TemplateControl) && after == OBrace {
        return true;
    }
    if subject == CBrace && after == TemplateSeqEnd {
        return true;
    }
    // Consecutive template sequences.
    if subject == TemplateSeqEnd && matches!(after, TemplateInterp | TemplateControl) {
        return false;
    }
    // Nothing inside brackets.
    if bracket_change(subject) > 0 || bracket_change(after) < 0 {
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_in_order() {
        assert!(!space_after(Ident, false, None, OParen));
        assert!(!space_after(Comma, false, None, Newline));
        assert!(space_after(Comma, false, None, CBrack));
        assert!(!space_after(OQuote, false, None, TemplateInterp));
        assert!(space_after(Ident, true, Some(Ident), OBrack));
        assert!(!space_after(Ident, true, Some(Comma), OBrack));
        assert!(!space_after(Minus, false, Some(Equal), NumberLit));
        assert!(space_after(Minus, false, Some(Ident), NumberLit));
        assert!(!space_after(Minus, false, None, NumberLit));
        assert!(!space_after(OBrace, false, None, CBrace));
        assert!(space_after(OBrace, false, None, Ident));
        assert!(space_after(TemplateInterp, false, None, OBrace));
        assert!(space_after(CBrace, false, None, TemplateSeqEnd));
        assert!(!space_after(TemplateSeqEnd, false, None, TemplateControl));
        assert!(!space_after(OParen, false, None, Ident));
        assert!(!space_after(Ident, false, None, CParen));
        assert!(space_after(Ident, false, None, Equal));
        assert!(!space_after(Ident, false, None, DoubleColon));
        assert!(!space_after(DoubleColon, false, Some(Ident), Ident));
        assert!(!space_after(DoubleColon, false, Some(Ident), Colon));
        assert!(space_after(Colon, false, Some(Ident), DoubleColon));
    }
}
