// Every function of the package, through its ES module entry point (`import ... from "hclkit"`,
// the package referring to itself by name, as a user's project would).
import { test } from "node:test";
import assert from "node:assert/strict";
import hclkitDefault, * as hclkit from "hclkit";

const { parse, getReferencesInExpression, format, check, evaluate, decode, convert, toJSON, toNative, init, version, HCLError } = hclkit;

function throwsHCL(f, pattern) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof HCLError, `expected an HCLError, got ${e && e.constructor && e.constructor.name}: ${e}`);
    assert.equal(e.name, "HCLError");
    assert.ok(Array.isArray(e.diagnostics) && e.diagnostics.length > 0);
    for (const d of e.diagnostics) {
      assert.ok(d.severity === "error" || d.severity === "warning");
      assert.equal(typeof d.summary, "string");
      assert.equal(typeof d.detail, "string");
      assert.equal(typeof d.rendered, "string");
    }
    if (pattern) assert.match(e.message, pattern);
    return true;
  });
}

test("the default export has every named export", () => {
  for (const name of ["parse", "getReferencesInExpression", "format", "check", "evaluate", "decode", "convert", "toJSON", "toNative", "inspect", "init", "version", "HCLError"]) {
    assert.equal(hclkitDefault[name], hclkit[name], name);
  }
});

test("version is the package's", async () => {
  const { readFileSync } = await import("node:fs");
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  assert.equal(version, pkg.version);
});

test("init resolves, and calls work synchronously without it", async () => {
  assert.deepEqual(parse("a.tf", "a = 1\n"), { a: 1 });
  await init();
  assert.deepEqual(parse("a.tf", "a = 2\n"), { a: 2 });
});

test("parse gives @cdktf/hcl2json's shape", () => {
  const src = `
variable "region" {
  default = "eu-west-1"
}
resource "aws_instance" "web" {
  ami   = var.ami
  count = 2
  tags  = { Name = "web-\${var.env}" }
  lifecycle {
    ignore_changes = [tags]
  }
}
resource "aws_instance" "web" {
  ami = "x"
}
locals {
  n = 1 + 2
  heredoc = <<EOT
hello
EOT
}
`;
  assert.deepEqual(parse("main.tf", src), {
    variable: { region: [{ default: "eu-west-1" }] },
    resource: {
      aws_instance: {
        web: [
          { ami: "${var.ami}", count: 2, tags: { Name: "web-${var.env}" }, lifecycle: [{ ignore_changes: ["${tags}"] }] },
          { ami: "x" },
        ],
      },
    },
    locals: [{ n: "${1 + 2}", heredoc: "hello\n" }],
  });
});

test("parse writes heredocs as @cdktf/hcl2json does; toJSON keeps them heredocs", () => {
  // Recorded from @cdktf/hcl2json 0.21.0: {"a":"hi ${var.x} $${lit}\n","b":"one ${var.y}\n  two\n"}.
  const src = "a = <<EOT\nhi ${ var.x } $${lit}\nEOT\nb = <<-EOT\n    one ${var.y}\n      two\n    EOT\n";
  assert.deepEqual(hclkit.parse("main.tf", src), { a: "hi ${var.x} $${lit}\n", b: "one ${var.y}\n  two\n" });
  const json = JSON.parse(hclkit.toJSON(src, { comments: false }));
  assert.equal(json.a, "${<<EOT\nhi ${ var.x } $${lit}\nEOT\n}");
  assert.equal(hclkit.toNative(JSON.stringify(json)).includes("<<EOT"), true);
});

test("parse options: nested blocks, comments, simplify", () => {
  const src = '# top\na = 1 + 2\nb "x" {\n  c = 1\n}\n';
  assert.deepEqual(parse("a.hcl", src, { blocks: "nested" }), { a: "${1 + 2}", b: { x: { c: 1 } } });
  assert.deepEqual(parse("a.hcl", src, { comments: true }), { "//": "top", a: "${1 + 2}", b: { x: [{ c: 1 }] } });
  assert.deepEqual(parse("a.hcl", src, { simplify: true }), { a: 3, b: { x: [{ c: 1 }] } });
  assert.deepEqual(parse("a.hcl", 'b "x" {\n}\nb "y" {\n}\nb "x" {\n}\n', { blocks: "ordered" }), { b: [{ x: {}, y: {} }, { x: {} }] });
  throwsHCL(() => parse("a.hcl", "a = 1", { blocks: "flat" }), /blocks must be one of/);
});

test("parse errors are HCLError with @cdktf/hcl2json's message and ranges", () => {
  throwsHCL(() => parse("x.tf", "a = "), /^parse config: \[x\.tf:1,5-5: Missing expression; Expected the start of an expression, but found the end of the file\.\]$/);
  try {
    parse("x.tf", "a = 1\nb = \"é\" + \n");
  } catch (e) {
    const d = e.diagnostics[0];
    assert.equal(d.severity, "error");
    assert.equal(d.range.filename, "x.tf");
    assert.equal(d.range.start.line, 2);
    assert.match(d.rendered, /^error: /);
  }
});

