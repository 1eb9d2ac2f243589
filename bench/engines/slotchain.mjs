// slotchain: the index is built by the release CLI (`slotchain index FILE -o
// OUT`, timed as a child process: it reads and parses the JSON lines itself);
// the wasm module (pkg/, the optimized build) loads it with Engine.fromBytes.
// search() is the single-query baseline ask(q, undefined, {noDecompose: true,
// k}) and its ranked list is report.context; pipeline() is the default ask(q).
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLI, PKG, requireFile } from '../lib/common.mjs';

export const name = 'slotchain';
export const pkg = 'slotchain';
export const WASM = join(PKG, 'slotchain_bg.wasm');
let Engine;
let engine;
let built;

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
  return engine.ask(q, undefined, { noDecompose: true, k }).context.map((c) => c.passage_id);
}
export function pipeline(q, k) {
  const r = engine.ask(q, undefined, k ? { k } : undefined);
  return r.context.map((c) => c.passage_id);
}
