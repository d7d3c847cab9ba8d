// End-to-end tests: the line lab, and clues opened from the board.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { test, onBothSizes, expect, status, paste, solve, boardPixels, exported, shots, shared, root, base, browser, settled, setSpeed } from './lib.mjs';
import { picture, POST_003, LAMBDA, png, bmp, gif, crc32, BLACK, WHITE, DISC, SWITCH } from './fixtures.mjs';

await test("the line lab reproduces post 001's resultant fixes", async (page) => {
  const expected = [
    '|.|.|1|1|1|1|1|1|.|.|', '|.|.|1|1|.|.|.|1|.|.|', '|_|.|.|1|.|.|_|_|1|_|', '|.|1|1|.|_|_|_|.|1|.|',
    '|.|.|1|1|1|.|.|_|_|_|', '|1|_|_|.|1|1|.|_|_|_|', '|_|_|1|1|1|1|1|_|_|1|1|_|1|1|_|',
  ];
  // Folded away until asked for.
  expect(!(await page.locator('#lab-cases').isVisible()), 'the lab is folded on a first visit');
  await page.click('#lab-details summary');
  for (let i = 0; i < expected.length; i++) {
    await page.selectOption('#lab-cases', String(i));
    const fixes = await page.locator('#lab-fixes').textContent();
    expect(fixes === expected[i], `case ${i + 1}: ${fixes}`);
  }
  await page.fill('#lab-clue', '[3 2]');
  await page.fill('#lab-line', '....x.x...');
  const placements = (await page.locator('#lab-placements').textContent()).split('\n');
  expect(placements.length === 4 && placements[0] === '|A|A|A|.|_|.|_|B|B|.|', placements.join(' / '));
  await page.fill('#lab-line', '#x#');
  await page.fill('#lab-clue', '2');
  expect((await page.locator('#lab-error').textContent()) === 'no placement of the clue fits this line', 'lab error');
});

await onBothSizes('clicking a row clue opens its line in the lab', async (page) => {
  await setSpeed(page, '0');
  await solve(page, POST_003, 'Unique solution');
  const box = await page.locator('canvas.cells').boundingBox();
  const [left, top, cell] = await page.evaluate(() =>
    ['data-left', 'data-top', 'data-cell'].map((a) => Number(document.querySelector('canvas').getAttribute(a))));
  await page.mouse.click(box.x + left / 2, box.y + top + 1.5 * cell); // row 2's clue
  expect(await page.inputValue('#lab-clue') === '[2 1]', await page.inputValue('#lab-clue'));
  expect(await page.inputValue('#lab-line') === '##x#x', await page.inputValue('#lab-line'));
  const note = await page.locator('#lab-note').textContent();
  expect(note.startsWith('row 2 as shown at step'), note);
  // The lab may have scrolled into view (below the board's tools on a
  // phone): the board is brought back to click its next clue.
  await page.locator('canvas.cells').scrollIntoViewIfNeeded();
  await settled(page);
  const box2 = await page.locator('canvas.cells').boundingBox();
  await page.mouse.click(box2.x + left + 3.5 * cell, box2.y + top / 2); // column 4's clue
  expect(await page.inputValue('#lab-clue') === '[5]', await page.inputValue('#lab-clue'));
  // On a board that fills the window, the lab comes into view.
  await solve(page, picture(34, 34, 0.75, 3434), 'Unique solution');
  const drawn = await boardPixels(page);
  expect(drawn.cell >= 8 && drawn.clueInk > 100, `cells of ${drawn.cell} px show their clues (${drawn.clueInk} px)`);
  const big = await page.locator('canvas.cells').boundingBox();
  const [l2, t2, c2] = await page.evaluate(() =>
    ['data-left', 'data-top', 'data-cell'].map((a) => Number(document.querySelector('canvas').getAttribute(a))));
  await page.mouse.click(big.x + l2 / 2, big.y + t2 + 29.5 * c2); // row 30's clue
  await page.waitForFunction(() => document.querySelector('#lab-note').textContent.startsWith('row 30 as shown'));
  // The lab is scrolled into view (smoothly): wait for the scroll to end.
  await settled(page);
  const lab = await page.evaluate(() => {
    const r = document.querySelector('#lab-placements').getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: window.innerHeight };
  });
  expect(lab.top >= 0 && lab.top < lab.height, `the lab's placements are in view: ${JSON.stringify(lab)}`);
  await page.screenshot({ path: path.join(shots, `lab-in-view-${page.viewportSize().width}.png`) });
});



await test('a colour clue opens its line in the lab, in the palette\'s colours', async (page) => {
  // A 4×3 picture in red and blue: row 1 is "rr.b".
  const xml = fs.readFileSync(path.join(shared, 'survey-colour/webpbn-color-00047.xml'), 'utf8');
  await setSpeed(page, '0');
  await paste(page, xml);
  await page.waitForFunction(() => document.querySelector('#detected').textContent.includes('4 colours and white'));
  await solve(page, null, 'Unique solution');
  const box = await page.locator('canvas.cells').boundingBox();
  const [left, top, cell] = await page.evaluate(() =>
    ['data-left', 'data-top', 'data-cell'].map((a) => Number(document.querySelector('canvas').getAttribute(a))));
  await page.mouse.click(box.x + left - 2, box.y + top + 4.5 * cell); // row 5's clue, its last number
  await page.waitForFunction(() => document.querySelector('#lab-note').textContent.startsWith('row 5 as shown'));
  const clue = await page.inputValue('#lab-clue');
  const line = await page.inputValue('#lab-line');
  // The clue in words (lengths and colour names), the line in the goal's characters.
  expect(/^\d+ (black|red|green|blue)(, \d+ (black|red|green|blue))*$/.test(clue), clue);
  const goal = xml.split('\n').filter((l) => /^\|.*\|$/.test(l.trim())).map((l) => l.trim().slice(1, -1));
  expect(line === goal[4], `row 5 as solved: ${line} / ${goal[4]}`);
  expect((await page.locator('#lab-placements').textContent()) === `|${[...line].join('|')}|`, 'one placement: the line itself');
  // Not known yet: every placement of the clue, and what they agree on.
  await page.fill('#lab-line', '?'.repeat(line.length));
  const placements = (await page.locator('#lab-placements').textContent()).split('\n');
  expect(placements.length > 1 && placements.every((p) => p.length === 2 * line.length + 1), placements.join(' / '));
  const fixes = await page.locator('#lab-fixes').textContent();
  expect(/^\|([^|]\|)+$/.test(fixes) && fixes.includes('?'), fixes);
  // A colour the palette lacks is named.
  await page.fill('#lab-clue', '2 mauve');
  expect((await page.locator('#lab-error').textContent()).includes('no colour `mauve`'), 'lab error');
  await page.screenshot({ path: path.join(shots, 'lab-colour-1280.png') });
});
