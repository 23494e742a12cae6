#!/usr/bin/env node
// Records the oracle for `hclkit inspect` (issue 29): @evops/hcl-terraform-parser, which is
// hashicorp/terraform-config-inspect's tfconfig package compiled to JavaScript with GopherJS.
// See README.md in this directory for how to install the oracle and re-run this script, and
// SHAPE.md for the JSON it gives.
//
// Usage:
//   node oracle/inspect/record.mjs --oracle DIR/node_modules/@evops/hcl-terraform-parser \
//        [--corpus /work/shared/corpus] [--out crates/hclkit-terraform/tests/data/inspect]
//
// For every directory under CORPUS/realworld holding at least one `*.tf` file (a Terraform
// module; 1,341 of them), in sorted path order, or the subset chosen by STRIDE below:
//   - its `*.tf` files (regular files, not symlinks, not subdirectories; not the editor files
//     terraform-config-inspect ignores: `.*`, `*~`, `#*#`) are put in terraform-config-inspect's
//     order: by name (byte order, as Go's ioutil.ReadDir), except that override files
//     (`override.tf`, `*_override.tf`) come after all the others, and concatenated;
//     after each file whose text does not end with "\n" one "\n" is added, so every file starts
//     on a fresh line and nothing else is inserted;
//   - the concatenation is given to the oracle's `parse(text)`; the result, exactly as the
//     oracle returns it, is written as pretty JSON (2-space indent, trailing newline) to
//     OUT/<module dir relative to the corpus root, "/" replaced by "__">.want.json;
//   - OUT/modules.txt lists the module directories (relative to the corpus root), one a line,
//     in the order of the want files;
//   - OUT/concat.tsv maps positions back: one line per concatenated file,
//     `<module dir>\t<file name>\t<first line>\t<line count>`, where <first line> is the 1-based
//     line of the concatenation on which the file starts. The oracle reports
//     {"filename": "<input>", "line": L}; the file is the last one of its module with
//     first_line <= L, and the line in that file is L - first_line + 1.
//     (<line count> = number of "\n" in the file, plus one if it does not end with "\n".)

import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

function arg(name, dflt) {
  const i = process.argv.indexOf(name);
  if (i >= 0 && i + 1 < process.argv.length) return process.argv[i + 1];
  if (dflt === undefined) {
    console.error(`missing ${name}; see oracle/inspect/README.md`);
    process.exit(2);
  }
  return dflt;
}

const oracleDir = path.resolve(arg('--oracle'));
const corpus = path.resolve(arg('--corpus', '/work/shared/corpus'));
const out = path.resolve(arg('--out', 'crates/hclkit-terraform/tests/data/inspect'));
const all = process.argv.includes('--all');

// The subset kept in the repository (the whole corpus gives 1,341 modules and 5.9 MB of JSON):
// of each repository's module directories, in sorted order, the 1st, the (k+1)-th, the
// (2k+1)-th, ...; k = 1 (all) for the varied repositories, more for those made of many generated
// near-copies (security-group's modules/*, GKE's modules/*) or tiny test fixtures (terragrunt).
// `--all` records every module.
const STRIDE = {
  'GoogleCloudPlatform__cloud-foundation-fabric': 1,
  'hashicorp__nomad': 1,
  'terraform-aws-modules__terraform-aws-eks': 1,
  'terraform-aws-modules__terraform-aws-rds': 1,
  'terraform-aws-modules__terraform-aws-vpc': 1,
  'terraform-google-modules__terraform-google-kubernetes-engine': 3,
  'terraform-aws-modules__terraform-aws-security-group': 6,
  'gruntwork-io__terragrunt': 30,
};

const require = createRequire(import.meta.url);
const oracle = require(oracleDir);
const oraclePkg = JSON.parse(fs.readFileSync(path.join(oracleDir, 'package.json'), 'utf8'));

const byteOrder = (a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b));

// Module directories: every directory under realworld/ with at least one regular `*.tf` file.
// (The corpus root's large.tf is a derived 10 MB concatenation, and json/ holds converted
// `.tf.json` copies the oracle cannot read: both are left out.)
// As terraform-config-inspect's isIgnoredFile and dirFiles.
const ignored = (n) => n.startsWith('.') || n.endsWith('~') || (n.startsWith('#') && n.endsWith('#'));
const isOverride = (n) => {
  const base = n.slice(0, -'.tf'.length);
  return base === 'override' || base.endsWith('_override');
};
const modules = [];
function walk(dir) {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => byteOrder(a.name, b.name));
  const tf = entries
    .filter((e) => e.isFile() && e.name.endsWith('.tf') && !ignored(e.name))
    .map((e) => e.name);
  // terraform-config-inspect's dirFiles: primary files first, then override files, each in
  // name order.
  tf.sort((a, b) => isOverride(a) - isOverride(b));
  if (tf.length) modules.push({ dir, files: tf });
  for (const e of entries) if (e.isDirectory()) walk(path.join(dir, e.name));
}
walk(path.join(corpus, 'realworld'));
modules.sort((a, b) => byteOrder(path.relative(corpus, a.dir), path.relative(corpus, b.dir)));
const seen = {};
const selected = modules.filter((m) => {
  const repo = path.relative(corpus, m.dir).split(path.sep)[1];
  const i = (seen[repo] = (seen[repo] ?? -1) + 1);
  return all || i % (STRIDE[repo] ?? 1) === 0;
});

fs.mkdirSync(out, { recursive: true });
for (const f of fs.readdirSync(out)) if (f.endsWith('.want.json')) fs.unlinkSync(path.join(out, f));

const list = [];
const tsv = [];
let bytesIn = 0;
let bytesOut = 0;
let oracleMs = 0;
for (const m of selected) {
  const rel = path.relative(corpus, m.dir).split(path.sep).join('/');
  let text = '';
  let line = 1;
  for (const f of m.files) {
    const src = fs.readFileSync(path.join(m.dir, f), 'utf8');
    let lines = (src.match(/\n/g) || []).length;
    text += src;
    if (!src.endsWith('\n')) {
      text += '\n';
      lines += 1;
    }
    tsv.push(`${rel}\t${f}\t${line}\t${lines}`);
    line += lines;
  }
  bytesIn += Buffer.byteLength(text);
  const t0 = process.hrtime.bigint();
  const result = oracle.parse(text);
  oracleMs += Number(process.hrtime.bigint() - t0) / 1e6;
  const json = JSON.stringify(result, null, 2) + '\n';
  const name = rel.split('/').join('__') + '.want.json';
  fs.writeFileSync(path.join(out, name), json);
  bytesOut += Buffer.byteLength(json);
  list.push(rel);
}
fs.writeFileSync(path.join(out, 'modules.txt'), list.join('\n') + '\n');
fs.writeFileSync(path.join(out, 'concat.tsv'), tsv.join('\n') + '\n');
console.error(
  `${oraclePkg.name} ${oraclePkg.version}: ${list.length} modules, ${tsv.length} files, ` +
    `${bytesIn} bytes in, ${bytesOut} bytes of want.json, oracle ${oracleMs.toFixed(0)} ms`,
);
