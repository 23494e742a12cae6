// Damaged and hostile inputs through every function: each call returns or throws an HCLError,
// nothing else, and the package answers normally afterwards (a deterministic pseudo-random
// walk over truncations, insertions and replacements of a real configuration, then deep
// nesting, lone surrogates, NUL and very long lines).
import { test } from "node:test";
import assert from "node:assert/strict";
import { parse, check, format, evaluate, decode, toJSON, toNative, getReferencesInExpression, HCLError } from "hclkit";

const base = `terraform {
  required_version = ">= 1.0"
}
variable "tags" {
  type    = map(string)
  default = { Name = "web", "x-y" = "z" }
}
resource "aws_instance" "web" {
  count = length(var.azs) > 0 ? 2 : 0
  ami   = data.aws_ami.ubuntu.id
  tags  = merge(var.tags, { Index = count.index })
  user_data = <<-EOT
    #!/bin/sh
    echo "\${var.message}" %{ if var.debug }-x%{ endif }
  EOT
  dynamic "ebs_block_device" {
    for_each = [for d in var.disks : d if d.size > 1e3]
    content { size = ebs_block_device.value.size }
  }
}
locals { a = [1, 2.5, -3e-7, "s\\u00e9", null, true] /* c */ }
# end
`;

const pieces = ["{", "}", "[", "]", "(", ")", '"', "${", "%{", "<<EOT\n", "\n", "=", ".", "*", "?", ":", "\\", "#", "/*", "0x", "1e999", "\u0000", "\ud800", "é", "😀", "\r", "\t", "~", "=>", "..."];

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

function mutate(text, r) {
  let t = text;
  const n = 1 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) {
    const at = Math.floor(r() * (t.length + 1));
    const piece = pieces[Math.floor(r() * pieces.length)];
    switch (Math.floor(r() * 3)) {
      case 0:
        t = t.slice(0, at);
        break;
      case 1:
        t = t.slice(0, at) + piece + t.slice(at);
        break;
      default:
        t = t.slice(0, at) + piece + t.slice(at + 1 + Math.floor(r() * 8));
    }
  }
  return t;
}

const spec = 'object {\n  attr "count" {\n    type = any\n  }\n  block_list "resource" {\n    block_type = "resource"\n    attr "ami" {\n      type = any\n    }\n  }\n}\n';

function each(text) {
  return [
    () => parse("main.tf", text),
    () => parse("main.tf", text, { blocks: "nested", comments: true, simplify: true }),
    () => check(text, { filename: "main.tf" }),
    () => check(text, { filename: "main.tf.json" }),
    () => format(text, { check: false }),
    () => format(text, { style: "terraform" }),
    () => toJSON(text),
    () => toNative(text),
    () => getReferencesInExpression("main.tf", text),
    () => evaluate(text.slice(0, 200), { functions: "terraform", variables: { var: { a: 1 } } }),
    () => decode(text, spec, { functions: "stdlib" }),
    () => decode(text, text.slice(0, 300)),
  ];
}

function survives(f) {
  try {
    f();
  } catch (e) {
    if (!(e instanceof HCLError)) throw e;
    assert.ok(e.diagnostics.length > 0);
    assert.doesNotMatch(e.message, /^internal error/, "no input traps the module");
  }
}

test("damaged configurations: every function returns or throws an HCLError", () => {
  const r = rng(30);
  for (let i = 0; i < 300; i++) {
    for (const f of each(mutate(base, r))) survives(f);
  }
  assert.deepEqual(parse("a.tf", "a = 1\n"), { a: 1 });
});

test("hostile inputs: deep nesting, long lines, odd characters", () => {
  const deep = (open, close, n) => open.repeat(n) + close.repeat(n);
  const inputs = [
    "a = " + deep("[", "]", 100000),
    "a = " + deep("(", ")", 100000),
    "a = " + deep("{x = ", "}", 20000),
    deep("a {\n", "}\n", 20000),
    "a = " + "-".repeat(100000) + "1",
    "a = " + "!".repeat(100000) + "true",
    "a = " + "1 + ".repeat(100000) + "1",
    "a = " + 'x ? '.repeat(20000) + "1" + " : 2".repeat(20000),
    'a = "' + deep("${\"", "\"}", 20000) + '"',
    "a = " + deep("[for x in ", " : x]", 5000),
    deep('{"a":', "}", 100000),
    "a = <<EOT\n" + "x\n".repeat(100000),
    "a = \"" + "x".repeat(1000000),
    "a = \ud800\udfff\ud800 \u0000 \ufeff",
    "\ufeffa = 1\n",
    "a = 1e" + "9".repeat(1000),
    "a = " + "9".repeat(100000),
  ];
  for (const text of inputs) {
    for (const f of each(text)) survives(f);
  }
  assert.equal(format("a=1\n"), "a = 1\n");
});
