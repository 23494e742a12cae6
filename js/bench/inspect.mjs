// inspect against terraform-config-inspect's JavaScript build (@evops/hcl-terraform-parser
// 1.0.0, GopherJS; installed into a scratch directory, as oracle/inspect/README.md says), in
// one Node process, on the same modules (docs/analysis.md):
//
//   node bench/inspect.mjs [--corpus DIR] [--oracle DIR/node_modules/@evops/hcl-terraform-parser] [--runs N]
//
// Every directory of the real-world corpus that holds a *.tf file is a module; its *.tf files
// are read once. hclkit's `inspect(files)` is given them by name; the oracle's `parse(text)`
// their concatenation in Terraform's order (as the oracle only takes one text), which is also
// what record.mjs gives it. Each side: one warm-up pass, then the median of --runs passes
// (default 5) over all modules; the heap each side's pass adds is not measured (one process).
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const js = dirname(here);
const require = createRequire(import.meta.url);
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const shared = process.env.HCLKIT_SHARED || join(js, "..", "..", "shared");
const corpus = arg("--corpus", join(shared, "corpus", "realworld"));
const oraclePath = arg("--oracle", "/tmp/tfinspect/node_modules/@evops/hcl-terraform-parser");
const runs = Number(arg("--runs", 5));
if (!existsSync(oraclePath)) {
  console.error(`no oracle at ${oraclePath}: mkdir -p /tmp/tfinspect && cd /tmp/tfinspect && npm init -y && npm install @evops/hcl-terraform-parser@1.0.0`);
  process.exit(2);
}

const modules = [];
(function walk(d) {
  const entries = readdirSync(d).sort();
  const tf = entries.filter((e) => e.endsWith(".tf") && !e.startsWith(".") && statSync(join(d, e)).isFile());
  if (tf.length > 0) {
    const files = Object.fromEntries(tf.map((n) => [n, readFileSync(join(d, n), "utf8")]));
    const over = (n) => /(^|_)override\.tf$/.test(n);
    const order = [...tf].sort((a, b) => over(a) - over(b) || (a < b ? -1 : a > b ? 1 : 0));
    const text = order.map((n) => (files[n].endsWith("\n") ? files[n] : files[n] + "\n")).join("");
    modules.push({ dir: d, files, text });
  }
  for (const e of entries) {
    const p = join(d, e);
    if (statSync(p).isDirectory()) walk(p);
  }
})(corpus);
const bytes = modules.reduce((n, m) => n + Buffer.byteLength(m.text), 0);

const hclkit = require(join(js, "dist", "hclkit.cjs"));
const oracle = require(oraclePath);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function time(pass) {
  pass();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    pass();
    times.push(performance.now() - t);
  }
  return median(times);
}

let sink = 0;
const ours = time(() => {
  for (const m of modules) sink += Object.keys(hclkit.inspect(m.files).variables).length;
});
const theirs = time(() => {
  for (const m of modules) sink += Object.keys(oracle.parse(m.text).variables || {}).length;
});
const graph = time(() => {
  for (const m of modules) sink += hclkit.inspect.graph(m.files).symbols.length;
});

console.log(`modules: ${modules.length}, ${(bytes / 1e6).toFixed(2)} MB of *.tf; median of ${runs} passes (Node ${process.version})`);
const row = (label, ms) => console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(7)} ms  ${(bytes / 1e6 / (ms / 1000)).toFixed(2).padStart(7)} MB/s`);
row("hclkit inspect (WebAssembly)", ours);
row("hclkit inspect.graph (WebAssembly)", graph);
row("@evops/hcl-terraform-parser parse", theirs);
console.log(`ratio (oracle / hclkit inspect): ${(theirs / ours).toFixed(1)}x`);
if (sink < 0) console.log(sink);
