// Drives the cgt extension in real VS Code (code-server, in headless Chromium) through one
// scenario (run by tests/editors/vscode.sh, which starts code-server with that scenario's
// settings):
//
//   node vscode_test.js URL FILE SCENARIO
//
// SCENARIO
//   missing  no cgt on PATH and cgt.server.path unset: an error notification says how to install
//            cgt (`cargo install --path crates/cgt-cli`)
//   wrong    cgt.server.path names no executable: the notification names the setting and says
//            how to install cgt
//   works    cgt.server.path is the real server: the inlay hint `= 1/8 · L` on line 1, the
//            diagnostic of line 2 (contains -3/8) in the Problems panel, the hover on `WBBW.BW`
//            (contains 1/8)
// Prints PASS/FAIL lines; exits 1 when a check failed. Uses Debian's Chromium.
'use strict';

const { chromium } = require('playwright-core');

const [url, file, scenario] = process.argv.slice(2);
const TIMEOUT = Number(process.env.CGT_EDITOR_TIMEOUT || 30) * 1000;
let failed = false;

function record(ok, what, detail) {
  console.log(`${ok ? 'PASS' : 'FAIL'} vscode (${scenario}): ${what}${detail ? ` — ${String(detail).replace(/\s+/g, ' ').slice(0, 200)}` : ''}`);
  if (!ok) failed = true;
}

/** Waits until `fn(arg)` (run in the page) returns a non-empty string; returns it, or undefined. */
async function waitForText(page, fn, arg) {
  try {
    const handle = await page.waitForFunction(fn, arg, { timeout: TIMEOUT, polling: 250 });
    return await handle.jsonValue();
  } catch {
    return undefined;
  }
}

/** The text of the notifications on screen (toasts), or '' when there are none. */
function toasts(expect) {
  const text = [...document.querySelectorAll('.notification-toast, .notifications-toasts .monaco-list-row')]
    .map((n) => n.innerText)
    .join('\n');
  return expect.every((e) => text.includes(e)) ? text : '';
}

(async () => {
  const profile = require('fs').mkdtempSync('/tmp/cgt-vscode-test-');
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1400, height: 800 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = browser.pages()[0] || (await browser.newPage());
  try {
    const payload = JSON.stringify([['openFile', `vscode-remote://${new URL(url).host}${file}`]]);
    await page.goto(`${url}${url.includes('?') ? '&' : '?'}payload=${encodeURIComponent(payload)}`, {
      waitUntil: 'domcontentloaded',
      timeout: TIMEOUT * 3,
    });
    await page.waitForSelector('.editor-instance .monaco-editor .view-line', { timeout: TIMEOUT * 3 });
    record(true, 'the .cgt file is open');

    if (scenario === 'missing' || scenario === 'wrong') {
      const expect =
        scenario === 'missing'
          ? ['`cgt` was not found on PATH', 'cargo install --path crates/cgt-cli']
          : ['`cgt.server.path` is', 'is not an executable file', 'cargo install --path crates/cgt-cli'];
      const shown = await waitForText(page, toasts, expect);
      record(shown !== undefined, 'an error notification says how to install cgt', shown ?? 'no such notification within the timeout');
      const buttons = await page.evaluate(() =>
        [...document.querySelectorAll('.notification-toast .monaco-button')].map((b) => b.innerText.trim()),
      );
      record(buttons.includes('Copy Install Command'), 'it offers "Copy Install Command"', buttons.join(', '));
    } else {
      // (a) the value as an inlay hint (rendered inside the line's text).
      const hint = await waitForText(page, () => {
        const text = [...document.querySelectorAll('.monaco-editor .view-line')]
          .map((r) => r.innerText.replace(/\u00a0/g, ' '))
          .join('\n');
        return text.includes('= 1/8 · L') ? text : '';
      });
      record(hint !== undefined, 'inlay hint `= 1/8 · L` is shown', hint);
      // (b) the diagnostic, in the Problems panel.
      await page.keyboard.press('Control+Shift+M');
      const problem = await waitForText(page, () => {
        const p = document.querySelector('.markers-panel');
        return p && p.innerText.includes('-3/8') ? p.innerText : '';
      });
      record(problem !== undefined, 'the Problems panel has the failing check (-3/8)', problem);
      // (c) hover on WBBW.BW: cursor at the start of line 1, then "Show Hover" (Ctrl+K Ctrl+I).
      await page.keyboard.press('Control+1');
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I');
      const hover = await waitForText(page, () => {
        const h = [...document.querySelectorAll('.monaco-hover')].map((e) => e.innerText).join('\n');
        return h.includes('1/8') ? h : '';
      });
      record(hover !== undefined, 'hover on WBBW.BW shows 1/8', hover);
    }
  } catch (e) {
    record(false, 'the test ran', e && e.stack ? e.stack : e);
  } finally {
    if (failed) {
      await page.screenshot({ path: `${process.env.CGT_FAILED_PNG || '/tmp/cgt-vscode-failed'}-${scenario}.png` }).catch(() => {});
    }
    await browser.close();
  }
  process.exit(failed ? 1 : 0);
})();
