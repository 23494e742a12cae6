//! Analysis of a configuration: what its expressions refer to, what its names stand for, and
//! the order in which its named expressions can be evaluated.
//!
//! - References: every expression's variables ([`Expression::variables`]) and function calls
//!   ([`Expression::functions`]), each with its range, and every expression of a body
//!   ([`Body::expressions`]), in both syntaxes.
//! - Symbols: an application's address scheme, declared as data ([`Scheme`]: "`local.NAME` is
//!   each attribute of every `locals` block"), gives the symbols a set of bodies declares,
//!   each with its definition's range and the body or expression it stands for; every
//!   reference is resolved to its symbol ([`Use`]) or reported ("Reference to undeclared
//!   symbol", with a did-you-mean); [`Analysis::unused`] lists what nothing refers to.
//! - Order: the graph of symbols through their references, a topological
//!   [`order`](Analysis::order) (what a symbol refers to comes first), cycles as diagnostics
//!   naming every step with its range, and [`Analysis::evaluate`], which evaluates the named
//!   expressions in that order, each once, so that `locals` referring to each other in any
//!   order work; those in a cycle, or depending on an error, are unknown.
//!
//! ```
//! use hclkit::analysis::{Analysis, Scheme};
//! use hclkit::eval::EvalContext;
//! use hclkit::syntax::native::NativeBody;
//! use hclkit_value::Value;
//!
//! let src = "locals {\n  greeting = \"${local.hello}, ${local.name}\"\n  hello = \"Hello\"\n  name = upper(\"world\")\n}\n";
//! let file = hclkit::parse_config(src.as_bytes(), "main.hcl").into_value();
//! let a = Analysis::new(&[NativeBody::arc_from_file(&file)], &Scheme::new().attributes("local", "locals"));
//! assert!(a.diagnostics().is_empty());
//! let greeting = a.lookup("local.greeting").unwrap();
//! let hello = a.lookup("local.hello").unwrap();
//! let uses: Vec<String> = a.uses_of(hello).map(|u| u.traversal.to_string()).collect();
//! assert_eq!(uses, ["local.hello"]);
//! assert_eq!(a.symbol(a.uses_of(hello).next().unwrap().from.unwrap()).address, "local.greeting");
//!
//! let ctx = EvalContext::new().with_functions(hclkit_value::stdlib::all());
//! let done = a.evaluate(&ctx);
//! assert!(done.diagnostics.is_empty());
//! assert_eq!(done.value(greeting), Some(&Value::string("Hello, WORLD")));
//! ```

mod graph;
mod scheme;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use hclkit_value::Value;

pub use crate::body::FunctionRef;
use crate::body::{Body, BodySchema, Expression};
use crate::context::EvalContext;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::pos::Range;
use crate::traversal::{Traversal, TraverseStep};
pub use scheme::{Form, Rule, Scheme};

/// The index of a symbol in its [`Analysis`].
pub type SymbolId = usize;

/// What a symbol stands for.
#[derive(Clone, Debug)]
pub enum Target {
    /// A named expression (an attribute of a `locals` block).
    Expression(Arc<dyn Expression>),
    /// A block's body, and the expression of its value attribute if the rule names one and
    /// the block has it.
    Block {
        /// The block's body.
        body: Arc<dyn Body>,
        /// The value attribute's expression.
        value: Option<Arc<dyn Expression>>,
    },
}

/// A name a configuration declares.
#[derive(Clone, Debug)]
pub struct Symbol {
    /// The address expressions use (`local.name`, `aws_instance.web`).
    pub address: String,
    /// The index of the declaring rule in the scheme's [`rules`](Scheme::rules).
    pub rule: usize,
    /// The range of the name: an attribute's name, a block's type and labels.
    pub name_range: Range,
    /// The range of the whole definition (the attribute; the block's header).
    pub range: Range,
    /// What the symbol stands for.
    pub target: Target,
}

impl Symbol {
    /// The expression that gives the symbol's value, if it has one.
    pub fn value_expression(&self) -> Option<&Arc<dyn Expression>> {
        match &self.target {
            Target::Expression(e) => Some(e),
            Target::Block { value, .. } => value.as_ref(),
        }
    }
}

