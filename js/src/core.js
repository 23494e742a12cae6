// The package's JavaScript, shared by its three entry points (dist/hclkit.cjs for require,
// dist/hclkit.mjs for import in Node, dist/hclkit.web.mjs for browsers and bundlers), which
// scripts/build.mjs assembles from this file, the wasm-bindgen glue (`createGlue`) and a
// loader (`loadModuleSync`, `loadModuleAsync`). Only arguments and output live here: every
// HCL rule is the Rust library's (crates/hclkit-wasm calls it).

/**
 * The one error the package throws: `message` is the first error as `@cdktf/hcl2json` words
 * it, `diagnostics` every diagnostic (severity, summary, detail, range, context, rendered).
 */
class HCLError extends Error {
  constructor(message, diagnostics) {
    super(message);
    this.name = "HCLError";
    this.diagnostics = diagnostics;
  }
}

let compiled = null; // the compiled WebAssembly.Module, kept for fresh instances
let current = null; // the exports of the live instance (wasm-bindgen's glue)
// The small module (parse, references, format, check only; Node's builds): compiled at the
// first of those calls, so that start-up does not wait for the full module. Once the full
// instance is live, it does those too.
let compiledParse = null;
let currentParse = null;

function instance() {
  if (current === null) {
    if (compiled === null) {
      compiled = loadModuleSync();
    }
    const glue = createGlue();
    glue.initSync({ module: compiled });
    current = glue;
  }
  return current;
}

// The instance for parse, references, format and check: the full one when it is live or
// when the build has no small module (the browser build), else the small one.
function parseInstance() {
  if (current !== null) return current;
  if (currentParse === null) {
    if (compiledParse === null) {
      compiledParse = loadParseModuleSync();
      if (compiledParse === null) return instance();
    }
    const glue = createParseGlue();
    glue.initSync({ module: compiledParse });
    currentParse = glue;
  }
  return currentParse;
}

function internalError(e) {
  const detail = String((e && e.message) || e);
  const d = {
    severity: "error",
    summary: "Internal error",
    detail: `The WebAssembly module stopped (${detail}); the next call uses a fresh instance.`,
    range: null,
    context: null,
    rendered: `error: Internal error\n  = note: ${detail}\n`,
  };
  return new HCLError(`internal error: ${detail}`, [d]);
}

// Runs `f` with the instance (`small`: the one of `parseInstance`); a trap (or anything else
// the module throws) drops that instance so that the next call starts a fresh one, and
// becomes an HCLError.
function call(f, small = false) {
  const w = small ? parseInstance() : instance();
  let out;
  try {
    out = f(w);
  } catch (e) {
    if (e instanceof HCLError) throw e;
    if (w === current) current = null;
    else currentParse = null;
    throw internalError(e);
  }
  if (out.charCodeAt(0) === 33 /* ! */) {
    const failure = JSON.parse(out.slice(1));
    throw new HCLError(failure.message, failure.diagnostics);
  }
  return out;
}

function invalid(what) {
  const d = { severity: "error", summary: "Invalid argument", detail: what, range: null, context: null, rendered: `error: Invalid argument\n  = note: ${what}\n` };
  return new HCLError(`invalid argument: ${what}`, [d]);
}

function text(value, name) {
  if (typeof value !== "string") {
    throw invalid(`${name} must be a string, not ${value === null ? "null" : typeof value}`);
  }
  return value;
}

function options(value) {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object") throw invalid(`options must be an object, not ${typeof value}`);
  return value;
}

function choice(value, name, choices, fallback) {
  if (value === undefined) return fallback;
  const i = choices.indexOf(value);
  if (i < 0) throw invalid(`${name} must be one of ${choices.map((c) => JSON.stringify(c)).join(", ")}, not ${JSON.stringify(value)}`);
  return i;
}

function name(value, fallback) {
  return value === undefined ? fallback : text(value, "filename");
}

const BLOCKS = ["array", "nested", "ordered"];
const FUNCTIONS = ["none", "stdlib", "terraform"];
const SYNTAX = ["auto", "native", "json"];
const STYLES = ["hclfmt", "terraform"];
const BIG = ["bigint", "string", "number"];

