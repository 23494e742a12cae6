//! Bodies as ordered items: attributes, blocks, comments, blank lines and opaque regions.

use super::expr::Expression;
use super::text::Text;

/// A body: its items in source order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Body {
    pub(crate) items: Vec<Item>,
    /// The indentation of the lines inside (the first attribute's or block's, or one level
    /// more than the parent's for a new body).
    pub(crate) indent: Text,
    /// The newline the file uses (`\n` or `\r\n`).
    pub(crate) newline: &'static str,
}

/// One item of a body with the comment lines it owns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The comment lines directly above the item (no blank line between), as written.
    pub(crate) lead: Text,
    pub(crate) kind: ItemKind,
    /// Laid out again by the formatter's rules when printed (new or changed).
    pub(crate) dirty: bool,
}

/// What an item is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// `name = expression`.
    Attribute(Attribute),
    /// `type "label" { ... }` (boxed: an item is the size of an attribute).
    Block(Box<Block>),
    /// Comment lines separated from the next item by a blank line (or at the end of a body).
    Comment(Text),
    /// Blank lines.
    Blank(Text),
    /// Text that does not parse, printed back as it was.
    Opaque(Text),
}

/// An attribute: `name = expression` on its lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    pub(crate) indent: Text,
    pub(crate) name: Text,
    /// From the end of the name to the expression (`" = "`).
    pub(crate) between: Text,
    pub(crate) expr: Expression,
    /// From the end of the expression to the end of the line (a comment, the newline).
    pub(crate) trail: Text,
}

/// A block: its header, its body, its closing brace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub(crate) indent: Text,
    pub(crate) ty: Text,
    /// Labels as written (quoted or bare).
    pub(crate) labels: Vec<Text>,
    /// From the type to the `{` as written; `None` once the type or labels change.
    pub(crate) header: Option<Text>,
    /// After the `{`: the rest of its line (multi-line blocks).
    pub(crate) open_trail: Text,
    /// The text between the braces of a block written on one line; `None` for multi-line blocks.
    pub(crate) inline: Option<Text>,
    pub(crate) body: Body,
    /// From the start of the closing brace's line to the `}`.
    pub(crate) close_indent: Text,
    /// After the `}` to the end of the line.
    pub(crate) trail: Text,
}

/// Where [`Body::insert`] puts an item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Position<'a> {
    /// Before every item.
    Start,
    /// After every item.
    End,
    /// Before the attribute or first block with this name (block type).
    Before(&'a str),
    /// After the attribute or last block with this name (block type).
    After(&'a str),
    /// At this index of [`Body::items`].
    Index(usize),
}

impl Item {
    /// A new attribute `name = expr`.
    pub fn attribute(name: &str, expr: Expression) -> Item {
        Item::new(ItemKind::Attribute(Attribute {
            indent: Text::default(),
            name: name.into(),
            between: " = ".into(),
            expr,
            trail: "\n".into(),
        }))
    }

    /// A new empty block with these labels (written quoted).
    pub fn block(ty: &str, labels: &[&str]) -> Item {
        Item::new(ItemKind::Block(Box::new(Block {
            indent: Text::default(),
            ty: ty.into(),
            labels: labels.iter().map(|l| quote_label(l)).collect(),
            header: None,
            open_trail: "\n".into(),
            inline: None,
            body: Body { newline: "\n", ..Body::default() },
            close_indent: Text::default(),
            trail: "\n".into(),
        })))
    }

    /// A comment item: each line of `text` becomes a `#` comment line.
    pub fn comment(text: &str) -> Item {
        let lines: String = text.lines().map(|l| format!("# {l}\n")).collect();
        Item::new(ItemKind::Comment(lines.into()))
    }

    /// A blank line.
    pub fn blank() -> Item {
        Item::new(ItemKind::Blank("\n".into()))
    }

    pub(crate) fn new(kind: ItemKind) -> Item {
        Item { lead: Text::default(), kind, dirty: true }
    }

    /// What the item is.
    pub fn kind(&self) -> &ItemKind {
        &self.kind
    }

    /// The attribute, if the item is one.
    pub fn as_attribute(&self) -> Option<&Attribute> {
        match &self.kind {
            ItemKind::Attribute(a) => Some(a),
            _ => None,
        }
    }

    /// The block, if the item is one.
    pub fn as_block(&self) -> Option<&Block> {
        match &self.kind {
            ItemKind::Block(b) => Some(&**b),
            _ => None,
        }
    }

    /// The block, mutably, if the item is one.
    pub fn as_block_mut(&mut self) -> Option<&mut Block> {
        match &mut self.kind {
            ItemKind::Block(b) => Some(&mut **b),
            _ => None,
        }
    }

    /// The attribute name or block type.
    pub fn name(&self) -> Option<&str> {
        match &self.kind {
            ItemKind::Attribute(a) => Some(&a.name),
            ItemKind::Block(b) => Some(&b.ty),
            _ => None,
        }
    }

    /// The comment lines the item owns (directly above it, no blank line between), as written.
    pub fn leading_comments(&self) -> &str {
        &self.lead
    }

    /// Replaces the item's leading comments: each line of `text` becomes a `#` comment line
    /// (an empty `text` clears them).
    pub fn set_leading_comments(&mut self, text: &str) {
        self.lead = text.lines().map(|l| format!("# {l}\n")).collect::<String>().into();
        self.dirty = true;
    }

    /// The item's text as it prints (its own comments included).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        super::render::item(self, &mut out, &mut Vec::new(), false);
        out
    }
}

