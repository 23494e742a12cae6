// web/ (the static page) driven in headless Chromium (Debian's chromium, through
// playwright-core): a local static server on 127.0.0.1 serves the repository (web/ and the
// built js/dist/), the test types a real HCL file into the page, waits for the results, and
// reads the diagnostics, the formatted text, the JSON, an expression's value and a decode
// from the page, checked against the package in Node. Skipped where /usr/bin/chromium is not
// installed (scripts/js-setup installs it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { parse, format } from "hclkit";

const chromiumPath = process.env.HCLKIT_CHROMIUM || "/usr/bin/chromium";
const root = new URL("../../", import.meta.url).pathname;
const types = { ".html": "text/html", ".mjs": "text/javascript", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };

function serve() {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^\/+/, "");
    const file = join(root, path);
    if (!file.startsWith(root) || !(path.startsWith("web/") || path.startsWith("js/dist/")) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": types[extname(file)] || "application/octet-stream" }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

test("the page shows diagnostics, formatting, JSON, a value and a decode for a real file", { skip: !existsSync(chromiumPath) && `no ${chromiumPath}`, timeout: 120000 }, async () => {
  const { chromium } = await import("playwright-core");
  const server = await serve();
  let browser = null;
  try {
    // playwright gives each launch a fresh profile directory of its own.
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`http://127.0.0.1:${server.address().port}/web/index.html`);
    await page.waitForSelector('#status[data-state="ready"]', { timeout: 30000 });

    // A real file, typed.
    const text = readFileSync(join(root, "examples", "service.hcl"), "utf8");
    await page.fill("#filename", "service.hcl");
    await page.fill("#source", "");
    const updates = async () => Number(await page.getAttribute("body", "data-updates"));
    const before = await updates();
    await page.type("#source", text.slice(0, 400), { delay: 0 });
    await page.fill("#source", text);
    await page.waitForFunction((n) => Number(document.body.dataset.updates) > n, before);
    await page.waitForFunction((t) => document.getElementById("source").value === t && document.getElementById("formatted").textContent === document.getElementById("formatted").textContent, text);
    await page.waitForTimeout(200);
    assert.equal(await page.getAttribute("#count", "data-count"), "0");
    assert.equal(await page.textContent("#formatted"), format(text, { filename: "service.hcl" }));
    assert.deepEqual(JSON.parse(await page.textContent("#json")), parse("service.hcl", text));

    // A broken line: the diagnostic shows, marked in place.
    await page.type("#source", "\nbroken = [1,\n");
    await page.waitForSelector('#count:not([data-count="0"])');
    const marked = await page.textContent("#annotated mark.error");
    assert.ok(marked.length > 0);
    assert.match(await page.textContent("#diagnostics"), /error: /);

    // An expression, with Terraform's functions.
    await page.fill("#expression", 'cidrhost("10.0.0.0/24", 5)');
    await page.waitForFunction(() => document.getElementById("value").textContent.includes("10.0.0.5"), null, { timeout: 10000 }).catch(() => {});
    assert.equal(await page.textContent("#value"), "10.0.0.5");

    // A decode.
    await page.fill("#source", 'resource "aws_instance" "web" {\n  count = 2\n}\n');
    await page.waitForFunction(() => document.getElementById("decoded").textContent.includes('"count": 2'));
    assert.deepEqual(JSON.parse(await page.textContent("#decoded")), { resource: { aws_instance: { web: { count: 2 } } } });
    assert.deepEqual(errors, []);
  } finally {
    if (browser) await browser.close();
    server.closeAllConnections();
    server.close();
  }
});
