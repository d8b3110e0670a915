// Registers the site's service worker (sw.js at the site's root). Its first
// install downloads everything for offline use, so it waits until the page
// is done: the load event, and on pages with live boards, until PyScript has
// run the page's Python (py:all-done), so the download never delays a game.
(() => {
  if (!("serviceWorker" in navigator)) return;
  const root = new URL("..", document.currentScript.src);
  let pythonDone = false;
  let loaded = false;
  const register = () =>
    navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname })
      .catch((error) => console.warn("offline use unavailable:", error.message));
  const maybeRegister = () => {
    if (loaded && (pythonDone || !document.querySelector("script[type=py]"))) register();
  };
  addEventListener("py:all-done", () => { pythonDone = true; maybeRegister(); }, { once: true });
  addEventListener("load", () => { loaded = true; maybeRegister(); }, { once: true });
})();