fn quote_label(l: &str) -> Text {
    crate::write::quoted(l).into()
}

impl Attribute {
    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The value expression.
    pub fn expr(&self) -> &Expression {
        &self.expr
    }

    /// Replaces the value expression (the attribute keeps its name and comments). Through
    /// [`Document::set`](super::Document::set) or a [`VisitMut`](super::visit::VisitMut) the
    /// attribute is then laid out again when printed.
    pub fn set_expr(&mut self, expr: Expression) {
        self.expr = expr;
    }

    /// The trailing comment on the attribute's last line, if any (with its `#` or `//`).
    pub fn trailing_comment(&self) -> Option<&str> {
        let t = self.trail.trim();
        (!t.is_empty()).then_some(t)
    }

    /// Sets the comment at the end of the attribute's last line to `# text` (`None` clears
    /// it); the line end stays. Through [`Document::set_trailing_comment`](super::Document::set_trailing_comment)
    /// the attribute is then laid out again.
    ///
    /// ```
    /// use hclkit::edit::Document;
    ///
    /// let mut doc: Document = "a = 1 # old\nb = 2\n".parse().unwrap();
    /// doc.set_trailing_comment("a", None).unwrap();
    /// doc.set_trailing_comment("b", Some("pinned")).unwrap();
    /// assert_eq!(doc.to_string(), "a = 1\nb = 2 # pinned\n");
    /// ```
    pub fn set_trailing_comment(&mut self, text: Option<&str>) {
        let nl = if self.trail.ends_with("\r\n") {
            "\r\n"
        } else if self.trail.ends_with('\n') {
            "\n"
        } else {
            ""
        };
        self.trail = match text {
            Some(t) => format!(" # {}{nl}", t.lines().next().unwrap_or("")),
            None => nl.to_owned(),
        }
        .into();
    }
}

impl Block {
    /// The block type.
    pub fn block_type(&self) -> &str {
        &self.ty
    }

    /// The labels' values (quoted labels unescaped).
    pub fn labels(&self) -> Vec<String> {
        self.labels.iter().map(|l| label_value(l)).collect()
    }

    /// The body.
    pub fn body(&self) -> &Body {
        &self.body
    }

    /// The text between the braces of a block written on one line (empty otherwise).
    pub fn inline_text(&self) -> &str {
        self.inline.as_deref().unwrap_or("")
    }

    /// Whether the block was written on one line (`b { a = 1 }`).
    pub fn is_inline(&self) -> bool {
        self.inline.is_some()
    }

    pub(crate) fn matches(&self, ty: &str, labels: &[&str]) -> bool {
        self.ty == ty
            && self.labels.len() == labels.len()
            && self.labels.iter().zip(labels).all(|(l, want)| *want == "*" || label_value(l) == *want)
    }
}

pub(crate) fn label_value(l: &str) -> String {
    if l.starts_with('"') {
        let file = crate::syntax::native::parse_expression(l.as_bytes(), "label").into_value();
        if let crate::syntax::native::ast::Expr::Template(_) | crate::syntax::native::ast::Expr::TemplateWrap(_) =
            file.expr()
        {
            if let Some(s) = super::expr::literal_string(l) {
                return s;
            }
        }
        l.trim_matches('"').to_owned()
    } else {
        l.to_owned()
    }
}

impl Body {
    /// The items in source order.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// The items, mutably (an item changed through this is not laid out again unless marked).
    pub fn items_mut(&mut self) -> &mut Vec<Item> {
        &mut self.items
    }

    /// The attributes in source order.
    pub fn attributes(&self) -> impl Iterator<Item = &Attribute> {
        self.items.iter().filter_map(Item::as_attribute)
    }

