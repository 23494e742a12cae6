// inspect, inspect.markdown and inspect.graph: a Terraform module's declarations, Markdown and
// dependency graph (the library's hclkit_terraform::inspect and hclkit::analysis), and the
// agreement with terraform-config-inspect on the modules whose outputs the Rust tests keep
// (crates/hclkit-terraform/tests/data/inspect: recorded from @evops/hcl-terraform-parser 1.0.0,
// terraform-config-inspect compiled to JavaScript; see oracle/inspect/README.md).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { inspect, HCLError } from "hclkit";

const main = `variable "region" {
  type        = string
  description = "Where to deploy."
  default     = "eu-west-1"
}

variable "ami" {
  nullable = false
}

resource "aws_instance" "web" {
  ami      = var.ami
  provider = aws.east
}

module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 5.0"
  cidr    = local.cidr
}

locals {
  cidr = "10.0.0.0/16"
}

output "id" {
  value = aws_instance.web.id
}
`;

test("inspect reads one file: variables, resources, module calls, locals, with positions", () => {
  const m = inspect(main);
  assert.equal(m.path, ".");
  assert.deepEqual(Object.keys(m.variables), ["ami", "region"]);
  const region = m.variables.region;
  assert.deepEqual(
    { type: region.type, description: region.description, default: region.default, required: region.required },
    { type: "string", description: "Where to deploy.", default: "eu-west-1", required: false },
  );
  assert.deepEqual(region.pos, { filename: "main.tf", line: 1, column: 1, end_line: 1, end_column: 18 });
  assert.equal(m.variables.ami.required, true);
  assert.equal(m.variables.ami.nullable, false);
  assert.deepEqual(m.managed_resources["aws_instance.web"].provider, { name: "aws", alias: "east" });
  assert.deepEqual(
    { source: m.module_calls.vpc.source, version: m.module_calls.vpc.version, arguments: m.module_calls.vpc.arguments },
    { source: "terraform-aws-modules/vpc/aws", version: "~> 5.0", arguments: ["cidr"] },
  );
  assert.equal(m.locals.cidr.expression, '"10.0.0.0/16"');
  assert.equal(m.outputs.id.pos.line, 26);
  assert.equal(m.diagnostics, undefined);
});

test("inspect takes a directory's files as an object or a Map: only *.tf and *.tf.json, in Terraform's order", () => {
  const files = {
    "z_override.tf": "locals {\n  c = 3\n}\n",
    "README.md": "# not HCL {",
    "b.tf": "locals {\n  b = 2\n}\n",
    ".#a.tf": "locals {\n  broken = \n",
    "a.tf.json": '{"locals": {"a": 1}}',
  };
  const g = inspect.graph(files);
  assert.deepEqual(g.symbols.map((s) => s.address), ["local.a", "local.b", "local.c"]);
  assert.deepEqual(g.diagnostics, []);
  assert.deepEqual(inspect.graph(new Map(Object.entries(files))).symbols, g.symbols);
  assert.deepEqual(g.symbols[0].pos, { filename: "a.tf.json", line: 1, column: 13 });
  const m = inspect(files, { path: "modules/x" });
  assert.equal(m.path, "modules/x");
  assert.deepEqual(Object.keys(m.locals).sort(), ["a", "b", "c"]);
});

test("problems in the files are diagnostics in the result, not thrown", () => {
  const m = inspect('variable "a" {\n  default = \n}\n', { filename: "vars.tf" });
  assert.ok(Array.isArray(m.diagnostics) && m.diagnostics.length > 0);
  assert.equal(m.diagnostics[0].severity, "error");
  assert.equal(m.diagnostics[0].pos.filename, "vars.tf");
});