// Variables as tagged JSON (crates/hclkit-wasm/src/values.rs): strings "s…", numbers a double
// cannot carry (bigint) "n…".
function tagged(variables) {
  if (variables === undefined || variables === null) return "";
  if (typeof variables !== "object" || Array.isArray(variables)) throw invalid("variables must be an object of names to values");
  try {
    return JSON.stringify(variables, (_, v) => {
      switch (typeof v) {
        case "string":
          return "s" + v;
        case "bigint":
          return "n" + v;
        case "number":
          if (Number.isNaN(v)) throw invalid("NaN is not an HCL number");
          return Number.isFinite(v) ? v : "n" + v;
        case "function":
        case "symbol":
          throw invalid(`a ${typeof v} is not an HCL value`);
        default:
          return v;
      }
    });
  } catch (e) {
    if (e instanceof HCLError) throw e;
    throw invalid(`variables cannot be converted: ${e && e.message}`);
  }
}

function untagged(json, big) {
  const mode = big === undefined ? "bigint" : BIG[choice(big, "bigNumbers", BIG, 0)];
  return JSON.parse(json, (_, v) => {
    if (typeof v !== "string") return v;
    const rest = v.slice(1);
    if (v.charCodeAt(0) === 115 /* s */) return rest;
    if (rest === "Infinity" || rest === "-Infinity" || mode === "number") return Number(rest);
    if (mode === "bigint" && /^-?[0-9]+$/.test(rest)) return BigInt(rest);
    return rest;
  });
}

function limit(value) {
  if (value === undefined) return 2000000;
  if (value === null || value === Infinity) return -1;
  if (typeof value !== "number" || !(value >= 0)) throw invalid("evalLimit must be a non-negative number or null");
  return value;
}

/** Parses native-syntax HCL into `@cdktf/hcl2json`'s JSON (by default), as an object. */
function parse(filename, source, opts) {
  const o = options(opts);
  const out = call((w) =>
    w.parse(
      text(filename, "filename"),
      text(source, "text"),
      choice(o.blocks, "blocks", BLOCKS, 0),
      o.comments === true,
      o.simplify === true,
      o.ranges === true,
      false,
      // @cdktf/hcl2json's heredocs: template strings of their text.
      true,
    ),
    true,
  );
  return JSON.parse(out);
}

/** The traversals an expression (or template) refers to, as `@cdktf/hcl2json` gives them. */
function getReferencesInExpression(filename, expression) {
  return JSON.parse(call((w) => w.references(text(filename, "filename"), text(expression, "expression")), true));
}

/** Formats native-syntax HCL: `hclfmt`'s layout, or `terraform fmt`'s. */
function format(source, opts) {
  const o = options(opts);
  const style = choice(o.style, "style", STYLES, 0);
  return call((w) => w.format(name(o.filename, "input.hcl"), text(source, "text"), style, o.check !== false), true).slice(1);
}

/** Every diagnostic of parsing `source` (JSON syntax when the file name ends in .json). */
function check(source, opts) {
  const o = options(opts);
  return JSON.parse(call((w) => w.check(name(o.filename, "input.hcl"), text(source, "text")), true));
}

/** The value of one native-syntax expression. */
function evaluate(expression, opts) {
  const o = options(opts);
  const out = call((w) =>
    w.evaluate(
      name(o.filename, "<expression>"),
      text(expression, "expression"),
      tagged(o.variables),
      choice(o.functions, "functions", FUNCTIONS, 1),
      limit(o.evalLimit),
    ),
  );
  return untagged(out, o.bigNumbers);
}

/** Decodes a configuration with an hcldec spec file, as `hcldec` does. */
function decode(source, spec, opts) {
  const o = options(opts);
  const out = call((w) =>
    w.decode(
      name(o.filename, "input.hcl"),
      text(source, "text"),
      text(spec, "spec"),
      name(o.specFilename, "spec.hcldec"),
      tagged(o.variables),
      choice(o.functions, "functions", FUNCTIONS, 0),
      choice(o.syntax, "syntax", SYNTAX, 0),
      o.keepNulls === true,
      limit(o.evalLimit),
    ),
  );
  if (out.charCodeAt(0) === 74 /* J */) return JSON.parse(out.slice(1));
  return untagged(out, o.bigNumbers);
}

/** Native syntax to the HCL JSON syntax, as text. */
function toJSON(source, opts) {
  const o = options(opts);
  const out = call((w) =>
    w.parse(
      name(o.filename, "input.hcl"),
      text(source, "text"),
      choice(o.blocks, "blocks", BLOCKS, 1),
      o.comments !== false,
      o.simplify === true,
      o.ranges === true,
      o.pretty === true,
      false,
    ),
    true,
  );
  return out.slice(1);
}

