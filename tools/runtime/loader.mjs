// The site's Pyodide loader. PyScript's `interpreter` setting names this
// module instead of pyodide.mjs; the build copies it to
// runtime/pyodide/loader.mjs and writes SETTINGS (tools/runtime/runtime.py).
//
// The contract with polyscript (undocumented, pinned by
// tests/browser/test_runtime.py): polyscript imports the module at the
// `interpreter` URL, reads its `loadPyodide` and `version` exports, and calls
// loadPyodide({ stderr, stdout, indexURL }) with indexURL = the folder of
// that URL. So this file sits next to pyodide.mjs, and `version` is the real
// Pyodide version (polyscript keys its cache and its special cases on it).
//
// Pyodide starts when this module is evaluated, not when polyscript asks:
// the page loads it as an async module script of its own (boards-head.html),
// which runs as soon as it has arrived, while the page is still parsed; and
// polyscript, importing the same URL, gets the same module and the start
// under way. Polyscript asks only once the page is parsed, the theme's script
// has run and its own modules have loaded and opened their package cache:
// Python's start-up, one long task, began about 0.35 s later than in a bare
// Pyodide boot on localhost (measured: bench/HISTORY.md). Until polyscript
// hands over its stdout and stderr, lines are kept for it. The site asks
// polyscript for no packages, so the options it would add for them never
// exist.
//
// What it adds to Pyodide's own loadPyodide, all public options of Pyodide:
//  - the address of each runtime file with its content's digest (SETTINGS.
//    files, `name?v=DIGEST`, written by the build as the pages' addresses
//    are: tools/runtime/offline.py): a deploy's changed file is never answered from
//    a cache by the previous build's copy. Pyodide asks for its wasm by its
//    plain name: the fetch guard below adds the digest;
//  - the wasm asked for first, with fetch(), before Pyodide's modules have
//    arrived ("the wasm, asked for first" below says why not a preload);
//  - stdLibURL: the trimmed standard library derived at build time from what
//    the site's Python imports (tools/runtime/stdlib.py), compiled to bytecode at
//    build time: 1.03 MB that Python need not compile, instead of 2.5 MB of
//    source that it must;
//  - lockFileContents: an empty package index (the site loads no packages),
//    so pyodide-lock.json (119 KB) is never fetched and is not shipped;
//  - the rest of the standard library on the first import that needs it
//    (_stdlib_ondemand.py, inside the trimmed zip);
//  - failure detection: a runtime file that fails to download makes Pyodide
//    log an error and wait forever, never reject (and a failure of the page's
//    own files, fetched by polyscript later, would leave the page loading
//    forever too); this loader notices, says so
//    on the page and retries on request, without reloading the page (so the
//    game in progress is kept). The promise polyscript awaits stays pending
//    until one attempt succeeds.
//
// The page sees the state in <html data-runtime="loading|slow|failed|ready">
// (and data-full-stdlib="staged" once the full standard library is at hand)
// and in each board's notice (boards.RUNTIME_NOTICE): [data-runtime-message]
// gets the words, [data-runtime-retry] is shown and retries when clicked.

const SETTINGS = "__SETTINGS__";

export const version = SETTINGS.version;

const here = new URL(".", import.meta.url);
// The files an attempt downloads with fetch(): the wasm and the stdlib zips.
const RUNTIME_FILE = /\/(pyodide\.asm\.wasm|python_stdlib[^/?]*\.zip)(\?|$)/;

let attempts = 0;           // the number of the latest attempt
const failed = new Set();   // attempts that have failed (the first reason is the one told)
let settled = false;
let watchdog = 0;

const fileName = (url) => String(url).split("/").pop().split("?")[0];

// -- what the page shows --------------------------------------------------

// The loader starts while the page is still being parsed: what it says
// then is said again once the boards' notices are all there.
const parsed = new Promise((done) => {
  if (document.readyState !== "loading") done();
  else document.addEventListener("DOMContentLoaded", done, { once: true });
});
let told = ["loading", ""];
parsed.then(() => show(...told));

