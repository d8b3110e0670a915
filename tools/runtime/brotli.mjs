// Brotli-compresses files with Node's own zlib (Python's standard library has
// no brotli): run by tools/runtime/precompress.py.
//
//   node tools/runtime/brotli.mjs JOBS.json   JOBS: {"quality": 9, "files": {"source": "destination", ...}}
import { brotliCompressSync, constants } from "node:zlib";
import { readFileSync, writeFileSync } from "node:fs";

const { quality, files } = JSON.parse(readFileSync(process.argv[2], "utf8"));
for (const [source, destination] of Object.entries(files)) {
  const data = readFileSync(source);
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    [constants.BROTLI_PARAM_MODE]: /\.wasm$/.test(source) ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
  };
  writeFileSync(destination, brotliCompressSync(data, { params }));
}