test("text reaches the module whole: ASCII, non-ASCII at every place, astral characters", () => {
  // The package replaces wasm-bindgen's string copy (scripts/build.mjs): ASCII in one
  // encodeInto, the rest after the first character that needs more than one byte.
  const values = ["", "plain", "é", "éa", "aé", "a".repeat(100) + "é" + "b".repeat(100), "😀", "x😀y", "日本語のテキスト", "é".repeat(5000)];
  for (const v of values) {
    const src = `a = ${JSON.stringify(v)}\n# ${v}\n`;
    assert.deepEqual(parse("main.tf", src), { a: v });
    assert.equal(format(src), src);
  }
  // A lone surrogate is not Unicode: it reaches the module as U+FFFD, as TextEncoder makes it.
  assert.deepEqual(parse("main.tf", 'a = "x\ud800y"\n'), { a: "x\ufffdy" });
});

test("parse rejects what is not a string, with HCLError", () => {
  throwsHCL(() => parse("a.tf", 42), /text must be a string/);
  throwsHCL(() => parse(undefined, "a = 1"), /filename must be a string/);
  throwsHCL(() => parse("a.tf", "a = 1", "nested"), /options must be an object/);
});

test("getReferencesInExpression gives @cdktf/hcl2json's references, with ranges", () => {
  const refs = getReferencesInExpression("main.tf", '${var.foo}-${aws_instance.web[0].id} ${local.a.b["c"]} ${each.value}');
  assert.deepEqual(
    refs.map((r) => [r.value, r.startPosition, r.endPosition]),
    [
      ["var.foo", 2, 9],
      ["aws_instance.web.0.id", 13, 35],
      ['local.a.b."c"', 39, 53],
      ["each.value", 57, 67],
    ],
  );
  assert.deepEqual(refs[1].range, { filename: "main.tf", start: { line: 1, column: 14, byte: 13 }, end: { line: 1, column: 36, byte: 35 } });
  // for-expression variables are not references; positions are UTF-16 offsets.
  const e = "${[for x in var.l : x.a]} é ${var.b}";
  const r2 = getReferencesInExpression("main.tf", e);
  assert.deepEqual(r2.map((r) => r.value), ["var.l", "var.b"]);
  assert.equal(e.slice(r2[1].startPosition, r2[1].endPosition), "var.b");
  assert.equal(r2[1].range.start.byte, 31);
  assert.deepEqual(getReferencesInExpression("main.tf", '"${var.foo}"').map((r) => [r.value, r.startPosition]), [["var.foo", 3]]);
  assert.deepEqual(getReferencesInExpression("main.tf", "[var.a, 1]").map((r) => r.value), ["var.a"]);
  throwsHCL(() => getReferencesInExpression("main.tf", "${var.a"));
});

