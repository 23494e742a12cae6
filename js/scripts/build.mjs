// `npm run build`: builds the package into dist/ from crates/hclkit-wasm.
//
//   1. cargo build --profile wasm --target wasm32-unknown-unknown -p hclkit-wasm, twice: the
//      full module, and the small one without the crate's `full` feature (parse,
//      references, format and check only: what Node compiles at start-up);
//   2. wasm-bindgen (the version the crate pins; scripts/js-setup installs it) writes the glue
//      (--target no-modules: a script whose body can be run again, so that a fresh instance,
//      after a trap, has fresh glue) and the module, for each;
//   3. wasm-opt -Oz (Debian's binaryen) shrinks the modules: dist/hclkit_bg.wasm and
//      dist/hclkit_parse_bg.wasm;
//   4. the entry points dist/hclkit.cjs, dist/hclkit.mjs and dist/hclkit.web.mjs are the glue,
//      src/core.js and a loader for each platform (Node's load the small module for the
//      functions it has until the full one is loaded; the browser build loads the full one).
//
// --no-terraform builds the full module without Terraform's functions (a smaller one).
// HCLKIT_SKIP_CARGO=1 skips step 1 (the modules already built: cargo's output is the full
// one, hclkit_wasm_parse.wasm beside it the small one); HCLKIT_WASM_IN names another cargo output to
// package as the full module (a build with other features or profile settings, to compare).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const js = dirname(dirname(fileURLToPath(import.meta.url)));
const root = dirname(js);
const run = (cmd, args, cwd = root) => {
  console.error(`$ ${cmd} ${args.join(" ")}`);
  execFileSync(cmd, args, { cwd, stdio: "inherit" });
};

