// Types of the `hclkit` package (the same for require, import and the browser build).

/** A position: line and column from 1 (the column in UTF-16 code units, the unit of
 * JavaScript strings), byte offset from 0 (in the UTF-8 text). */
export interface Position {
  line: number;
  column: number;
  byte: number;
}

/** A range in the source; `end` is exclusive. */
export interface SourceRange {
  start: Position;
  end: Position;
}

/** A range in a named file; `end` is exclusive. */
export interface Range extends SourceRange {
  filename: string;
}

/** One problem found in the input. */
export interface Diagnostic {
  severity: "error" | "warning";
  summary: string;
  /** A longer explanation; may be empty. */
  detail: string;
  /** What the problem is about, if it is about source. */
  range: Range | null;
  /** A wider range around it, where useful. */
  context: Range | null;
  /** The diagnostic in the style of rustc, with the source line. */
  rendered: string;
}

/** The only error the package throws. */
export class HCLError extends Error {
  readonly name: "HCLError";
  /** Every diagnostic of the failed call (warnings too). */
  readonly diagnostics: Diagnostic[];
  constructor(message: string, diagnostics: Diagnostic[]);
}

/** How blocks are laid out in `parse`'s and `toJSON`'s JSON. */
export type BlockShape = "array" | "nested" | "ordered";

export interface ParseOptions {
  /** "array" (the default): `@cdktf/hcl2json`'s, every block body in an array. */
  blocks?: BlockShape;
  /** Keep comments as "//" properties. Default false. */
  comments?: boolean;
  /** Fold expressions without variables or function calls into their values. Default false. */
  simplify?: boolean;
  /** Give every body object (the file's and each block's) a "//ranges" property, a
   * {@link BodyRanges}. Default false (the drop-in shape). */
  ranges?: boolean;
}

/** The "//ranges" property of a body object, with `ranges: true`. */
export interface BodyRanges {
  /** The block, from its type to its closing brace; at the top, the whole file. */
  range: SourceRange;
  /** The block's type and labels (absent at the top). */
  definition?: SourceRange;
  /** The ranges of each attribute of the body, by name. */
  attributes: { [name: string]: AttributeRanges };
}

/** Where an attribute is: `range` from its name to the end of its value. */
export interface AttributeRanges {
  range: SourceRange;
  name: SourceRange;
  value: SourceRange;
}

/** Parses native-syntax HCL into the JSON `@cdktf/hcl2json` gives (synchronously). */
export function parse(filename: string, text: string, options?: ParseOptions): Record<string, any>;

/** A traversal an expression refers to. */
export interface Reference {
  /** As `@cdktf/hcl2json` writes it: `aws_instance.web.0.id`. */
  value: string;
  /** Offsets into the expression, in UTF-16 code units. */
  startPosition: number;
  endPosition: number;
  range: Range;
}

/** The traversals an expression (or a template) refers to, in source order. */
export function getReferencesInExpression(filename: string, expression: string): Reference[];

export interface FormatOptions {
  /** "hclfmt" (the default) or "terraform" (`terraform fmt`'s normalisations too). */
  style?: "hclfmt" | "terraform";
  filename?: string;
  /** Refuse source with syntax errors (default true; "terraform" always refuses). */
  check?: boolean;
}

/** Formats native-syntax HCL. */
export function format(text: string, options?: FormatOptions): string;

/** Every diagnostic of parsing `text` (the JSON syntax when `filename` ends in `.json`). */
export function check(text: string, options?: { filename?: string }): Diagnostic[];

/** A value in JavaScript: numbers a double cannot hold exactly are `bigint` (integers) or
 * decimal strings, unless `bigNumbers` says otherwise. */
export type Value = null | boolean | number | bigint | string | Value[] | { [name: string]: Value };

export interface EvaluateOptions {
  variables?: Record<string, unknown>;
  /** The function library: "stdlib" (the default for evaluate), "terraform" or "none". */
  functions?: "none" | "stdlib" | "terraform";
  /** Numbers a double cannot hold: "bigint" (default; non-integers as decimal strings),
   * "string" (decimal strings), or "number" (rounded, on request). */
  bigNumbers?: "bigint" | "string" | "number";
  /** Bound on the work of evaluation (default 2,000,000; null: none). */
  evalLimit?: number | null;
  filename?: string;
}

/** The value of one native-syntax expression. */
export function evaluate(expression: string, options?: EvaluateOptions): Value;

