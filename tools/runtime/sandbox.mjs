// The worker that runs a reader's code on "Check your own minimax": a
// dedicated Web Worker with a Pyodide of its own, so that no line of that
// code ever runs on the page's thread. The build writes it to
// runtime/checker/sandbox.mjs and fills in SETTINGS: the names of the trimmed
// standard library and of the full one (tools/pages/editor.py, from tools/runtime/stdlib.py,
// as the page's loader gets them).
//
// Where the runtime's files are: the page sends them in its first message,
// as the page's own loader names them (its runtimeFiles: each file's
// absolute address with its content's digest, tools/runtime/offline.py) with its
// package index (lockFileContents), and sandbox.py's address from the
// page's <script type="py"> config. So the worker loads the very files the
// page loads, from the same cache entries of the service worker (offline
// too), and never a file of another build. The engine is not among them: the
// page sends the runner's text (pyengine/grading/runner.py) and, with the
// code, each form's probes, so a reader's file that imports the engine fails
// its check, as it does in `pyengine check`.
//
// Messages, page to worker: {kind: "boot", runtimeFiles, lockFileContents,
// sandbox, runner} once, then {kind: "run", token, code, start, forms} once
// (start: the first probe to call, 0 unless a check goes on after a call that
// ran past its budget; forms: site/py/checker_messages.py's): a worker serves
// one run and is then thrown away, so nothing a reader's code does outlives it.
// Worker to page: {kind: "ready"} or {kind: "broken", words}; then, each
// with the run's token, {kind: "loaded", names, error?, printed}, then
// {kind: "calls", text} for each batch of calls (text: sandbox.py's JSON
// of each call, the probe's index and the raw result, joined by commas and
// handed on as it is: the page parses many at once),
// and {kind: "finished"}; {kind: "crashed", words} if Python itself fails
// (a recursion deeper than the browser's stack, say): the page knows which
// call was under way.
//
// The reader's code can reach this worker's globals (import js), but never
// this module's variables: before it runs, postMessage is taken away from
// the worker's global scope (this module keeps its own, bound), and each
// message carries the run's token, which the page checks.

const SETTINGS = "__SETTINGS__";

const post = self.postMessage.bind(self);
let pyodide = null;
let booted = false;

// Python's import is synchronous, so is this download; a worker may ask for
// the bytes themselves.
function downloadSync(url) {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", url, false);
  xhr.responseType = "arraybuffer";
  xhr.send();
  if (xhr.status !== 200) throw new Error(`${url.split("/").pop()} could not be downloaded (HTTP ${xhr.status})`);
  return new Uint8Array(xhr.response);
}

const FULL_STDLIB_PATH = "/lib/python_stdlib_full.zip";

// Pyodide asks for its wasm by its plain name in its folder: while it
// starts, that request goes to the wasm's address (the reader's code, which
// runs later, finds fetch as it was).
function wasmByAddress(realFetch, plain, address) {
  return (resource, init) => realFetch(String(resource) === plain ? address : resource, init);
}

async function boot({ runtimeFiles, lockFileContents, sandbox, runner }) {
  const started = performance.now();
  const file = (name) => {
    if (!runtimeFiles[name]) throw new Error(`the page names no ${name}`);
    return runtimeFiles[name];
  };
  const indexURL = new URL(".", file("pyodide.mjs")).href;
  const [{ loadPyodide }, { default: createPyodideModule }] = await Promise.all([
    import(file("pyodide.mjs")),
    import(file("pyodide.asm.mjs")),
  ]);
  const realFetch = self.fetch;
  self.fetch = wasmByAddress(realFetch, new URL("pyodide.asm.wasm", indexURL).href, file("pyodide.asm.wasm"));
  let loaded;
  try {
    loaded = await Promise.all([
      loadPyodide({
        indexURL,
        createPyodideModule,
        stdLibURL: file(SETTINGS.stdlib),
        lockFileContents,
        stdout: () => {},  // the reader's prints go through sandbox.Printed
        stderr: () => {},
      }),
      fetch(sandbox).then((r) => {
        if (!r.ok) throw new Error(`sandbox.py could not be downloaded (HTTP ${r.status})`);
        return r.text();
      }),
    ]);
  } finally {
    self.fetch = realFetch;
  }
  const [py, sandboxSource] = loaded;
  py.FS.mkdirTree("/home/pyodide/sandbox");
  py.FS.writeFile("/home/pyodide/sandbox/runner.py", runner);
  py.FS.writeFile("/home/pyodide/sandbox/sandbox.py", sandboxSource);
  const fullStdlib = file(SETTINGS.fullStdlib);
  py.registerJsModule("_stdlib_fetch", {
    full_stdlib() {
      if (!py.FS.analyzePath(FULL_STDLIB_PATH).exists) py.FS.writeFile(FULL_STDLIB_PATH, downloadSync(fullStdlib));
      return FULL_STDLIB_PATH;
    },
  });
  py.runPython(
    "import sys; sys.path.insert(0, '/home/pyodide/sandbox')\n" +
    "import _stdlib_ondemand; _stdlib_ondemand.install()\n" +
    "import sandbox",
  );
  pyodide = py;
  return performance.now() - started;
}

function run({ token, code, start, forms }) {
  const say = (message) => post({ token, ...message });
  const calls = (text) => {
    if (text) say({ kind: "calls", text });
  };
  let session = null;
  try {
    session = pyodide.pyimport("sandbox").Session(code, start, pyodide.toPy(forms));
    say({ kind: "loaded", ...JSON.parse(session.load()) });
    // Taken once: each `session.batch` read would make a new proxy of the
    // bound method, none of them freed until the worker's garbage collector
    // finds them.
    const batch = session.batch;
    for (let text = batch(); text !== undefined; text = batch()) calls(text);
    say({ kind: "finished" });
  } catch (error) {
    // Python itself failed (the code's exceptions are caught by the runner):
    // the batch's calls made before the one it failed under are posted
    // first, if Python can still say them, so the page blames the right call.
    try {
      if (session) calls(session.made_text());
    } catch {}
    say({ kind: "crashed", words: String((error && error.message) || error).split("\n")[0] });
  }
}

self.onmessage = async ({ data }) => {
  if (data.kind === "boot" && !booted) {
    booted = true;
    try {
      const ms = await boot(data);
      post({ kind: "ready", ms });
    } catch (error) {
      post({ kind: "broken", words: String((error && error.message) || error) });
    }
  } else if (data.kind === "run" && pyodide) {
    self.onmessage = null;  // one run per worker
    delete DedicatedWorkerGlobalScope.prototype.postMessage;
    run(data);
  }
};
