// The package's figures, with its peers measured in the same run (docs/javascript.md):
//
//   node bench/parse.mjs [--corpus DIR] [--every N] [--runs N] [--dist DIR]
//
// (--dist: the built package to measure, default dist/: another build, to compare.)
// - parse throughput over corpus files (every Nth file of the real-world corpus, default 3:
//   about 2,000 files): hclkit's parse, @cdktf/hcl2json's parse (awaited one by one, as its
//   users call it) and hcl2-parser's parseToObject, each on the same files, the median of
//   --runs passes (default 5; hcl2-parser, being slow, 3) after warm-up passes (3; one
//   for hcl2-parser, whose one pass takes seconds): V8 compiles a WebAssembly function
//   with its fast compiler first and optimizes it once it has run hot, in the background,
//   so the first passes are slower (on this machine hclkit's first three: 400, 125 and
//   41 ms);
// - start-up: a fresh Node process, from before the import to the first parse result
//   (median of 7 processes each);
// - size: the module each loads, gzipped (-9): for hclkit, the small module parse loads in Node,
//   and the full one (the browser build's, and Node's for the other functions).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
const js = dirname(here);
const require = createRequire(import.meta.url);
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const shared = process.env.HCLKIT_SHARED || join(js, "..", "..", "shared");
const corpus = arg("--corpus", join(shared, "corpus", "realworld"));
const every = Number(arg("--every", 3));
const runs = Number(arg("--runs", 5));
const dist = resolve(arg("--dist", join(js, "dist")));

const all = [];
(function walk(d) {
  for (const e of readdirSync(d).sort()) {
    const p = join(d, e);
    if (statSync(p).isDirectory()) walk(p);
    else all.push(p);
  }
})(corpus);
const files = all.filter((_, i) => i % every === 0).map((p) => ({ name: p, text: readFileSync(p, "utf8") }));
const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mbps = (ms) => bytes / 1e6 / (ms / 1000);

const hclkit = require(join(dist, "hclkit.cjs"));
const hcl2json = require("@cdktf/hcl2json");
const hcl2parser = require("hcl2-parser");

async function time(label, n, pass, warm = 3) {
  for (let i = 0; i < warm; i++) await pass();
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await pass();
    times.push(performance.now() - t);
  }
  const ms = median(times);
  return { label, ms, mbps: mbps(ms) };
}

const results = [];
results.push(
  await time("hclkit parse", runs, () => {
    for (const f of files) {
      try {
        hclkit.parse(f.name, f.text);
      } catch {}
    }
  }),
);
results.push(
  await time("@cdktf/hcl2json parse", runs, async () => {
    for (const f of files) {
      try {
        await hcl2json.parse(f.name, f.text);
      } catch {}
    }
  }),
);
results.push(
  await time(
    "hcl2-parser parseToObject",
    Math.max(1, Math.min(runs, 3)),
    () => {
      for (const f of files) hcl2parser.parseToObject(f.text);
    },
    1,
  ),
);

function startup(code) {
  const times = [];
  for (let i = 0; i < 7; i++) {
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd: js, encoding: "utf8" });
    times.push(Number(out.trim()));
  }
  return median(times);
}
const src = JSON.stringify('resource "aws_instance" "web" {\n  ami = var.ami\n}\n');
const startHclkit = startup(`const t = performance.now(); const h = await import(${JSON.stringify(join(dist, "hclkit.mjs"))}); h.parse("main.tf", ${src}); console.log(performance.now() - t);`);
const startPeer = startup(`const t = performance.now(); const h = (await import("@cdktf/hcl2json")).default; await h.parse("main.tf", ${src}); console.log(performance.now() - t); process.exit(0);`);

const gz = (p) => gzipSync(readFileSync(p), { level: 9 }).length;
const sizes = {
  "hclkit (parse's module)": gz(join(dist, "hclkit_parse_bg.wasm")),
  "hclkit (full module)": gz(join(dist, "hclkit_bg.wasm")),
  "@cdktf/hcl2json": statSync(require.resolve("@cdktf/hcl2json/main.wasm.gz")).size,
  "hcl2-parser": gz(require.resolve("hcl2-parser")),
};

const [ours, peer, gopherjs] = results;
console.log(`node ${process.version}; ${files.length} files, ${(bytes / 1e6).toFixed(2)} MB (every ${every}th file of ${corpus})`);
for (const r of results) console.log(`${r.label.padEnd(28)} ${r.ms.toFixed(0).padStart(7)} ms  ${r.mbps.toFixed(2).padStart(7)} MB/s`);
console.log(`hclkit / @cdktf/hcl2json: ${(ours.mbps / peer.mbps).toFixed(1)}x; hclkit / hcl2-parser: ${(ours.mbps / gopherjs.mbps).toFixed(1)}x`);
console.log(`start-up (import to first parse result, median of 7 processes): hclkit ${startHclkit.toFixed(1)} ms, @cdktf/hcl2json ${startPeer.toFixed(1)} ms`);
console.log(`gzipped module: ` + Object.entries(sizes).map(([k, v]) => `${k} ${(v / 1e6).toFixed(2)} MB`).join(", "));
