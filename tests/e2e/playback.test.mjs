// End-to-end tests: the history: the verdict at once, replay, the Step slider, keys.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { test, onBothSizes, expect, status, paste, solve, boardPixels, exported, shots, shared, root, base, browser, setSpeed } from './lib.mjs';
import { picture, POST_003, LAMBDA, png, bmp, gif, crc32, BLACK, WHITE, DISC, SWITCH } from './fixtures.mjs';

await onBothSizes('the verdict shows the solution at once; the history replays at a slow speed', async (page) => {
  await setSpeed(page, '10');
  await paste(page, fs.readFileSync(path.join(shared, 'nonogram-db/db/qnonograms/collection1/100.non'), 'utf8'));
  await page.click('#solve');
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Unique solution'));
  // At 10 steps a second the playback trails the solver, yet the verdict
  // comes with its solution on the board.
  const solved = await page.inputValue('#grid-text');
  expect(!solved.includes('?'), 'the board shows the solution with the verdict');
  const [step, max] = await page.evaluate(() => [document.querySelector('#step').value, document.querySelector('#step').max]);
  expect(step === max && Number(max) > 10, `the Step slider is at the end: ${step} of ${max}`);
  // Replay: from the start, intermediate states, then pause and step.
  await page.click('#start');
  expect((await page.inputValue('#grid-text')).replaceAll('\n', '').split('').every((c) => c === '?'), 'the start is all unknown');
  await page.click('#play');
  // Two steps played (the grid partly known): pause there.
  await page.waitForFunction(() => {
    const g = document.querySelector('#grid-text').value;
    const step = Number(/^step (\d+)/.exec(document.querySelector('#frame').textContent)?.[1] ?? 0);
    return step >= 2 && g.includes('?') && (g.includes('#') || g.includes('.'));
  });
  await page.click('#play'); // pause
  const frame = await page.locator('#frame').textContent();
  const here = await page.inputValue('#grid-text');
  expect(here.includes('?'), 'paused before the end');
  await page.click('#back');
  const before = await page.inputValue('#grid-text');
  expect(before !== here, 'step back changes the grid');
  expect(before.split('?').length > here.split('?').length, 'one step back has more unknown cells');
  await page.click('#forward');
  expect(await page.inputValue('#grid-text') === here, `step forward returns to ${frame}`);
  await page.click('#end');
  expect(await page.inputValue('#grid-text') === solved, 'End is the solution');
});

await onBothSizes('the Step slider and the keyboard move through the history', async (page) => {
  await solve(page, LAMBDA, 'Unique solution');
  const last = Number(await page.evaluate(() => document.querySelector('#step').max));
  const frame = () => page.locator('#frame').textContent();
  // The slider, as a pointer or arrow keys on it would move it.
  await page.evaluate(() => { const s = document.querySelector('#step'); s.value = '3'; s.dispatchEvent(new InputEvent('input', { bubbles: true })); });
  expect(await frame() === `step 3 of ${last}`, await frame());
  // Keys on the board: Home, →, ←, End, Space.
  await page.focus('.canvas-wrap');
  await page.keyboard.press('Home');
  expect(await frame() === `step 0 of ${last}`, await frame());
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  expect(await frame() === `step 1 of ${last}`, await frame());
  await page.keyboard.press('End');
  expect(await frame() === `step ${last} of ${last}`, await frame());
  expect(!(await page.inputValue('#grid-text')).includes('?'), 'End shows the solution');
  await setSpeed(page, '2');
  await page.focus('.canvas-wrap');
  await page.keyboard.press('Home');
  await page.keyboard.press(' ');
  expect(await page.locator('#play').textContent() === 'Pause', 'Space plays');
  await page.waitForFunction(() => !document.querySelector('#frame').textContent.startsWith('step 0 '));
  await page.keyboard.press(' ');
  expect(await page.locator('#play').textContent() === 'Play steps', 'Space pauses');
  const at = await frame();
  expect(at !== `step 0 of ${last}` && at !== `step ${last} of ${last}`, `played some steps: ${at}`);
  expect(await page.evaluate(() => document.querySelector('canvas').getAttribute('role')) === 'img', 'the board is an image');
  const alt = await page.evaluate(() => document.querySelector('canvas').getAttribute('aria-label'));
  expect(/^Board, 10×12: \d+ cells of 120 known/.test(alt) && alt.includes('Unique solution'), alt);
});


await onBothSizes('keyboard only: type clues, solve, and step through the history', async (page) => {
  // Tab from the top of the page to the clues, type a puzzle, Tab on to
  // Solve, press Enter; then Tab to the board and play it back with keys.
  const focusById = async (id, most = 40) => {
    for (let i = 0; i < most; i++) {
      if (await page.evaluate(() => document.activeElement?.id || document.activeElement?.className) === id) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`${id} not reached by Tab`);
  };
  await page.evaluate(() => document.activeElement?.blur());
  await focusById('clues');
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(POST_003);
  await page.waitForSelector('#detected:has-text("Detected: 0/1 picture, 5×5")');
  await focusById('solve');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Unique solution'));
  await focusById('canvas-wrap');
  const frame = () => page.locator('#frame').textContent();
  const last = (await frame()).split(' of ')[1];
  await page.keyboard.press('Home');
  expect(await frame() === `step 0 of ${last}`, await frame());
  await page.keyboard.press('ArrowRight');
  expect(await frame() === `step 1 of ${last}`, await frame());
  await page.keyboard.press('End');
  expect(await page.inputValue('#grid-text') === '.###.\n##.#.\n.###.\n..##.\n..###', 'the solution at the end');
  // The Step slider is reachable and moves with the arrow keys too.
  await focusById('step');
  await page.keyboard.press('Home');
  expect(await frame() === `step 0 of ${last}`, await frame());
});

// The seed's own counts ("Iteration 1 has 0 errors and 12 unknown cells"),
// in a player's words (the post's wording is the CLI's --trace).
await test("stepping through post 003 shows its passes with the post's counts", async (page) => {
  await setSpeed(page, '0');
  await solve(page, POST_003, 'Unique solution');
  const notes = [];
  for (let i = 0; i < 40; i++) {
    await page.click('#back');
    notes.push(await page.locator('#progress').textContent());
  }
  expect(notes.includes('Pass 1 over every line: 12 cells still unknown'), notes.join(' | '));
  expect(notes.includes('Pass 2 over every line: every cell known'), notes.join(' | '));
  expect(notes.includes('Start: every cell unknown'), 'back to the start');
});