export interface DecodeOptions extends EvaluateOptions {
  /** Default "none", as hcldec. */
  functions?: "none" | "stdlib" | "terraform";
  specFilename?: string;
  /** "auto" (the default: JSON syntax when the file name ends in .json), "native" or "json". */
  syntax?: "auto" | "native" | "json";
  /** Keep object attributes whose value is null (hcldec drops them). */
  keepNulls?: boolean;
}

/** Decodes a configuration with an hcldec spec file: the value `hcldec` prints. */
export function decode(text: string, spec: string, options?: DecodeOptions): Value;

export interface ToJSONOptions {
  filename?: string;
  /** Default "nested". */
  blocks?: BlockShape;
  /** Keep comments as "//" properties (default true). */
  comments?: boolean;
  simplify?: boolean;
  /** "//ranges" properties, as in {@link ParseOptions} (default false). */
  ranges?: boolean;
  pretty?: boolean;
}

/** Native syntax to the HCL JSON syntax, as text. */
export function toJSON(text: string, options?: ToJSONOptions): string;

/** The HCL JSON syntax to native syntax; with an hcldec `spec`, its blocks become blocks. */
export function toNative(text: string, options?: { filename?: string; spec?: string; specFilename?: string }): string;

export const convert: { toJSON: typeof toJSON; toNative: typeof toNative };

/** A position in `inspect`'s results: the file, the line (from 1), the column (from 1, in
 * characters: the unit of `hclkit inspect --json`), and the end (exclusive). */
export interface ModulePos {
  filename: string;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
}

export interface ProviderRef {
  name: string;
  alias?: string;
}

export interface ModuleVariable {
  name: string;
  /** The type expression as written (`list(string)`). */
  type?: string;
  description?: string;
  /** The default's value (numbers as doubles, as terraform-config-inspect); null when
   * there is none or it cannot be evaluated without context. */
  default: any;
  required: boolean;
  sensitive?: boolean;
  pos: ModulePos;
  nullable?: boolean;
  ephemeral?: boolean;
  validations?: { condition: string; error_message: string; pos: ModulePos }[];
}

export interface ModuleOutput {
  name: string;
  description?: string;
  sensitive?: boolean;
  pos: ModulePos;
  /** The value expression's source text. */
  value?: string;
}

export interface ModuleResource {
  mode: "managed" | "data";
  type: string;
  name: string;
  provider: ProviderRef;
  pos: ModulePos;
}

export interface ModuleCall {
  name: string;
  source: string;
  version?: string;
  pos: ModulePos;
  /** The names of the arguments given to the module. */
  arguments: string[];
}

/** What a Terraform module declares: terraform-config-inspect's `--json` document (its
 * fields, in its order), with hclkit's additions (`locals`, `other_blocks`, columns and ends
 * of positions, `nullable`, `ephemeral`, `validations`, module call `arguments`). */
export interface ModuleInfo {
  path: string;
  variables: Record<string, ModuleVariable>;
  outputs: Record<string, ModuleOutput>;
  required_core?: string[];
  required_providers: Record<string, { source?: string; version_constraints?: string[]; aliases?: ProviderRef[] }>;
  provider_configs?: Record<string, { name: string; alias?: string; pos: ModulePos }>;
  managed_resources: Record<string, ModuleResource>;
  data_resources: Record<string, ModuleResource>;
  module_calls: Record<string, ModuleCall>;
  /** Problems in the files (syntax errors, unexpected values), as terraform-config-inspect
   * reports them. */
  diagnostics?: { severity: "error" | "warning"; summary: string; detail?: string; pos?: ModulePos }[];
  locals?: Record<string, { name: string; expression: string; pos: ModulePos }>;
  /** `moved`, `import`, `check` and `removed` blocks. */
  other_blocks?: { kind: string; labels: string[]; arguments: Record<string, string>; pos: ModulePos }[];
}

/** A module's dependency graph (`inspect.graph`). */
export interface ModuleGraph {
  /** Every symbol (`var.x`, `local.y`, `aws_instance.web`, `data.x.y`, `module.m`,
   * `output.o`), in definition order. */
  symbols: {
    address: string;
    block_type: string;
    pos: { filename: string; line: number; column: number };
    /** The addresses it refers to. */
    depends_on: string[];
    cyclic: boolean;
  }[];
  /** The addresses in evaluation order: each after what it refers to. */
  order: string[];
  /** The addresses nothing refers to (outputs excepted). */
  unused: string[];
  /** Problems: syntax errors, references to undeclared symbols, cycles. */
  diagnostics: Diagnostic[];
}

