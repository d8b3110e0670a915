// Lets PyScript start under this site's Content-Security-Policy, which has no
// 'unsafe-eval'. PyScript composes the hooks it hands to *worker* scripts
// into one function with Function(), and it ships one such hook by default
// (it registers the pyscript.fs module inside workers). The composing happens
// for main-thread pages too, and a policy without 'unsafe-eval' stops it,
// so PyScript never starts. This site runs Python on the main thread only,
// so the worker hook has nothing to do: it is removed before PyScript reads
// it (PyScript reads hooks when it handles the page's scripts, after every
// module script, this one included, has run).
import { hooks } from "../runtime/pyscript/core.js";

hooks.worker.onBeforeRunAsync.clear();

// Python's start leaves the browser a turn between its pieces, so that no
// task of the start holds the page for long (tools/runtime/loader.mjs cuts Pyodide's own start the same way): after PyScript's
// set-up, and before the page's script runs, each of the modules it imports
// first, in a task of its own. The modules are named by the build
// (tools/runtime/runtime.py, start_modules) in the script's data-start-modules, in an
// order where each brings only itself and what no earlier one brought;
// importing them here changes nothing but when: the script's own imports then
// find them done. PyScript's own package is among them: PyScript writes it
// into the script's folder and imports it in the same task as the script
// (its codeBeforeRun prelude), but the build ships it in the engine zip, with
// its bytecode, so it is there already, and the prelude then finds it
// imported. Its import needs nothing that prelude sets up: only the
// JavaScript modules polyscript and _pyscript, registered before these hooks
// run (at the interpreter's start, and by PyScript's own onReady).
// One module that fails to import costs the others nothing: the loop goes on
// with the next, and the failed one is left to the script, whose import then
// says why in PyScript's usual way (an import that fails leaves nothing of
// itself in sys.modules). After each, gc.freeze(), as the loader does after
// the standard modules: a module's objects live as long as the page, and
// Python's collector need not walk them again in a later piece.
const turn = () => globalThis.scheduler && scheduler.yield
  ? scheduler.yield()
  : new Promise((resume) => setTimeout(resume, 0));

hooks.main.onReady.add(turn);

hooks.main.onBeforeRunAsync.add(async ({ interpreter }, script) => {
  const names = (script.getAttribute("data-start-modules") || "").split(" ").filter(Boolean);
  const gc = interpreter.pyimport("gc");
  for (const name of names) {
    await turn();
    try {
      interpreter.pyimport(name).destroy();
      gc.freeze();
    } catch {
      // left to the script (above)
    }
  }
  gc.destroy();
  await turn();
});
