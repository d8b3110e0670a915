// Prints PyScript's own Python package as PyScript writes it into the folder
// of a main-thread script before the script runs: a JSON object of path in
// that folder ("pyscript/display.py") -> text. Run by tools/runtime/runtime.py at
// build time.
//
//   node tools/runtime/pyscript_package.mjs node_modules/@pyscript/core/src/stdlib/pyscript.js
//
// That module is the build artifact PyScript's dist bundle inlines: its
// src/stdlib.js walks the object (folders are objects, files strings) and
// writes each file with Path.write_text in its codeBeforeRun prelude, then
// imports the package. Imported here, not parsed out of the minified bundle;
// tests/test_engine_zip.py pins that the bundle the site serves holds the
// same texts.
import { pathToFileURL } from "node:url";

const [module] = process.argv.slice(2);
const { default: tree } = await import(pathToFileURL(module).href);
const files = {};
const walk = (folder, node) => {
  for (const [name, value] of Object.entries(node)) {
    const path = folder ? `${folder}/${name}` : name;
    if (typeof value === "string") files[path] = value;
    else walk(path, value);
  }
};
walk("", tree);
process.stdout.write(JSON.stringify(files));