export interface InspectOptions {
  /** The name of the one file when `files` is a string (default "main.tf"; a name ending in
   * .json is the JSON syntax). */
  filename?: string;
  /** The module's path, reported as `path` (default "."). */
  path?: string;
}

/** A module's files: one file's text, or a directory's files by name (an object or a `Map`;
 * only `*.tf` and `*.tf.json` are read, in Terraform's order, override files last). */
export type ModuleFiles = string | Record<string, string> | Map<string, string>;

/** What a Terraform module declares, as terraform-config-inspect's `--json` gives it, with
 * hclkit's additions. Problems in the files are in `diagnostics`, not thrown. */
export function inspect(files: ModuleFiles, options?: InspectOptions): ModuleInfo;
export namespace inspect {
  /** The module as terraform-config-inspect's Markdown. */
  function markdown(files: ModuleFiles, options?: InspectOptions): string;
  /** The module's dependency graph. */
  function graph(files: ModuleFiles, options?: InspectOptions): ModuleGraph;
}

/** Loads the WebAssembly module ahead of the first call; browsers must await it. `input`:
 * where the module is (a URL, a `Response` or a promise of one, its bytes, or a compiled
 * `WebAssembly.Module`); by default `hclkit_bg.wasm` beside the script. */
export function init(input?: unknown): Promise<void>;

/** The package's version. */
export const version: string;

declare const hclkit: {
  parse: typeof parse;
  getReferencesInExpression: typeof getReferencesInExpression;
  format: typeof format;
  check: typeof check;
  evaluate: typeof evaluate;
  decode: typeof decode;
  convert: typeof convert;
  toJSON: typeof toJSON;
  toNative: typeof toNative;
  inspect: typeof inspect;
  init: typeof init;
  version: string;
  HCLError: typeof HCLError;
  Document: typeof Document;
  Expression: typeof Expression;
};
export default hclkit;

/** An HCL expression as source text, checked when it is made (throws an HCLError if it does
 * not parse): `doc.set("ami", new Expression("var.ami"))` writes `var.ami`, where the string
 * `"var.ami"` would be written quoted. */
export class Expression {
  constructor(text: string);
  /** The expression's source text (trimmed). */
  readonly text: string;
  toString(): string;
}

/** A native-syntax file open for editing, with the library's addresses (`resource.aws_instance.web.ami`,
 * object keys and list indexes too, and the parts of structured expressions after a `#`:
 * `locals.x#condition`, `tags#part[1]`; docs/edit.md), as in Rust and Python. An address that
 * does not parse throws an HCLError saying where and what was expected. */
export class Document {
  /** Reads `text`; throws an HCLError on syntax errors. A `filename` ending in `.json` reads
   * the JSON syntax (`.tf.json`, `.hcl.json`), with the same addresses. */
  constructor(text: string, options?: { filename?: string });
  /** The source text of the attribute (or key, or element, or part) at `address`. */
  get(address: string): string | undefined;
  /** Sets it to a JavaScript value written as HCL, an `Expression` as it is (or, with
   * `expression: true`, a string of HCL source text); whether it existed. */
  set(address: string, value: unknown, options?: { expression?: boolean }): boolean;
  /** Inserts a value into the list or call arguments at `address`, which ends with the index
   * the value takes (`ports[0]` inserts first; one past the end appends); the value as for
   * `set`. An address that ends with a key (`tags["Team"]`) or an attribute's name adds it
   * (an HCLError if it is there): at the end, or before or after the key (attribute) of that
   * name, or at that index among the object's items (one of `before`, `after`, `index`). */
  insert(
    address: string,
    value: unknown,
    options?: { expression?: boolean; before?: string; after?: string; index?: number },
  ): void;
  /** Renames the attribute (or object key) at `address` to `to`; its value and comments stay. */
  rename(address: string, to: string): void;
  /** The comment at the end of the line of the item at `address` (with its `#` or `//`). */
  trailingComment(address: string): string | undefined;
  /** Sets the comment at the end of the line of the item at `address` to `# comment`
   * (`null` clears it). */
  setTrailingComment(address: string, comment: string | null): void;
  /** Removes it; whether there was one. */
  remove(address: string): boolean;
  /** The comment lines the attribute owns (directly above it), as written. */
  comments(address: string): string | undefined;
  /** The whole text: byte for byte the input where nothing was edited. */
  toString(): string;
  /** The whole file as the formatter lays it out. */
  format(): string;
  /** The edits that turn the original text into the current one. */
  edits(): { range: Range; text: string }[];
  /** Frees its memory now (else the garbage collector does). */
  free(): void;
}