test("inspect.graph: order, unused symbols, undeclared references and cycles with ranges", () => {
  const g = inspect.graph(`locals {
  a = local.b
  b = local.c
  c = 1
  d = local.e
  e = local.d
  f = local.nope
}
output "o" {
  value = local.a
}
`);
  const order = g.order;
  assert.ok(order.indexOf("local.c") < order.indexOf("local.b") && order.indexOf("local.b") < order.indexOf("local.a"));
  assert.deepEqual(g.symbols.find((s) => s.address === "local.a").depends_on, ["local.b"]);
  assert.deepEqual(g.symbols.filter((s) => s.cyclic).map((s) => s.address), ["local.d", "local.e"]);
  assert.deepEqual(g.unused, ["local.f"]);
  const summaries = g.diagnostics.map((d) => d.summary).sort();
  assert.equal(summaries.length, 2, JSON.stringify(summaries));
  const undeclared = g.diagnostics.find((d) => /undeclared/.test(d.summary));
  assert.deepEqual([undeclared.range.start.line, undeclared.range.start.column], [7, 7]);
  assert.match(undeclared.rendered, /local\.nope/);
});

test("inspect.markdown is terraform-config-inspect's Markdown", () => {
  const md = inspect.markdown(main);
  assert.match(md, /^\n# Module `\.`\n/);
  assert.match(md, /\* `region` \(default `"eu-west-1"`\): Where to deploy\./);
  assert.match(md, /\* `ami` \(required\)/);
});

test("invalid arguments are HCLErrors", () => {
  for (const bad of [undefined, 1, ["main.tf"], { "main.tf": 1 }]) {
    assert.throws(() => inspect(bad), HCLError);
  }
  assert.throws(() => inspect("", { path: 1 }), HCLError);
});

const shared = process.env.HCLKIT_SHARED || new URL("../../../shared", import.meta.url).pathname;
const corpus = join(shared, "corpus");
const data = new URL("../../crates/hclkit-terraform/tests/data/inspect/", import.meta.url).pathname;

test("inspect agrees with terraform-config-inspect on the recorded modules", { skip: !existsSync(join(corpus, "realworld")) && `no corpus at ${corpus}` }, () => {
  const files = new Map();
  for (const row of readFileSync(join(data, "concat.tsv"), "utf8").split("\n").filter(Boolean)) {
    const [dir, name, first] = row.split("\t");
    if (!files.has(dir)) files.set(dir, []);
    files.get(dir).push([name, Number(first)]);
  }
  const modules = readFileSync(join(data, "modules.txt"), "utf8").split("\n").filter(Boolean);
  assert.ok(modules.length >= 250, `${modules.length} modules`);
  const disagree = [];
  for (const dir of modules) {
    const parts = files.get(dir);
    // The files in reverse order, and one that is not the module's: inspect chooses and sorts.
    const given = Object.fromEntries([...parts].reverse().map(([n]) => [n, readFileSync(join(corpus, dir, n), "utf8")]));
    given["notes.txt"] = "not a module file {";
    const got = inspect(given, { path: dir });
    const want = JSON.parse(readFileSync(join(data, dir.replaceAll("/", "__") + ".want.json"), "utf8"));
    // The oracle's line is one of the concatenated files: back to (file, line).
    const place = (p) => {
      const f = parts.filter(([, first]) => first <= p.line).at(-1);
      return f ? [f[0], p.line - f[1] + 1] : ["", p.line];
    };
    const fields = {
      variables: ["name", "type", "description", "required"],
      outputs: ["name", "description", "sensitive"],
      managed_resources: ["mode", "type", "name", "provider"],
      data_resources: ["mode", "type", "name", "provider"],
      module_calls: ["name", "source", "version"],
    };
    for (const [section, keys] of Object.entries(fields)) {
      const w = want[section] || {};
      const g = got[section] || {};
      if (!isDeepStrictEqual(Object.keys(w).sort(), Object.keys(g).sort())) {
        disagree.push(`${dir}: ${section}: oracle ${Object.keys(w)}, ours ${Object.keys(g)}`);
        continue;
      }
      for (const [k, wv] of Object.entries(w)) {
        for (const f of keys) {
          if (!isDeepStrictEqual(wv[f], g[k][f])) disagree.push(`${dir}: ${section}.${k}.${f}: oracle ${JSON.stringify(wv[f])}, ours ${JSON.stringify(g[k][f])}`);
        }
        const ours = [g[k].pos.filename, g[k].pos.line];
        if (!isDeepStrictEqual(place(wv.pos), ours)) disagree.push(`${dir}: ${section}.${k}.pos: oracle ${place(wv.pos)}, ours ${ours}`);
      }
    }
  }
  assert.deepEqual(disagree, []);
});
