// The site's service worker: after one visit the game plays with no network,
// and repeat visits load the runtime from the cache instead of the server.
//
// The build writes the two constants below: BUILD is a digest of every file
// it caches, so each deploy installs a new worker with a new cache and the
// old cache is deleted when it takes over: nobody is left on stale files.
const BUILD = "__BUILD__";
const PRECACHE = ["__PRECACHE__"];
const CACHE = `pyengine-${BUILD}`;
const scope = new URL(self.registration.scope);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new URL(path, scope).href)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("pyengine-") && key !== CACHE).map((key) => caches.delete(key)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== scope.origin) return;
  if (request.mode === "navigate") {
    // Pages: the network first, so a new deploy shows at once; offline, the
    // cached page (its query, such as ?pos=..., is read by the page itself).
    event.respondWith(
      fetch(request).catch(() =>
        caches.open(CACHE)
          .then((cache) => cache.match(request, { ignoreSearch: true }))
          .then((hit) => hit || caches.match(new URL("404.html", scope).href)),
      ),
    );
    return;
  }
  // Everything else is fixed for this build: the cache first.
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(request).then((hit) => hit || fetch(request).then((response) => {
        if (response.ok) cache.put(request, response.clone());
        return response;
      })),
    ),
  );
});
