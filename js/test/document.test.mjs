// Document: lossless editing with the library's addresses (crates/hclkit/src/edit), the same
// behaviour as Rust's and Python's.
import { test } from "node:test";
import assert from "node:assert/strict";
import hclkit, { Document, Expression, HCLError } from "hclkit";

const src = `# The web server.
resource "aws_instance" "web" {
  # The image.
  ami  = "ami-1"   # pinned
  tags = { Name = "web", Env = "prod" }
  list = [1, 2, 3]
}
`;

test("an unedited document is its input, byte for byte", () => {
  const d = new Document(src, { filename: "main.tf" });
  assert.equal(d.toString(), src);
  assert.equal(`${d}`, src);
  assert.deepEqual(d.edits(), []);
});

test("get, set, remove and comments by address", () => {
  const d = new Document(src);
  assert.equal(d.get("resource.aws_instance.web.ami"), '"ami-1"');
  assert.equal(d.get('resource.aws_instance.web.tags["Name"]'), '"web"');
  assert.equal(d.get("resource.aws_instance.web.nope"), undefined);
  assert.equal(d.comments("resource.aws_instance.web.ami"), "  # The image.\n");
  assert.equal(d.set("resource.aws_instance.web.ami", "ami-2"), true);
  assert.equal(d.set("resource.aws_instance.web.count", 2n), false);
  assert.equal(d.set('resource.aws_instance.web.tags["Env"]', "var.env", { expression: true }), true);
  assert.equal(d.remove("resource.aws_instance.web.list"), true);
  assert.equal(d.remove("resource.aws_instance.web.list"), false);
  const out = d.toString();
  assert.equal(
    out,
    '# The web server.\nresource "aws_instance" "web" {\n  # The image.\n  ami   = "ami-2" # pinned\n  tags  = { Name = "web", Env = var.env }\n  count = 2\n}\n',
  );
  // One edit per changed region (the source is ASCII: byte offsets are string indexes).
  const edits = d.edits();
  assert.ok(edits.length > 1);
  assert.equal(edits[0].range.start.line, 4);
  assert.equal(edits[0].range.filename, "input.hcl");
  let applied = src;
  for (const e of [...edits].reverse()) {
    applied = applied.slice(0, e.range.start.byte) + e.text + applied.slice(e.range.end.byte);
  }
  assert.equal(applied, out);
  assert.equal(new Document(d.format()).toString(), d.format());
  d.free();
  assert.throws(() => d.get("x"), HCLError);
});

test("edits count columns in UTF-16 code units", () => {
  const text = 'a = 1\nb = ["\u{1F600}", 3]\n';
  const d = new Document(text);
  d.set("a", 7);
  d.set("b[1]", 9);
  const edits = d.edits();
  assert.deepEqual(
    edits.map((e) => [e.range.start.line, e.range.start.column, e.text]),
    [[1, 5, "7"], [2, 12, "9"]],
  );
  // The column (from 1) is the JavaScript string index on its line, plus one.
  const line = text.split("\n")[1];
  assert.equal(line[edits[1].range.start.column - 1], "3");
});

test("an Expression is written as it is, a string as a string", () => {
  const e = new Expression(" var.ami \n");
  assert.equal(e.text, "var.ami");
  assert.equal(String(e), "var.ami");
  assert.ok(Object.isFrozen(e));
  assert.throws(() => new Expression("1 +"), HCLError);
  assert.equal(hclkit.Expression, Expression);
  const d = new Document('ami = "x"\nports = [80]\n');
  assert.equal(d.set("ami", new Expression("var.ami")), true);
  d.insert("ports[1]", new Expression("var.port"));
  d.set("name", "var.name");
  assert.equal(d.toString(), 'ami   = var.ami\nports = [80, var.port]\nname  = "var.name"\n');
  const j = new Document('{"ami": "x"}', { filename: "main.tf.json" });
  j.set("ami", new Expression("var.ami"));
  assert.equal(j.toString(), '{"ami": "${var.ami}"}');
});

test("insert into a list or a call's arguments at a position", () => {
  const d = new Document("a = [1, 3]\nt = merge(local.tags, var.tags)\n");
  assert.equal(d.insert("a[1]", 2), undefined);
  d.insert("a[0]", "zero");
  d.insert("t[1]", "{ Name = var.name }", { expression: true });
  assert.equal(d.toString(), 'a = ["zero", 1, 2, 3]\nt = merge(local.tags, { Name = var.name }, var.tags)\n');
  assert.throws(() => d.insert("a[9]", 1), HCLError);
  assert.throws(() => d.insert("t", 1), HCLError);
});