/** The HCL JSON syntax to native syntax (with a spec, its blocks become blocks). */
function toNative(source, opts) {
  const o = options(opts);
  const spec = o.spec === undefined ? "" : text(o.spec, "spec");
  return call((w) => w.to_native(name(o.filename, "input.hcl.json"), text(source, "text"), spec, name(o.specFilename, "spec.hcldec"))).slice(1);
}

// A module's files for `inspect`, as `[name, text]` pairs: a string is one file's text (named
// by options.filename); an object or a Map holds a directory's files by name (only `*.tf`
// and `*.tf.json` are read, in Terraform's order: the library chooses).
function moduleFiles(files, o) {
  if (typeof files === "string") return { pairs: [[name(o.filename, "main.tf"), files]], select: false };
  let entries;
  if (files instanceof Map) entries = [...files.entries()];
  else if (files !== null && typeof files === "object" && !Array.isArray(files)) entries = Object.entries(files);
  else throw invalid("files must be a string (one file's text), an object or a Map of file names to texts");
  for (const [n, t] of entries) {
    text(n, "a file name");
    text(t, `the text of ${n}`);
  }
  return { pairs: entries, select: true };
}

function inspectAs(output, files, opts) {
  const o = options(opts);
  const { pairs, select } = moduleFiles(files, o);
  const path = o.path === undefined ? "." : text(o.path, "path");
  return call((w) => w.inspect(path, JSON.stringify(pairs), select, output));
}

/**
 * What a Terraform module declares, as `terraform-config-inspect --json` gives it (variables,
 * outputs, resources, module calls, providers, with positions) plus hclkit's additions
 * (locals, validations, columns and ends, moved/import/check/removed blocks).
 */
function inspect(files, opts) {
  return JSON.parse(inspectAs(0, files, opts));
}

/** The module as terraform-config-inspect's Markdown. */
inspect.markdown = function markdown(files, opts) {
  return inspectAs(1, files, opts).slice(1);
};

/** The module's dependency graph: symbols, evaluation order, unused symbols, diagnostics. */
inspect.graph = function graph(files, opts) {
  return JSON.parse(inspectAs(2, files, opts));
};

/**
 * A native-syntax file open for editing (the library's `hclkit::edit::Document`, with the
 * same addresses as in Rust and Python): `get`, `set`, `remove`, `comments`, `toString()`
 * (byte for byte the input where nothing was edited), `format()`, `edits()`.
 */
class Document {
  constructor(source, opts) {
    const o = options(opts);
    const filename = name(o.filename, "input.hcl");
    text(source, "text");
    const glue = instance();
    let inner;
    try {
      inner = new glue.Document(filename, source);
    } catch (e) {
      current = null;
      throw internalError(e);
    }
    const errors = inner.errors();
    if (errors !== "") {
      inner.free();
      const failure = JSON.parse(errors.slice(1));
      throw new HCLError(failure.message, failure.diagnostics);
    }
    this._glue = glue;
    this._inner = inner;
  }

  // Runs `f` on the document: an HCLError if the instance holding it was replaced after a
  // trap, and a trap in `f` drops the instance as `call` does.
  _call(f) {
    if (this._glue !== current || this._inner === null) {
      throw invalid("the document was lost: the module trapped (or the document was freed) since it was read");
    }
    return call(() => f(this._inner));
  }

  // A plain result of the document (a string or undefined) in the call protocol.
  _plain(f) {
    return JSON.parse(this._call((d) => " " + JSON.stringify(f(d) ?? null))) ?? undefined;
  }

  // A query's answer at an address (a string or undefined); an HCLError if the address
  // does not parse.
  _query(f) {
    return JSON.parse(this._call(f)) ?? undefined;
  }

  /** The source text of the attribute (or key, or element, or part: `x#condition`) at
   * `address`, or `undefined`; an HCLError if the address does not parse. */
  get(address) {
    const a = text(address, "address");
    return this._query((d) => d.get(a));
  }

  /** Sets the attribute at `address` to `value` (a JavaScript value written as HCL; an
   * `Expression` written as it is, or with `{ expression: true }` a string of HCL source
   * text). Whether the attribute existed. */
  set(address, value, opts) {
    const a = text(address, "address");
    const o = options(opts);
    if (value instanceof Expression) {
      return JSON.parse(this._call((d) => d.set(a, value.text, "")));
    }
    if (o.expression === true) {
      const src = text(value, "value");
      return JSON.parse(this._call((d) => d.set(a, src, "")));
    }
    const t = tagged({ v: value }).slice(5, -1);
    return JSON.parse(this._call((d) => d.set(a, "", t)));
  }

