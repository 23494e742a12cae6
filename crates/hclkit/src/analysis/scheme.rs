//! An application's address scheme: which blocks and attributes declare names, and how an
//! expression refers to them.

/// How a rule's blocks declare symbols.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// Each attribute of every such block is a symbol `PREFIX.NAME` standing for the
    /// attribute's expression (Terraform's `locals`).
    Attributes,
    /// Each such block is a symbol `PREFIX.LABEL…` (its labels, `labels` of them), standing for
    /// its body; `value` names the attribute whose expression is the symbol's value, if any
    /// (a `variable`'s `default`, an `output`'s `value`).
    Block {
        /// The number of labels that name the block (and that it must have).
        labels: usize,
        /// The attribute holding the symbol's value.
        value: Option<String>,
    },
}

/// One kind of declaration: "`local.NAME` is each attribute of every `locals` block",
/// "`data.TYPE.NAME` is a `data "TYPE" "NAME"` block".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The fixed steps before the name (`["local"]`, `["data"]`; empty for Terraform's
    /// resources, named `TYPE.NAME` alone).
    pub prefix: Vec<String>,
    /// The block type that declares.
    pub block_type: String,
    /// Attributes or labelled blocks.
    pub form: Form,
    /// An entry point: a symbol nothing refers to by design (an `output`), never reported
    /// unused.
    pub entry: bool,
    /// A symbol the application evaluates piece by piece (a Terraform module call: each of
    /// its outputs needs only some of its arguments), so a cycle through it may not be real:
    /// it is reported as a warning, not an error.
    pub partial: bool,
}

/// An address scheme, declared as data: a list of [`Rule`]s and the root names that are
/// never symbols (Terraform's `count`, `each`, `self`, `path`, `terraform`). The presets
/// ([`Scheme::terraform`], [`Scheme::terragrunt`], [`Scheme::packer`], [`Scheme::nomad`]) are
/// a few lines each; an application declares its own the same way.
///
/// ```
/// use hclkit::analysis::Scheme;
///
/// // Nomad's: `var.NAME` is a `variable "NAME"` block (its value the `default`), `local.NAME`
/// // each attribute of a `locals` block.
/// let scheme = Scheme::new()
///     .block("var", "variable", 1)
///     .value("default")
///     .attributes("local", "locals")
///     .iterators("dynamic", "iterator"); // a `dynamic` block binds its iterator
/// assert_eq!(scheme, Scheme::nomad());
/// assert_eq!(scheme.rules().len(), 2);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scheme {
    rules: Vec<Rule>,
    reserved: Vec<String>,
    addresses: Vec<String>,
    iterators: Vec<(String, String)>,
}

fn steps(prefix: &str) -> Vec<String> {
    prefix.split('.').filter(|s| !s.is_empty()).map(str::to_owned).collect()
}

impl Scheme {
    /// A scheme without rules.
    pub fn new() -> Scheme {
        Scheme::default()
    }

    /// Adds a rule: each attribute of every `block_type` block is the symbol `prefix.NAME`
    /// (`prefix` is dot-separated: `"local"`).
    pub fn attributes(mut self, prefix: &str, block_type: &str) -> Scheme {
        self.rules.push(Rule {
            prefix: steps(prefix),
            block_type: block_type.to_owned(),
            form: Form::Attributes,
            entry: false,
            partial: false,
        });
        self
    }

    /// Adds a rule: each `block_type` block with `labels` labels is the symbol
    /// `prefix.LABEL…` (`prefix` is dot-separated, `""` for none). A rule without a prefix
    /// takes a reference whose root is neither another rule's prefix nor reserved, and
    /// reports it undeclared only when one of its symbols starts with that root (so names an
    /// application binds itself, such as a `dynamic` block's iterator, are left alone).
    pub fn block(mut self, prefix: &str, block_type: &str, labels: usize) -> Scheme {
        let form = Form::Block { labels, value: None };
        self.rules.push(Rule {
            prefix: steps(prefix),
            block_type: block_type.to_owned(),
            form,
            entry: false,
            partial: false,
        });
        self
    }

    /// The last rule's blocks have their value in the attribute `name`.
    pub fn value(mut self, name: &str) -> Scheme {
        if let Some(Rule { form: Form::Block { value, .. }, .. }) = self.rules.last_mut() {
            *value = Some(name.to_owned());
        }
        self
    }

    /// The last rule declares entry points (never reported unused).
    pub fn entry(mut self) -> Scheme {
        if let Some(r) = self.rules.last_mut() {
            r.entry = true;
        }
        self
    }

    /// The last rule's symbols are evaluated piece by piece ([`Rule::partial`]): a cycle
    /// through one is a warning.
    pub fn partial(mut self) -> Scheme {
        if let Some(r) = self.rules.last_mut() {
            r.partial = true;
        }
        self
    }

