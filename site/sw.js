// The site's service worker: after one visit the game plays with no network,
// and repeat visits load the runtime from the cache instead of the server.
//
// The build writes the constants below (tools/runtime/offline.py). FILES holds every
// file the worker keeps, by the address the pages ask for it under, with the
// first hex digits of its SHA-256: an address carries its file's digest
// (`?v=`, or in the name), so a file changed by a deploy has a new address.
// BUILD is digested from FILES: each deploy installs a new worker with a new
// cache, and deletes the old cache only once the new one is complete.
const BUILD = "__BUILD__";
const FILES = {"__FILES__": ""};
// Kept once a page has asked for them, never downloaded ahead (the full
// standard library: only a reader's own code may need it).
const LAZY = new Set(["__LAZY__"]);
const CACHE = `pyengine-${BUILD}`;
const scope = new URL(self.registration.scope);
const href = (address) => new URL(address, scope).href;
// Each file's address by its absolute URL, query and all; pages apart, they
// are not named by their content.
const isPage = (address) => address === "" || /(\/|\.html)$/.test(address);
const KEPT = new Map(Object.keys(FILES).filter((a) => !isPage(a)).map((address) => [href(address), address]));
// The same by path alone, for a request that does not carry the digest.
const BY_PATH = new Map(Object.keys(FILES).map((address) => [href(address).split("?")[0], href(address)]));

async function hex(response) {
  const bytes = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

// `response` holds the bytes this build listed for `address`.
async function isThisBuilds(address, response) {
  return response.ok && (await hex(response.clone())).startsWith(FILES[address]);
}

// A file of this build from the network, never the browser's HTTP cache
// (which may still hold an earlier build's file under the same address).
async function download(address) {
  const response = await fetch(href(address), { cache: "reload" });
  if (!(await isThisBuilds(address, response))) {
    throw new Error(`${address}: the server's copy is not this build's (HTTP ${response.status})`);
  }
  return response;
}

// Another build's cache may hold the same file (the same address and digest):
// taken from there, checked all the same, it is not downloaded again.
async function earlier(address) {
  for (const key of await caches.keys()) {
    if (key === CACHE || !key.startsWith("pyengine-")) continue;
    // (caches.match, not caches.open: a cache deleted meanwhile is not made again)
    const hit = await caches.match(href(address), { cacheName: key });
    if (hit && (await isThisBuilds(address, hit))) return hit;
  }
  return null;
}

// Every file but the lazy ones, checked against its digest: one that is
// missing or another build's fails the install, and the old worker and its
// complete cache stay in charge until the next visit tries again.
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(Object.keys(FILES).map(async (address) => {
      if (await cache.match(href(address))) return;  // an install tried before
      const kept = await earlier(address);
      if (kept || !LAZY.has(address)) await cache.put(href(address), kept || (await download(address)));
    }));
    await self.skipWaiting();
  })());
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

// Offline, the cached copy of the file a request names, whatever else its
// query says (a page's ?pos=..., a retry's &attempt=2), if the digest it
// asks for, if any, is this copy's.
async function cachedCopy(url) {
  const kept = BY_PATH.get(url.split("?")[0]);
  const wanted = new URL(url).searchParams.get("v");
  if (!kept || (wanted && new URL(kept).searchParams.get("v") !== wanted)) return undefined;
  return (await caches.open(CACHE)).match(kept);
}

// Offline, a page asked for without its final slash (about for about/),
// sent where the host would send it, its query kept.
function slashed(url) {
  const page = new URL(url);
  page.pathname += "/";
  return BY_PATH.has(page.href.split("?")[0]) ? Response.redirect(page.href, 301) : undefined;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope.href)) return;
  const address = KEPT.get(request.url);
  if (request.mode === "navigate") {
    // Pages: the network first, revalidated, so a deploy shows at once;
    // offline, the cached page (its query, such as ?pos=..., is read by the
    // page itself), or the site's 404 page.
    event.respondWith(
      fetch(new Request(request, { cache: "no-cache" })).catch(async () =>
        (await cachedCopy(request.url)) || slashed(request.url) || (await caches.open(CACHE)).match(href("404.html"))),
    );
  } else if (address) {
    // A file of this build, by an address that names its content: the cache
    // first, for good. A lazy one is kept once it has come, if it is this build's.
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(request.url);
      if (hit) return hit;
      const response = await fetch(request);
      if (LAZY.has(address) && (await isThisBuilds(address, response))) await cache.put(request.url, response.clone());
      return response;
    })());
  } else {
    // Any other address (another build's, or one without its digest, made by
    // a script at run time): the network, revalidated; offline, the cached
    // copy of that file. An address with a digest the server's file no longer
    // has (a page of an earlier build, open across a deploy) gets an error,
    // which the page reports, rather than another build's file.
    const wanted = new URL(request.url).searchParams.get("v");
    event.respondWith(
      fetch(new Request(request, { cache: "no-cache" })).then(
        async (response) => {
          if (!wanted || !response.ok || (await hex(response.clone())).startsWith(wanted)) return response;
          return Response.error();
        },
        async (error) => (await cachedCopy(request.url)) || Promise.reject(error),
      ),
    );
  }
});
