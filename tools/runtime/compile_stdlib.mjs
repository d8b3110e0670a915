// Compiles a zip of Python modules to bytecode with the Pyodide the site
// ships, in Node: run by tools/runtime/stdlib.py at build time.
//
//   node tools/runtime/compile_stdlib.mjs SOURCE.zip DEST.zip MODE [SOURCE.zip DEST.zip MODE ...]
//
// Each MODE is sourceless or checked; one Pyodide start compiles every zip
// given (a start in Node costs about 3.6 CPU-s on this machine).
// Compiled by Pyodide's own Python, so the magic number is the browser's.
//  - sourceless: each module.py becomes a module.pyc
//    (unchecked hash: zipimport and the file finder load it as it is),
//    compiled with optimize=2, like python -OO: docstrings and asserts are
//    left out (a fifth of the bytes). Other members are copied.
//  - checked: each dir/module.py becomes dir/__pycache__/module.TAG.pyc, a
//    checked-hash pyc for a source the page writes beside it by other means
//    (PyScript's `files`): Python uses it only if the source it finds hashes
//    the same, and compiles the source otherwise. optimize=0, the level the
//    browser's Python runs at (the cache file's name says it). The sources
//    themselves are left out.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";

const args = process.argv.slice(2);
if (!args.length || args.length % 3) throw new Error("give SOURCE.zip DEST.zip MODE, once or more");
const jobs = [];
for (let i = 0; i < args.length; i += 3) {
  const [source, dest, mode] = args.slice(i, i + 3);
  if (!["sourceless", "checked"].includes(mode)) throw new Error(`unknown mode ${mode}`);
  jobs.push({ source, dest, mode });
}
// PYTHONNODEBUGRANGES: the bytecode leaves out each instruction's columns
// (lines stay), as python -X no_debug_ranges does; tracebacks through these
// modules lose only their ^^^ carets. The columns were a third of the
// compressed bytes (bench/HISTORY.md).
const py = await loadPyodide({
  env: { PYTHONNODEBUGRANGES: "1" },
  stdout: () => {},
  stderr: (line) => process.stderr.write(line + "\n"),
});
// The same module-level code as one zip at a time always ran: marshal's
// output depends on reference counts, so code in a function would write
// other bytes for the same modules (equivalent, but every digest would move).
const COMPILE = `
import importlib.util
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

with zipfile.ZipFile("/tmp/source.zip") as src, zipfile.ZipFile("/tmp/dest.zip", "w") as out:
    for info in src.infolist():
        data, name = src.read(info), info.filename
        if name.endswith(".py"):
            code = compile(data, name, "exec", dont_inherit=True, optimize=0 if checked else 2)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=checked)
            data, name = pyc, importlib.util.cache_from_source(name) if checked else name + "c"
        out.writestr(zipfile.ZipInfo(name, date_time=info.date_time), bytes(data), zipfile.ZIP_DEFLATED, 9)
`;
for (const { source, dest, mode } of jobs) {
  py.FS.writeFile("/tmp/source.zip", readFileSync(source));
  py.globals.set("checked", mode === "checked");
  py.runPython(COMPILE);
  writeFileSync(dest, py.FS.readFile("/tmp/dest.zip"));
}