    /// The blocks in source order.
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        self.items.iter().filter_map(Item::as_block)
    }

    /// The attribute called `name`.
    pub fn get_attribute(&self, name: &str) -> Option<&Attribute> {
        self.attributes().find(|a| a.name == name)
    }

    /// The item holding the attribute called `name`.
    pub fn get_attribute_item(&self, name: &str) -> Option<&Item> {
        self.items.iter().find(|i| i.as_attribute().is_some_and(|a| a.name == name))
    }

    fn attribute_index(&self, name: &str) -> Option<usize> {
        self.items.iter().position(|i| i.as_attribute().is_some_and(|a| a.name == name))
    }

    /// The blocks of type `ty` with these labels (`*` matches any label).
    pub fn get_blocks<'a>(&'a self, ty: &'a str, labels: &'a [&'a str]) -> impl Iterator<Item = &'a Block> + 'a {
        self.blocks().filter(move |b| b.matches(ty, labels))
    }

    /// The first block of type `ty` with these labels.
    pub fn get_block(&self, ty: &str, labels: &[&str]) -> Option<&Block> {
        self.blocks().find(|b| b.matches(ty, labels))
    }

    /// The body of the first block of type `ty` with these labels, mutably.
    pub fn get_block_body_mut(&mut self, ty: &str, labels: &[&str]) -> Option<&mut Body> {
        let i = self.items.iter().position(|i| i.as_block().is_some_and(|b| b.matches(ty, labels)))?;
        Some(self.block_body_at(i))
    }

    /// The body of the block at item index `i`, mutably (a block written on one line is
    /// written on several once its body is edited). Panics if the item is not a block.
    pub(crate) fn block_body_at(&mut self, i: usize) -> &mut Body {
        let newline = self.newline;
        let item = &mut self.items[i];
        let ItemKind::Block(b) = &mut item.kind else { panic!("not a block") };
        if b.inline.take().is_some() {
            // Its items (read when the document was) are laid out on lines of their own.
            item.dirty = true;
            for it in &mut b.body.items {
                it.dirty = true;
            }
            b.body.newline = newline;
            b.open_trail = newline.into();
            b.close_indent = b.indent.clone();
        }
        &mut b.body
    }

    /// The body of a block written on one line, from the text between its braces: its items
    /// can be read and found by address like any block's, and it prints as it was written
    /// until it is edited ([`Body::block_body_at`]).
    pub(crate) fn of_inline(inline: &str, indent: Text, newline: &'static str) -> Body {
        let inner = inline.trim();
        let mut body =
            if inner.is_empty() { Body::default() } else { super::build::body_from_text(&format!("{inner}{newline}")) };
        body.indent = indent;
        body.newline = newline;
        body
    }

    /// Sets the attribute `name` to `expr`: replaces the value of an existing attribute (its
    /// comments stay), or adds the attribute at the end. Returns whether it existed.
    pub fn set_attribute(&mut self, name: &str, expr: Expression) -> bool {
        if let Some(i) = self.attribute_index(name) {
            let item = &mut self.items[i];
            if let ItemKind::Attribute(a) = &mut item.kind {
                a.expr = expr;
                a.between = " = ".into();
            }
            item.dirty = true;
            true
        } else {
            self.insert(Position::End, Item::attribute(name, expr));
            false
        }
    }

    /// Inserts `item` at `pos`; returns its index. A position naming no item is the end.
    pub fn insert(&mut self, pos: Position<'_>, mut item: Item) -> usize {
        let index = match pos {
            Position::Start => 0,
            Position::End => self.items.len(),
            Position::Index(i) => i.min(self.items.len()),
            Position::Before(n) => self.items.iter().position(|i| i.name() == Some(n)).unwrap_or(self.items.len()),
            Position::After(n) => {
                self.items.iter().rposition(|i| i.name() == Some(n)).map_or(self.items.len(), |i| i + 1)
            }
        };
        let nl = self.newline_str();
        // The item before must end its line.
        if index > 0 {
            ensure_newline(&mut self.items[index - 1], nl);
        }
        item.dirty = true;
        set_newline(&mut item, nl);
        let indent = self.indent.clone();
        set_indent(&mut item, &indent);
        self.items.insert(index, item);
        index
    }

    fn newline_str(&self) -> &'static str {
        if self.newline.is_empty() {
            "\n"
        } else {
            self.newline
        }
    }

    /// Removes the item at `index` with its own comments; the next item is laid out again.
    pub fn remove(&mut self, index: usize) -> Option<Item> {
        if index >= self.items.len() {
            return None;
        }
        let item = self.items.remove(index);
        // Two blank items meeting: one blank line stays.
        if index > 0
            && matches!(self.items.get(index - 1), Some(Item { kind: ItemKind::Blank(_), .. }))
            && matches!(self.items.get(index), Some(Item { kind: ItemKind::Blank(_), .. }))
        {
            self.items.remove(index);
        }
        for j in [index.checked_sub(1), Some(index)].into_iter().flatten() {
            if let Some(n) = self.items.get_mut(j) {
                if matches!(n.kind, ItemKind::Attribute(_)) {
                    n.dirty = true;
                }
            }
        }
        Some(item)
    }

    /// Removes the attribute `name` (with its own comments).
    pub fn remove_attribute(&mut self, name: &str) -> Option<Item> {
        let i = self.attribute_index(name)?;
        self.remove(i)
    }

    /// Removes every block of type `ty` with these labels; returns how many.
    pub fn remove_blocks(&mut self, ty: &str, labels: &[&str]) -> usize {
        let mut n = 0;
        while let Some(i) = self.items.iter().position(|i| i.as_block().is_some_and(|b| b.matches(ty, labels))) {
            self.remove(i);
            n += 1;
        }
        n
    }

    /// Renames the attribute `from` to `to`; false if there is no `from`.
    pub fn rename_attribute(&mut self, from: &str, to: &str) -> bool {
        let Some(i) = self.attribute_index(from) else { return false };
        let item = &mut self.items[i];
        if let ItemKind::Attribute(a) = &mut item.kind {
            a.name = to.into();
        }
        item.dirty = true;
        true
    }

    /// Moves the item at `from` to index `to` (of the items after removal).
    pub fn move_item(&mut self, from: usize, to: usize) -> bool {
        let Some(item) = self.remove(from) else { return false };
        self.insert(Position::Index(to), item);
        true
    }

    /// Sorts the attributes of each group (consecutive attributes with no blank line, comment
    /// item or block between) by name; each keeps its comments.
    pub fn sort_attributes(&mut self) {
        let mut i = 0;
        while i < self.items.len() {
            let mut j = i;
            while j < self.items.len() && matches!(self.items[j].kind, ItemKind::Attribute(_)) {
                j += 1;
            }
            if j > i + 1 {
                let before: Vec<String> = self.items[i..j].iter().map(|x| x.name().unwrap_or("").to_owned()).collect();
                // The last item of the group keeps its line end position: a group ending the
                // file without a newline must not put that on another item.
                let nl = self.newline_str();
                for it in &mut self.items[i..j] {
                    ensure_newline(it, nl);
                }
                self.items[i..j].sort_by(|a, b| a.name().cmp(&b.name()));
                let after: Vec<String> = self.items[i..j].iter().map(|x| x.name().unwrap_or("").to_owned()).collect();
                if before != after {
                    for it in &mut self.items[i..j] {
                        it.dirty = true;
                    }
                }
            }
            i = j.max(i + 1);
        }
    }
}

