//! The layout of the flat tree: what each node kind keeps in its 16-byte [`Node`] and in the
//! tree's `extra` words, written down once as types.
//!
//! A [`Node`] holds a span, a [`Kind`], eight bits of flags, sixteen bits of `aux` and a 32-bit
//! `data` word. The flags and `aux` are typed per kind ([`StrFlags`], [`LitKind`],
//! [`BinaryOp`], ...) and only reachable through the constructors and getters here. `data`
//! is either a child's id or the index of the node's record in `extra`, a `Vec<u32>` shared by
//! the whole tree. Every record has one type implementing [`Record`]: the parser writes it with
//! [`Record::write`] and the views read it back with [`Record::read`], so the two sides cannot
//! disagree on an offset (Zig's `Ast.extraData` is the model). Variable-length parts are
//! counted [`List`]s after a fixed header ([`Headed`]), or, for traversals, [`Steps`].
//!
//! | kind | flags | `aux` | `data` |
//! |---|---|---|---|
//! | `Body` | – | – | [`BodyLayout`]: [`BodyRec`], then the item ids |
//! | `Attribute` | [`AttrFlags`], the name's length | offset of `=` from the name | the expression, or (`WIDE`) an [`AttrWide`] |
//! | `Block` | – | – | [`BlockLayout`]: [`BlockRec`], then the label spans |
//! | `Literal` | [`StrFlags`] | [`LitKind`] | – |
//! | `Template` | [`TplFlags`] | – | [`TemplateLayout`]: the part ids (none when `SIMPLE`) |
//! | `TemplateWrap` | – | – | the wrapped expression |
//! | `TemplateJoin` | – | – | its `For` node |
//! | `ScopeTraversal` | – | – | [`Steps`] (the root name is the identifier at the span's start) |
//! | `RelativeTraversal` | – | – | [`RelTraversalRec`], then [`Steps`] |
//! | `FunctionCall` | [`CallFlags`] | – | [`CallLayout`]: [`CallRec`], then the argument ids |
//! | `Conditional` | – | – | [`ConditionalRec`] |
//! | `BinaryOp` | – | [`BinaryOp`] | [`BinaryRec`] |
//! | `UnaryOp` | – | [`UnaryOp`] | the operand |
//! | `Tuple` | – | – | [`TupleLayout`]: the element ids |
//! | `Object` | – | – | [`ObjectLayout`]: [`ObjectItemRec`]s |
//! | `For` | [`ForFlags`] | – | [`ForRec`] |
//! | `Index` | – | – | [`IndexRec`] |
//! | `Splat` | – | – | [`SplatRec`] |
//! | `AnonSymbol` | – | – | – |
//! | `Parens` | – | – | the inner expression |

use std::marker::PhantomData;
use std::ops::BitOr;

use super::{BinaryOp, UnaryOp};
use crate::pos::Span;

/// The "no node" / "no offset" word in optional fields.
const NONE: u32 = u32::MAX;

/// The id bit marking the virtual literal part of a `SIMPLE` template: `id | VIRTUAL` is the
/// part of template `id`, a node computed on demand rather than stored.
pub(crate) const VIRTUAL: u32 = 1 << 31;

/// The largest source the parser accepts (offsets share words with small tags).
pub const MAX_SOURCE_LEN: usize = 1 << 30;

/// What a node is; the table in the module documentation says what each kind stores.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub(crate) enum Kind {
    Body,
    Attribute,
    Block,
    Literal,
    Template,
    TemplateWrap,
    TemplateJoin,
    ScopeTraversal,
    RelativeTraversal,
    FunctionCall,
    Conditional,
    BinaryOp,
    UnaryOp,
    Tuple,
    Object,
    For,
    Index,
    Splat,
    AnonSymbol,
    Parens,
}

/// A node: 16 bytes. `data` is a child id or an index into `extra`, depending on `kind`;
/// `flags` and `aux` are read and written only through the typed accessors below.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub span: Span,
    pub kind: Kind,
    flags: u8,
    aux: u16,
    pub data: u32,
}

const _: () = assert!(std::mem::size_of::<Node>() == 16);

impl Node {
    /// A node of a kind without flags or `aux`.
    #[inline]
    pub(crate) fn new(kind: Kind, span: Span, data: u32) -> Node {
        Node { span, kind, flags: 0, aux: 0, data }
    }

