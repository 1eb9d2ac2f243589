// slotchain: the index is built by the release CLI (`slotchain index FILE -o
// OUT`, timed as a child process: it reads and parses the JSON lines itself);
// the wasm module (pkg/, the optimized build) loads it with Engine.fromBytes.
// search() is the single-query call engine.search(q, undefined, {k}) (the
// one-shot ranking, the same passages as ask(q, …, {noDecompose: true}).context,
// without building a report); pipeline() is the default ask(q).
// coldBytes() cuts the same corpus into a bundle (`--bundle`, untimed) and
// counts what a cold page fetches for one single query: the wasm and its glue
// (gzip -9), the manifest and the parts neededChunks names, as on disk (gzip).
import { readFileSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { CLI, PKG, requireFile } from '../lib/common.mjs';
import { MANIFEST, coldQuery } from '../lib/bundle.mjs';

export const name = 'slotchain';
export const pkg = 'slotchain';
export const WASM = join(PKG, 'slotchain_bg.wasm');
let Engine;
let engine;
let built;
let source;

/** Instantiates the wasm module (once per process; not part of load()). */
export async function init() {
  requireFile(join(PKG, 'slotchain.js'), 'run `make wasm`');
  requireFile(WASM, 'run `make wasm`');
  const glue = await import(pathToFileURL(join(PKG, 'slotchain.js')).href);
  glue.initSync({ module: readFileSync(WASM) });
  Engine = glue.Engine;
}

export function build(_passages, { corpusFile, dir }) {
  requireFile(CLI, 'run `make wasm` or `cargo build --release --bin slotchain`');
  built = join(dir, 'slotchain.idx');
  source = { corpusFile, dir };
  execFileSync(CLI, ['index', corpusFile, '-o', built], { stdio: ['ignore', 'ignore', 'pipe'] });
}
export function serialize() {
  return [built];
}
export function read(dir) {
  return new Uint8Array(readFileSync(join(dir, 'slotchain.idx')));
}
export function load(bytes) {
  engine = Engine.fromBytes(bytes);
}
export function search(q, k) {
  return engine.search(q, undefined, { k }).map((c) => c.passage_id);
}
export function pipeline(q, k) {
  const r = engine.ask(q, undefined, k ? { k } : undefined);
  return r.context.map((c) => c.passage_id);
}

export async function coldBytes(queries, k) {
  const dir = join(source.dir, 'slotchain.bundle');
  execFileSync(CLI, ['index', source.corpusFile, '--bundle', '-o', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
  const fixed = gz(WASM) + gz(join(PKG, 'slotchain.js')) + statSync(join(dir, MANIFEST)).size;
  const out = [];
  for (const q of queries) out.push(fixed + (await coldQuery(Engine, dir, q, { noDecompose: true, k })).bytes);
  return out;
}