    /// Block types whose expressions are addresses, not references (Terraform's `moved` and
    /// `removed` name resources that are gone): left out of the analysis.
    pub fn addresses(mut self, block_types: &[&str]) -> Scheme {
        self.addresses.extend(block_types.iter().map(|n| (*n).to_owned()));
        self
    }

    /// Blocks that bind a name inside themselves, as HCL's `dynamic` blocks do: a
    /// `block_type` block binds its first label, or the name in its `attribute`, so a
    /// reference to that name inside it is no symbol's (only in bodies whose blocks the syntax
    /// can list: the native syntax).
    pub fn iterators(mut self, block_type: &str, attribute: &str) -> Scheme {
        self.iterators.push((block_type.to_owned(), attribute.to_owned()));
        self
    }

    /// The iterator-binding block types and their attributes ([`Scheme::iterators`]).
    pub fn iterator_blocks(&self) -> &[(String, String)] {
        &self.iterators
    }

    /// The block types whose expressions are addresses ([`Scheme::addresses`]).
    pub fn address_blocks(&self) -> &[String] {
        &self.addresses
    }

    /// Root names that never refer to a symbol (they matter for rules without a prefix,
    /// which would otherwise take every root name).
    pub fn reserved(mut self, names: &[&str]) -> Scheme {
        self.reserved.extend(names.iter().map(|n| (*n).to_owned()));
        self
    }

    /// The rules, in the order they were added.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// Whether `name` is a reserved root name.
    pub fn is_reserved(&self, name: &str) -> bool {
        self.reserved.iter().any(|r| r == name)
    }

    /// A Terraform module's: `var.NAME` (`variable`, value `default`), `local.NAME`
    /// (`locals`), `TYPE.NAME` (`resource`), `data.TYPE.NAME` (`data`), `module.NAME`
    /// (`module`, partial: each output needs only some arguments), and `output`s as entry
    /// points; `count`, `each`, `self`, `path` and `terraform` are reserved; `moved` and
    /// `removed` blocks hold addresses; `dynamic` blocks bind their iterator.
    ///
    /// ```
    /// use hclkit::analysis::{Analysis, Scheme};
    ///
    /// let src = "variable \"env\" {}\nlocals {\n  name = \"app-${var.env}\"\n}\n\
    ///            resource \"aws_s3_bucket\" \"b\" {\n  bucket = local.name\n}\n\
    ///            output \"arn\" {\n  value = aws_s3_bucket.b.arn\n}\n";
    /// let file = hclkit::parse_config(src.as_bytes(), "main.tf").into_value();
    /// let a = Analysis::new(&[hclkit::syntax::native::NativeBody::arc_from_file(&file)], &Scheme::terraform());
    /// let order: Vec<&str> = a.order().iter().map(|&s| a.symbol(s).address.as_str()).collect();
    /// assert_eq!(order, ["var.env", "local.name", "aws_s3_bucket.b", "output.arn"]);
    /// ```
    pub fn terraform() -> Scheme {
        Scheme::new()
            .block("var", "variable", 1)
            .value("default")
            .attributes("local", "locals")
            .block("", "resource", 2)
            .block("data", "data", 2)
            .block("module", "module", 1)
            .partial()
            .block("output", "output", 1)
            .value("value")
            .entry()
            .reserved(&["count", "each", "self", "path", "terraform"])
            .addresses(&["moved", "removed"])
            .iterators("dynamic", "iterator")
    }

    /// Terragrunt's `terragrunt.hcl`: `local.NAME` (`locals`), `dependency.NAME`
    /// (`dependency`), `include.NAME` (`include`).
    pub fn terragrunt() -> Scheme {
        Scheme::new().attributes("local", "locals").block("dependency", "dependency", 1).block("include", "include", 1)
    }

    /// Packer's: `var.NAME` (`variable`, value `default`), `local.NAME` (`locals`, and
    /// `local "NAME"` blocks with their `expression`), `data.TYPE.NAME` (`data`); `dynamic`
    /// blocks bind their iterator.
    pub fn packer() -> Scheme {
        Scheme::new()
            .block("var", "variable", 1)
            .value("default")
            .attributes("local", "locals")
            .block("local", "local", 1)
            .value("expression")
            .block("data", "data", 2)
            .iterators("dynamic", "iterator")
    }

    /// Nomad's job files: `var.NAME` (`variable`, value `default`), `local.NAME` (`locals`);
    /// `dynamic` blocks bind their iterator.
    pub fn nomad() -> Scheme {
        Scheme::new()
            .block("var", "variable", 1)
            .value("default")
            .attributes("local", "locals")
            .iterators("dynamic", "iterator")
    }
}
