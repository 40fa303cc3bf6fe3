// Opens a .cgt file in code-server (VS Code in the browser) with headless Chromium, waits
// until the cgt extension's inline hints and diagnostics are shown, and saves a screenshot.
//
//   node shot.js URL FILE OUT.png
//
// URL is the code-server address (with ?folder=...), FILE the absolute path of the file to
// open, OUT the PNG to write. Uses Debian's Chromium (/usr/bin/chromium, or $CHROMIUM);
// never downloads a browser. Exits non-zero if the hints do not appear in time.
'use strict';

const { chromium } = require('playwright-core');

const [url, file, out] = process.argv.slice(2);
if (!url || !file || !out) {
  console.error('usage: node shot.js URL FILE OUT.png');
  process.exit(2);
}
// What must be on screen before the picture is taken: a value hint, a tick, and the squiggle of
// the failing check.
const EXPECT = (process.env.SHOT_EXPECT || '= 1/8 · L|✓').split('|');
const TIMEOUT = Number(process.env.SHOT_TIMEOUT_MS || 90000);

function log(msg) {
  console.log(`[shot] ${msg}`);
}

// Hovers the first line of the editor that starts with `text` and waits until the hover shows
// its pictures (the thermograph and game tree as SVG data-URI images), each decoded by the
// browser (naturalWidth > 0). Throws if no picture is rendered.
async function showHover(page, text) {
  const lines = page.locator('.editor-instance .monaco-editor .view-line');
  const count = await lines.count();
  for (let i = 0; i < count; i++) {
    const shown = (await lines.nth(i).innerText()).replace(/\u00a0/g, ' ');
    if (!shown.startsWith(text)) continue;
    const box = await lines.nth(i).boundingBox();
    await page.mouse.move(box.x + 12, box.y + box.height / 2);
    await page.waitForSelector('.monaco-hover img', { timeout: 20000 });
    const sizes = await page.waitForFunction(
      () => {
        const imgs = [...document.querySelectorAll('.monaco-hover img')];
        const ok = imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0);
        return ok && imgs.map((img) => `${img.alt} ${img.naturalWidth}x${img.naturalHeight}`);
      },
      null,
      { timeout: 20000, polling: 250 },
    );
    log(`the hover shows its pictures: ${(await sizes.jsonValue()).join(', ')}`);
    await page.waitForTimeout(500);
    return;
  }
  throw new Error(`no line starts with ${JSON.stringify(text)}`);
}

(async () => {
  // A fresh profile (--user-data-dir, which playwright passes for a persistent context).
  const profile = process.env.CHROMIUM_PROFILE || require('fs').mkdtempSync('/tmp/cgt-shot-profile-');
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1200, height: 640 },
    deviceScaleFactor: 1,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  let status = 0;
  const page = browser.pages()[0] || (await browser.newPage());
  try {
    // The remote authority is code-server's host:port; without it the editor's model would not be
    // the document the extension reports diagnostics for (no squiggles).
    const payload = JSON.stringify([['openFile', `vscode-remote://${new URL(url).host}${file}`]]);
    const target = `${url}${url.includes('?') ? '&' : '?'}payload=${encodeURIComponent(payload)}`;
    log(`opening ${target}`);
    await page.goto(target, { waitUntil: 'domcontentloaded', timeout: TIMEOUT });
    await page.waitForSelector('.editor-instance .monaco-editor .view-line', { timeout: TIMEOUT });
    log('editor is open; waiting for the inline hints');

    // Inlay hints are rendered as text inside the editor's lines (with non-breaking spaces).
    await page.waitForFunction(
      (expect) => {
        // (Every editor on the page: the text editor is not the first one in the DOM.)
        const rows = [...document.querySelectorAll('.monaco-editor .view-line')];
        const text = rows.map((r) => r.innerText).join('\n').replace(/\u00a0/g, ' ');
        // A statement still computing shows a hint that is just `…`.
        return expect.every((e) => text.includes(e)) && !/\s…$/m.test(text);
      },
      EXPECT,
      { timeout: TIMEOUT, polling: 250 },
    );
    log('hints are shown');
    // The failing check's squiggle (the diagnostics arrive with the hints, but are drawn apart).
    await page
      .waitForSelector('.monaco-editor .squiggly-error', { timeout: 15000 })
      .then(() => log('error squiggle is shown'))
      .catch(() => log('no error squiggle (the file may have no errors)'));

    // Put the cursor on line 3 (empty in the homework file), close the side bar, open the
    // Problems panel so the failing check's message shows, and give the editor the focus back.
    await page.click('.editor-instance .monaco-editor .view-lines', { position: { x: 4, y: 49 } });
    await page.keyboard.press('Control+B');
    if (process.env.SHOT_PROBLEMS !== '0') {
      await page.keyboard.press('Control+Shift+M');
      await page
        .waitForSelector('.markers-panel .monaco-list-row', { timeout: 15000 })
        .catch(() => log('the Problems panel shows nothing'));
      await page.keyboard.press('Control+1');
    }
    if (process.env.SHOT_HOVER) {
      await showHover(page, process.env.SHOT_HOVER);
    } else {
      // The mouse rests on the empty part of the tab bar, where it opens no hover.
      await page.mouse.move(900, 17);
      // Let the editor finish its layout after the panel opened (nothing to wait *for*).
      await page.waitForTimeout(1500);
    }

    await page.screenshot({ path: out });
    log(`saved ${out}`);
  } catch (e) {
    console.error(`[shot] failed: ${e && e.stack ? e.stack : e}`);
    status = 1;
    try {
      const rows = await page.evaluate(() =>
        [...document.querySelectorAll('.monaco-editor .view-line')].map((l) => l.innerText.replace(/\u00a0/g, ' ')),
      );
      console.error(`[shot] the editor shows:\n  ${rows.join('\n  ')}`);
      await page.screenshot({ path: `${out}.failed.png` });
      console.error(`[shot] what the page looked like: ${out}.failed.png`);
    } catch (_) {
      // the page is gone
    }
  } finally {
    await browser.close();
  }
  process.exit(status);
})();