    /// A literal.
    #[inline]
    pub(crate) fn literal(span: Span, lit: LitKind, flags: StrFlags) -> Node {
        Node { span, kind: Kind::Literal, flags: flags.0, aux: lit as u16, data: 0 }
    }

    /// An attribute whose name is `name_len` bytes long and whose `=` is `equals` bytes
    /// after the name's start, with its expression.
    #[inline]
    pub(crate) fn attribute(span: Span, name_len: u32, equals: u16, expr: u32) -> Node {
        Node { span, kind: Kind::Attribute, flags: attr_name_bits(name_len), aux: equals, data: expr }
    }

    /// An attribute whose `=` is too far from the name for `aux`: `data` is an [`AttrWide`].
    #[inline]
    pub(crate) fn wide_attribute(span: Span, name_len: u32, rec: u32) -> Node {
        Node { span, kind: Kind::Attribute, flags: AttrFlags::WIDE.0 | attr_name_bits(name_len), aux: 0, data: rec }
    }

    /// A template: a [`TemplateLayout`] at `data`, or nothing when `SIMPLE`.
    #[inline]
    pub(crate) fn template(span: Span, flags: TplFlags, data: u32) -> Node {
        Node { span, kind: Kind::Template, flags: flags.0, aux: 0, data }
    }

    /// A function call with its [`CallLayout`].
    #[inline]
    pub(crate) fn call(span: Span, flags: CallFlags, data: u32) -> Node {
        Node { span, kind: Kind::FunctionCall, flags: flags.0, aux: 0, data }
    }

    /// A `for` expression with its [`ForRec`].
    #[inline]
    pub(crate) fn for_expr(span: Span, flags: ForFlags, data: u32) -> Node {
        Node { span, kind: Kind::For, flags: flags.0, aux: 0, data }
    }

    /// A binary operation with its [`BinaryRec`].
    #[inline]
    pub(crate) fn binary(span: Span, op: BinaryOp, data: u32) -> Node {
        Node { span, kind: Kind::BinaryOp, flags: 0, aux: op as u16, data }
    }

    /// A unary operation on `operand`.
    #[inline]
    pub(crate) fn unary(span: Span, op: UnaryOp, operand: u32) -> Node {
        let aux = match op {
            UnaryOp::Negate => 0,
            UnaryOp::LogicalNot => 1,
        };
        Node { span, kind: Kind::UnaryOp, flags: 0, aux, data: operand }
    }

    /// A literal's kind.
    #[inline]
    pub(crate) fn lit_kind(self) -> LitKind {
        LitKind::from_aux(self.aux)
    }

    /// A string literal's flags.
    #[inline]
    pub(crate) fn str_flags(self) -> StrFlags {
        StrFlags(self.flags)
    }

    /// Adds flags to a string literal.
    #[inline]
    pub(crate) fn add_str_flags(&mut self, f: StrFlags) {
        self.flags |= f.0;
    }

    /// An attribute's flags.
    #[inline]
    pub(crate) fn attr_flags(self) -> AttrFlags {
        AttrFlags(self.flags)
    }

    /// Adds flags to an attribute.
    #[inline]
    pub(crate) fn add_attr_flags(&mut self, f: AttrFlags) {
        self.flags |= f.0;
    }

    /// The offset of an attribute's `=` from its start (when not `WIDE`).
    #[inline]
    pub(crate) fn attr_equals_offset(self) -> u32 {
        self.aux as u32
    }

    /// An attribute's name length in bytes, when the flags hold it (1 to 63 bytes; longer
    /// names are found by scanning the identifier).
    #[inline]
    pub(crate) fn attr_name_len(self) -> Option<u32> {
        let n = u32::from(self.flags >> ATTR_NAME_SHIFT);
        (n != 0).then_some(n)
    }

    /// A template's flags.
    #[inline]
    pub(crate) fn tpl_flags(self) -> TplFlags {
        TplFlags(self.flags)
    }

    /// A function call's flags.
    #[inline]
    pub(crate) fn call_flags(self) -> CallFlags {
        CallFlags(self.flags)
    }

    /// A `for` expression's flags.
    #[inline]
    pub(crate) fn for_flags(self) -> ForFlags {
        ForFlags(self.flags)
    }

