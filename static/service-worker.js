// Nonogram Studio offline: this service worker keeps every file of one build
// in a cache of its own, and serves the page from it, network or not.
// scripts/offline (Trunk's post-build hook) writes it into dist/ with the
// build's VERSION and FILES filled in. Every file but index.html, this
// script, the manifest and the icons has a hash of its content in its
// name, so a page only ever asks for files of its own build.
//
// A new build is fetched whole in the background (install), then takes
// over (activate) and the page says "Updated — reload for the new
// version". The build before stays cached: a page still open on it starts
// new workers (Stop does) from its own files. Older builds are deleted.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const PREFIX = 'nonogram-studio-';
const CACHE = PREFIX + VERSION;
// When a build was cached (ms), kept in its cache: the newest two stay.
const INSTALLED = './installed-at';

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // From the server, never from the browser's HTTP cache: all of one build.
    await cache.addAll(FILES.map((file) => new Request(file, { cache: 'reload' })));
    await cache.put(INSTALLED, new Response(String(Date.now())));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
    const dated = await Promise.all(older.map(async (name) => {
      const at = await (await caches.open(name)).match(INSTALLED);
      return [at ? Number(await at.text()) : 0, name];
    }));
    dated.sort((a, b) => b[0] - a[0]);
    await Promise.all(dated.slice(1).map(([, name]) => caches.delete(name)));
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Any address of the page (with its #new=…, its ?query) is the page.
    const cached = request.mode === 'navigate'
      ? await cache.match('./index.html')
      : (await cache.match(request)) ?? (await caches.match(request));
    return cached ?? fetch(request);
  })());
});
