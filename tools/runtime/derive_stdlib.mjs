// Which standard library modules the site's Python needs: run by
// tools/runtime/stdlib.py at build time, with no hand list.
//
//   node tools/runtime/derive_stdlib.mjs PLAN.json   (prints the result as JSON)
//
// PLAN.json: {"files": {"/roots/...py": "host path", ...}, "path": [folders
// searched, in order], "entries": [scripts the page runs]}.
//
// Runs the Pyodide the site ships, in Node, and reports two sets:
//  - "boot": sys.modules once Pyodide has started and unpacked a zip, as
//    polyscript does with the page's `files` before any of our Python runs
//    (zipfile then looks up the cp437 codec, which no import statement shows);
//  - "imported": the import-time closure of the entry scripts
//    (tools/runtime/import_closure.py, run on Pyodide's own Python over the roots and
//    the full standard library unpacked into its memory file system), as
//    module -> file, null for modules that are no file (built-in, JavaScript).
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const py = await loadPyodide({ stdout: () => {}, stderr: (line) => process.stderr.write(line + "\n") });

const probe = py.runPython(`
import io, zipfile
archive = io.BytesIO()
with zipfile.ZipFile(archive, "w") as zf:
    zf.writestr("probe/probe.py", "")
archive.getvalue()
`).toJs();
py.unpackArchive(probe, "zip", { extractDir: "/tmp/probe" });
const boot = py.runPython("import sys; sorted(sys.modules)").toJs();

for (const [dest, source] of Object.entries(plan.files)) {
  py.FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
  py.FS.writeFile(dest, readFileSync(source));
}
py.FS.mkdirTree("/derive");
py.FS.writeFile("/derive/import_closure.py", readFileSync(new URL("./import_closure.py", import.meta.url)));
py.globals.set("plan", py.toPy(plan));
const imported = py.runPython(`
import json, sys, zipfile
sys.path.insert(0, "/derive")
import import_closure

stdlib_zip = next(p for p in sys.path if p.endswith(".zip"))
zipfile.ZipFile(stdlib_zip).extractall("/stdlib")
# Only the roots and the unpacked copy: nothing is found in the zip by accident.
json.dumps(import_closure.closure(list(plan["entries"]), [*plan["path"], "/stdlib"], "/stdlib/"))
`);
process.stdout.write(JSON.stringify({ boot, imported: JSON.parse(imported) }));