// `words` is empty while all is well: then the notice stays hidden.
function show(state, words = "") {
  told = [state, words];
  document.documentElement.dataset.runtime = state;
  const failed = state === "failed" || state === "slow";
  for (const notice of document.querySelectorAll(".ttt-runtime")) {
    const message = notice.querySelector("[data-runtime-message]");
    const retry = notice.querySelector("[data-runtime-retry]");
    // Only a board that plays without Python (data-still-plays) says so.
    const stillPlays = failed && notice.hasAttribute("data-still-plays") ? " The board still plays." : "";
    if (message) message.textContent = words + stillPlays;
    if (retry) retry.hidden = !failed;
    notice.hidden = !words;
  }
}

// Attempt `n` failed. An earlier attempt failing while a newer one runs
// changes nothing on the page.
function fail(n, problem) {
  if (settled || failed.has(n)) return;
  failed.add(n);
  if (n !== attempts) return;
  clearTimeout(watchdog);
  show("failed", `The full game could not load: ${problem}.`);
}

// -- the fetch guard -------------------------------------------------------

// Until an attempt succeeds, every runtime file fetched with fetch() is
// checked: a network error or an HTTP error fails the latest attempt at once
// (Pyodide only logs it). A .wasm served with another MIME type gets
// application/wasm: Pyodide uses only WebAssembly.instantiateStreaming, which
// refuses any other type, and has no fallback.
function guard(realFetch) {
  return async function fetch(resource, init) {
    let url = resource instanceof Request ? resource.url : String(resource);
    if (settled || !RUNTIME_FILE.test(url)) return realFetch(resource, init);
    if (!(resource instanceof Request)) url = resource = withDigest(url);
    const asked = early.get(url);
    early.delete(url);
    let response;
    try {
      response = await (asked || realFetch(resource, init));
    } catch (error) {
      fail(attempts, `${fileName(url)} could not be downloaded (${error.message})`);
      throw error;
    }
    if (!response.ok) {
      fail(attempts, `${fileName(url)} could not be downloaded (HTTP ${response.status})`);
    } else if (/\.wasm(\?|$)/.test(url) && response.headers.get("content-type") !== "application/wasm") {
      const headers = new Headers(response.headers);
      headers.set("content-type", "application/wasm");
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    return response;
  };
}

// -- the wasm, asked for first -------------------------------------------------

// The wasm is the longest download, and Pyodide asks for it only once both its
// modules have arrived and run (pyodide.asm.mjs is 1.2 MB of JavaScript). So
// each attempt asks for it first, with fetch(), and the guard answers
// Pyodide's own request with that response. Not a <link rel=preload>: Chromium
// keeps the compiled wasm in its code cache, for the next visit to load
// instead of compiling, only when the module is streamed from a response of
// fetch(); a preloaded wasm was compiled afresh at every visit (bench/HISTORY.md,
// "The wasm's code cache").
const early = new Map();  // address -> the response an attempt asked for, until Pyodide asks

function askFirst(realFetch, name) {
  const url = located(name);
  const asked = realFetch(url);
  asked.catch(() => {});  // a failure is told when Pyodide asks (the guard), not as an unhandled rejection
  early.set(url, asked);
}

// -- one attempt -------------------------------------------------------------

// A runtime file's address: with its digest (SETTINGS.files). A module whose
// download failed stays failed in the page's module map under its URL, so
// each retry asks for its files under a new query.
const address = (name) => SETTINGS.files[name] || name;
const located = (name) => new URL(address(name), here).href;  // the same, absolute
const attemptURL = (name, n) => new URL(n > 1 ? `${address(name)}&attempt=${n}` : address(name), here);

// For a script that starts a Pyodide of its own (a Web Worker): each runtime
// file's absolute address, digest and all, so it gets the very files this
// page gets, from the same cache entries; and the package index to hand to
// loadPyodide (pyodide-lock.json is not shipped). A page's script imports
// this module by the address its <script src> holds (the same module).
export const runtimeFiles = Object.fromEntries(
  Object.keys(SETTINGS.files).map((name) => [name, located(name)]),
);
export const lockFileContents = { info: SETTINGS.lockInfo, packages: {} };

// Plain `pyodide.asm.wasm` as Pyodide asks for it, by its address.
function withDigest(url) {
  const plain = new URL(url, document.baseURI);
  if (plain.search || plain.href !== new URL(fileName(plain), here).href) return url;
  return located(fileName(plain));
}

async function importRuntime(name, n) {
  const url = attemptURL(name, n);
  try {
    return await import(url);
  } catch (error) {
    throw new Error(`${name} could not be downloaded (${error.message})`);
  }
}

// -- Python's start in turns ------------------------------------------------

// Until the next turn of the event loop: the browser may handle a press and
// paint before the start goes on. scheduler.yield() resumes ahead of other
// tasks (so the start loses no time to them); setTimeout where it is missing.
const turn = () => globalThis.scheduler && scheduler.yield
  ? scheduler.yield()
  : new Promise((resume) => setTimeout(resume, 0));

// What Pyodide's own bootstrap imports: `import _pyodide_core` initialises
// Pyodide's core, which imports these from the standard library (asyncio
// alone brings some forty modules), as one synchronous stretch of about 0.5 s
// on this machine, the longest task of the visit. Imported first,
// each in a task of its own and in an order where each brings only a few
// modules, they leave that import little to do. shutil, tempfile and zipfile
// are what Pyodide's package loader imports right after it. An import that
// fails (a module missing from a trimmed library) is left to the bootstrap.
const BOOTSTRAP_IMPORTS = [
  "re", "typing", "ast", "dis", "inspect", "dataclasses", "json", "traceback", "logging",
  "socket", "ssl", "subprocess", "concurrent.futures", "asyncio", "pathlib", "codeop",
  "shutil", "tempfile", "zipfile",
];

// Pyodide's start as a series of tasks, through its public createPyodideModule
// option (the function that instantiates the wasm and runs the interpreter's
// main(), which the loader already hands it). Left alone, loadPyodide runs
// main() in the task that instantiates the wasm, and its bootstrap right
// after, with no turn in between. Here:
//  1. the wasm is instantiated (the engine's own work: memory, tables, data);
//     Emscripten's public instantiateWasm option, which Pyodide sets, is
//     wrapped so that what follows waits one turn;
//  2. Emscripten's dynamic linking, in JavaScript (receiveInstance: every
//     export entered in the table and the global offset table), and its
//     preRun (Pyodide's file system set-up, a few ms); a step added to preRun
//     holds main() back one turn;
//  3. main(): the interpreter's own start (Py_Initialize), alone in its task;
//  4. one turn, then BOOTSTRAP_IMPORTS, a turn after each, each followed by
//     gc.freeze(): what a module's import made lives as long as the page, and
//     Python's collector need not walk it again. Without the freeze, one of
//     these imports (traceback, by the allocation counts) met a full
//     collection of everything imported so far: 0.74-0.80 s on a busy
//     machine, against 0.13-0.19 s with it. This runs Python
//     through Pyodide's API.rawRun (private, as finalizeBootstrap itself uses
//     it; feature-detected: without it, step 4 is skipped and the bootstrap
//     imports them all in one task, as before);
//  5. Pyodide's bootstrap, now short, and the rest of loadPyodide.
// Steps 1 and 2 were one task of 120-170 ms on a quiet machine until they
// were cut apart (bench/HISTORY.md). The hold in preRun is a run
// dependency, Emscripten's own way to make run() wait.
function inTurns(createPyodideModule) {
  return async (settings) => {
    const { instantiateWasm } = settings;
    if (typeof instantiateWasm === "function") {
      settings.instantiateWasm = (imports, receive) => instantiateWasm(imports, (instance, wasm) => {
        turn().then(() => receive(instance, wasm));
      });
    }
    settings.preRun = [...settings.preRun, (Module) => {
      Module.addRunDependency("turn");
      turn().then(() => Module.removeRunDependency("turn"));
    }];
    const module = await createPyodideModule(settings);
    const run = module.API && module.API.rawRun;
    for (const name of typeof run === "function" ? BOOTSTRAP_IMPORTS : []) {
      await turn();
      run(`import ${name}; import gc; gc.freeze()`);
    }
    await turn();
    return module;
  };
}

async function startPyodide(options, n) {
  const pyodide = await importRuntime("pyodide.mjs", n);
  if (pyodide.version !== version) {
    throw new Error(`pyodide.mjs is version ${pyodide.version}, the site expects ${version}`);
  }
  const { default: createPyodideModule } = await importRuntime("pyodide.asm.mjs", n);
  return pyodide.loadPyodide({
    ...options,
    createPyodideModule: inTurns(createPyodideModule),
    stdLibURL: attemptURL(SETTINGS.stdlib, n).href,
    lockFileContents,
  });
}

// The page's own files: the script polyscript runs and those its `files`
// setting unpacks (the engine zip, the page's modules), absolute URLs.
function appFiles() {
  const script = document.querySelector('script[type="py"][src]');
  if (!script) return [];
  const config = JSON.parse(script.getAttribute("config") || "{}");
  return [script.getAttribute("src"), ...Object.keys(config.files || {})]
    .map((url) => new URL(url, document.baseURI).href);
}

// polyscript fetches the page's own files only once loadPyodide has resolved,
// beyond this loader's watch: a failure there would leave the page loading
// forever. So each attempt downloads them too, beside Pyodide, and they fail
// or retry with it; polyscript is then handed these very bytes.
async function downloadAppFiles(realFetch) {
  await parsed;  // the script that names them comes late in the page
  const files = new Map();
  await Promise.all(appFiles().map(async (url) => {
    let response;
    try {
      response = await realFetch(url);
    } catch (error) {
      throw new Error(`${fileName(url)} could not be downloaded (${error.message})`);
    }
    if (!response.ok) throw new Error(`${fileName(url)} could not be downloaded (HTTP ${response.status})`);
    files.set(url, { body: await response.arrayBuffer(), headers: response.headers });
  }));
  return files;
}

async function attempt(options, n, realFetch) {
  askFirst(realFetch, "pyodide.asm.wasm");
  const [pyodide, files] = await Promise.all([startPyodide(options, n), downloadAppFiles(realFetch)]);
  return { pyodide, files };
}

// After the start: each of the page's files is answered once from what the
// attempt downloaded; then fetch is the browser's own again.
function serveOnce(files, realFetch) {
  return async function fetch(resource, init) {
    const url = resource instanceof Request ? resource.url : new URL(String(resource), document.baseURI).href;
    const file = files.get(url);
    if (!file) return realFetch(resource, init);
    files.delete(url);
    if (!files.size) globalThis.fetch = realFetch;
    return new Response(file.body, { status: 200, headers: file.headers });
  };
}

// -- the start, and what polyscript calls -------------------------------------

// Python's output, kept until polyscript hands over its own printers.
const printers = { stdout: null, stderr: null };
const unprinted = [];

function printer(stream) {
  return (line) => (printers[stream] ? printers[stream](line) : unprinted.push([stream, line]));
}

let booting = null;

// One start per page: the first call begins it, later calls share it.
function boot() {
  booting ||= begin({ indexURL: here.href, stdout: printer("stdout"), stderr: printer("stderr") });
  return booting;
}

export function loadPyodide({ stdout = console.log, stderr = console.error } = {}) {
  printers.stdout = stdout;
  printers.stderr = stderr;
  for (const [stream, line] of unprinted.splice(0)) printers[stream](line);
  return boot();
}

function begin(options) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = guard(realFetch);
  return new Promise((resolve) => {
    const start = () => {
      const n = ++attempts;
      // After a retry the notice (role="alert") says so, rather than vanish.
      show("loading", n > 1 ? "Trying again…" : "");
      clearTimeout(watchdog);
      // A stalled download never fails; past this long the person is told
      // and may try again (the attempt under way keeps going: whichever
      // attempt finishes first wins).
      watchdog = setTimeout(() => {
        if (!settled) show("slow", "The full game is taking long to load.");
      }, SETTINGS.watchdogMs);
      attempt(options, n, realFetch).then(
        async ({ pyodide, files }) => {
          if (settled) return;
          settled = true;
          clearTimeout(watchdog);
          globalThis.fetch = files.size ? serveOnce(files, realFetch) : realFetch;
          // Each its own task: the on-demand finder, then PyScript's part.
          await turn();
          installStdlibOnDemand(pyodide);
          show("ready");
          await turn();
          resolve(pyodide);
        },
        (error) => fail(n, error.message || String(error)),
      );
    };
    document.addEventListener("click", (event) => {
      const state = document.documentElement.dataset.runtime;
      if (settled || !(state === "failed" || state === "slow")) return;
      if (event.target instanceof Element && event.target.closest("[data-runtime-retry]")) start();
    });
    start();
  });
}

