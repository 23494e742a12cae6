// The README's JavaScript example ("## Use it from JavaScript"), run: each line
// `EXPRESSION; // RESULT` must give RESULT (JSON).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

test("the README's JavaScript example gives what it says", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const section = readme.split("\n## Use it from JavaScript\n")[1].split("\n## ")[0];
  const block = section.split("```js\n")[1].split("```")[0];
  const [imports, ...lines] = block.split("\n").filter((l) => l.trim());
  assert.match(imports, /require\("hclkit"\)/);
  const hclkit = require("hclkit");
  let checked = 0;
  for (const line of lines) {
    const m = /^(.*?);\s+\/\/ (.*)$/.exec(line);
    assert.ok(m, `a line of the example without its result: ${line}`);
    const names = Object.keys(hclkit).filter((k) => k !== "default");
    const value = new Function(...names, `return (${m[1]});`)(...names.map((k) => hclkit[k]));
    assert.deepEqual(value, JSON.parse(m[2]), line);
    checked++;
  }
  assert.equal(checked, 5);
});
