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