/// A reference: a traversal in an expression, where it is, which symbol it is in and which
/// it refers to.
#[derive(Clone, Debug)]
pub struct Use {
    /// The traversal as written (`local.name`, `aws_instance.web.id[0]`).
    pub traversal: Traversal,
    /// Its range.
    pub range: Range,
    /// The symbol whose definition holds the reference (`None`: outside every symbol).
    pub from: Option<SymbolId>,
    /// The symbol referred to (`None`: a name outside the scheme, such as a function's
    /// argument or a reserved root, or an undeclared one, which is also a diagnostic).
    pub to: Option<SymbolId>,
}

/// The analysis of a set of bodies (the files of one configuration) under a [`Scheme`].
#[derive(Clone, Debug)]
pub struct Analysis {
    scheme: Scheme,
    symbols: Vec<Symbol>,
    by_address: HashMap<String, SymbolId>,
    uses: Vec<Use>,
    functions: Vec<(Option<SymbolId>, FunctionRef)>,
    /// For each symbol, the symbols it refers to (deduplicated, in first-reference order).
    deps: Vec<Vec<SymbolId>>,
    /// For each symbol, the indexes of the uses that refer to it.
    used_by: Vec<Vec<usize>>,
    order: Vec<SymbolId>,
    /// For each symbol, whether it is in a cycle.
    cyclic: Vec<bool>,
    diagnostics: Diagnostics,
}

/// The result of [`Analysis::evaluate`].
#[derive(Clone, Debug)]
pub struct Evaluation {
    values: Vec<Option<Value>>,
    /// The context given, with one variable per root name of the scheme (`local`, `var`,
    /// ...) holding the evaluated symbols as nested objects.
    pub context: EvalContext,
    /// The evaluation's diagnostics (cycles are the analysis's).
    pub diagnostics: Diagnostics,
}

impl Evaluation {
    /// The value of a symbol with a value expression; unknown where it is in a cycle or
    /// depends on an error; `None` for a symbol without a value expression.
    pub fn value(&self, symbol: SymbolId) -> Option<&Value> {
        self.values.get(symbol)?.as_ref()
    }
}

/// The name steps of a traversal (root, attributes, string indexes), up to the first other
/// step.
fn name_steps(t: &Traversal) -> Vec<&str> {
    let mut out = Vec::new();
    for s in &t.steps {
        match s {
            TraverseStep::Root { name, .. } | TraverseStep::Attr { name, .. } => out.push(name.as_str()),
            TraverseStep::Index { key, .. } => match key.as_str() {
                Some(k) => out.push(k),
                None => break,
            },
        }
    }
    out
}

/// A rule's number of name steps after its prefix.
fn name_len(rule: &Rule) -> usize {
    match rule.form {
        Form::Attributes => 1,
        Form::Block { labels, .. } => labels,
    }
}

impl Analysis {
    /// Analyses `bodies` (the top-level bodies of one configuration's files) under `scheme`.
    /// Never fails: problems (a duplicate definition, a reference to an undeclared symbol,
    /// a cycle) are [`diagnostics`](Analysis::diagnostics).
    pub fn new(bodies: &[Arc<dyn Body>], scheme: &Scheme) -> Analysis {
        let mut a = Analysis {
            scheme: scheme.clone(),
            symbols: Vec::new(),
            by_address: HashMap::new(),
            uses: Vec::new(),
            functions: Vec::new(),
            deps: Vec::new(),
            used_by: Vec::new(),
            order: Vec::new(),
            cyclic: Vec::new(),
            diagnostics: Diagnostics::new(),
        };
        let mut schema = BodySchema::new();
        let mut seen_types: Vec<&str> = Vec::new();
        for r in scheme.rules() {
            if seen_types.contains(&r.block_type.as_str()) {
                continue;
            }
            seen_types.push(&r.block_type);
            let labels: Vec<String> = (0..name_len(r)).map(|i| format!("label{i}")).collect();
            let labels: Vec<&str> = if matches!(r.form, Form::Attributes) {
                Vec::new()
            } else {
                labels.iter().map(String::as_str).collect()
            };
            schema = schema.block(r.block_type.clone(), &labels);
        }
        for t in scheme.address_blocks() {
            if !seen_types.contains(&t.as_str()) {
                schema = schema.block(t.clone(), &[]);
            }
        }
        // Expressions outside every symbol (a provider block's, say) refer too.
        let mut outside: Vec<Arc<dyn Body>> = Vec::new();
        for body in bodies {
            let (content, rest, diags) = body.partial_content(&schema);
            a.diagnostics.extend(diags);
            outside.push(rest);
            for block in &content.blocks {
                for (ri, rule) in scheme.rules().iter().enumerate().filter(|(_, r)| *r.block_type == *block.type_name) {
                    a.declare(ri, rule, block);
                }
            }
        }
        a.resolve(outside);
        a.sort();
        a
    }

