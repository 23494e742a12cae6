//! Queries by position: what lies at a byte offset of a native file (for editing by position,
//! completion and hover).

use super::*;

/// What lies at a byte offset of a native file: the blocks around it, the attribute it is
/// in, and the expressions that contain it, from the attribute's value down to the innermost.
///
/// A node contains an offset when the offset lies in its span, `start <= offset < end`: the
/// offset names the byte after a cursor. (An editor asking about the identifier a cursor sits
/// just after asks about the offset before the cursor.)
#[derive(Clone, Debug, Default)]
pub struct NodesAt<'a> {
    /// The blocks that contain the offset, outermost first.
    pub blocks: Vec<Block<'a>>,
    /// The attribute that contains the offset, in the innermost of `blocks` (or the root body).
    pub attribute: Option<Attribute<'a>>,
    /// The expressions that contain the offset, outermost (the attribute's value) first.
    pub exprs: Vec<Expr<'a>>,
}

impl<'a> NodesAt<'a> {
    /// The innermost block that contains the offset.
    pub fn block(&self) -> Option<Block<'a>> {
        self.blocks.last().copied()
    }

    /// The innermost expression that contains the offset.
    pub fn expr(&self) -> Option<Expr<'a>> {
        self.exprs.last().copied()
    }
}

impl File {
    /// What lies at byte `offset`: blocks, attribute and expressions (see [`NodesAt`]).
    ///
    /// ```
    /// use hclkit::syntax::native::{ast::Expr, parse_config};
    ///
    /// let src = "resource \"a\" \"b\" {\n  tags = { Name = upper(var.name) }\n}\n";
    /// let file = parse_config(src.as_bytes().to_vec(), "main.tf").into_value();
    /// let at = file.nodes_at(src.find("var.name").unwrap() as u32 + 5);
    /// assert_eq!(at.block().unwrap().block_type(), "resource");
    /// assert_eq!(at.attribute.unwrap().name(), "tags");
    /// assert!(matches!(at.exprs[0], Expr::Object(_)));
    /// assert!(matches!(at.expr(), Some(Expr::ScopeTraversal(_))));
    /// // Between items, only the block.
    /// let at = file.nodes_at(src.find('{').unwrap() as u32 + 1);
    /// assert!(at.attribute.is_none() && at.blocks.len() == 1);
    /// ```
    pub fn nodes_at(&self, offset: u32) -> NodesAt<'_> {
        let mut at = NodesAt::default();
        let mut body = self.body();
        'items: loop {
            for item in body.items() {
                match item {
                    BodyItem::Block(b) if b.span().contains(offset) => {
                        at.blocks.push(b);
                        body = b.body();
                        continue 'items;
                    }
                    BodyItem::Attribute(a) if a.span().contains(offset) => {
                        at.attribute = Some(a);
                        let mut expr = a.expr();
                        if expr.span().contains(offset) {
                            at.exprs.push(expr);
                            // Descend into the smallest child that contains the offset (children
                            // may overlap: a splat's each-expression, a template join's loop).
                            while let Some(child) = expr
                                .children()
                                .into_iter()
                                .filter(|c| c.span().contains(offset))
                                .min_by_key(|c| c.span().len())
                            {
                                if child.id() == expr.id() {
                                    break;
                                }
                                at.exprs.push(child);
                                expr = child;
                            }
                        }
                        break 'items;
                    }
                    _ => {}
                }
            }
            break;
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use crate::syntax::native::parse_config;

    /// At every offset of files with every kind of expression (broken ones too), each node
    /// found contains the offset, each lies inside the one before, each expression is a child
    /// of the one before, and no child of the innermost contains the offset.
    #[test]
    fn nodes_at_every_offset_nest() {
        let sources = [
            "a = 1\nb = [for k, v in x : \"${k}=${v}\" if v != null]\nc = x[*].y[0]\n",
            "block \"l\" {\n  inner {\n    d = f(a.b, {k = -c ? 1 : 2}...)\n  }\n  e = <<EOT\n  ${q}\n  EOT\n}\n",
            "x = \"%{for i in l}${i}%{endfor}\" # tail\nbroken = [1, \nz {",
            "",
        ];
        for src in sources {
            let file = parse_config(src.as_bytes().to_vec(), "t.hcl").into_value();
            for offset in 0..=src.len() as u32 {
                let at = file.nodes_at(offset);
                for pair in at.blocks.windows(2) {
                    assert!(pair[0].span().contains_span(pair[1].span()));
                }
                for b in &at.blocks {
                    assert!(b.span().contains(offset), "{src:?} {offset}");
                }
                if let Some(a) = at.attribute {
                    assert!(a.span().contains(offset));
                    if let Some(b) = at.block() {
                        assert!(b.span().contains_span(a.span()));
                    }
                    if let Some(first) = at.exprs.first() {
                        assert_eq!(first.id(), a.expr().id());
                    }
                } else {
                    assert!(at.exprs.is_empty());
                }
                for pair in at.exprs.windows(2) {
                    assert!(pair[0].children().iter().any(|c| c.id() == pair[1].id()), "{src:?} {offset}");
                }
                for e in &at.exprs {
                    assert!(e.span().contains(offset), "{src:?} {offset}");
                }
                if let Some(e) = at.expr() {
                    assert!(e.children().iter().all(|c| !c.span().contains(offset) || c.id() == e.id()));
                }
            }
        }
    }
}
