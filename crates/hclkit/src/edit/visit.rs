//! Walking a document: [`Visit`] (read) and [`VisitMut`] (change), as toml_edit's and
//! hcl-edit's `visit` modules: implement the methods for what you look for, and call the
//! `visit_*` function of the same name inside one to go on into its children.
//!
//! ```
//! use hclkit::edit::visit::{visit_block, Visit};
//! use hclkit::edit::{Block, Document};
//!
//! /// The attribute names and block types, nested ones dotted.
//! #[derive(Default)]
//! struct Names { path: Vec<String>, found: Vec<String> }
//!
//! impl Visit for Names {
//!     fn visit_block(&mut self, block: &Block) {
//!         self.path.push(block.block_type().to_owned());
//!         visit_block(self, block);
//!         self.path.pop();
//!     }
//!     fn visit_attribute(&mut self, attr: &hclkit::edit::Attribute) {
//!         let mut p = self.path.clone();
//!         p.push(attr.name().to_owned());
//!         self.found.push(p.join("."));
//!     }
//! }
//!
//! let doc: Document = "a = 1\nb {\n  c = 2\n  d {\n    e = 3\n  }\n}\n".parse().unwrap();
//! let mut names = Names::default();
//! names.visit_document(&doc);
//! assert_eq!(names.found, ["a", "b.c", "b.d.e"]);
//! ```

use super::body::{Attribute, Block, Body, Item, ItemKind};
use super::expr::Expression;
use super::Document;

/// A read-only walk of a document: each method's default goes on into the children.
pub trait Visit {
    /// The whole document (its top-level body).
    fn visit_document(&mut self, doc: &Document) {
        visit_document(self, doc);
    }
    /// A body: its items in order.
    fn visit_body(&mut self, body: &Body) {
        visit_body(self, body);
    }
    /// An item of a body (attribute, block, comment, blank lines, opaque text).
    fn visit_item(&mut self, item: &Item) {
        visit_item(self, item);
    }
    /// An attribute: goes on to its expression.
    fn visit_attribute(&mut self, attr: &Attribute) {
        visit_attribute(self, attr);
    }
    /// A block: goes on to its body (a block written on one line has none to walk).
    fn visit_block(&mut self, block: &Block) {
        visit_block(self, block);
    }
    /// An attribute's expression.
    fn visit_expr(&mut self, expr: &Expression) {
        let _ = expr;
    }
}

/// Visits the document's top-level body.
pub fn visit_document<V: Visit + ?Sized>(v: &mut V, doc: &Document) {
    v.visit_body(doc.body());
}

/// Visits each item of `body` in order.
pub fn visit_body<V: Visit + ?Sized>(v: &mut V, body: &Body) {
    for it in body.items() {
        v.visit_item(it);
    }
}

/// Visits the attribute or block an item holds (other items have no children).
pub fn visit_item<V: Visit + ?Sized>(v: &mut V, item: &Item) {
    match item.kind() {
        ItemKind::Attribute(a) => v.visit_attribute(a),
        ItemKind::Block(b) => v.visit_block(b),
        ItemKind::Comment(_) | ItemKind::Blank(_) | ItemKind::Opaque(_) => {}
    }
}

/// Visits an attribute's expression.
pub fn visit_attribute<V: Visit + ?Sized>(v: &mut V, attr: &Attribute) {
    v.visit_expr(attr.expr());
}

/// Visits a block's body.
pub fn visit_block<V: Visit + ?Sized>(v: &mut V, block: &Block) {
    v.visit_body(block.body());
}

/// A walk that may change what it visits: each method's default goes on into the children.
/// An attribute whose expression a visitor changes is laid out again when printed (with its
/// `=` group), as any edit; everything else keeps its bytes.
///
/// ```
/// use hclkit::edit::visit::VisitMut;
/// use hclkit::edit::{Document, Expression};
///
/// /// Pins every `version = "..."` to "~> 5.0".
/// struct Pin;
/// impl VisitMut for Pin {
///     fn visit_attribute_mut(&mut self, attr: &mut hclkit::edit::Attribute) {
///         if attr.name() == "version" {
///             attr.set_expr(Expression::parse("\"~> 5.0\"").unwrap());
///         }
///     }
/// }
///
/// let mut doc: Document = "module \"vpc\" {\n  source = \"x\" # where\n  version = \"4.0\"\n}\n".parse().unwrap();
/// Pin.visit_document_mut(&mut doc);
/// assert_eq!(doc.to_string(), "module \"vpc\" {\n  source  = \"x\" # where\n  version = \"~> 5.0\"\n}\n");
/// ```
pub trait VisitMut {
    /// The whole document (its top-level body).
    fn visit_document_mut(&mut self, doc: &mut Document) {
        visit_document_mut(self, doc);
    }
    /// A body: its items in order.
    fn visit_body_mut(&mut self, body: &mut Body) {
        visit_body_mut(self, body);
    }
    /// An item of a body.
    fn visit_item_mut(&mut self, item: &mut Item) {
        visit_item_mut(self, item);
    }
    /// An attribute: goes on to its expression.
    fn visit_attribute_mut(&mut self, attr: &mut Attribute) {
        visit_attribute_mut(self, attr);
    }
    /// A block: goes on to its body.
    fn visit_block_mut(&mut self, block: &mut Block) {
        visit_block_mut(self, block);
    }
    /// An attribute's expression.
    fn visit_expr_mut(&mut self, expr: &mut Expression) {
        let _ = expr;
    }
}