    fn add_symbol(&mut self, sym: Symbol) {
        if let Some(&prev) = self.by_address.get(&sym.address) {
            let p = &self.symbols[prev].name_range;
            self.diagnostics.push(
                Diagnostic::error(
                    "Duplicate definition",
                    format!(
                        "{} is already defined at {}:{},{}-{}.",
                        sym.address, p.filename, p.start.line, p.start.column, p.end.column
                    ),
                )
                .with_subject(sym.name_range.clone()),
            );
            return;
        }
        self.by_address.insert(sym.address.clone(), self.symbols.len());
        self.symbols.push(sym);
    }

    fn declare(&mut self, ri: usize, rule: &Rule, block: &crate::body::Block) {
        let prefix = rule.prefix.join(".");
        let join = |name: &str| if prefix.is_empty() { name.to_owned() } else { format!("{prefix}.{name}") };
        match &rule.form {
            Form::Attributes => {
                let (attrs, diags) = block.body.just_attributes();
                self.diagnostics.extend(diags);
                let mut attrs: Vec<_> = attrs.into_values().collect();
                attrs.sort_by_key(|a| a.range().start.byte);
                for attr in attrs {
                    self.add_symbol(Symbol {
                        address: join(&attr.name),
                        rule: ri,
                        name_range: attr.name_range(),
                        range: attr.range(),
                        target: Target::Expression(attr.expr.clone()),
                    });
                }
            }
            Form::Block { labels, value } => {
                if block.labels.len() != *labels {
                    return; // the body schema reported it
                }
                let value = value.as_ref().and_then(|name| {
                    let (c, _, _) = block.body.partial_content(&BodySchema::new().attribute(name.clone(), false));
                    c.attributes.get(name).map(|a| a.expr.clone())
                });
                let label_ranges = block.label_ranges();
                let name_range = match (label_ranges.first(), label_ranges.last()) {
                    (Some(f), Some(l)) => Range { filename: f.filename.clone(), start: f.start, end: l.end },
                    _ => block.type_range(),
                };
                self.add_symbol(Symbol {
                    address: join(&block.labels.join(".")),
                    rule: ri,
                    name_range,
                    range: block.def_range(),
                    target: Target::Block { body: block.body.clone(), value },
                });
            }
        }
    }

    /// The symbol a traversal refers to: `Ok(Some)` found, `Ok(None)` outside the scheme,
    /// `Err(rule)` undeclared under that rule.
    fn lookup_traversal(&self, t: &Traversal) -> Result<Option<SymbolId>, usize> {
        let names = name_steps(t);
        let Some(&root) = names.first() else { return Ok(None) };
        let mut matched = None;
        let prefixed = self.scheme.rules().iter().any(|r| r.prefix.first().is_some_and(|p| p == root));
        for (ri, r) in self.scheme.rules().iter().enumerate() {
            if r.prefix.is_empty() && (prefixed || self.scheme.is_reserved(root)) {
                continue;
            }
            if names.len() < r.prefix.len() || names[..r.prefix.len()].iter().zip(&r.prefix).any(|(a, b)| a != b) {
                continue;
            }
            let n = name_len(r);
            if names.len() < r.prefix.len() + n {
                if !r.prefix.is_empty() {
                    matched.get_or_insert(ri);
                }
                continue;
            }
            let address = names[..r.prefix.len() + n].join(".");
            if let Some(&id) = self.by_address.get(&address) {
                return Ok(Some(id));
            }
            // Without a prefix, a root name is this rule's only when a symbol of the rule
            // starts with it (`aws_instance.wbe` beside `aws_instance.web`): other roots may
            // be names an application binds itself (a `dynamic` block's iterator).
            if r.prefix.is_empty()
                && !self.symbols.iter().any(|s| s.rule == ri && s.address.split('.').next() == Some(root))
            {
                continue;
            }
            matched.get_or_insert(ri);
        }
        match matched {
            Some(ri) => Err(ri),
            None => Ok(None),
        }
    }

