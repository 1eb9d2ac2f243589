#!/usr/bin/env node
// Builds the npm package `slotchain` (run by `make package`, and by
// js-tests/package.test.mjs into a temporary directory):
//
//   node package/build.mjs [--out DIR]     (default: target/package)
//
// Stages DIR/slotchain/ and packs it with `npm pack` into
// DIR/slotchain-VERSION.tgz. What it holds, and nothing else:
//   pkg/         the browser module (wasm-bindgen output of `make wasm`, with
//                its TypeScript declarations) and the bundle-loading helper
//   widget/      <slotchain-search>: www/widget/slotchain-search.js and the
//                www/components/ modules it imports, bundled by esbuild into one file
//   components/  every file the widget loads at run time by
//                `new URL('…', import.meta.url)` (its stylesheet), copied from www/
//   wasi/        the CLI built for wasm32-wasip1 (`make wasi`)
//   bin/, node/  the `slotchain` command and the Node API (package/)
// Version, description and license come from pkg/package.json (written from
// Cargo.toml by scripts/pkg-json.mjs). Fails, naming the file, when an
// input is missing or the widget loads a file that is not there.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = process.env.CARGO_TARGET_DIR ? resolve(REPO, process.env.CARGO_TARGET_DIR) : join(REPO, 'target');
const WASI_CLI = join(TARGET, 'wasm32-wasip1', 'release', 'slotchain.wasm');
const PKG = join(REPO, 'pkg');
const WWW = join(REPO, 'www');
const WIDGET = join(WWW, 'widget', 'slotchain-search.js');

const outFlag = process.argv.indexOf('--out');
const out = resolve(outFlag >= 0 ? process.argv[outFlag + 1] : join(TARGET, 'package'));
const stage = join(out, 'slotchain');

function fail(message) {
  console.error(`package: ${message}`);
  process.exit(1);
}

for (const [file, how] of [
  [join(PKG, 'package.json'), 'make wasm'],
  [join(PKG, 'slotchain_bg.wasm'), 'make wasm'],
  [join(PKG, 'bundle.js'), 'make wasm'],
  [WASI_CLI, 'make wasi'],
  [WIDGET, 'the widget source'],
]) {
  if (!existsSync(file)) fail(`${relative(REPO, file)} is missing (${how})`);
}
const wasmPkg = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8'));

rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });

// pkg/: everything wasm-bindgen wrote, with the helper; not its package.json
// (this package's own describes it).
cpSync(PKG, join(stage, 'pkg'), { recursive: true, filter: (src) => src !== join(PKG, 'package.json') });
cpSync(WASI_CLI, join(stage, 'wasi', 'slotchain.wasm'));
for (const dir of ['bin', 'node']) cpSync(join(REPO, 'package', dir), join(stage, dir), { recursive: true });
cpSync(join(REPO, 'package', 'README.md'), join(stage, 'README.md'));

// widget/: one module. The wasm module is loaded at run time from `pkg`
// (default ../pkg/slotchain.js), so it is not bundled.
const widgetOut = join(stage, 'widget', 'slotchain-search.js');
await build({
  entryPoints: [WIDGET],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  outfile: widgetOut,
  legalComments: 'inline',
  logLevel: 'warning',
}).catch((e) => fail(`esbuild could not bundle the widget: ${e.message.split('\n')[0]}`));

// Files the widget loads relative to itself: the bundle keeps the widget's
// own path (widget/), so each keeps its path relative to www/.
const bundled = readFileSync(widgetOut, 'utf8');
for (const [, ref] of bundled.matchAll(/new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g)) {
  const target = resolve(dirname(WIDGET), ref);
  const rel = relative(WWW, target);
  if (rel.startsWith('..')) fail(`the widget loads ${ref}, outside www/`);
  if (existsSync(join(stage, rel))) continue; // pkg/…, staged above
  if (!existsSync(target)) fail(`the widget loads ${ref}, and www/${rel} does not exist`);
  cpSync(target, join(stage, rel));
}

const files = readdirSync(stage).filter((f) => f !== 'package.json' && f !== 'README.md');
const manifest = {
  name: 'slotchain',
  version: wasmPkg.version,
  description: wasmPkg.description,
  license: wasmPkg.license,
  type: 'module',
  bin: { slotchain: 'bin/slotchain.js' },
  main: './pkg/slotchain.js',
  types: './pkg/slotchain.d.ts',
  exports: {
    '.': { types: './pkg/slotchain.d.ts', default: './pkg/slotchain.js' },
    './bundle': { types: './pkg/bundle.d.ts', default: './pkg/bundle.js' },
    './node': { types: './node/index.d.ts', default: './node/index.js' },
    './widget': './widget/slotchain-search.js',
    './pkg/*': './pkg/*',
    './widget/*': './widget/*',
    './components/*': './components/*',
    './package.json': './package.json',
  },
  files: files.map((f) => `${f}/`),
  sideEffects: ['./widget/*.js', './pkg/snippets/*'],
  engines: { node: '>=20' },
  keywords: ['search', 'question-answering', 'wasm', 'wasi', 'static-site', 'docs'],
};
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const packed = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: stage, encoding: 'utf8' }),
)[0];
const tgz = join(out, packed.filename);
console.log(`==> ${relative(process.cwd(), tgz)}: ${packed.entryCount} files, ${statSync(tgz).size} bytes (unpacked ${packed.unpackedSize})`);
for (const f of packed.files) console.log(`    ${String(f.size).padStart(9)}  ${f.path}`);
