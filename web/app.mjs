// The page: the package's browser build (js/dist/hclkit.web.mjs, built by `npm run build` in
// js/), fed from the text areas. Everything the page shows comes from the package's functions.
import { init, parse, format, check, evaluate, decode, HCLError } from "../js/dist/hclkit.web.mjs";

const $ = (id) => document.getElementById(id);
const status = $("status");

const example = `# A small configuration: edit it, or open a file.
variable "region" {
  default = "eu-west-1"
}

resource "aws_instance" "web" {
  ami = var.ami
  count         = 2
  tags = { Name = "web-\${var.env}" }
}
`;

const exampleSpec = `object {
  block_map "resource" {
    labels = ["type", "name"]
    object {
      attr "count" {
        type = number
      }
    }
  }
}
`;

function show(el, f) {
  try {
    const out = f();
    el.textContent = typeof out === "string" ? out : JSON.stringify(out, (_, v) => (typeof v === "bigint" ? `${v}n` : v), 2);
    el.classList.remove("failure");
  } catch (e) {
    el.textContent = e instanceof HCLError ? e.diagnostics.map((d) => d.rendered).join("\n") : String(e);
    el.classList.add("failure");
  }
}

// The source with each diagnostic's range marked where it is (UTF-16 columns, so the ranges
// index the JavaScript string directly by line).
function annotate(text, diagnostics) {
  const lines = text.split("\n");
  const starts = [];
  let at = 0;
  for (const l of lines) {
    starts.push(at);
    at += l.length + 1;
  }
  const marks = diagnostics
    .filter((d) => d.range && d.range.start.line >= 1)
    .map((d) => {
      const s = starts[d.range.start.line - 1] + d.range.start.column - 1;
      const e = Math.max(s + 1, starts[d.range.end.line - 1] + d.range.end.column - 1);
      return { s, e: Math.min(e, text.length || 1), d };
    })
    .sort((a, b) => a.s - b.s);
  const out = $("annotated");
  out.textContent = "";
  let pos = 0;
  for (const m of marks) {
    if (m.s < pos) continue;
    out.append(text.slice(pos, m.s));
    const mark = document.createElement("mark");
    mark.className = m.d.severity;
    mark.title = `${m.d.summary}: ${m.d.detail}`;
    mark.textContent = text.slice(m.s, m.e) || " ";
    out.append(mark);
    pos = m.e;
  }
  out.append(text.slice(pos));
}

function update() {
  const text = $("source").value;
  const filename = $("filename").value || "main.tf";
  const diagnostics = check(text, { filename });
  const count = $("count");
  count.dataset.count = String(diagnostics.length);
  count.textContent = diagnostics.length === 0 ? "none" : `${diagnostics.length}`;
  annotate(text, diagnostics);
  const list = $("diagnostics");
  list.textContent = "";
  for (const d of diagnostics) {
    const li = document.createElement("li");
    const pre = document.createElement("pre");
    pre.textContent = d.rendered;
    li.append(pre);
    list.append(li);
  }
  show($("formatted"), () => format(text, { filename, style: $("style").value }));
  show($("json"), () => parse(filename, text, { blocks: $("blocks").value }));
  show($("value"), () => evaluate($("expression").value, { functions: "terraform" }));
  show($("decoded"), () => decode(text, $("spec").value, { filename, functions: "stdlib" }));
  document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + 1);
}

let pending = 0;
function soon() {
  clearTimeout(pending);
  pending = setTimeout(update, 60);
}

try {
  await init();
  $("source").value = example;
  $("spec").value = exampleSpec;
  for (const id of ["source", "filename", "expression", "spec"]) $(id).addEventListener("input", soon);
  for (const id of ["style", "blocks"]) $(id).addEventListener("change", update);
  $("open").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    $("filename").value = file.name;
    $("source").value = await file.text();
    update();
  });
  update();
  status.textContent = "Ready.";
  status.dataset.state = "ready";
} catch (e) {
  status.textContent = `The module did not load: ${e.message}`;
  status.dataset.state = "failed";
}