/// Visits the document's top-level body.
pub fn visit_document_mut<V: VisitMut + ?Sized>(v: &mut V, doc: &mut Document) {
    v.visit_body_mut(doc.body_mut());
}

/// Visits each item of `body` in order. A block written on one line is visited on a copy
/// and written on several lines only if the visitor changed its body.
pub fn visit_body_mut<V: VisitMut + ?Sized>(v: &mut V, body: &mut Body) {
    for i in 0..body.items.len() {
        let inline = body.items[i].as_block().is_some_and(Block::is_inline);
        if !inline {
            v.visit_item_mut(&mut body.items[i]);
            continue;
        }
        let mut copy = body.items[i].clone();
        v.visit_item_mut(&mut copy);
        if copy == body.items[i] {
            continue;
        }
        let changed_body = match (copy.as_block(), body.items[i].as_block()) {
            (Some(new), Some(old)) => new.body != old.body,
            _ => false,
        };
        body.items[i] = copy;
        if changed_body {
            body.block_body_at(i);
        }
    }
}

/// Visits the attribute or block an item holds; an attribute the visitor changed is marked
/// for layout.
pub fn visit_item_mut<V: VisitMut + ?Sized>(v: &mut V, item: &mut Item) {
    match &mut item.kind {
        ItemKind::Attribute(a) => {
            let before = a.clone();
            v.visit_attribute_mut(a);
            if *a != before {
                item.dirty = true;
            }
        }
        ItemKind::Block(b) => v.visit_block_mut(b),
        ItemKind::Comment(_) | ItemKind::Blank(_) | ItemKind::Opaque(_) => {}
    }
}

/// Visits an attribute's expression.
pub fn visit_attribute_mut<V: VisitMut + ?Sized>(v: &mut V, attr: &mut Attribute) {
    v.visit_expr_mut(&mut attr.expr);
}

/// Visits a block's body.
pub fn visit_block_mut<V: VisitMut + ?Sized>(v: &mut V, block: &mut Block) {
    v.visit_body_mut(&mut block.body);
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Count(usize, usize, usize);
    impl Visit for Count {
        fn visit_block(&mut self, b: &Block) {
            self.1 += 1;
            visit_block(self, b);
        }
        fn visit_expr(&mut self, _: &Expression) {
            self.0 += 1;
        }
        fn visit_item(&mut self, it: &Item) {
            self.2 += 1;
            visit_item(self, it);
        }
    }

    #[test]
    fn visits_every_attribute_and_block_in_order() {
        let doc: Document = "# c\na = 1\n\nb \"x\" {\n  c = 2\n  d {\n    e = [1]\n  }\n}\n".parse().unwrap();
        let mut n = Count(0, 0, 0);
        n.visit_document(&doc);
        assert_eq!((n.0, n.1), (3, 2));
        assert_eq!(n.2, 6); // a (with its comment), blank, b, c, d, e
    }

    struct Bump;
    impl VisitMut for Bump {
        fn visit_expr_mut(&mut self, e: &mut Expression) {
            if e.as_str() == "1" {
                *e = Expression::parse("10").unwrap();
            }
        }
    }

    #[test]
    fn changed_attributes_are_laid_out_the_rest_keeps_its_bytes() {
        let src = "a = 1\nbb = 2 # two\nb {\n  c   =   1\n  dd =   3\n}\n";
        let mut doc: Document = src.parse().unwrap();
        Bump.visit_document_mut(&mut doc);
        assert_eq!(doc.to_string(), "a  = 10\nbb = 2 # two\nb {\n  c  = 10\n  dd = 3\n}\n");
        // Nothing to change: byte for byte.
        let mut doc: Document = "x = 2\n".parse().unwrap();
        Bump.visit_document_mut(&mut doc);
        assert_eq!(doc.to_string(), "x = 2\n");
        // Blocks written on one line are visited too; one the visitor changes is written on
        // several lines, one it leaves alone keeps its bytes.
        let mut doc: Document = "p { q = 1 }\nr { s = 2 }\n".parse().unwrap();
        let mut n = Count(0, 0, 0);
        n.visit_document(&doc);
        assert_eq!((n.0, n.1), (2, 2));
        Bump.visit_document_mut(&mut doc);
        assert_eq!(doc.to_string(), "p {\n  q = 10\n}\nr { s = 2 }\n");
    }
}