    fn undeclared(&self, t: &Traversal, ri: usize) -> Diagnostic {
        let rule = &self.scheme.rules()[ri];
        let names = name_steps(t);
        let n = (rule.prefix.len() + name_len(rule)).min(names.len());
        let written = names[..n].join(".");
        let candidates = self
            .symbols
            .iter()
            .filter(|s| self.scheme.rules()[s.rule].prefix == rule.prefix)
            .map(|s| s.address.as_str());
        let hint = crate::suggest::name_suggestion(&written, candidates)
            .map(|s| format!(" Did you mean {s}?"))
            .unwrap_or_default();
        Diagnostic::error(
            "Reference to undeclared symbol",
            format!("No {} block declares {written}.{hint}", rule.block_type),
        )
        .with_subject(t.source_range().unwrap_or_default())
    }

    /// The names iterator blocks bind ([`Scheme::iterators`]) in `body` and the blocks nested
    /// in it, each with the range it is bound in.
    fn iterator_scopes(&self, body: &dyn Body, out: &mut Vec<(String, Range)>) {
        if self.scheme.iterator_blocks().is_empty() {
            return;
        }
        let mut blocks = body.blocks();
        while let Some(b) = blocks.pop() {
            if let Some((_, attr)) = self.scheme.iterator_blocks().iter().find(|(t, _)| **t == *b.type_name) {
                let (c, _, _) = b.body.partial_content(&BodySchema::new().attribute(attr.clone(), false));
                let name = c.attributes.get(attr).and_then(|a| crate::body::expr_as_keyword(a.expr.as_ref()));
                if let Some(name) = name.or_else(|| b.labels.first().cloned()) {
                    // The block's extent: from its header to the end of its last expression.
                    let start = b.def_range();
                    let end =
                        b.body.expressions().iter().map(|e| e.range().end).max_by_key(|p| p.byte).unwrap_or(start.end);
                    out.push((name, Range { filename: start.filename.clone(), start: start.start, end }));
                }
            }
            blocks.extend(b.body.blocks());
        }
    }

    fn resolve(&mut self, outside: Vec<Arc<dyn Body>>) {
        let n = self.symbols.len();
        self.deps = vec![Vec::new(); n];
        self.used_by = vec![Vec::new(); n];
        let mut exprs: Vec<(Option<SymbolId>, Arc<dyn Expression>)> = Vec::new();
        let mut scopes: Vec<(String, Range)> = Vec::new();
        for (id, s) in self.symbols.iter().enumerate() {
            match &s.target {
                Target::Expression(e) => exprs.push((Some(id), e.clone())),
                Target::Block { body, .. } => {
                    exprs.extend(body.expressions().into_iter().map(|e| (Some(id), e)));
                    self.iterator_scopes(body.as_ref(), &mut scopes);
                }
            }
        }
        for body in &outside {
            exprs.extend(body.expressions().into_iter().map(|e| (None, e)));
            self.iterator_scopes(body.as_ref(), &mut scopes);
        }
        // The iterator scopes by the name they bind: a reference is looked up among its root's.
        let mut by_name: HashMap<&str, Vec<&Range>> = HashMap::new();
        for (name, r) in &scopes {
            by_name.entry(name.as_str()).or_default().push(r);
        }
        let bound = |t: &Traversal, at: &Range| {
            let Some(ranges) = by_name.get(t.root_name().unwrap_or("")) else { return false };
            ranges
                .iter()
                .any(|r| r.filename == at.filename && r.start.byte <= at.start.byte && at.end.byte <= r.end.byte)
        };
        for (from, e) in exprs {
            for t in e.variables() {
                let range = t.source_range().unwrap_or_default();
                if bound(&t, &range) {
                    continue;
                }
                let to = match self.lookup_traversal(&t) {
                    Ok(to) => to,
                    Err(ri) => {
                        let d = self.undeclared(&t, ri);
                        self.diagnostics.push(d);
                        None
                    }
                };
                if let (Some(f), Some(to)) = (from, to) {
                    if !self.deps[f].contains(&to) && !self.harmless_self_reference(f, to, &range) {
                        self.deps[f].push(to);
                    }
                }
                if let Some(to) = to {
                    self.used_by[to].push(self.uses.len());
                }
                self.uses.push(Use { traversal: t, range, from, to });
            }
            self.functions.extend(e.functions().into_iter().map(|c| (from, c)));
        }
    }

    /// Whether a use in symbol `from` of `to` is a block referring to itself outside its
    /// value expression (a variable's `validation`, a check on the block's own attributes):
    /// no dependency, as evaluating the value does not need it.
    fn harmless_self_reference(&self, from: SymbolId, to: SymbolId, at: &Range) -> bool {
        let sym = &self.symbols[from];
        if from != to || !matches!(sym.target, Target::Block { .. }) {
            return false;
        }
        match sym.value_expression() {
            Some(v) => {
                let r = v.range();
                !(r.filename == at.filename && r.start.byte <= at.start.byte && at.end.byte <= r.end.byte)
            }
            None => true,
        }
    }