    /// A binary operation's operator.
    #[inline]
    pub(crate) fn binary_op(self) -> BinaryOp {
        BinaryOp::from_u16(self.aux)
    }

    /// A unary operation's operator.
    #[inline]
    pub(crate) fn unary_op(self) -> UnaryOp {
        if self.aux == 0 {
            UnaryOp::Negate
        } else {
            UnaryOp::LogicalNot
        }
    }
}

/// What a literal node is (its `aux`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u16)]
pub(crate) enum LitKind {
    /// A valid number; the value is the span's text.
    Number,
    /// A number the reference cannot read (evaluates to an unknown number).
    BadNumber,
    True,
    False,
    Null,
    /// A string part of a template, with [`StrFlags`].
    String,
    /// An unknown value: the placeholder for broken input.
    Dynamic,
}

impl LitKind {
    #[inline]
    fn from_aux(aux: u16) -> LitKind {
        match aux {
            0 => LitKind::Number,
            1 => LitKind::BadNumber,
            2 => LitKind::True,
            3 => LitKind::False,
            4 => LitKind::Null,
            5 => LitKind::String,
            _ => LitKind::Dynamic,
        }
    }
}

/// A set of one-bit flags in a node's `flags` byte.
macro_rules! flags {
    ($(#[$m:meta])* $name:ident { $($(#[$fm:meta])* $flag:ident = $bit:expr,)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
        pub(crate) struct $name(u8);

        #[allow(dead_code)]
        impl $name {
            $($(#[$fm])* pub(crate) const $flag: $name = $name($bit);)*

            /// Whether all of `other` is set.
            #[inline]
            pub(crate) const fn contains(self, other: $name) -> bool {
                self.0 & other.0 == other.0
            }

            /// Whether any of `other` is set.
            #[inline]
            pub(crate) const fn intersects(self, other: $name) -> bool {
                self.0 & other.0 != 0
            }

            /// `self` with `other` added when `on`.
            #[inline]
            pub(crate) const fn with_if(self, other: $name, on: bool) -> $name {
                if on { $name(self.0 | other.0) } else { self }
            }
        }

        impl BitOr for $name {
            type Output = $name;
            #[inline]
            fn bitor(self, other: $name) -> $name {
                $name(self.0 | other.0)
            }
        }
    };
}

flags!(
    /// Flags of a string literal (a template part).
    StrFlags {
        /// Inside quotes: escapes are decoded.
        QUOTED = 1,
        /// Leading whitespace is trimmed (after a `~}`).
        LTRIM = 2,
        /// Trailing whitespace is trimmed (before a `${~` or `%{~`).
        RTRIM = 4,
        /// The value is the empty string whatever the span says (synthetic parts).
        EMPTY = 8,
    }
);

/// Where an attribute's flags keep its name's length: the six bits above [`AttrFlags`]
/// (0: not kept, the name is 64 bytes or longer).
const ATTR_NAME_SHIFT: u8 = 2;

/// The flag bits that keep a name of `len` bytes (none when it does not fit).
#[inline]
fn attr_name_bits(len: u32) -> u8 {
    if len < 1 << (8 - ATTR_NAME_SHIFT) {
        (len as u8) << ATTR_NAME_SHIFT
    } else {
        0
    }
}

flags!(
    /// Flags of an attribute (bits 0 and 1; bits 2 to 7 keep the name's length, see
    /// [`Node::attr_name_len`]).
    AttrFlags {
        /// An earlier attribute of the body has the same name.
        DUPLICATE = 1,
        /// `data` is an [`AttrWide`] (the `=` is too far from the name for `aux`).
        WIDE = 2,
    }
);

flags!(
    /// Flags of a template.
    TplFlags {
        /// A quoted template that is one literal token (`"abc"`, the common case): its part
        /// is not stored but is the virtual node `id | VIRTUAL`.
        SIMPLE = 1,
        /// With `SIMPLE`: the template is `""`, its virtual part the empty string.
        EMPTY = 2,
    }
);

flags!(
    /// Flags of a function call.
    CallFlags {
        /// The last argument is followed by `...`.
        EXPAND = 1,
        /// The name is a `::`-separated path (`provider::aws::arn_parse`).
        NAMESPACED = 2,
        /// The name's tokens are separated by spaces, comments or newlines, so its text is
        /// not the name and the name must be built from its parts.
        SPACED = 4,
    }
);

flags!(
    /// Flags of a `for` expression.
    ForFlags {
        /// `{for ...}`: the result is an object.
        OBJECT = 1,
        /// `...` after the value: values are grouped.
        GROUP = 2,
    }
);

// ---- records ------------------------------------------------------------------------------

/// A fixed-size record in `extra`: written by the parser, read back by the views.
pub(crate) trait Record: Copy + 'static {
    /// The number of words the record takes.
    const WORDS: usize;

    /// Writes the record to the start of `words`.
    fn put(&self, words: &mut [u32]);

    /// Reads the record from the start of `words`.
    fn read(words: &[u32]) -> Self;

    /// Appends the record to `out` (as [`Record::put`] would write it).
    fn write(&self, out: &mut Vec<u32>);

    /// Reads the record at index `at` of `extra`.
    #[inline]
    fn read_at(extra: &[u32], at: u32) -> Self {
        Self::read(&extra[at as usize..])
    }
}

impl Record for u32 {
    const WORDS: usize = 1;
    #[inline]
    fn put(&self, words: &mut [u32]) {
        words[0] = *self;
    }
    #[inline]
    fn write(&self, out: &mut Vec<u32>) {
        out.push(*self);
    }
    #[inline]
    fn read(words: &[u32]) -> u32 {
        words[0]
    }
}

/// An optional node id or offset: [`NONE`] when absent.
impl Record for Option<u32> {
    const WORDS: usize = 1;
    #[inline]
    fn put(&self, words: &mut [u32]) {
        words[0] = self.unwrap_or(NONE);
    }
    #[inline]
    fn write(&self, out: &mut Vec<u32>) {
        out.push(self.unwrap_or(NONE));
    }
    #[inline]
    fn read(words: &[u32]) -> Option<u32> {
        let w = words[0];
        (w != NONE).then_some(w)
    }
}

impl Record for Span {
    const WORDS: usize = 2;
    #[inline]
    fn put(&self, words: &mut [u32]) {
        words[..2].copy_from_slice(&[self.start, self.end]);
    }
    #[inline]
    fn write(&self, out: &mut Vec<u32>) {
        out.extend_from_slice(&[self.start, self.end]);
    }
    #[inline]
    fn read(words: &[u32]) -> Span {
        let w = &words[..2];
        Span::new(w[0], w[1])
    }
}

/// An optional span: two [`NONE`]s when absent.
impl Record for Option<Span> {
    const WORDS: usize = 2;
    #[inline]
    fn put(&self, words: &mut [u32]) {
        self.unwrap_or(Span::new(NONE, NONE)).put(words);
    }
    #[inline]
    fn write(&self, out: &mut Vec<u32>) {
        self.unwrap_or(Span::new(NONE, NONE)).write(out);
    }
    #[inline]
    fn read(words: &[u32]) -> Option<Span> {
        let w = &words[..2];
        (w[0] != NONE).then(|| Span::new(w[0], w[1]))
    }
}

/// A record type: a struct of fields that are records, written and read in field order.
macro_rules! record {
    ($(#[$m:meta])* $name:ident { $($(#[$fm:meta])* $field:ident: $ty:ty,)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub(crate) struct $name {
            $($(#[$fm])* pub $field: $ty,)*
        }

        impl Record for $name {
            const WORDS: usize = 0 $(+ <$ty as Record>::WORDS)*;

            #[inline]
            fn put(&self, words: &mut [u32]) {
                let mut w = &mut words[..Self::WORDS];
                $(
                    self.$field.put(w);
                    w = &mut w[<$ty as Record>::WORDS..];
                )*
                let _ = w;
            }

            #[inline]
            fn write(&self, out: &mut Vec<u32>) {
                let mut buf = [0; <$name as Record>::WORDS];
                self.put(&mut buf);
                out.extend_from_slice(&buf);
            }

            #[inline]
            fn read(words: &[u32]) -> $name {
                let mut w = &words[..Self::WORDS];
                $(
                    let $field = <$ty as Record>::read(w);
                    w = &w[<$ty as Record>::WORDS..];
                )*
                let _ = w;
                $name { $($field,)* }
            }
        }
    };
}

record!(
    /// The fixed part of a body; its items follow ([`BodyLayout`]).
    BodyRec {
        /// The reference's `EndRange`.
        end: Span,
    }
);

record!(
    /// An attribute whose `=` does not fit `aux`.
    AttrWide {
        /// The offset of `=`.
        equals: u32,
        /// The value expression.
        expr: u32,
    }
);

record!(
    /// The fixed part of a block; its label spans follow ([`BlockLayout`]).
    BlockRec {
        /// The end of the block type (it starts at the block's start).
        type_end: u32,
        /// The `{` (the type's span when the block has none).
        open: Span,
        /// The `}` (the last token of the block when it is broken).
        close: Span,
        /// The body node.
        body: u32,
    }
);

record!(
    /// The fixed part of a relative traversal; its [`Steps`] follow.
    RelTraversalRec {
        /// The expression traversed from.
        source: u32,
    }
);

record!(
    /// The fixed part of a function call; its arguments follow ([`CallLayout`]).
    CallRec {
        /// The end of the name (after its last identifier).
        name_end: u32,
        /// The offset of `(`.
        open: u32,
        /// The start of `)` (it ends where the call does).
        close: u32,
    }
);

record!(
    /// A conditional (also a template `if` directive).
    ConditionalRec {
        condition: u32,
        true_result: u32,
        false_result: u32,
    }
);

record!(
    /// A binary operation (the operator is in `aux`).
    BinaryRec {
        lhs: u32,
        rhs: u32,
    }
);

record!(
    /// A `for` expression (also a template `for` directive).
    ForRec {
        key_var: Option<Span>,
        value_var: Span,
        collection: u32,
        /// The key expression (object `for` only).
        key_expr: Option<u32>,
        value_expr: u32,
        condition: Option<u32>,
        /// The opening bracket (the whole `%{ for }` directive in templates).
        open: Span,
        /// The closing bracket (the whole `%{ endfor }` directive in templates).
        close: Span,
    }
);

record!(
    /// An index operation with a key that is not constant.
    IndexRec {
        collection: u32,
        key: u32,
        /// The offset of `[`.
        open: u32,
    }
);

record!(
    /// A splat.
    SplatRec {
        source: u32,
        /// The expression evaluated for each element, in terms of `item`.
        each: u32,
        /// The `AnonSymbol` node standing for each element.
        item: u32,
        /// The `.*` or `[*]`.
        marker: Span,
    }
);

/// An item of an object constructor: two words, the key's id carrying the "force non-literal"
/// flag in its high bit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct ObjectItemRec {
    pub key: u32,
    /// The key was parenthesised: evaluate it as an expression.
    pub force_non_literal: bool,
    pub value: u32,
}

const KEY_FORCE_NON_LITERAL: u32 = 1 << 31;

impl Record for ObjectItemRec {
    const WORDS: usize = 2;
    #[inline]
    fn put(&self, words: &mut [u32]) {
        let flag = if self.force_non_literal { KEY_FORCE_NON_LITERAL } else { 0 };
        words[..2].copy_from_slice(&[self.key | flag, self.value]);
    }
    #[inline]
    fn write(&self, out: &mut Vec<u32>) {
        let mut buf = [0; 2];
        self.put(&mut buf);
        out.extend_from_slice(&buf);
    }
    #[inline]
    fn read(words: &[u32]) -> ObjectItemRec {
        let w = &words[..2];
        ObjectItemRec {
            key: w[0] & !KEY_FORCE_NON_LITERAL,
            force_non_literal: w[0] & KEY_FORCE_NON_LITERAL != 0,
            value: w[1],
        }
    }
}

// ---- lists --------------------------------------------------------------------------------

/// A counted list of records: `[count, records…]`.
pub(crate) struct List<R>(PhantomData<R>);

impl<R: Record> List<R> {
    /// Writes a list whose records were written (with [`Record::write`]) into `encoded`;
    /// returns where it starts.
    #[inline]
    pub(crate) fn write_encoded(out: &mut Vec<u32>, encoded: &[u32]) -> u32 {
        debug_assert_eq!(encoded.len() % R::WORDS, 0);
        let at = out.len() as u32;
        out.push((encoded.len() / R::WORDS) as u32);
        out.extend_from_slice(encoded);
        at
    }

    /// The words of the records of the list at `at`.
    #[inline]
    pub(crate) fn words(extra: &[u32], at: u32) -> &[u32] {
        let n = extra[at as usize] as usize * R::WORDS;
        let s = at as usize + 1;
        &extra[s..s + n]
    }

    /// The records of the list at `at`.
    #[inline]
    pub(crate) fn iter(extra: &[u32], at: u32) -> impl Iterator<Item = R> + '_ {
        Self::words(extra, at).chunks_exact(R::WORDS).map(R::read)
    }
}

/// A record followed by a counted list: `[header…, count, items…]`.
pub(crate) struct Headed<H, T>(PhantomData<(H, T)>);

impl<H: Record, T: Record> Headed<H, T> {
    /// Writes the header and the items already encoded in `items`; returns where it starts.
    #[inline]
    pub(crate) fn write(out: &mut Vec<u32>, header: &H, items: &[u32]) -> u32 {
        let at = out.len() as u32;
        header.write(out);
        List::<T>::write_encoded(out, items);
        at
    }

    /// The header of the record at `at`.
    #[inline]
    pub(crate) fn header(extra: &[u32], at: u32) -> H {
        H::read_at(extra, at)
    }

    /// Where the list starts.
    #[inline]
    pub(crate) fn list_at(at: u32) -> u32 {
        at + H::WORDS as u32
    }

    /// The words of the items of the record at `at`.
    #[inline]
    pub(crate) fn item_words(extra: &[u32], at: u32) -> &[u32] {
        List::<T>::words(extra, Self::list_at(at))
    }

    /// The items of the record at `at`.
    #[inline]
    pub(crate) fn items(extra: &[u32], at: u32) -> impl Iterator<Item = T> + '_ {
        List::<T>::iter(extra, Self::list_at(at))
    }
}

/// A body: its end range, then its item (attribute and block) ids.
pub(crate) type BodyLayout = Headed<BodyRec, u32>;
/// A block: type, braces and body, then its label spans.
pub(crate) type BlockLayout = Headed<BlockRec, Span>;
/// A function call: its parentheses, then its argument ids.
pub(crate) type CallLayout = Headed<CallRec, u32>;
/// A template: its part ids.
pub(crate) type TemplateLayout = List<u32>;
/// A tuple constructor: its element ids.
pub(crate) type TupleLayout = List<u32>;
/// An object constructor: its items.
pub(crate) type ObjectLayout = List<ObjectItemRec>;

// ---- traversal steps ----------------------------------------------------------------------

/// One step of a traversal, as stored: two or three words, the first holding the step's kind
/// in its top two bits and the step's start offset below them (sources are shorter than
/// [`MAX_SOURCE_LEN`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    /// `.name`: the dot's offset and the name's start (the name is the identifier there).
    Attr { dot: u32, name: u32 },
    /// `[key]` with a constant key: the offsets of `[` and past `]`, and the key's id.
    Index { open: u32, end: u32, key: u32 },
    /// The legacy `.0`: the dot's offset and the number's start.
    LegacyIndex { dot: u32, number: u32 },
    /// A legacy `.0.1` the reference rejects (an unknown key): as `LegacyIndex`.
    BadLegacyIndex { dot: u32, number: u32 },
}

