// The site's service worker (issue 33), plain JavaScript served as it is (no build step); main.tsx registers it.
// - Offline: a page that cannot load (no connection) is answered with the offline page, kept at install.
// - Nothing else is cached: the API's answers (and its live stream) never pass through here, pages and the app's
//   files come from the network as without a worker.
// - Web Push: shows the notification the server sent ({ title, body, url, tag }), unless a focused window of the
//   site already shows that page; a tap on it focuses a window of the site on that page, or opens one.

const CACHE = 'offline-v1';
const OFFLINE_PAGE = '/offline.html';
/** The offline page and what it loads. */
const OFFLINE_FILES = [OFFLINE_PAGE, '/offline.js', '/favicon.svg'];
const ICON = '/icons/icon-192.png';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(OFFLINE_FILES.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      // Pages start loading while the worker starts (the answer is read below).
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/** A page: the network's answer (whatever its status), or the offline page when there is no network. */
async function page(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: CACHE });
    return offline ?? Response.error();
  }
}

/** A file of the offline page: from the network when there is one, else as kept. */
async function offlineFile(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(request, { cacheName: CACHE, ignoreSearch: true })) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Another site's, or the API's (never cached, the live stream included): the browser's own way.
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (OFFLINE_FILES.includes(url.pathname)) event.respondWith(offlineFile(request));
});

/** The page a notification opens, as a full address of this site (another site's address opens the home page). */
function pageOf(url) {
  try {
    const target = new URL(url || '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

const samePage = (a, b) => {
  const x = new URL(a);
  const y = new URL(b);
  return x.pathname === y.pathname && x.search === y.search;
};

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const url = pageOf(data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // Read already: the person is looking at that page.
      if (windows.some((client) => client.focused && samePage(client.url, url))) return;
      await self.registration.showNotification(data.title || 'Resale Phones', {
        body: data.body || '',
        icon: ICON,
        badge: ICON,
        ...(data.tag ? { tag: data.tag, renotify: true } : {}),
        data: { url },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pageOf(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => samePage(client.url, url)) || windows.find((client) => client.focused) || windows[0];
      if (open) {
        const focused = await open.focus().catch(() => open);
        if (samePage(open.url, url)) return;
        const moved = await (focused || open).navigate(url).catch(() => null);
        if (moved) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