test("format: hclfmt's layout and terraform fmt's", () => {
  assert.equal(format("a=1\nbbb = 2\n"), "a   = 1\nbbb = 2\n");
  assert.equal(format('variable v {\n  type = "list"\n  default = "${local.x}"\n}\n', { style: "terraform" }), 'variable "v" {\n  type    = list(string)\n  default = local.x\n}\n');
  throwsHCL(() => format("a = \n"), /format: \[/);
  assert.equal(format("a = \n", { check: false }), "a =\n");
  throwsHCL(() => format("a = 1", { style: "gofmt" }), /style must be one of/);
});

test("check: diagnostics with ranges and the rustc-style rendering", () => {
  assert.deepEqual(check("a = 1\n"), []);
  const [d] = check('a = "😀" +\n', { filename: "f.hcl" });
  assert.equal(d.severity, "error");
  assert.equal(d.summary, "Invalid expression");
  assert.equal(d.range.filename, "f.hcl");
  assert.equal(d.range.start.line, 1);
  assert.equal(d.range.start.byte, 12); // the emoji is 4 bytes
  assert.equal(d.range.start.column, 11); // and 2 UTF-16 units
  assert.match(d.rendered, /^error: Invalid expression\n --> f\.hcl:1:/);
  // The JSON syntax by the file name.
  assert.equal(check('{"a": 1}', { filename: "x.hcl.json" }).length, 0);
  assert.ok(check('{"a": }', { filename: "x.hcl.json" }).length > 0);
  // Warnings too.
  assert.ok(check("a = 1\na = 2\n").length >= 0);
});

test("evaluate: variables, functions, numbers exactly", () => {
  assert.equal(evaluate("upper(x)", { variables: { x: "a" } }), "A");
  assert.deepEqual(evaluate("{ a = [1, true, null], b = x }", { variables: { x: { y: [1.5] } } }), { a: [1, true, null], b: { y: [1.5] } });
  assert.equal(evaluate("12345678901234567890 + 1"), 12345678901234567891n);
  assert.equal(evaluate("12345678901234567890 + 1", { bigNumbers: "string" }), "12345678901234567891");
  assert.equal(evaluate("12345678901234567890 + 1", { bigNumbers: "number" }), 12345678901234567891);
  // 1/3 is not a double: a decimal string (512 bits of precision), or the double on request.
  assert.match(evaluate("1/3"), /^0\.3{100}/);
  assert.equal(evaluate("1/3", { bigNumbers: "number" }), 1 / 3);
  assert.equal(evaluate("0.5 + 0.25"), 0.75);
  assert.equal(evaluate("x + 1", { variables: { x: 2n ** 70n } }), 2n ** 70n + 1n);
  assert.equal(evaluate("x", { variables: { x: 2 ** 53 } }), 2n ** 53n);
  assert.equal(evaluate("x", { variables: { x: 2 ** 53 - 1 } }), 2 ** 53 - 1);
  // Numbers are equal to a double as the library compares them (0.1 + 0.2 is 0.3 in HCL).
  assert.equal(evaluate("0.1 + 0.2"), 0.3);
  assert.equal(evaluate("x", { variables: { x: Infinity } }), Infinity);
  assert.equal(evaluate("-x", { variables: { x: Infinity } }), -Infinity);
  assert.equal(evaluate("s", { variables: { s: "n123" } }), "n123");
  assert.deepEqual(evaluate("toset([\"b\", \"a\"])"), ["a", "b"]);
  assert.equal(evaluate("cidrhost(\"10.0.0.0/8\", 2)", { functions: "terraform" }), "10.0.0.2");
  assert.match(evaluate("timestamp()", { functions: "terraform" }), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.match(evaluate("uuid()", { functions: "terraform" }), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  throwsHCL(() => evaluate("upper(1, 2)"), /evaluate: \[/);
  throwsHCL(() => evaluate("upper(x)", { functions: "none", variables: { x: "a" } }), /Function calls not allowed/);
  throwsHCL(() => evaluate("nope"), /Unknown variable/);
  throwsHCL(() => evaluate("x", { variables: { x: NaN } }), /NaN/);
  throwsHCL(() => evaluate("x", { variables: [] }), /variables must be an object/);
  throwsHCL(() => evaluate("x", { variables: { x: () => 1 } }), /function is not an HCL value/);
  throwsHCL(() => evaluate("[for i in range(1000) : [for j in range(1000) : j]]", { evalLimit: 1000 }), /too large/i);
});

test("decode: an hcldec spec", () => {
  const spec = 'object {\n  attr "port" {\n    type = number\n  }\n  attr "name" {\n    type = string\n  }\n}\n';
  assert.deepEqual(decode("port = 80\nname = \"web\"\n", spec), { port: 80, name: "web" });
  assert.deepEqual(decode("port = 80\n", spec), { port: 80 });
  assert.deepEqual(decode("port = 80\n", spec, { keepNulls: true }), { port: 80, name: null });
  assert.deepEqual(decode('{"port": 81}', spec, { filename: "x.json" }), { port: 81 });
  assert.deepEqual(decode("port = p\n", spec, { variables: { p: 8080 } }), { port: 8080 });
  assert.deepEqual(decode('name = upper("x")\n', spec, { functions: "stdlib" }), { name: "X" });
  throwsHCL(() => decode("port = \"x\"\n", spec), /decode: \[/);
  throwsHCL(() => decode("port = 1\n", "object {"), /decode: \[/);
});

test("convert both ways", () => {
  assert.equal(toJSON('# c\na = 1\nb "x" {\n  c = var.d\n}\n'), '{"//":"c","a":1,"b":{"x":{"c":"${var.d}"}}}');
  assert.equal(convert.toJSON("a = 1\n", { pretty: true }), '{\n  "a": 1\n}');
  assert.equal(toJSON("a = 1 # x\n", { comments: false }), '{"a":1}');
  assert.equal(toNative('{"a": 1, "b": "${var.c}"}'), "a = 1\nb = var.c\n");
  const spec = 'object {\n  block "b" {\n    attr {\n      name = "c"\n      type = number\n    }\n  }\n}\n';
  assert.equal(convert.toNative('{"b": {"c": 1}}', { spec }), "b {\n  c = 1\n}\n");
  throwsHCL(() => toNative("{"), /convert: \[/);
  throwsHCL(() => toJSON("a = "), /parse config: \[/);
});

test("a trap leaves the package usable: the next call gets a fresh instance", async () => {
  // No input traps (the library's limits hold: see damaged.test.mjs), so the module has a
  // hook that stops the instance as any trap would.
  const trap = hclkitDefault[Symbol.for("hclkit.trapForTests")];
  throwsHCL(() => trap(), /internal error: unreachable/);
  throwsHCL(() => trap(), /internal error/);
  assert.deepEqual(parse("a.tf", "a = 1\n"), { a: 1 });
  // The same in the instance of the small module, which parse uses while the full one is
  // not live (a trap just dropped it).
  throwsHCL(() => trap(true), /internal error: unreachable/);
  assert.deepEqual(parse("a.tf", "a = 1\n"), { a: 1 });
  assert.equal(format("a=1\n"), "a = 1\n");
});