const STEP_ATTR: u32 = 0;
const STEP_INDEX: u32 = 1;
const STEP_LEGACY_INDEX: u32 = 2;
const STEP_BAD_LEGACY_INDEX: u32 = 3;
const STEP_SHIFT: u32 = 30;
const STEP_MASK: u32 = (1 << STEP_SHIFT) - 1;

impl Step {
    /// Appends the step's words to `out`.
    #[inline]
    pub(crate) fn write(self, out: &mut Vec<u32>) {
        let tag = |kind: u32, start: u32| start | kind << STEP_SHIFT;
        match self {
            Step::Attr { dot, name } => out.extend_from_slice(&[tag(STEP_ATTR, dot), name]),
            Step::Index { open, end, key } => out.extend_from_slice(&[tag(STEP_INDEX, open), end, key]),
            Step::LegacyIndex { dot, number } => out.extend_from_slice(&[tag(STEP_LEGACY_INDEX, dot), number]),
            Step::BadLegacyIndex { dot, number } => out.extend_from_slice(&[tag(STEP_BAD_LEGACY_INDEX, dot), number]),
        }
    }

    /// Reads the step at the start of `words`; returns it and its number of words.
    #[inline]
    pub(crate) fn read(words: &[u32]) -> (Step, usize) {
        let w = words[0];
        let start = w & STEP_MASK;
        match w >> STEP_SHIFT {
            STEP_ATTR => (Step::Attr { dot: start, name: words[1] }, 2),
            STEP_INDEX => (Step::Index { open: start, end: words[1], key: words[2] }, 3),
            STEP_LEGACY_INDEX => (Step::LegacyIndex { dot: start, number: words[1] }, 2),
            _ => (Step::BadLegacyIndex { dot: start, number: words[1] }, 2),
        }
    }
}

