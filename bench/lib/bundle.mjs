// A cold query over a slotchain bundle, the way the widget runs it: a fresh
// engine from the manifest, then the bundle-loading helper shipped in pkg/
// (bundle.js: neededChunks → addChunk rounds until nothing is missing), then
// ask. Counts the parts' sizes on disk (gzip, as served).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { PKG } from './common.mjs';

const helper = await import(pathToFileURL(join(PKG, 'bundle.js')).href);
export const MANIFEST = helper.MANIFEST;

/** {bytes, parts, rounds, report}: bytes = the parts fetched, manifest not included. */
export async function coldQuery(Engine, dir, question, options) {
  const read = (name) => new Uint8Array(gunzipSync(readFileSync(join(dir, name))));
  const engine = Engine.fromManifest(read(MANIFEST));
  let bytes = 0;
  let rounds = 0;
  const need = engine.neededChunks.bind(engine);
  engine.neededChunks = (...args) => {
    const names = need(...args);
    if (names.length) rounds++;
    return names;
  };
  const fetchPart = (name) => {
    bytes += statSync(join(dir, name)).size;
    return read(name);
  };
  const names = await helper.loadParts(engine, fetchPart, { question, options });
  const report = engine.ask(question, undefined, options);
  engine.free();
  return { bytes, parts: names.length, rounds, report };
}
