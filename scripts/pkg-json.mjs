#!/usr/bin/env node
// Writes pkg/package.json for the wasm-bindgen output so pkg/ is an installable
// ES module package. The version comes from Cargo.toml's [package] section.
// Usage: node scripts/pkg-json.mjs [PKG_DIR]
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'pkg';
const cargo = readFileSync('Cargo.toml', 'utf8');
const section = cargo.split(/^\[/m).find((s) => s.startsWith('package]')) ?? '';
const field = (name) => section.match(new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, 'm'))?.[1];

const version = field('version');
if (!version) {
  console.error('pkg-json: no [package] version in Cargo.toml');
  process.exit(1);
}
// bundle.js (+ .d.ts): the bundle-loading helper, copied from js/ by `make wasm`.
const files = ['slotchain_bg.wasm', 'slotchain.js', 'slotchain.d.ts', 'slotchain_bg.wasm.d.ts', 'bundle.js', 'bundle.d.ts'];
for (const f of files) {
  if (!existsSync(join(dir, f))) {
    console.error(`pkg-json: ${join(dir, f)} is missing (did wasm-bindgen run?)`);
    process.exit(1);
  }
}
const pkg = {
  name: 'slotchain',
  version,
  description: field('description') ?? '',
  license: field('license') ?? 'MIT',
  type: 'module',
  main: 'slotchain.js',
  module: 'slotchain.js',
  types: 'slotchain.d.ts',
  files,
  sideEffects: ['./snippets/*'],
};
writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
console.log(`==> wrote ${join(dir, 'package.json')} (slotchain ${version})`);