impl RelTraversalRec {
    /// Writes the record and the `count` steps encoded in `encoded`; returns where it starts.
    #[inline]
    pub(crate) fn write_with_steps(self, out: &mut Vec<u32>, count: u32, encoded: &[u32]) -> u32 {
        let at = out.len() as u32;
        self.write(out);
        Steps::write_encoded(out, count, encoded);
        at
    }

    /// Where the steps after the record at `at` start.
    #[inline]
    pub(crate) fn steps_at(at: u32) -> u32 {
        at + Self::WORDS as u32
    }
}

/// The steps of a traversal: `[count, steps…]`, each step as [`Step::write`] encodes it.
pub(crate) struct Steps;

impl Steps {
    /// Writes `count` steps already encoded in `encoded`; returns where they start.
    #[inline]
    pub(crate) fn write_encoded(out: &mut Vec<u32>, count: u32, encoded: &[u32]) -> u32 {
        let at = out.len() as u32;
        out.push(count);
        out.extend_from_slice(encoded);
        at
    }

    /// The number of steps at `at`.
    #[inline]
    pub(crate) fn len(extra: &[u32], at: u32) -> usize {
        extra[at as usize] as usize
    }

    /// Where the first of the steps at `at` starts; [`Step::read`] says how many words
    /// later the next one does.
    #[inline]
    pub(crate) fn first(at: u32) -> usize {
        at as usize + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<R: Record + PartialEq + std::fmt::Debug>(r: R) {
        let mut out = vec![7];
        r.write(&mut out);
        assert_eq!(out.len(), 1 + R::WORDS);
        assert_eq!(R::read_at(&out, 1), r);
    }

    #[test]
    fn records_read_back_what_was_written() {
        round_trip(ForRec {
            key_var: None,
            value_var: Span::new(3, 4),
            collection: 9,
            key_expr: Some(10),
            value_expr: 11,
            condition: None,
            open: Span::new(0, 1),
            close: Span::new(20, 21),
        });
        round_trip(BlockRec { type_end: 5, open: Span::new(6, 7), close: Span::new(8, 9), body: 2 });
        round_trip(ObjectItemRec { key: 5, force_non_literal: true, value: 6 });
        round_trip(ObjectItemRec { key: 5, force_non_literal: false, value: 6 });
        round_trip(Some(Span::new(1, 2)));
        round_trip(None::<Span>);
        assert_eq!(ForRec::WORDS, 12);
        assert_eq!(SplatRec::WORDS, 5);
    }

    #[test]
    fn headed_lists_and_steps_round_trip() {
        let mut out = vec![];
        let mut labels = vec![];
        Span::new(1, 2).write(&mut labels);
        Span::new(3, 4).write(&mut labels);
        let rec = BlockRec { type_end: 1, open: Span::new(5, 6), close: Span::new(7, 8), body: 3 };
        let at = BlockLayout::write(&mut out, &rec, &labels);
        assert_eq!(BlockLayout::header(&out, at), rec);
        assert_eq!(BlockLayout::items(&out, at).collect::<Vec<_>>(), [Span::new(1, 2), Span::new(3, 4)]);

        let steps = [
            Step::Attr { dot: 1, name: 2 },
            Step::Index { open: 3, end: 6, key: 4 },
            Step::LegacyIndex { dot: 7, number: 8 },
            Step::BadLegacyIndex { dot: (1 << 30) - 1, number: 9 },
        ];
        let mut enc = vec![];
        for s in steps {
            s.write(&mut enc);
        }
        let at = Steps::write_encoded(&mut out, 4, &enc);
        assert_eq!(Steps::len(&out, at), 4);
        let mut i = Steps::first(at);
        let mut read = vec![];
        while i < out.len() {
            let (step, words) = Step::read(&out[i..]);
            read.push(step);
            i += words;
        }
        assert_eq!(read, steps);
    }
}
