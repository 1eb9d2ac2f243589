// A bug that panics must say so in the console, not only trap: the module
// installs console_error_panic_hook at start. The release module exports
// nothing that panics, so this loads the debug build `make wasm-debug` makes
// with the `panic-test` feature, whose __panicForTest panics on purpose.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, PKG, assertArtefacts } from './helpers.mjs';

const TARGET = process.env.CARGO_TARGET_DIR ? resolve(REPO, process.env.CARGO_TARGET_DIR) : join(REPO, 'target');
const DEBUG = join(TARGET, 'pkg-debug');

describe('a panic in the wasm module', () => {
  it("shows its message through console.error, then throws a RuntimeError", async () => {
    assertArtefacts([join(DEBUG, 'slotchain.js'), join(DEBUG, 'slotchain_bg.wasm')]);
    const glue = await import(pathToFileURL(join(DEBUG, 'slotchain.js')).href);
    glue.initSync({ module: readFileSync(join(DEBUG, 'slotchain_bg.wasm')) });
    const logged = [];
    const original = console.error;
    console.error = (...args) => logged.push(args.map(String).join(' '));
    let thrown;
    try {
      glue.__panicForTest('a panic forced by js-tests/panic.test.mjs');
    } catch (err) {
      thrown = err;
    } finally {
      console.error = original;
    }
    assert.ok(thrown instanceof WebAssembly.RuntimeError, `a trap after the hook (got ${thrown})`);
    const line = logged.find((l) => l.includes('a panic forced by js-tests/panic.test.mjs'));
    assert.ok(line, `console.error got the panic message; it got:\n${logged.join('\n')}`);
    assert.match(line, /panicked at src[\\/]wasm[\\/]mod\.rs/, 'with the source location');
  });

  it('the release module does not export __panicForTest', async () => {
    const glue = await import(pathToFileURL(join(PKG, 'slotchain.js')).href);
    assert.equal(glue.__panicForTest, undefined);
    assert.doesNotMatch(readFileSync(join(PKG, 'slotchain.d.ts'), 'utf8'), /__panicForTest/);
  });
});