  /** Inserts a value into the list or call arguments at `address`, which ends with the index
   * the value takes (`ports[0]` inserts first; one past the end appends); the value as for
   * `set`. An address that ends with a key (`tags["Team"]`) or an attribute's name adds it:
   * at the end, or `{ before: "Name" }`, `{ after: "Name" }`, `{ index: 0 }` (one of them). */
  insert(address, value, opts) {
    const a = text(address, "address");
    const o = options(opts);
    const isExpr = value instanceof Expression;
    const src = isExpr ? value.text : o.expression === true ? text(value, "value") : "";
    const t = isExpr || o.expression === true ? "" : tagged({ v: value }).slice(5, -1);
    const given = ["before", "after", "index"].filter((k) => o[k] !== undefined);
    if (given.length > 1) throw invalid("insert takes one of the options before, after and index");
    if (given.length === 0) {
      this._call((d) => d.insert(a, src, t));
      return;
    }
    const before = o.before === undefined ? undefined : text(o.before, "before");
    const after = o.after === undefined ? undefined : text(o.after, "after");
    let index;
    if (o.index !== undefined) {
      if (!Number.isInteger(o.index) || o.index < 0 || o.index > 0xffffffff) {
        throw invalid("index must be a whole number from 0");
      }
      index = o.index;
    }
    this._call((d) => d.insert_at(a, src, t, before, after, index));
  }

  /** Renames the attribute (or object key) at `address` to `to`; its value and comments
   * stay. Throws an HCLError if there is nothing there or the name is taken. */
  rename(address, to) {
    const a = text(address, "address");
    const t = text(to, "name");
    this._call((d) => d.rename(a, t));
  }

  /** The comment at the end of the line of the item at `address`, or `undefined`. */
  trailingComment(address) {
    const a = text(address, "address");
    return this._query((d) => d.trailing_comment(a));
  }

  /** Sets the comment at the end of the line of the item at `address` to `# text` (`null`
   * clears it). */
  setTrailingComment(address, comment) {
    const a = text(address, "address");
    const clear = comment === null || comment === undefined;
    const t = clear ? "" : text(comment, "comment");
    this._call((d) => d.set_trailing_comment(a, t, clear));
  }

  /** Removes the attribute (or key, or element) at `address`; whether there was one. */
  remove(address) {
    const a = text(address, "address");
    return JSON.parse(this._call((d) => d.remove(a)));
  }

  /** The comment lines the attribute at `address` owns (directly above it), or `undefined`. */
  comments(address) {
    const a = text(address, "address");
    return this._query((d) => d.comments(a));
  }

  /** The whole text. */
  toString() {
    return this._plain((d) => d.text());
  }

  /** The whole file as the formatter lays it out. */
  format() {
    return this._plain((d) => d.format());
  }

  /** The edits that turn the original text into the current one: `[{ range, text }]`. */
  edits() {
    return JSON.parse(this._call((d) => " " + d.edits()));
  }

  /** Frees the document's memory now (else the garbage collector does). */
  free() {
    if (this._inner !== null && this._glue === current) this._inner.free();
    this._inner = null;
  }
}

/** An HCL expression as source text, checked when it is made (an HCLError if it does not
 * parse): what `Document#set` and `Document#insert` write as it is
 * (`doc.set("ami", new Expression("var.ami"))`), where a string would be written as a
 * quoted string. */
class Expression {
  constructor(source) {
    const src = text(source, "text");
    /** The expression's source text (trimmed). */
    this.text = JSON.parse(call((w) => w.expression(src)));
    Object.freeze(this);
  }

  /** The source text. */
  toString() {
    return this.text;
  }
}

const convert = { toJSON, toNative };

/**
 * Loads the WebAssembly module where it must be fetched (browsers); in Node the first call
 * loads it synchronously, and `init()` only does so early.
 */
async function init(input) {
  if (compiled === null) {
    compiled = await loadModuleAsync(input);
  }
  instance();
}

// The test hook of crates/hclkit-wasm (`trap_for_tests`): a trap on purpose, in the full
// instance, or with `small` in the one parse uses.
const trapForTests = Symbol.for("hclkit.trapForTests");
function trap(small = false) {
  call((w) => {
    w.trap_for_tests();
    return " ";
  }, small === true);
}
