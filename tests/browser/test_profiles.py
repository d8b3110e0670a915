"""The profile a worker lends its modules one after another (conftest.Profiles)
comes back empty: what one module's pages stored is not there for the next."""

from __future__ import annotations

from playwright.sync_api import Page

from .conftest import Profiles, Watch, hand_back

STORE = """async () => {
  localStorage.setItem("left", "behind");
  await caches.open("left").then((cache) => cache.put("/left", new Response("behind")));
  await new Promise((done, failed) => {
    const opening = indexedDB.open("left", 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore("things");
    opening.onsuccess = () => { opening.result.close(); done(); };
    opening.onerror = () => failed(opening.error);
  });
  document.cookie = "left=behind; path=/";
}"""

FOUND = """async () => [
  localStorage.getItem("left"),
  await caches.has("left"),
  (await indexedDB.databases()).map((base) => base.name).includes("left"),
  document.cookie.includes("left="),
]"""


def test_a_profile_is_handed_back_empty(profiles: Profiles, base_url: str) -> None:
    context = profiles.get(optimizing=False)
    watch = Watch()
    context.on("request", watch.request)
    try:
        page: Page = context.new_page()
        page.goto(base_url + "no-javascript/")
        page.evaluate(STORE)
        assert page.evaluate(FOUND) == ["behind", True, True, True]  # each kind was stored
    finally:
        context.remove_listener("request", watch.request)
        hand_back(context, watch.origins)
    assert watch.origins == {base_url.rstrip("/")}
    assert len(context.pages) == 1 and context.pages[0].url == "about:blank"
    page = context.new_page()
    try:
        page.goto(base_url + "no-javascript/")
        assert page.evaluate(FOUND) == [None, False, False, False]
    finally:
        page.close()
