// Loading a sharded bundle's parts into an Engine: the one copy of the
// neededChunks → fetch → addChunk rounds, shipped in pkg/ next to the
// wasm-bindgen glue and used by the <slotchain-search> widget, the Node
// tests and the benchmarks.
//
//   import { loadParts, gunzip } from './pkg/bundle.js';
//   const engine = Engine.fromManifest(await gunzip(manifestBytes));
//   await loadParts(engine, async (name) => gunzip(await fetchBytes(name)), { question, scope });
//   engine.ask(question, scope);
//
// Each round asks the engine which parts the answer reads and it lacks,
// fetches those in parallel and adds them; a later hop can need parts the
// first round did not name, so it repeats until nothing is missing. A part
// is fetched and added at most once per engine, also across concurrent
// calls; a part whose fetch failed is forgotten, so a later call retries it.

/** Most rounds before giving up (pipeline::MAX_ROUNDS in the crate). */
export const MAX_ROUNDS = 32;

/** The file name of a bundle's manifest (bundle::MANIFEST in the crate). */
export const MANIFEST = 'manifest.slc';

const pending = new WeakMap(); // engine → Map(part name → Promise of its addChunk)

/**
 * Adds to `engine` every part that answering `question` (or running `plan`)
 * under `scope` and `options` reads. `fetchPart(name)` gives a part's
 * inflated bytes (a Uint8Array, or a Promise of one). Resolves with the
 * names this call added, in the order they were asked for.
 */
export async function loadParts(engine, fetchPart, { question, plan, scope, options, maxRounds = MAX_ROUNDS } = {}) {
  if (!pending.has(engine)) pending.set(engine, new Map());
  const parts = pending.get(engine);
  const added = [];
  for (let round = 0; round < maxRounds; round++) {
    const names = plan !== undefined
      ? engine.neededChunksForPlan(plan, scope, options)
      : engine.neededChunks(question, scope, options);
    if (names.length === 0) return added;
    await Promise.all(names.map((name) => {
      if (!parts.has(name)) {
        const p = Promise.resolve(fetchPart(name)).then((bytes) => engine.addChunk(name, bytes));
        p.catch(() => parts.delete(name));
        parts.set(name, p);
        added.push(name);
      }
      return parts.get(name);
    }));
  }
  throw new Error(`the bundle still lacks parts after ${maxRounds} rounds`);
}

/** Most bytes a bundle file may inflate to (bundle::MAX_PART_BYTES in the crate). */
export const MAX_INFLATED = 64 * 1024 * 1024;

/**
 * The inflated bytes of a bundle file: parts are gzip files; bytes that are
 * not gzip (a host that served them with Content-Encoding already inflated
 * them) come back as they are. Uses DecompressionStream (browsers, Node 18+).
 * Inflating stops, and the promise rejects, past `limit` bytes: a small file
 * that inflates to gigabytes costs no more than the limit.
 */
export async function gunzip(bytes, limit = MAX_INFLATED) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`a bundle file that inflates to more than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