    /// Tarjan's strongly connected components, iteratively: components come out with what
    /// they refer to first, which is the evaluation order; those of several symbols (or of
    /// one referring to itself) are cycles.
    fn sort(&mut self) {
        let n = self.symbols.len();
        let mut index = vec![usize::MAX; n];
        let mut low = vec![0; n];
        let mut on_stack = vec![false; n];
        let mut stack = Vec::new();
        let mut next = 0;
        self.cyclic = vec![false; n];
        let mut cycles: Vec<Vec<SymbolId>> = Vec::new();
        for start in 0..n {
            if index[start] != usize::MAX {
                continue;
            }
            // (node, next dependency to look at)
            let mut work = vec![(start, 0usize)];
            index[start] = next;
            low[start] = next;
            next += 1;
            stack.push(start);
            on_stack[start] = true;
            while let Some(&mut (v, ref mut i)) = work.last_mut() {
                if let Some(&w) = self.deps[v].get(*i) {
                    *i += 1;
                    if index[w] == usize::MAX {
                        index[w] = next;
                        low[w] = next;
                        next += 1;
                        stack.push(w);
                        on_stack[w] = true;
                        work.push((w, 0));
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                work.pop();
                if let Some(&(parent, _)) = work.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut comp = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    comp.sort_unstable();
                    if comp.len() > 1 || self.deps[v].contains(&v) {
                        for &c in &comp {
                            self.cyclic[c] = true;
                        }
                        cycles.push(comp.clone());
                    }
                    self.order.extend(comp);
                }
            }
        }
        for comp in cycles {
            let d = self.cycle_diagnostic(&comp);
            self.diagnostics.push(d);
        }
    }

    /// One diagnostic per cycle: the steps around it, each with where the reference is.
    fn cycle_diagnostic(&self, comp: &[SymbolId]) -> Diagnostic {
        // Walk the cycle from its first symbol, following references within the component.
        let mut steps: Vec<(SymbolId, &Use)> = Vec::new();
        let mut at = comp[0];
        for _ in 0..comp.len() {
            let Some(u) = self.uses.iter().find(|u| u.from == Some(at) && u.to.is_some_and(|t| comp.contains(&t)))
            else {
                break;
            };
            steps.push((at, u));
            at = u.to.unwrap_or(at);
            if at == comp[0] {
                break;
            }
        }
        let mut detail = String::from("The references form a cycle, so none of these can be evaluated:");
        for (from, u) in &steps {
            let r = &u.range;
            detail.push_str(&format!(
                "\n  {} refers to {} at {}:{},{}",
                self.symbols[*from].address,
                u.to.map(|t| self.symbols[t].address.as_str()).unwrap_or("?"),
                r.filename,
                r.start.line,
                r.start.column
            ));
        }
        let subject =
            steps.first().map(|(_, u)| u.range.clone()).unwrap_or_else(|| self.symbols[comp[0]].name_range.clone());
        let mut d = Diagnostic::error("Cycle in references", detail).with_subject(subject);
        if comp.iter().any(|&c| self.scheme.rules()[self.symbols[c].rule].partial) {
            // Through a symbol evaluated piece by piece: the cycle may not be real.
            d.severity = crate::diagnostic::Severity::Warning;
            d.detail = format!(
                "{}\n(Through a symbol evaluated piece by piece, such as a module call, the cycle may not be real.)",
                d.detail
            )
            .into();
        }
        d
    }

    /// The scheme analysed with.
    pub fn scheme(&self) -> &Scheme {
        &self.scheme
    }

    /// The symbols, in definition order (files in the order given).
    pub fn symbols(&self) -> &[Symbol] {
        &self.symbols
    }

    /// One symbol.
    ///
    /// # Panics
    /// If `id` is not a symbol of this analysis.
    pub fn symbol(&self, id: SymbolId) -> &Symbol {
        &self.symbols[id]
    }

    /// The symbol with an address.
    pub fn lookup(&self, address: &str) -> Option<SymbolId> {
        self.by_address.get(address).copied()
    }

    /// Every reference in the bodies, in the order found (by symbol, then outside them).
    pub fn uses(&self) -> &[Use] {
        &self.uses
    }

    /// The references to one symbol (what find-references and rename need).
    pub fn uses_of(&self, id: SymbolId) -> impl Iterator<Item = &Use> + '_ {
        self.used_by.get(id).into_iter().flatten().map(|&u| &self.uses[u])
    }