// This module is on a page only to start its Python: start now.
boot();

// -- the rest of the standard library, on demand -----------------------------

const FULL_STDLIB_PATH = "/lib/python_stdlib_full.zip";

// Python's import is synchronous, so is this download: a synchronous XHR.
// A window forbids responseType "arraybuffer" on those, so the bytes come as
// an "x-user-defined" string, one character per byte.
function downloadSync(url) {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", url, false);
  xhr.overrideMimeType("text/plain; charset=x-user-defined");
  xhr.send();
  if (xhr.status !== 200) throw new Error(`${fileName(url)} could not be downloaded (HTTP ${xhr.status})`);
  const text = xhr.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function installStdlibOnDemand(pyodide) {
  const url = located(SETTINGS.fullStdlib);
  const staged = () => pyodide.FS.analyzePath(FULL_STDLIB_PATH).exists;
  const stage = (bytes) => {
    if (!staged()) pyodide.FS.writeFile(FULL_STDLIB_PATH, bytes);
    document.documentElement.dataset.fullStdlib = "staged";
  };
  pyodide.registerJsModule("_stdlib_fetch", {
    full_stdlib() {
      // The full zip, written into Pyodide's file system; returns its path.
      if (!staged()) {
        stage(downloadSync(url));
        // The service worker keeps it for the next visits, offline too
        // (an asynchronous fetch, which it sees; it is not fetched ahead).
        if (navigator.serviceWorker && navigator.serviceWorker.controller) fetch(url).catch(() => {});
      }
      return FULL_STDLIB_PATH;
    },
  });
  pyodide.runPython("import _stdlib_ondemand; _stdlib_ondemand.install()");
  // Offline the synchronous download above would fail. A page that an
  // earlier visit's needs have left the zip in the service worker's cache
  // stages it from there, in the background once the page is idle: no
  // network, and ready before a reader's code asks for a module.
  if (globalThis.caches && navigator.serviceWorker && navigator.serviceWorker.controller) {
    const later = globalThis.requestIdleCallback || ((run) => setTimeout(run, 1000));
    later(async () => {
      try {
        const kept = await caches.match(url);
        if (kept && kept.ok) stage(new Uint8Array(await kept.arrayBuffer()));
      } catch {
        // Not kept: an import that needs it downloads it when it happens.
      }
    });
  }
}
