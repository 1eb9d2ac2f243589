// Hostile JS values passed to every Engine method must give a JS Error (a
// typed one, never a trap), and leave that same engine answering as before:
// a throwing getter, a Proxy (whose traps throw), and a sparse array of
// 2^32-1 items, in each argument position. Before, an exception thrown
// through a method left the engine borrowed forever (every later addChunk
// threw "recursive use of an object detected", free() failed), and the
// huge arrays trapped with `unreachable` after seconds.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, PKG, SAMPLE_IDX, SEEDS, assertArtefacts, runCli, withoutTiming } from './helpers.mjs';

const WASM = join(PKG, 'slotchain_bg.wasm');
const GLUE = join(PKG, 'slotchain.js');

/** Hostile values, made fresh for each use. */
const HOSTILE = {
  'a throwing getter': () => ({ get access() { throw new Error('getter boom'); }, get tasks() { throw new Error('getter boom'); }, get length() { throw new Error('getter boom'); } }),
  'a Proxy whose traps throw': () => new Proxy({}, {
    get() { throw new Error('trap boom'); },
    ownKeys() { throw new Error('trap boom'); },
    getOwnPropertyDescriptor() { throw new Error('trap boom'); },
    getPrototypeOf() { throw new Error('trap boom'); },
    has() { throw new Error('trap boom'); },
  }),
  'a revoked Proxy': () => { const { proxy, revoke } = Proxy.revocable([], {}); revoke(); return proxy; },
  'a 2^32-1-item sparse array': () => new Array(2 ** 32 - 1),
  'an object claiming 4e9 items': () => ({ length: 4e9 }),
  'a scope whose access is a 2^32-1-item array': () => ({ access: new Array(2 ** 32 - 1) }),
  'a plan whose tasks are a 2^32-1-item array': () => ({ tasks: new Array(2 ** 32 - 1) }),
};

function thrown(fn) {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return null;
}

let glue;
let indexBytes;
let manifestBytes;
let bundleDir;
const Q = SEEDS[0].question;
const S = SEEDS[0].scope;
const PLAN = { tasks: [{ id: 'a', kind: 'retrieve', question: 'What is the refund window for electronics?' }] };