    /// Every function call, with the symbol it is in.
    pub fn functions(&self) -> &[(Option<SymbolId>, FunctionRef)] {
        &self.functions
    }

    /// The symbols a symbol refers to, in the order first referred to.
    pub fn dependencies(&self, id: SymbolId) -> &[SymbolId] {
        self.deps.get(id).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The symbols in evaluation order: each after everything it refers to (the members of
    /// a cycle together, in definition order).
    pub fn order(&self) -> &[SymbolId] {
        &self.order
    }

    /// Whether a symbol is in a cycle.
    pub fn is_cyclic(&self, id: SymbolId) -> bool {
        self.cyclic.get(id).copied().unwrap_or(false)
    }

    /// The symbols nothing else refers to (a variable used only in its own validation is
    /// unused; entry points, such as outputs, are not reported), in definition order.
    pub fn unused(&self) -> Vec<SymbolId> {
        (0..self.symbols.len())
            .filter(|&s| {
                self.used_by[s].iter().all(|&u| self.uses[u].from == Some(s))
                    && !self.scheme.rules()[self.symbols[s].rule].entry
            })
            .collect()
    }

    /// The problems found: duplicate definitions, references to undeclared symbols, cycles,
    /// and what the bodies reported while being read.
    pub fn diagnostics(&self) -> &Diagnostics {
        &self.diagnostics
    }

    /// Puts the diagnostics of reading the analysed text (a parse's) before the analysis's.
    pub(crate) fn with_read_diagnostics(mut self, mut read: Diagnostics) -> Analysis {
        read.extend(std::mem::take(&mut self.diagnostics));
        self.diagnostics = read;
        self
    }

    /// Evaluates every symbol that has a value expression, in [`order`](Analysis::order),
    /// each once, with `ctx`'s variables and functions plus the symbols it refers to. A symbol
    /// in a cycle, or whose value expression or a dependency's has errors, is unknown; a
    /// symbol without a value expression (a resource) is unknown to those that refer to it.
    /// Work is linear in the number of symbols and references: each evaluation sees only
    /// the symbols it refers to.
    pub fn evaluate(&self, ctx: &EvalContext) -> Evaluation {
        let n = self.symbols.len();
        let base = ctx.child();
        let mut values: Vec<Option<Value>> = vec![None; n];
        let mut failed = vec![false; n];
        let mut diagnostics = Diagnostics::new();
        for &id in &self.order {
            let sym = &self.symbols[id];
            let Some(expr) = sym.value_expression() else { continue };
            let deps = &self.deps[id];
            if self.cyclic[id] || deps.iter().any(|&d| failed[d]) {
                failed[id] = true;
                values[id] = Some(Value::dynamic());
                continue;
            }
            let mut scope = base.child();
            for (root, v) in self.nested(deps.iter().map(|&d| (d, values[d].clone().unwrap_or_else(Value::dynamic)))) {
                scope.set_variable(root, v);
            }
            let (v, d) = expr.value(Some(&scope));
            if d.has_errors() {
                failed[id] = true;
            }
            diagnostics.extend(d);
            values[id] = Some(if failed[id] { Value::dynamic() } else { v });
        }
        let mut context = ctx.child();
        let all = (0..n).filter_map(|id| values[id].clone().map(|v| (id, v)));
        for (root, v) in self.nested(all) {
            context.set_variable(root, v);
        }
        Evaluation { values, context, diagnostics }
    }

    /// The root variables holding `symbols`' values as nested objects by their addresses.
    fn nested(&self, symbols: impl Iterator<Item = (SymbolId, Value)>) -> Vec<(String, Value)> {
        #[derive(Default)]
        struct Tree {
            leaf: Option<Value>,
            children: BTreeMap<String, Tree>,
        }
        fn build(t: Tree) -> Value {
            match t.leaf {
                Some(v) if t.children.is_empty() => v,
                _ => Value::object(t.children.into_iter().map(|(k, c)| (k, build(c)))),
            }
        }
        let mut root = Tree::default();
        for (id, v) in symbols {
            let mut at = &mut root;
            for part in self.symbols[id].address.split('.') {
                at = at.children.entry(part.to_owned()).or_default();
            }
            at.leaf = Some(v);
        }
        root.children.into_iter().map(|(k, t)| (k, build(t))).collect()
    }
}

#[cfg(test)]
mod tests;
