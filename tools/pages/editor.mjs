// The code editor of "Check your own minimax": CodeMirror 6 from npm,
// bundled at build time (tools/pages/editor.py) into runtime/checker/editor.js,
// which only that page loads. It turns the page's <textarea> into an editor,
// keeps the textarea's value equal to the code (the page's Python reads it
// there), and keeps the code in the browser (localStorage) as it is typed.
//
// Written for the site's strict policy: no eval, no inline script;
// CodeMirror's own styles are set from script, which the policy allows.
// Highlighting is by class (tok-keyword, ...), coloured by the page's
// stylesheet (assets/editor.css) in both schemes.
//
// It also gives the page's Python an inbox for the worker that runs the
// reader's code (listen, below), that worker's address and its start (boot).
//
// Hooks: the checker's root gets data-editor="ready"; setting the
// textarea's value and dispatching "input" on it replaces the code (as a
// paste would: saved, undoable).

import { EditorView, keymap, lineNumbers, drawSelection } from "@codemirror/view";
import { EditorState } from "@codemirror/state";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { bracketMatching, indentOnInput, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { python } from "@codemirror/lang-python";
import { classHighlighter } from "@lezer/highlight";

const KEY = "pyengine.checker.code";
const FORMAT = 1;

// -- what is kept ---------------------------------------------------------------

// The saved code, or why it cannot be read; null when nothing is saved.
function load() {
  let text;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    return null;  // storage disabled: nothing to restore, nothing to say
  }
  if (text === null) return null;
  try {
    const saved = JSON.parse(text);
    if (saved && saved.format === FORMAT && typeof saved.code === "string") return { code: saved.code };
    return { problem: "it was saved in another format" };
  } catch {
    return { problem: "it is not in the form this page saves" };
  }
}

function save(code) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ format: FORMAT, code }));
  } catch {
    // Storage full or disabled: the code stays in the editor, not kept.
  }
}

// -- the editor ---------------------------------------------------------------------

function mount(root) {
  const textarea = root.querySelector("textarea.ck-code");
  const label = root.querySelector(".ck-label");
  const notice = root.querySelector(".ck-notice");
  const starter = textarea.defaultValue;
  const saved = load();
  let code = starter;
  if (saved && saved.problem) {
    notice.textContent = `Your saved code could not be read (${saved.problem}), so the starter is shown in its place.`;
    notice.hidden = false;
    save(starter);  // said once: the next visit finds the starter
  } else if (saved) {
    code = saved.code;
  }

  const view = new EditorView({
    parent: textarea.parentElement,
    state: EditorState.create({
      doc: code,
      extensions: [
        lineNumbers(),
        // Long lines wrap, never out of sight (and the editor grows with the
        // code instead of scrolling within itself).
        EditorView.lineWrapping,
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        indentUnit.of("    "),
        EditorState.tabSize.of(4),
        python(),
        syntaxHighlighting(classHighlighter),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.contentAttributes.of({
          "aria-labelledby": label.id,
          "aria-describedby": root.querySelector(".ck-keys").id,
        }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          textarea.value = update.state.doc.toString();
          save(textarea.value);
        }),
      ],
    }),
  });
  textarea.after(view.dom);
  textarea.value = code;
  textarea.hidden = true;
  textarea.disabled = false;

  // The theme's shortcuts (n, p, s, /) listen on the window: a key typed
  // here never reaches them. CodeMirror has handled it by then.
  view.dom.addEventListener("keydown", (event) => event.stopPropagation());

  // The code set from outside, as a paste would.
  textarea.addEventListener("input", () => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: textarea.value } });
  });

  // Restoring the starter asks first: the reader's code is kept until then.
  const restore = root.querySelector("[data-restore]");
  const confirm = root.querySelector(".ck-confirm");
  restore.disabled = false;
  restore.addEventListener("click", () => {
    confirm.hidden = false;
    confirm.querySelector("[data-restore-yes]").focus();
  });
  confirm.querySelector("[data-restore-no]").addEventListener("click", () => {
    confirm.hidden = true;
    restore.focus();
  });
  confirm.querySelector("[data-restore-yes]").addEventListener("click", () => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: starter } });
    confirm.hidden = true;
    notice.hidden = true;
    view.focus();
  });
  root.dataset.editor = "ready";
}

// -- the worker's messages ------------------------------------------------------------

// A check's worker posts its calls' answers in batches (a message each,
// tools/runtime/sandbox.mjs): tens of thousands of answers for the CS50 form.
// Each message would be a call into the page's Python; here it costs a push,
// and the Python takes them a few at a time
// (site/py/checker_worker.py), as one JSON text it parses at once (drain): a
// batch's message carries its answers as the worker's JSON text already.
// Only the run's own messages count, and only they say the worker is
// alive: `token` is set by the page when it starts a check.
function listen(worker) {
  const inbox = {
    token: null,
    heard: performance.now(),
    messages: [],
    // Up to `limit` messages (a batch of calls is one), taken out, as the
    // text of one JSON list.
    drain(limit) {
      const taken = inbox.messages.splice(0, limit);
      return `[${taken.map((m) => (m.kind === "calls" ? m.text : JSON.stringify(m))).join(",")}]`;
    },
  };
  worker.addEventListener("message", ({ data }) => {
    if (!data || typeof data !== "object") return;
    // Without a token only the worker's start speaks (ready, broken): a
    // call posted by the reader's code itself would be taken for a result.
    if (data.token === undefined ? data.kind === "ready" || data.kind === "broken" : data.token === inbox.token) {
      if (data.token !== undefined) inbox.heard = performance.now();
      inbox.messages.push(data);
    }
  });
  return inbox;
}

// -- the worker's start -----------------------------------------------------------------

// The worker script's address: the build writes its digest into this one
// (tools/pages/editor.py), as it writes every file's into the pages.
const WORKER_URL = new URL("./sandbox.mjs", import.meta.url).href;

// Starts `worker` with the runtime's files at the very addresses the page's
// own Pyodide uses (digests and all, so the same cache entries, offline too,
// and never another build's): the page's loader says them (runtimeFiles,
// lockFileContents). It is imported by the address the page's own
// <script src> holds: the same module, already evaluated, not a second start.
// `message` (the page's: sandbox.py's address and the runner's text) gets them added.
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

for (const root of document.querySelectorAll("[data-board='checker']")) {
  root.ckListen = listen;
  root.ckBoot = boot;
  root.ckWorkerURL = WORKER_URL;
  mount(root);
}