const pkg = JSON.parse(readFileSync(join(js, "package.json"), "utf8"));
// `npm run build -- --no-terraform`: the smaller module, without Terraform's functions
// (`functions: "terraform"` then throws an HCLError saying so).
const noTerraform = process.argv.includes("--no-terraform");
const target = process.env.CARGO_TARGET_DIR ? resolve(root, process.env.CARGO_TARGET_DIR) : join(root, "target");
const cargoOut = join(target, "wasm32-unknown-unknown/wasm/hclkit_wasm.wasm");
const smallBuilt = join(target, "wasm32-unknown-unknown/wasm/hclkit_wasm_parse.wasm");
const cargo = (features) => run("cargo", ["build", "--profile", "wasm", "--target", "wasm32-unknown-unknown", "-p", "hclkit-wasm", ...features]);
if (!process.env.HCLKIT_SKIP_CARGO) {
  // The small module first: cargo's output is then the full one (for HCLKIT_SKIP_CARGO).
  cargo(["--no-default-features"]);
  copyFileSync(cargoOut, smallBuilt);
  cargo(noTerraform ? ["--no-default-features", "--features", "full"] : []);
}
const built = process.env.HCLKIT_WASM_IN || cargoOut;
const tmp = join(js, "build");
const dist = join(js, "dist");
rmSync(tmp, { recursive: true, force: true });
rmSync(dist, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
mkdirSync(dist, { recursive: true });
for (const [name, input] of [["hclkit", built], ["hclkit_parse", smallBuilt]]) {
  run("wasm-bindgen", ["--target", "no-modules", "--no-typescript", "--out-dir", tmp, "--out-name", name, input]);
  if (process.env.HCLKIT_NO_WASM_OPT) {
    copyFileSync(join(tmp, `${name}_bg.wasm`), join(dist, `${name}_bg.wasm`));
  } else {
    run("wasm-opt", ["-Oz", "--enable-bulk-memory", "--enable-sign-ext", "--enable-mutable-globals", "--enable-nontrapping-float-to-int", "--enable-reference-types", "--enable-multivalue", "--strip-debug", "--strip-producers", "-o", join(dist, `${name}_bg.wasm`), join(tmp, `${name}_bg.wasm`)]);
  }
}

// The glue: `let wasm_bindgen; (function() { ... })();` made a function that returns a fresh
// `wasm_bindgen` (its initSync and the exports) each time it is called; one for each module.
//
// One change inside it: wasm-bindgen's `passStringToWasm0` copies a string's leading ASCII
// into the module's memory one `charCodeAt` at a time in JavaScript, then hands the rest to
// `TextEncoder.encodeInto`; over the bench files that loop took 3.8-5.0 ms a pass where one
// `encodeInto` takes 0.4 ms (about a tenth of `parse`'s time). The replacement encodes
// the whole string with `encodeInto` into `length` bytes, and only when that is not enough
// (non-ASCII text) grows the allocation to the worst case for the rest (3 bytes per UTF-16
// unit) and encodes the rest; same bytes, same allocations as before.
const fastPassString = `function passStringToWasm0(arg, malloc, realloc) {
        if (realloc === undefined) {
            const buf = cachedTextEncoder.encode(arg);
            const ptr = malloc(buf.length, 1) >>> 0;
            getUint8ArrayMemory0().subarray(ptr, ptr + buf.length).set(buf);
            WASM_VECTOR_LEN = buf.length;
            return ptr;
        }
        let len = arg.length;
        let ptr = malloc(len, 1) >>> 0;
        let done = cachedTextEncoder.encodeInto(arg, getUint8ArrayMemory0().subarray(ptr, ptr + len));
        let offset = done.written;
        if (done.read !== arg.length) {
            const rest = arg.slice(done.read);
            ptr = realloc(ptr, len, len = offset + rest.length * 3, 1) >>> 0;
            done = cachedTextEncoder.encodeInto(rest, getUint8ArrayMemory0().subarray(ptr + offset, ptr + len));
            offset += done.written;
            ptr = realloc(ptr, len, offset, 1) >>> 0;
        }
        WASM_VECTOR_LEN = offset;
        return ptr;
    }`;
const passString = /function passStringToWasm0\(arg, malloc, realloc\) \{[^]*?\n\s*WASM_VECTOR_LEN = offset;\n\s*return ptr;\n\s*\}/g;
const glueFunction = (fn, file) => {
  let glue = readFileSync(join(tmp, file), "utf8");
  if (!glue.startsWith("let wasm_bindgen;")) throw new Error("unexpected wasm-bindgen output");
  if ((glue.match(passString) || []).length !== 1) throw new Error("unexpected wasm-bindgen output: passStringToWasm0");
  glue = glue.replace(passString, fastPassString);
  return `function ${fn}() {\n${glue}\nreturn wasm_bindgen;\n}\n`;
};
const createGlue = glueFunction("createGlue", "hclkit.js");
const createParseGlue = glueFunction("createParseGlue", "hclkit_parse.js");
const core = readFileSync(join(js, "src/core.js"), "utf8");
const version = `const version = ${JSON.stringify(pkg.version)};\n`;
const names = ["parse", "getReferencesInExpression", "format", "check", "evaluate", "decode", "convert", "toJSON", "toNative", "inspect", "init", "version", "HCLError", "Document", "Expression"];
const banner = `// hclkit ${pkg.version}: HCL for JavaScript (generated by scripts/build.mjs; the source is src/core.js).\n`;

const nodeLoader = (fs, path, parsePath) => `
function loadModuleSync() {
  return new WebAssembly.Module(${fs}.readFileSync(${path}));
}
function loadParseModuleSync() {
  return new WebAssembly.Module(${fs}.readFileSync(${parsePath}));
}
async function loadModuleAsync(input) {
  if (input instanceof WebAssembly.Module) return input;
  if (input !== undefined) return WebAssembly.compile(input instanceof ArrayBuffer || ArrayBuffer.isView(input) ? input : await ${fs}.promises.readFile(input));
  return loadModuleSync();
}
`;
const webLoader = `
// In browsers, init() loads the full module, which does everything.
function loadParseModuleSync() {
  return null;
}
function loadModuleSync() {
  throw new HCLError("the WebAssembly module is not loaded: await init() first", [{ severity: "error", summary: "Module not loaded", detail: "Call and await init() before the other functions.", range: null, context: null, rendered: "error: Module not loaded\\n  = note: Call and await init() before the other functions.\\n" }]);
}
async function loadModuleAsync(input) {
  if (input instanceof WebAssembly.Module) return input;
  if (input instanceof ArrayBuffer || ArrayBuffer.isView(input)) return WebAssembly.compile(input);
  const source = input === undefined ? new URL("./hclkit_bg.wasm", import.meta.url) : input;
  const response = typeof source === "string" || source instanceof URL ? await fetch(source) : await source;
  if (typeof WebAssembly.compileStreaming === "function" && response.headers && String(response.headers.get("Content-Type")).startsWith("application/wasm")) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}
`;
const defaultObject = `{ ${names.join(", ")}, [trapForTests]: trap }`;
const esmExports = names.map((n) => `export { ${n} };`).join("\n") + `\nexport default ${defaultObject};\n`;

writeFileSync(
  join(dist, "hclkit.cjs"),
  banner + `"use strict";\nconst fs = require("node:fs");\nconst path = require("node:path");\n` + createGlue + createParseGlue + version + core +
    nodeLoader("fs", 'path.join(__dirname, "hclkit_bg.wasm")', 'path.join(__dirname, "hclkit_parse_bg.wasm")') + `module.exports = ${defaultObject};\nmodule.exports.default = module.exports;\n`,
);
writeFileSync(
  join(dist, "hclkit.mjs"),
  banner + `import * as fs from "node:fs";\n` + createGlue + createParseGlue + version + core +
    nodeLoader("fs", 'new URL("./hclkit_bg.wasm", import.meta.url)', 'new URL("./hclkit_parse_bg.wasm", import.meta.url)') + esmExports,
);
writeFileSync(join(dist, "hclkit.web.mjs"), banner + createGlue + version + core + webLoader + esmExports);
rmSync(tmp, { recursive: true, force: true });
console.error("built dist/: " + ["hclkit_bg.wasm", "hclkit_parse_bg.wasm", "hclkit.cjs", "hclkit.mjs", "hclkit.web.mjs"].join(", "));
