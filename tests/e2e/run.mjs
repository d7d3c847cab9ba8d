// End-to-end tests of the page in headless Chromium (Debian's, driven by
// playwright-core), one file a panel (*.test.mjs; helpers in lib.mjs,
// inputs in fixtures.mjs). Serves dist/ itself on 127.0.0.1 and stops
// everything it started. Prints "N passed, N failed"; exits 1 on any
// failure. E2E_ONLY=text runs the tests whose name holds it; E2E_CONSOLE=1
// prints the page's console.
import { finish } from './lib.mjs';

for (const panel of ['input', 'solve', 'playback', 'board', 'big', 'lab', 'play', 'picture', 'read', 'colour', 'look', 'offline']) {
  await import(`./${panel}.test.mjs`);
}
await finish();
