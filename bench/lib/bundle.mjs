// A cold query over a slotchain bundle, the way the widget runs it: a fresh
// engine from the manifest, then neededChunks → addChunk rounds until nothing
// is missing, then ask. Counts the parts' sizes on disk (gzip, as served).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export const MANIFEST = 'manifest.slc'; // bundle::MANIFEST in the crate
const MAX_ROUNDS = 32; // pipeline::MAX_ROUNDS in the crate

/** {bytes, parts, rounds, report}: bytes = the parts fetched, manifest not included. */
export function coldQuery(Engine, dir, question, options) {
  const read = (name) => new Uint8Array(gunzipSync(readFileSync(join(dir, name))));
  const engine = Engine.fromManifest(read(MANIFEST));
  let bytes = 0;
  let parts = 0;
  let rounds = 0;
  for (; rounds < MAX_ROUNDS; rounds++) {
    const need = engine.neededChunks(question, undefined, options);
    if (need.length === 0) break;
    for (const name of need) {
      engine.addChunk(name, read(name));
      bytes += statSync(join(dir, name)).size;
      parts++;
    }
  }
  const report = engine.ask(question, undefined, options);
  engine.free();
  return { bytes, parts, rounds, report };
}