test("a file named .json is edited in the JSON syntax, with the same addresses", () => {
  const text = '{\n  "variable": {\n    "region": {\n      "default": "eu"\n    }\n  }\n}\n';
  const d = new Document(text, { filename: "main.tf.json" });
  assert.equal(d.toString(), text);
  assert.equal(d.get("variable.region.default"), '"eu"');
  assert.equal(d.set("variable.region.default", "us"), true);
  assert.equal(d.set("variable.region.type", "var.t", { expression: true }), false);
  assert.equal(
    d.toString(),
    '{\n  "variable": {\n    "region": {\n      "default": "us",\n      "type": "${var.t}"\n    }\n  }\n}\n',
  );
  assert.equal(d.comments("variable"), undefined);
  assert.equal(d.edits().length, 1);
  assert.throws(() => new Document('{"a": }', { filename: "x.tf.json" }), HCLError);
});

test("rename an attribute or an object key", () => {
  const d = new Document('locals {\n  workload = {\n    vpc0 = {}\n  }\n}\n');
  assert.equal(d.rename('locals.workload["vpc0"]', "vpc1"), undefined);
  d.rename("locals.workload", "workloads");
  assert.equal(d.toString(), 'locals {\n  workloads = {\n    vpc1 = {}\n  }\n}\n');
  assert.throws(() => d.rename("locals.nope", "x"), HCLError);
  assert.throws(() => d.rename("locals.workloads", 1), HCLError);
});

test("trailing comments of attributes and object items", () => {
  const d = new Document('a = 1 # old\ntags = {\n  Name = "web"\n}\n');
  assert.equal(d.trailingComment("a"), "# old");
  d.setTrailingComment("a", null);
  d.setTrailingComment('tags["Name"]', "shown");
  assert.equal(d.toString(), 'a = 1\ntags = {\n  Name = "web" # shown\n}\n');
  assert.equal(d.trailingComment("a"), undefined);
  assert.throws(() => d.setTrailingComment("nope", "x"), HCLError);
});

test("errors are HCLError", () => {
  assert.throws(() => new Document("a = \n"), (e) => e instanceof HCLError && /^parse config: \[/.test(e.message));
  const d = new Document("a = 1\n");
  assert.throws(() => d.set("a", "1 +", { expression: true }), HCLError);
  assert.throws(() => d.set("a..b", 1), HCLError);
  assert.throws(() => d.set("a", () => 1), HCLError);
  assert.throws(() => new Document(1), HCLError);
});

test("a document does not outlive a trap of its instance", () => {
  const d = new Document("a = 1\n");
  assert.throws(() => hclkit[Symbol.for("hclkit.trapForTests")](), HCLError);
  assert.throws(() => d.get("a"), /the document was lost/);
  assert.equal(new Document("a = 1\n").get("a"), "1");
});

test("addresses reach the parts of structured expressions", () => {
  const d = new Document('x = var.on ? "a-${var.b}-c" : upper(var.d)\n');
  assert.equal(d.get("x#condition"), "var.on");
  assert.equal(d.get("x#true#part[1]"), "var.b");
  assert.equal(d.get("x#false[0]#traversal[0]"), "d");
  d.set("x#false[0]", "var.e", { expression: true });
  d.set("x#condition#root", "local", { expression: true });
  assert.equal(d.toString(), 'x = local.on ? "a-${var.b}-c" : upper(var.e)\n');
  assert.equal(d.get("x#left"), undefined);
  assert.throws(
    () => d.get("x#truth"),
    (e) => e instanceof HCLError && /^Invalid address; x#truth is not an address: at column 3: expected a part name/.test(e.message)
      && e.diagnostics[0].range.start.column === 3,
  );
  assert.throws(() => d.set('x["a"', 1), HCLError);
});

test("a template's literal text is set by address, escaped", () => {
  const d = new Document('greeting = "Hello, ${var.name}!"\n');
  assert.equal(d.get("greeting#part[0]"), '"Hello, "');
  d.set("greeting#part[0]", 'Say "${hi}", ');
  d.set("greeting#part[2]", "\n");
  assert.equal(d.toString(), 'greeting = "Say \\"$${hi}\\", ${var.name}\\n"\n');
  assert.throws(() => d.set("greeting#part[0]", 5), HCLError);
});

test("insert adds an object key before, after or at an index", () => {
  const d = new Document('tags = {\n  # the name\n  Name = "web"\n}\n');
  d.insert('tags["Team"]', "core", { before: "Name" });
  d.insert('tags["Env"]', "var.env", { expression: true, after: "Name" });
  d.insert('tags["A"]', 1, { index: 0 });
  d.insert('tags["Z"]', 26);
  assert.equal(
    d.toString(),
    'tags = {\n  A    = 1\n  Team = "core"\n  # the name\n  Name = "web"\n  Env  = var.env\n  Z    = 26\n}\n',
  );
  assert.throws(() => d.insert('tags["Name"]', "x", { before: "A" }), HCLError);
  assert.throws(() => d.insert('tags["B"]', "x", { before: "A", after: "A" }), HCLError);
  assert.throws(() => d.insert('tags["B"]', "x", { index: -1 }), HCLError);
});
