// End-to-end tests: the app installable (manifest, icons) and offline (the
// service worker that scripts/offline writes into the build). Each test
// serves a copy of the build of its own, to change it as a new release.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, PHONE, expect, status, solve, root, browser, shots } from './lib.mjs';
import { serve } from './harness.mjs';
import { LAMBDA } from './fixtures.mjs';

/// A copy of the build, served on a port of its own; `done()` stops it.
async function release() {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'nonogram-offline-'));
  fs.cpSync(root, copy, { recursive: true });
  const { server, base } = await serve(copy);
  const done = () => { server.close(); fs.rmSync(copy, { recursive: true, force: true }); };
  return { copy, base, done };
}

/// Opens `base` in a fresh browser context (no service worker yet).
async function visit(base, options) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base);
  await page.waitForSelector('#detected:has-text("Detected")');
  return { context, page, errors };
}

await test('installable: the manifest names the app, its icons (a maskable one) and standalone display', async (page) => {
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel=manifest]');
    const url = new URL(link.getAttribute('href'), location.href);
    const json = await (await fetch(url)).json();
    const icons = await Promise.all(json.icons.map(async (icon) => {
      const image = await createImageBitmap(await (await fetch(new URL(icon.src, url))).blob());
      return { ...icon, drawn: `${image.width}x${image.height}` };
    }));
    const dark = document.querySelector('meta[name=theme-color][media*=dark]')?.content;
    return { ...json, icons, theme: document.querySelector('meta[name=theme-color]')?.content, dark };
  });
  expect(manifest.name === 'Nonogram Studio' && manifest.display === 'standalone', JSON.stringify(manifest));
  expect(manifest.theme === manifest.theme_color, `theme colour ${manifest.theme} ${manifest.theme_color}`);
  // A dark theme's browser bar is dark, not the light theme's blue.
  expect(manifest.dark && manifest.dark !== manifest.theme, `dark theme colour ${manifest.dark}`);
  for (const [size, purpose] of [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']]) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
    expect(icon && icon.drawn === size, `${purpose} icon ${size}: ${JSON.stringify(manifest.icons)}`);
  }
});

for (const [size, options] of [['1280×800', {}], ['390×844', PHONE]]) {
  await test(`offline: after a first visit the page reloads, solves, starts workers, reads a picture and makes puzzles with the network off (${size})`, async () => {
    const { base, done } = await release();
    const { context, page, errors } = await visit(base, options);
    try {
      // The service worker has cached the whole build and serves the page.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await context.setOffline(true);
      await page.reload();
      await page.waitForSelector('#detected:has-text("Detected")');
      await solve(page, LAMBDA, 'Unique solution');
      // A new worker (Stop starts one) comes from the cache too.
      const started = await page.evaluate(() => new Promise((ready) => {
        const worker = new Worker(document.querySelector('meta[name=nonogram-worker]').content);
        worker.onmessage = (e) => { worker.terminate(); ready(e.data[0] === 0); };
        worker.onerror = () => ready(false);
      }));
      expect(started, 'a worker starts offline');
      // The picture worker, never started before, comes from the cache:
      // a screenshot is read with the network off.
      await page.setInputFiles('#read-picture', path.resolve('docs/screenshots/read-example.png'));
      await page.waitForFunction(() => document.querySelector('#read-summary')?.textContent.startsWith('Read a 15×14'), null, { timeout: 60000 });
      await page.click('#drop-reading');
      await page.selectOption('#new-size', '10');
      await page.selectOption('#new-grade', '1');
      await page.click('#new-puzzle');
      await page.waitForSelector('#hint');
      await page.click('#hint');
      await page.waitForFunction(() => document.querySelector('#difficulty')?.textContent.includes('Easy'));
      await page.screenshot({ path: path.join(shots, `offline-${page.viewportSize().width}.png`) });
      expect(errors.length === 0, errors.join('; '));
    } finally {
      await context.close();
      done();
    }
  });
}

await test('a new release is picked up on the next visit, with a note; the page never mixes two builds', async () => {
  const { copy, base, done } = await release();
  const { context, page, errors } = await visit(base);
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Every file the page asks for has its build's hash in its name, but
    // for the page, its service worker, the manifest and the icons.
    const files = fs.readdirSync(copy).filter((f) => /\.(js|wasm|css)$/.test(f) && f !== 'service-worker.js');
    // Trunk writes its 64-bit hash without leading zeros: 16 hex digits or a few fewer.
    const unhashed = files.filter((f) => !/-[0-9a-f]{10,16}(_bg)?\.(js|wasm|css)$/.test(f));
    expect(files.length >= 5 && unhashed.length === 0, `unhashed: ${unhashed.join(', ')}`);
    // A new release on the server: a changed page and service worker.
    const html = fs.readFileSync(path.join(copy, 'index.html'), 'utf8');
    fs.writeFileSync(path.join(copy, 'index.html'), html.replace('</head>', '<meta name="release" content="second">\n</head>'));
    const sw = fs.readFileSync(path.join(copy, 'service-worker.js'), 'utf8');
    fs.writeFileSync(path.join(copy, 'service-worker.js'), sw.replace(/const VERSION = '([0-9a-f]+)'/, "const VERSION = '$1-second'"));
    // The next visit shows the build the page had, then says a new one is in.
    await page.reload();
    await page.waitForSelector('#detected:has-text("Detected")');
    expect(await page.locator('meta[name=release]').count() === 0, 'the cached build first');
    await page.waitForSelector('#updated');
    const note = await page.locator('#updated').textContent();
    expect(note.startsWith('Updated — reload for the new version.'), note);
    await page.screenshot({ path: path.join(shots, 'updated-1280.png') });
    // The page still starts workers of its own build (the old build stays cached).
    await solve(page, LAMBDA, 'Unique solution');
    await page.click('#reload');
    await page.waitForSelector('meta[name=release][content=second]', { state: 'attached' });
    await page.waitForSelector('#detected:has-text("Detected")');
    expect(await page.locator('#updated').count() === 0, 'no note after the reload');
    await solve(page, LAMBDA, 'Unique solution');
    expect(errors.length === 0, errors.join('; '));
    expect((await status(page)).startsWith('Unique solution'), 'solved');
  } finally {
    await context.close();
    done();
  }
});

await test('scripts/serve serves the release build gzipped, with no live reload', async (page) => {
  const { serveBuild } = await import('../../scripts/serve.mjs');
  const { server, base } = await serveBuild(root);
  try {
    const sockets = [];
    const encodings = [];
    page.on('websocket', (w) => sockets.push(w.url()));
    page.on('response', (r) => { if (/\.(wasm|js)$/.test(r.url())) encodings.push(r.headers()['content-encoding']); });
    await page.goto(base);
    await page.waitForSelector('#detected:has-text("Detected")');
    await solve(page, LAMBDA, 'Unique solution');
    expect(sockets.length === 0, `no live-reload socket: ${sockets}`);
    expect(encodings.length >= 2 && encodings.every((e) => e === 'gzip'), `gzipped: ${encodings}`);
    const html = await (await fetch(base)).text();
    expect(!html.includes('__trunk') && !html.includes('WebSocket'), 'no development server script in the page');
  } finally {
    server.close();
  }
});
