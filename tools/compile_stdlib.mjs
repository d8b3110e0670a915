// Compiles a zip of Python modules to bytecode with the Pyodide the site
// ships, in Node: run by tools/stdlib.py at build time.
//
//   node tools/compile_stdlib.mjs SOURCE.zip DEST.zip
//
// Each module.py becomes a sourceless module.pyc (unchecked hash: zipimport
// loads it as it is), compiled by Pyodide's own Python, so its magic number
// is the browser's. Compiled with optimize=2, like python -OO: docstrings and
// asserts are left out (a fifth of the bytes). Other members are copied.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";

const [source, dest] = process.argv.slice(2);
const py = await loadPyodide({ stdout: () => {}, stderr: (line) => process.stderr.write(line + "\n") });
py.FS.writeFile("/tmp/source.zip", readFileSync(source));
py.runPython(`
import importlib.util
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

with zipfile.ZipFile("/tmp/source.zip") as src, zipfile.ZipFile("/tmp/dest.zip", "w") as out:
    for info in src.infolist():
        data, name = src.read(info), info.filename
        if name.endswith(".py"):
            code = compile(data, name, "exec", dont_inherit=True, optimize=2)
            data, name = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False), name + "c"
        out.writestr(zipfile.ZipInfo(name, date_time=info.date_time), bytes(data), zipfile.ZIP_DEFLATED, 9)
`);
writeFileSync(dest, py.FS.readFile("/tmp/dest.zip"));
