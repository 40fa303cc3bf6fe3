// The playground end to end: the built page (dist/) served on 127.0.0.1, driven in headless
// Chromium through playwright-core, typing as a student would.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "..", "dist");
const root = join(here, "..", "..", "..");
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".map": "application/json" };

/** Serves dist/ on a free port of 127.0.0.1. */
function serve() {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    const file = join(dist, path === "/" ? "index.html" : path);
    try {
      const body = readFileSync(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const HOMEWORK = ["# homework 3", "WBBW.BW", "WBBW == 1/2", "{1 | 0} + *"];

/**
 * Compares what the page shows (`shown`: hints and diagnostics by line) with `cgt eval`'s output
 * rows for the same `source` lines: each value is the hint on its line, unless either gave up.
 * Returns how many values were compared.
 */
function compareValues(label, source, rows, shown) {
  const hints = new Map(shown.hints.map((h) => [h.line, h.label]));
  const pageGaveUp = new Set(shown.diagnostics.filter((d) => /gave up/.test(d.message)).map((d) => d.line));
  let compared = 0;
  for (const row of rows) {
    const m = row.match(/^ *(\d+) │ (.*)$/);
    const line = Number(m[1]);
    const stmt = source[line - 1].split("#")[0].trimEnd();
    const result = m[2].startsWith(stmt) ? m[2].slice(stmt.length).trim() : m[2].slice(m[2].indexOf("…") + 1).trim();
    if (/gave up/.test(result) || pageGaveUp.has(line)) continue;
    let want;
    if (result.startsWith("= def ")) want = result.slice("= def ".length);
    else if (result.startsWith("= rule ")) want = result.slice("= ".length);
    else if (result.startsWith("✓")) want = "✓";
    else if (result.startsWith("=")) want = result;
    else if (result.includes(" = ") && !/^(✗|error)/.test(result)) want = "= " + result.slice(result.indexOf(" = ") + 3);
    else continue;
    const hint = hints.get(line);
    if (hint?.endsWith("…") && want.startsWith(hint.slice(0, -1))) {
      compared++;
      continue;
    }
    assert.equal(hint?.split("\n")[0], want, `${label} line ${line}`);
    compared++;
  }
  return compared;
}

/** The `cgt` examples of a generated reference page with the output rows shown under each. */
function referenceExamples(page) {
  const text = readFileSync(join(root, "docs", "src", "reference", page), "utf8");
  const out = [];
  const block = /```cgt\n([\s\S]*?)```\n\n```text\n([\s\S]*?)```/g;
  for (const [, source, output] of text.matchAll(block)) {
    const rows = output.split("\n").filter((l) => /^ *\d+ │/.test(l));
    out.push({ source: source.replace(/\n$/, ""), rows });
  }
  return out;
}

describe("the playground", () => {
  let server, browser, page, url;
  const problems = [];

  before(async () => {
    server = await serve();
    url = `http://127.0.0.1:${server.address().port}/`;
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox"] });
    page = await browser.newPage({ viewport: { width: 1100, height: 640 } });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
    await page.goto(url);
    await page.waitForSelector('#status[data-state="done"]', { timeout: 60_000 });
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  /** Replaces the file by typing `lines` one by one, closing any completion list first. */
  async function typeFile(lines) {
    await page.click(".cm-content");
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Delete");
    for (const [i, line] of lines.entries()) {
      if (i > 0) {
        await page.keyboard.press("Escape");
        await page.keyboard.press("Enter");
      }
      await page.keyboard.type(line, { delay: 5 });
    }
    await page.keyboard.press("Escape");
  }

  /** The texts of the elements matching `selector`. */
  const texts = (selector) => page.$$eval(selector, (els) => els.map((e) => e.textContent));

  test("a typed homework file shows values inline and the failing check's true value", async () => {
    await typeFile(HOMEWORK);
    await page.waitForFunction(() => [...document.querySelectorAll(".cgt-error-inline")].some((e) => e.textContent.includes("-3/8")));
    await page.waitForSelector('#status[data-state="done"]');
    mkdirSync(join(root, "docs"), { recursive: true });
    await page.screenshot({ path: join(root, "docs", "playground.png") });
    const text = await page.evaluate(() => window.cgtPlayground.editor.state.doc.toString());
    assert.equal(text, HOMEWORK.join("\n"));
    const hints = await texts(".cgt-hint");
    assert.equal(hints.length, 2, `hints: ${hints}`);
    assert.equal(hints[0], "= 1/8 · L");
    const errors = await texts(".cgt-error-inline");
    assert.equal(errors.length, 1, `errors: ${errors}`);
    assert.match(errors[0], /WBBW` is -3\/8/);
    const listed = await texts("#problems .problem");
    assert.equal(listed.length, 1);
    assert.match(listed[0], /^line 3: \[check\] .*-3\/8/);
    assert.ok(await page.$(".cm-lintRange-error"), "the check is underlined");
  });

  test("a hover shows the value of the statement", async () => {
    const line = page.locator(".cm-line", { hasText: "WBBW.BW" });
    await line.hover({ position: { x: 20, y: 8 } });
    const tip = await page.waitForSelector(".cgt-hover", { timeout: 10_000 });
    assert.match(await tip.textContent(), /1\/8/);
    await page.mouse.move(1000, 600);
  });

  test("a table hovers as a rendered table with its heat map", async () => {
    await typeFile(["table(nimsum(r, c) for r in 0..3, c in 0..4)"]);
    await page.waitForFunction(() => [...document.querySelectorAll(".cgt-hint")].some((e) => e.textContent.startsWith("= table")), null, { timeout: 10_000 });
    assert.deepEqual(await texts(".cgt-hint"), ["= table of 4 rows (r in 0..3) by 5 columns (c in 0..4)"]);
    // On the keyword `for` (a name's hover would describe the name).
    const at = await page.evaluate(() => {
      const view = window.cgtPlayground.editor;
      const c = view.coordsAtPos(view.state.doc.toString().indexOf("for") + 1);
      return { x: (c.left + c.right) / 2, y: (c.top + c.bottom) / 2 };
    });
    await page.mouse.move(at.x, at.y);
    await page.waitForSelector(".cgt-hover table", { timeout: 10_000 });
    const cells = await page.$$eval(".cgt-hover table tr", (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    assert.deepEqual(cells[0], ["r\\c", "0", "1", "2", "3", "4"]);
    assert.deepEqual(cells[2], ["1", "1", "0", "3", "2", "5"]);
    assert.equal(cells.length, 5, "a header row and four rows");
    assert.equal(await page.$$eval(".cgt-hover img[alt=heatmap]", (imgs) => imgs.length), 1);
    await page.mouse.move(1000, 600);
    await page.waitForSelector(".cgt-hover", { state: "detached" });
  });

  test("the hover of a ruleset or function name links its entry in the book", async () => {
    await typeFile(["kayles[3, 5]", "temp({3 | -2})"]);
    await page.waitForSelector('#status[data-state="done"]');
    for (const [text, href] of [
      ["kayles[3, 5]", "../reference/rulesets.html#kayles"],
      ["temp({3 | -2})", "../reference/functions.html#temp"],
    ]) {
      const line = page.locator(".cm-line", { hasText: text });
      await line.hover({ position: { x: 12, y: 8 } });
      const link = await page.waitForSelector(".cgt-hover a.cgt-manual", { timeout: 10_000 });
      assert.equal(await link.getAttribute("href"), new URL(href, url).href);
      assert.equal(await link.getAttribute("target"), "_blank");
      assert.match(await page.textContent(".cgt-hover"), /Limits: /);
      await page.mouse.move(1000, 600);
      await page.waitForSelector(".cgt-hover", { state: "detached" });
    }
    // A statement's hover is not an entry: no link.
    const value = page.locator(".cm-line", { hasText: "kayles[3, 5]" });
    await value.hover({ position: { x: 80, y: 8 } });
    await page.waitForSelector(".cgt-hover");
    assert.equal(await page.$(".cgt-hover a.cgt-manual"), null);
    await page.mouse.move(1000, 600);
  });

  test("completion offers the engine's functions", async () => {
    await page.click(".cm-content");
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("grun", { delay: 20 });
    await page.waitForSelector(".cm-tooltip-autocomplete", { timeout: 10_000 });
    assert.ok((await texts(".cm-tooltip-autocomplete li")).some((t) => t.startsWith("grundy")));
    await page.keyboard.press("Escape");
    await page.keyboard.press("Backspace");
  });

  test("the link holds the file", async () => {
    await typeFile(["let g = {2 | -1}", "g + ↑"]);
    await page.waitForFunction(() => location.hash.startsWith("#code="));
    await page.waitForTimeout(600); // the link follows the last edit
    const link = page.url();
    const other = await browser.newPage();
    await other.goto(link);
    await other.waitForSelector('#status[data-state="done"]', { timeout: 60_000 });
    const text = await other.evaluate(() => window.cgtPlayground.editor.state.doc.toString());
    assert.equal(text, "let g = {2 | -1}\ng + ↑");
    assert.equal((await other.$$(".cgt-hint")).length, 2);
    await other.close();
  });

  test("the shipped examples can be picked", async () => {
    await page.selectOption("#examples", "nim");
    await page.waitForSelector('#status[data-state="done"]');
    const text = await page.evaluate(() => window.cgtPlayground.editor.state.doc.toString());
    assert.equal(text, readFileSync(join(root, "examples", "nim.cgt"), "utf8"));
    await page.waitForFunction(() => document.querySelectorAll(".cgt-hint").length > 3);
  });

  test("a slow statement does not hold up the others, and gives up on its budget", async () => {
    await typeFile(["domineering[10x10]", "1/2 + 1/4"]);
    await page.waitForFunction(() => [...document.querySelectorAll(".cgt-hint")].some((e) => e.textContent === "= 3/4 · L"));
    await page.waitForFunction(
      () => [...document.querySelectorAll(".cgt-warning-inline")].some((e) => e.textContent.includes("gave up")),
      null,
      { timeout: 30_000 },
    );
  });

  test("the deepest nesting the parser accepts evaluates without threads", async () => {
    const deep = "{".repeat(250) + "0" + "|}".repeat(250);
    await page.evaluate((text) => {
      const { editor } = window.cgtPlayground;
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
    }, deep);
    await page.waitForFunction(() => [...document.querySelectorAll(".cgt-hint")].some((e) => e.textContent === "= 250 · L"));
  });

  test("a Grundy range and its plot evaluate in the worker", async () => {
    await typeFile(["grundy(kayles, 0..12)", "WBBW.BW"]);
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".cgt-hint")].some((e) => e.textContent.includes("[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]")),
    );
    await page.waitForSelector('#status[data-state="done"]');
    assert.ok((await texts(".cgt-hint")).includes("= 1/8 · L"));
  });

  test("every shipped example shows the command line's values and as many errors in the worker", async () => {
    const names = await page.$$eval("#examples option", (os) => os.map((o) => o.value).filter(Boolean));
    assert.ok(names.length >= 20, `examples in the picker: ${names}`);
    // The states the status went through since the last example was picked.
    await page.evaluate(() => {
      window.cgtStates = [];
      const status = document.getElementById("status");
      new MutationObserver(() => window.cgtStates.push(status.dataset.state)).observe(status, { attributes: true });
    });
    for (const name of names) {
      await page.evaluate(() => (window.cgtStates = []));
      await page.selectOption("#examples", name);
      await page.waitForFunction(
        (want) => window.cgtPlayground.editor.state.doc.toString() === want,
        readFileSync(join(root, "examples", `${name}.cgt`), "utf8"),
      );
      // This text's evaluation started, and ended (done, or the engine stopped on it).
      await page.waitForFunction(
        () => window.cgtStates.includes("busy") && ["done", "crashed"].includes(document.getElementById("status").dataset.state),
        null,
        { timeout: 120_000 },
      );
      const state = await page.$eval("#status", (e) => e.dataset.state + ": " + e.textContent);
      assert.match(state, /^done/, `${name}: ${state}`);
      // The golden output of `cgt eval`: one line per statement, `✗`/`error:` for failures.
      const golden = readFileSync(join(root, "examples", `${name}.out`), "utf8").split("\n").filter((l) => /^ *\d+ │/.test(l));
      const failing = golden.filter((l) => / (✗|error:) /.test(l)).length;
      const shown = await texts(".cgt-error-inline");
      const errors = shown.length;
      const gaveUp = golden.filter((l) => /gave up/.test(l)).length;
      // The editor's budget is shorter than the command line's, so it may give up on more.
      assert.ok(errors >= failing - gaveUp && errors <= failing, `${name}: ${errors} errors shown (${shown.join(" | ")}), ${failing} in ${name}.out`);
      // Each value of the golden output is the hint on its line, unless the page gave up there.
      const source = readFileSync(join(root, "examples", `${name}.cgt`), "utf8").split("\n");
      const compared = compareValues(`${name}.cgt`, source, golden, await page.evaluate(() => window.cgtPlayground.shown));
      assert.ok(compared > 0 || golden.every((r) => / (✗|error:) /.test(r)), `${name}: no value compared`);
    }
  });

  test("every registry example shows in the worker the values the reference shows", async () => {
    const examples = [...referenceExamples("rulesets.md"), ...referenceExamples("functions.md")];
    assert.ok(examples.length >= 80, `reference examples: ${examples.length}`);
    let compared = 0;
    for (const { source, rows } of examples) {
      await page.evaluate((text) => {
        window.cgtPlayground.shown = undefined;
        const { editor } = window.cgtPlayground;
        editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
      }, source + "\n");
      await page.waitForFunction(() => window.cgtPlayground.shown !== undefined, null, { timeout: 120_000 });
      const shown = await page.evaluate(() => window.cgtPlayground.shown);
      compared += compareValues(source.split("\n")[0], source.split("\n"), rows, shown);
    }
    assert.ok(compared >= 80, `values compared: ${compared}`);
  });

  test("nothing went wrong in the page", () => {
    assert.deepEqual(problems, []);
  });
});