describe('hostile JS values leave the engine usable', () => {
  before(async () => {
    assertArtefacts([WASM, GLUE, SAMPLE_IDX]);
    glue = await import(pathToFileURL(GLUE).href);
    glue.initSync({ module: readFileSync(WASM) });
    indexBytes = new Uint8Array(readFileSync(SAMPLE_IDX));
    bundleDir = mkdtempSync(join(tmpdir(), 'slotchain-hostile-'));
    const corpus = join(REPO, 'corpus', 'helpcentre');
    const res = runCli(['index', join(corpus, 'passages.jsonl'), '--entities', join(corpus, 'entities.jsonl'),
      '--cues', join(corpus, 'cues.json'), '--bundle', '-o', bundleDir]);
    assert.equal(res.status, 0, res.stderr);
    const { gunzipSync } = await import('node:zlib');
    manifestBytes = new Uint8Array(gunzipSync(readFileSync(join(bundleDir, 'manifest.slc'))));
  });
  after(() => rmSync(bundleDir, { recursive: true, force: true }));

  // Every method, and for each argument position a call with that argument hostile.
  const CALLS = {
    neededChunks: (e, v, at) => e.neededChunks(...[Q, S, {}].map((x, i) => (i === at ? v : x))),
    neededChunksForPlan: (e, v, at) => e.neededChunksForPlan(...[PLAN, S, {}].map((x, i) => (i === at ? v : x))),
    ask: (e, v, at) => e.ask(...[Q, S, {}].map((x, i) => (i === at ? v : x))),
    search: (e, v, at) => e.search(...[Q, S, {}].map((x, i) => (i === at ? v : x))),
    run: (e, v, at) => e.run(...[PLAN, S, {}].map((x, i) => (i === at ? v : x))),
    validatePlan: (e, v) => e.validatePlan(v),
    addChunk: (e, v, at) => e.addChunk(...['t0-00000000.slc', new Uint8Array(8)].map((x, i) => (i === at ? v : x))),
    fromBytes: (_e, v) => glue.Engine.fromBytes(v),
    fromManifest: (_e, v) => glue.Engine.fromManifest(v),
  };
  const ARITY = { neededChunks: 3, neededChunksForPlan: 3, ask: 3, search: 3, run: 3, validatePlan: 1, addChunk: 2, fromBytes: 1, fromManifest: 1 };

  for (const [kind, make] of Object.entries(HOSTILE)) {
    it(`${kind}: each Engine method throws a JS Error, and the same engine still answers`, () => {
      const engine = glue.Engine.fromBytes(indexBytes);
      const bundle = glue.Engine.fromManifest(manifestBytes);
      const before = withoutTiming(JSON.parse(JSON.stringify(engine.ask(Q, S))));
      for (const [method, call] of Object.entries(CALLS)) {
        for (let at = 0; at < ARITY[method]; at++) {
          const target = method === 'addChunk' ? bundle : engine;
          const started = performance.now();
          const err = thrown(() => call(target, make(), at));
          const ms = performance.now() - started;
          const where = `${method} argument ${at + 1}`;
          assert.ok(err !== null, `${where}: refused`);
          assert.ok(err instanceof Error, `${where}: a JS Error (got ${Object.prototype.toString.call(err)})`);
          assert.ok(!(err instanceof WebAssembly.RuntimeError), `${where}: no trap (${err.message})`);
          assert.match(err.message, /^invalid (scope|plan|question|input|index): /, `${where}: a typed message`);
          assert.equal(err.message.split('\n').length, 1, `${where}: one line`);
          assert.ok(ms < 1000, `${where}: refused at once (${ms.toFixed(0)} ms)`);
        }
      }
      // The same engine answers as before; the bundle engine still takes parts; both free.
      assert.deepEqual(withoutTiming(JSON.parse(JSON.stringify(engine.ask(Q, S)))), before);
      const name = bundle.neededChunks(Q, S)[0];
      assert.ok(name, 'the bundle engine still names the parts it needs');
      assert.match(thrown(() => bundle.addChunk(name, new Uint8Array(30))).message, /^invalid index: part /);
      engine.free();
      bundle.free();
    });
  }

  it('gunzip stops inflating a bundle file past its limit (a gzip bomb)', async () => {
    const { gunzip, MAX_INFLATED } = await import(pathToFileURL(join(PKG, 'bundle.js')).href);
    const { gzipSync } = await import('node:zlib');
    assert.equal(MAX_INFLATED, 64 * 1024 * 1024);
    const bomb = new Uint8Array(gzipSync(new Uint8Array(8 << 20), { level: 9 }));
    assert.ok(bomb.length < 16 * 1024, `a small file: ${bomb.length} bytes`);
    await assert.rejects(gunzip(bomb, 1 << 20), /inflates to more than 1048576 bytes/);
    assert.equal((await gunzip(bomb)).length, 8 << 20, 'within the default limit it inflates');
  });

  it('every hostile value is refused in the question, scope, plan and bytes positions', () => {
    const engine = glue.Engine.fromBytes(indexBytes);
    for (const [kind, make] of Object.entries(HOSTILE)) {
      for (const [where, call] of [
        ['question', () => engine.ask(make())],
        ['scope', () => engine.ask(Q, make())],
        ['plan', () => engine.validatePlan(make())],
        ['bytes', () => glue.Engine.fromBytes(make())],
      ]) {
        const err = thrown(call);
        assert.ok(err instanceof Error && !(err instanceof WebAssembly.RuntimeError), `${kind} as ${where}: ${err}`);
      }
    }
    assert.equal(thrown(() => engine.ask({ length: 4e9 })).message, 'invalid question: expected a string');
    assert.equal(thrown(() => glue.Engine.fromBytes({ length: 4e9 })).message, 'invalid index: expected the bytes as a Uint8Array');
    assert.equal(thrown(() => engine.ask(Q, HOSTILE['a throwing getter']())).message,
      'invalid scope: a getter or a Proxy threw while the value was read');
    assert.equal(thrown(() => engine.validatePlan(HOSTILE['a plan whose tasks are a 2^32-1-item array']())).message,
      'invalid plan: an array of 4294967295 items, more than the 131072 values an input may hold');
    assert.equal(thrown(() => engine.ask('x'.repeat(70_000))).message,
      'invalid question: a string of 70000 UTF-16 code units, more than the limit of 65536');
    // A Proxy around real bytes is read through its traps, and a trap that throws is caught.
    const trap = new Proxy(indexBytes, { get(t, k) { if (k === 'length') throw new Error('no'); return Reflect.get(t, k); } });
    assert.match(thrown(() => glue.Engine.fromBytes(trap)).message, /^invalid index: a getter or a Proxy threw/);
    assert.equal(typeof engine.ask(Q, S).answer, 'string');
    engine.free();
  });
});
