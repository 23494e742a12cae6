// Compiled (not run) by `npm run typecheck` (tsc, noEmit): a consumer of the package's types,
// through its own name as a user's project imports it.
import hclkit, { parse, getReferencesInExpression, format, check, evaluate, decode, convert, toJSON, toNative, inspect, init, version, HCLError, Document, Expression } from "hclkit";
import type { Diagnostic, Reference, Value, Range, ModuleInfo, ModuleGraph, BodyRanges, SourceRange } from "hclkit";

await init();
const doc: Record<string, any> = parse("main.tf", 'a = 1\n', { blocks: "nested", comments: true });
const ranges = parse("main.tf", 'a = 1\n', { ranges: true })["//ranges"] as BodyRanges;
const valueRange: SourceRange = ranges.attributes.a.value;
const definition: SourceRange | undefined = ranges.definition;
const refs: Reference[] = getReferencesInExpression("main.tf", "${var.a}");
const start: number = refs[0].startPosition;
const range: Range = refs[0].range;
const text: string = format("a=1\n", { style: "terraform" });
const diags: Diagnostic[] = check("a = \n", { filename: "x.hcl" });
const severity: "error" | "warning" = diags[0].severity;
const v: Value = evaluate("x + 1", { variables: { x: 1n }, functions: "terraform", bigNumbers: "string", evalLimit: null });
const d: Value = decode("a = 1\n", 'object {\n}\n', { keepNulls: true, syntax: "native" });
const j: string = convert.toJSON("a = 1\n", { pretty: true }) + toJSON("a = 1\n") + toNative('{"a": 1}', { spec: "" });
const s: string = version + hclkit.version;
try {
  parse("main.tf", "a = ");
} catch (e) {
  if (e instanceof HCLError) {
    const first: Diagnostic | undefined = e.diagnostics[0];
    void [first?.rendered, e.message];
  }
}
const doc2 = new Document("a = 1\n", { filename: "a.tf" });
const existed: boolean = doc2.set("a", 2) && doc2.remove("b");
const inserted: void = doc2.insert("a[0]", "var.x", { expression: true });
const renamed: void = doc2.rename("a", "b");
const expr: Expression = new hclkit.Expression("var.x");
const exprText: string = expr.text + String(new Expression("1"));
const setExpr: boolean = doc2.set("c", expr);
const trailing: string | undefined = doc2.trailingComment("b");
doc2.setTrailingComment("b", null);
const edits: { range: Range; text: string }[] = doc2.edits();
const got: string | undefined = doc2.get("a");
const m: ModuleInfo = inspect({ "main.tf": 'variable "a" {}\n' }, { path: "mod" });
const required: boolean = m.variables["a"].required && inspect(new Map([["a.tf", ""]])).path === ".";
const g: ModuleGraph = hclkit.inspect.graph('locals {\n  a = 1\n}\n', { filename: "main.tf" });
const md: string = inspect.markdown("");
const firstUnused: string | undefined = g.unused[0] ?? g.symbols[0]?.depends_on[0];
export const used = [inserted, renamed, exprText, setExpr, trailing, valueRange.start.column, definition, m, required, md, firstUnused, existed, edits, got, doc2.toString(), doc, start, range.start.line, text, severity, v, d, j, s];
