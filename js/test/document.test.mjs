// Document: lossless editing with the library's addresses (crates/hclkit/src/edit), the same
// behaviour as Rust's and Python's.
import { test } from "node:test";
import assert from "node:assert/strict";
import hclkit, { Document, HCLError } from "hclkit";

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
  const [edit] = d.edits();
  assert.equal(edit.range.start.line, 4);
  assert.equal(edit.range.filename, "input.hcl");
  assert.equal(src.slice(0, edit.range.start.byte) + edit.text + src.slice(edit.range.end.byte), out);
  assert.equal(new Document(d.format()).toString(), d.format());
  d.free();
  assert.throws(() => d.get("x"), HCLError);
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
