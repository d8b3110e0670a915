// The AlphaZero section of "Machines that learn", the part that must be
// JavaScript: its worker's address (with its digest, written by the build:
// tools/runtime/offline.py), an inbox for the worker's messages that the
// page's Python empties a batch at a time (site/py/alphazero_page.py), and
// the worker's start with the runtime's files at the very addresses the
// page's own Pyodide uses (the page's loader says them).

const WORKER_URL = new URL("./worker.mjs", import.meta.url).href;

function listen(worker) {
  const inbox = {
    messages: [],
    // Every message waiting, taken out, as the text of a JSON list.
    drain() {
      const taken = inbox.messages.splice(0, inbox.messages.length);
      return `[${taken.map((m) => (m.kind === "step" ? m.text : JSON.stringify(m))).join(",")}]`;
    },
  };
  worker.addEventListener("message", ({ data }) => {
    if (data && typeof data === "object") inbox.messages.push(data);
  });
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    inbox.messages.push({ kind: "broken", words: event.message || "the worker could not start" });
  });
  return inbox;
}

async function boot(worker, inbox, message) {
  try {
    const loader = document.querySelector('script[src*="/pyodide/loader-"]');
    if (!loader) throw new Error("the page names no Pyodide loader");
    const { runtimeFiles, lockFileContents } = await import(loader.src);
    worker.postMessage({ ...message, runtimeFiles, lockFileContents });
  } catch (error) {
    inbox.messages.push({ kind: "broken", words: `Python's files could not be found (${error.message})` });
  }
}

function start(message) {
  const worker = new Worker(WORKER_URL, { type: "module" });
  const inbox = listen(worker);
  boot(worker, inbox, message);
  return { worker, inbox };
}

for (const root of document.querySelectorAll("[data-board='alphazero']")) {
  root.azStart = start;
  root.dataset.script = "ready";
}
