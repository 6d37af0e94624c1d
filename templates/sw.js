{% load static %}// Scorebook's service worker (served at /sw.js by scorebook/views/app.py, version {{ version }}).
// It keeps what a table needs when the café's connection drops: the app's files, the night
// pages and the form for the next hand (network first, the kept copy when there is none), and
// a small page for anything else. It never answers a save: the page keeps a hand in the
// outbox (static/scorebook/outbox.js); this worker only sends the outbox when Background
// Sync says the connection is back, where the browser has it.
importScripts("{% static 'vendor/idb-keyval-6.3.0/idb-keyval.umd.js' %}", "{% static 'scorebook/outbox-send.js' %}");

const FILES = "scorebook-files-{{ version }}";
const PAGES = "scorebook-pages";  // one account's pages: emptied when it logs out
const APP_FILES = [{% for url in files %}"{{ url|escapejs }}", {% endfor %}];
const OFFLINE = "{% url 'offline' %}";
// The night page and the form for its next hand.
const KEPT_PAGE = /^\/nights\/\d+\/(hands\/new\/)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(FILES)
      .then((cache) => cache.addAll([...APP_FILES, OFFLINE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const old = (name) => name.startsWith("scorebook-files-") && name !== FILES;
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (APP_FILES.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request)));
  } else if (KEPT_PAGE.test(url.pathname) && !request.headers.get("HX-Request")) {
    event.respondWith(networkFirst(request, url));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
  }
});

async function networkFirst(request, url) {
  const key = url.origin + url.pathname;  // ?show=… and the like share one kept copy
  try {
    const response = await fetch(request);
    // A redirect (to the log-in page, say) or an error is nothing to keep, and nothing is
    // kept for nobody (a page fetched while its account was logging out).
    if (response.ok && !response.redirected && (await self.ScorebookOutbox.signedInUser())) {
      const cache = await caches.open(PAGES);
      await cache.put(key, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(key);
    return kept || (await caches.match(OFFLINE)) || Response.error();
  }
}

// Background Sync: send the outbox, then tell the open pages, which show what is left.
async function sendOutbox() {
  await self.ScorebookOutbox.flushForSignedIn();
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage("outbox-changed");
}

self.addEventListener("sync", (event) => {
  if (event.tag === "outbox") event.waitUntil(sendOutbox());
});
