// The CommonJS entry point (`require("hclkit")`): synchronous, the same functions as the ES
// module, and nothing loaded or left running by the require itself.
const { test } = require("node:test");
const assert = require("node:assert/strict");

test("require('hclkit') has every function and works synchronously", () => {
  const hclkit = require("hclkit");
  for (const name of ["parse", "getReferencesInExpression", "format", "check", "evaluate", "decode", "toJSON", "toNative", "init"]) {
    assert.equal(typeof hclkit[name], "function", name);
  }
  assert.equal(typeof hclkit.convert.toJSON, "function");
  assert.deepEqual(hclkit.parse("main.tf", 'a = 1\nb "c" {\n  d = var.e\n}\n'), { a: 1, b: { c: [{ d: "${var.e}" }] } });
  assert.equal(hclkit.format("a=1\n"), "a = 1\n");
  assert.equal(hclkit.evaluate("1 + x", { variables: { x: 2 } }), 3);
  assert.throws(() => hclkit.parse("main.tf", "a = "), hclkit.HCLError);
});

test("the CommonJS and ES module entry points are the same package version", async () => {
  const cjs = require("hclkit");
  const esm = await import("hclkit");
  assert.equal(cjs.version, esm.version);
  assert.deepEqual(cjs.parse("a.tf", "x = [1]\n"), esm.parse("a.tf", "x = [1]\n"));
});

test("requiring the package starts nothing: the process exits by itself", () => {
  const { execFileSync } = require("node:child_process");
  const out = execFileSync(process.execPath, ["-e", 'const h = require("hclkit"); console.log(JSON.stringify(h.parse("a.tf", "a = 1\\n")))'], {
    cwd: __dirname,
    timeout: 20000,
    encoding: "utf8",
  });
  assert.equal(out.trim(), '{"a":1}');
});
