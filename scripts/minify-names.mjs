#!/usr/bin/env node
// Shortens the names on the boundary between the module and its JS glue, as
// Emscripten does for its own output: wasm-bindgen names every import
// `__wbg_<name>_<16 hex digits>` under the module "./slotchain_bg.js", and
// those hashes are bytes gzip cannot shrink (0.9 KB of the gzipped module).
// wasm-opt renames every import, export and import module to one or two
// letters and prints the mapping; this script applies the same mapping to
// the glue (slotchain.js) and to the two type files, and fails, naming the
// name, if the glue would be left pointing at anything the module lost.
//
// Usage: node scripts/minify-names.mjs WASM_OPT PKG_DIR [wasm-opt feature flags...]
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [wasmOpt, dir, ...features] = process.argv.slice(2);
if (!wasmOpt || !dir) {
  console.error('usage: node scripts/minify-names.mjs WASM_OPT PKG_DIR [feature flags...]');
  process.exit(2);
}
const fail = (message) => {
  console.error(`minify-names: ${message}`);
  process.exit(1);
};

const wasm = join(dir, 'slotchain_bg.wasm');
const out = join(dir, 'slotchain_bg.min.wasm');
let mapping;
try {
  const printed = execFileSync(
    wasmOpt,
    [wasm, '--minify-imports-and-exports-and-modules', ...features, '-o', out],
    { encoding: 'utf8' },
  );
  mapping = JSON.parse(printed);
} catch (e) {
  fail(`wasm-opt did not give a name mapping: ${e.message}`);
}
const imports = new Map(mapping.imports.map(([, name, short]) => [name, short]));
const exports = new Map(mapping.exports);
const modules = new Set(mapping.imports.map(([module]) => module));
if (modules.size !== 1) fail(`expected one import module, found ${[...modules].join(', ')}`);
const [moduleName] = modules;
// The mapping leaves out the module's new name: read it from the module.
const moduleShort = minifiedModule(wasm, out, moduleName);

// --- the glue
const gluePath = join(dir, 'slotchain.js');
let glue = readFileSync(gluePath, 'utf8');
const quoted = JSON.stringify(moduleName);
if (glue.split(quoted).length !== 2) fail(`the glue names the module ${quoted} other than once`);
glue = glue.replace(quoted, JSON.stringify(moduleShort));
let renamed = 0;
glue = glue.replace(/^(\s*)([\w$]+)(\s*:\s*function\b)/gm, (whole, indent, name, rest) => {
  if (!imports.has(name)) return whole;
  renamed += 1;
  return `${indent}${imports.get(name)}${rest}`;
});
if (renamed !== imports.size) {
  fail(`renamed ${renamed} of the ${imports.size} imports in the glue`);
}
glue = glue.replace(/\bwasm\.([A-Za-z_$][\w$]*)/g, (whole, name) =>
  exports.has(name) ? `wasm.${exports.get(name)}` : whole,
);
const shorts = new Set(exports.values());
for (const [, name] of glue.matchAll(/\bwasm\.([A-Za-z_$][\w$]*)/g)) {
  if (!shorts.has(name)) fail(`the glue uses the export "${name}", which the module does not have`);
}
writeFileSync(gluePath, glue);

// --- the types of the raw exports
for (const [file, pattern] of [
  ['slotchain.d.ts', /^(\s*readonly )([\w$]+)(:)/gm],
  ['slotchain_bg.wasm.d.ts', /^(export const )([\w$]+)(:)/gm],
]) {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8').replace(pattern, (whole, head, name, tail) =>
    exports.has(name) ? `${head}${exports.get(name)}${tail}` : whole,
  );
  writeFileSync(path, text);
}
renameSync(out, wasm);
console.log(`==> minified ${imports.size} import and ${exports.size} export names`);

/** The module name wasm-opt gave `moduleName` in `after` (read from the binary). */
function minifiedModule(before, after, moduleName) {
  const names = (path) => {
    const mod = new WebAssembly.Module(readFileSync(path));
    return WebAssembly.Module.imports(mod).map((i) => i.module);
  };
  const [old, now] = [names(before), names(after)];
  const at = old.indexOf(moduleName);
  if (at < 0 || new Set(now).size !== 1) fail('the minified module does not import from one module');
  return now[at];
}