impl Block {
    /// Sets the type.
    pub fn set_block_type(&mut self, ty: &str) {
        self.ty = ty.into();
        self.header = None;
    }

    /// Sets the labels, quoted.
    pub fn set_labels(&mut self, labels: &[&str]) {
        self.labels = labels.iter().map(|l| quote_label(l)).collect();
        self.header = None;
    }

    /// Sets the labels as written (`quoted` false keeps identifiers bare).
    pub fn set_labels_raw(&mut self, labels: Vec<String>) {
        self.labels = labels.into_iter().map(Text::from).collect();
        self.header = None;
    }
}

pub(crate) fn item_text_ends_line(item: &Item) -> bool {
    match &item.kind {
        ItemKind::Attribute(a) => a.trail.ends_with('\n'),
        ItemKind::Block(b) => b.trail.ends_with('\n'),
        ItemKind::Comment(s) | ItemKind::Blank(s) | ItemKind::Opaque(s) => s.is_empty() || s.ends_with('\n'),
    }
}

fn ensure_newline(item: &mut Item, nl: &str) {
    if item_text_ends_line(item) {
        return;
    }
    match &mut item.kind {
        ItemKind::Attribute(a) => a.trail.push_str(nl),
        ItemKind::Block(b) => b.trail.push_str(nl),
        ItemKind::Comment(s) | ItemKind::Blank(s) | ItemKind::Opaque(s) => s.push_str(nl),
    }
}

fn set_newline(item: &mut Item, nl: &str) {
    if nl == "\n" {
        return;
    }
    match &mut item.kind {
        ItemKind::Attribute(a) => a.trail = a.trail.replace('\n', nl).into(),
        ItemKind::Block(b) => {
            b.trail = b.trail.replace('\n', nl).into();
            b.open_trail = b.open_trail.replace('\n', nl).into();
            b.body.newline = "\r\n";
        }
        _ => {}
    }
}

fn set_indent(item: &mut Item, indent: &Text) {
    match &mut item.kind {
        ItemKind::Attribute(a) => a.indent = indent.clone(),
        ItemKind::Block(b) => {
            b.indent = indent.clone();
            b.close_indent = indent.clone();
            if b.body.indent.is_empty() || b.header.is_none() {
                b.body.indent = format!("{indent}  ").into();
            }
        }
        _ => {}
    }
}
