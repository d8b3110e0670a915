// The worker that trains AlphaZero on "Machines that learn": a dedicated Web
// Worker with a Pyodide of its own, so that the page's thread only draws
// while the network learns. The build writes it to assets/alphazero/worker.mjs
// with SETTINGS filled in (tools/pages/alphazero_markup.py): the trimmed
// standard library's name and the full one's, as for the checker's worker
// (tools/runtime/sandbox.mjs), whose start this follows.
//
// Messages, page to worker: {kind: "boot", runtimeFiles, lockFileContents,
// engine, trainer} once (the runtime's files as the page's own loader names
// them; the engine's and site/py/alphazero_train.py's addresses from the
// page's config), then {kind: "train", saved, seed, iterations} once: the
// worker trains until done and is then thrown away; Stop terminates it.
// Worker to page: {kind: "ready", ms} or {kind: "broken", words}; then
// {kind: "step", text} for each of alphazero_train.Trainer's answers (JSON
// text, parsed by the page), {kind: "finished"}, or {kind: "crashed", words}.

const SETTINGS = "__SETTINGS__";
const HOME = "/home/pyodide/alphazero";
const FULL_STDLIB_PATH = "/lib/python_stdlib_full.zip";

let pyodide = null;

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.split("/").pop()} could not be downloaded (HTTP ${response.status})`);
  return response.arrayBuffer();
}

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.split("/").pop()} could not be downloaded (HTTP ${response.status})`);
  return response.text();
}

function downloadSync(url) {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", url, false);
  xhr.responseType = "arraybuffer";
  xhr.send();
  if (xhr.status !== 200) throw new Error(`${url.split("/").pop()} could not be downloaded (HTTP ${xhr.status})`);
  return new Uint8Array(xhr.response);
}

async function boot({ runtimeFiles, lockFileContents, engine, trainer }) {
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
  // Pyodide asks for its wasm by its plain name: that request goes to the address with its digest.
  const realFetch = self.fetch;
  const plain = new URL("pyodide.asm.wasm", indexURL).href;
  self.fetch = (resource, init) => realFetch(String(resource) === plain ? file("pyodide.asm.wasm") : resource, init);
  let loaded;
  try {
    loaded = await Promise.all([
      loadPyodide({ indexURL, createPyodideModule, stdLibURL: file(SETTINGS.stdlib), lockFileContents }),
      fetchBytes(engine),
      fetchText(trainer),
    ]);
  } finally {
    self.fetch = realFetch;
  }
  const [py, engineZip, trainerSource] = loaded;
  py.unpackArchive(engineZip, "zip", { extractDir: HOME });
  py.FS.writeFile(`${HOME}/alphazero_train.py`, trainerSource);
  const fullStdlib = file(SETTINGS.fullStdlib);
  py.registerJsModule("_stdlib_fetch", {
    full_stdlib() {
      if (!py.FS.analyzePath(FULL_STDLIB_PATH).exists) py.FS.writeFile(FULL_STDLIB_PATH, downloadSync(fullStdlib));
      return FULL_STDLIB_PATH;
    },
  });
  py.runPython(
    `import sys; sys.path.insert(0, '${HOME}')\n` +
    "import _stdlib_ondemand; _stdlib_ondemand.install()\n" +
    "import alphazero_train",
  );
  pyodide = py;
  return performance.now() - started;
}

function train({ saved, seed, iterations }) {
  try {
    const trainer = pyodide.pyimport("alphazero_train").Trainer(saved ?? null, seed, iterations);
    const step = trainer.step;  // taken once: each read would make a new proxy
    for (let text = step(); text !== undefined; text = step()) self.postMessage({ kind: "step", text });
    self.postMessage({ kind: "finished" });
  } catch (error) {
    self.postMessage({ kind: "crashed", words: String((error && error.message) || error).trim().split("\n").pop() });
  }
}

self.onmessage = async ({ data }) => {
  if (data.kind === "boot" && !pyodide) {
    try {
      const ms = await boot(data);
      self.postMessage({ kind: "ready", ms });
    } catch (error) {
      self.postMessage({ kind: "broken", words: String((error && error.message) || error) });
    }
  } else if (data.kind === "train" && pyodide) {
    self.onmessage = null;  // one run per worker
    train(data);
  }
};
