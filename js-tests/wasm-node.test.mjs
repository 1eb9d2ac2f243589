// The optimized wasm module in Node must give exactly the CLI's reports and
// errors: same JSON for every seed question over its demo index (minus
// elapsed_us), the same one-line message for invalid plans, and a clean
// `invalid index: …` Error (never a trap) for corrupt index bytes. The two
// open-text examples must also keep their plan shape, states and values.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  REPO, CLI, PKG, SAMPLE_IDX, INDEX_FILES, SEEDS,
  assertArtefacts, askBundleInNode, cliAsk, cliPlan, indexInputs, indexPath, runCli, withoutTiming, nonJsonPaths,
} from './helpers.mjs';
import { DEFAULT_INDEX } from '../www/examples.js';

const WASM = join(PKG, 'slotchain_bg.wasm');
const GLUE = join(PKG, 'slotchain.js');

let Engine;
let engine; // over the default index, sample.idx
let indexBytes;
const engines = new Map(); // demo index file → Engine
const engineFor = (file) => {
  if (!engines.has(file)) engines.set(file, Engine.fromBytes(new Uint8Array(readFileSync(indexPath(file)))));
  return engines.get(file);
};
const seedAsk = (seed) => (seed.scope === undefined
  ? engineFor(seed.index).ask(seed.question)
  : engineFor(seed.index).ask(seed.question, seed.scope));

function asJson(report) {
  return JSON.parse(JSON.stringify(report));
}

function assertSameReport(wasmReport, cliReport, label) {
  const odd = nonJsonPaths(wasmReport);
  assert.deepEqual(odd, [], `${label}: the wasm report is not plain JSON data (serde-wasm-bindgen writes plain objects and arrays, never undefined):\n${odd.slice(0, 10).join('\n')}`);
  assert.equal(typeof wasmReport.elapsed_us, 'number', `${label}: elapsed_us must be a number`);
  assert.deepEqual(withoutTiming(asJson(wasmReport)), withoutTiming(cliReport), `${label}: wasm and CLI reports differ`);
}

function thrown(fn) {
  try {
    fn();
  } catch (err) {
    return err;
  }
  assert.fail('expected a throw');
}

describe('wasm module in Node (pkg/, optimized) vs the release CLI', () => {
  before(async () => {
    assertArtefacts([WASM, GLUE, join(PKG, 'slotchain.d.ts'), join(PKG, 'package.json'), ...INDEX_FILES, CLI]);
    const glue = await import(pathToFileURL(GLUE).href);
    glue.initSync({ module: readFileSync(WASM) });
    Engine = glue.Engine;
    indexBytes = new Uint8Array(readFileSync(SAMPLE_IDX));
    engine = Engine.fromBytes(indexBytes);
    engines.set(DEFAULT_INDEX, engine);
  });

  it('pkg/package.json describes an ES module package at the crate version', () => {
    const pkg = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8'));
    const cargo = readFileSync(join(REPO, 'Cargo.toml'), 'utf8');
    const version = cargo.match(/^\[package\][^[]*?^version\s*=\s*"([^"]+)"/ms)?.[1];
    assert.equal(pkg.name, 'slotchain');
    assert.equal(pkg.version, version);
    assert.equal(pkg.type, 'module');
    assert.equal(pkg.main, 'slotchain.js');
    assert.equal(pkg.types, 'slotchain.d.ts');
    for (const f of pkg.files) assert.ok(readFileSync(join(PKG, f)).length > 0, `${f} listed in files`);
    const dts = readFileSync(join(PKG, 'slotchain.d.ts'), 'utf8');
    assert.match(dts, /class Engine/);
    for (const m of ['fromBytes', 'fromManifest', 'neededChunks', 'neededChunksForPlan', 'addChunk', 'ask', 'search', 'run', 'validatePlan', 'stats']) assert.match(dts, new RegExp(`\\b${m}\\(`), `d.ts declares ${m}`);
  });

  it('the optimized module validates and the www/ copy is identical', () => {
    const bytes = readFileSync(WASM);
    assert.ok(WebAssembly.validate(bytes), 'pkg/slotchain_bg.wasm validates');
    assert.deepEqual(readFileSync(join(REPO, 'www', 'pkg', 'slotchain_bg.wasm')), bytes, 'www/pkg is a copy of pkg');
  });

  it('stats() counts the sample index', () => {
    const st = asJson(engine.stats());
    assert.ok(st.passages > 0 && st.terms > 0 && st.entities > 0, JSON.stringify(st));
  });

  for (const seed of SEEDS) {
    it(`same report as the CLI: ${seed.name} (${seed.index})`, () => {
      const wasmReport = seedAsk(seed);
      const cliReport = cliAsk(seed.question, seed.scope, { index: seed.index });
      assertSameReport(wasmReport, cliReport, seed.name);
      assert.ok(cliReport.slots.length > 0, `${seed.name}: at least one slot`);
    });
  }

  it('same report as the CLI with options k and noDecompose', () => {
    const q = SEEDS.find((s) => s.name === 'refund window + cash').question;
    assertSameReport(engine.ask(q, undefined, { k: 1 }), cliAsk(q, undefined, { k: 1 }), 'k=1');
    assertSameReport(engine.ask(q, {}, { noDecompose: true }), cliAsk(q, {}, { noDecompose: true }), 'noDecompose');
  });

  it('search() returns the one-shot context of the CLI, without the report', () => {
    for (const seed of SEEDS) {
      const cli = cliAsk(seed.question, seed.scope, { k: 5, noDecompose: true, index: seed.index });
      assert.deepEqual(asJson(engineFor(seed.index).search(seed.question, seed.scope, { k: 5 })), cli.context, seed.name);
    }
    assert.match(thrown(() => engine.search('   ')).message, /^invalid question: /);
  });

  it('a valid plan runs the same in wasm and the CLI', () => {
    const plan = {
      tasks: [
        { id: 'a', kind: 'retrieve', question: 'What is the refund window for electronics?' },
        { id: 'b', kind: 'retrieve', question: 'Can I get cash instead of store credit?', depends_on: [] },
      ],
    };
    const order = asJson(engine.validatePlan(plan));
    assert.deepEqual([...order.order].sort(), ['a', 'b']);
    assert.ok(Array.isArray(order.waves) && order.waves.flat().length === 2, JSON.stringify(order));
    const cli = cliPlan(plan);
    assert.equal(cli.status, 0, cli.stderr);
    assertSameReport(engine.run(plan), JSON.parse(cli.stdout), 'plan');
  });

  const INVALID_PLANS = {
    'duplicate ids': {
      tasks: [
        { id: 'a', kind: 'retrieve', question: 'refund window?' },
        { id: 'a', kind: 'retrieve', question: 'store credit?' },
      ],
    },
    cycle: {
      tasks: [
        { id: 'a', kind: 'retrieve', question: 'refund window?', depends_on: ['b'] },
        { id: 'b', kind: 'retrieve', question: 'store credit?', depends_on: ['a'] },
      ],
    },
    'unknown prerequisite': {
      tasks: [{ id: 'a', kind: 'retrieve', question: 'refund window?', depends_on: ['zz'] }],
    },
  };

  for (const [name, plan] of Object.entries(INVALID_PLANS)) {
    it(`invalid plan (${name}): wasm throws the CLI's message`, () => {
      const cli = cliPlan(plan);
      assert.equal(cli.status, 2, `CLI exit status for ${name} (stderr: ${cli.stderr.trim()})`);
      // the CLI prefixes its one stderr line with the program name
      const line = cli.stderr.trim().replace(/^slotchain: /, '');
      assert.equal(line.split('\n').length, 1, `CLI stderr is one line: ${cli.stderr}`);
      assert.match(line, /^invalid plan: /, 'CLI stderr names the plan as invalid');
      for (const [label, call] of [['validatePlan', () => engine.validatePlan(plan)], ['run', () => engine.run(plan)]]) {
        const err = thrown(call);
        assert.ok(err instanceof Error, `${label} throws an Error (got ${Object.prototype.toString.call(err)})`);
        assert.ok(!(err instanceof WebAssembly.RuntimeError), `${label} must not trap: ${err.message}`);
        assert.equal(err.message, line, `${label} message equals the CLI's stderr`);
      }
    });
  }

  it('corrupt index bytes throw `invalid index: …`, and the module keeps working', () => {
    const flipped = indexBytes.slice();
    flipped[Math.floor(flipped.length / 2)] ^= 0x5a;
    const cases = {
      empty: new Uint8Array(0),
      garbage: new TextEncoder().encode('this is not an index, just some text bytes'),
      truncated: indexBytes.slice(0, Math.floor(indexBytes.length / 2)),
      'one byte flipped': flipped,
      'header only': indexBytes.slice(0, 16),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const err = thrown(() => Engine.fromBytes(bytes));
      assert.ok(err instanceof Error, `${name}: throws an Error`);
      assert.ok(!(err instanceof WebAssembly.RuntimeError), `${name}: must not trap (${err.message})`);
      assert.match(err.message, /^invalid index: \S/, `${name}: message`);
    }
    // the instance is not poisoned by the failures above
    const again = Engine.fromBytes(indexBytes);
    const q = SEEDS[3].question;
    assert.deepEqual(withoutTiming(asJson(again.ask(q))), withoutTiming(asJson(engine.ask(q))));
  });

  it('inputs the CLI rejects (empty question, unknown scope field) throw an Error, not a trap', () => {
    for (const [label, question, scope, kind] of [
      ['empty question', '   ', undefined, 'question'],
      ['unknown scope field', 'refund window?', { access: ['public'], nope: 1 }, 'scope'],
    ]) {
      const args = ['ask', '-i', SAMPLE_IDX];
      if (scope) args.push('--scope', JSON.stringify(scope));
      const cli = runCli([...args, question]);
      assert.notEqual(cli.status, 0, `${label}: the CLI rejects it`);
      assert.match(cli.stderr, new RegExp(`invalid ${kind}: `), `${label}: CLI message`);
      const err = thrown(() => engine.ask(question, scope));
      assert.ok(err instanceof Error && !(err instanceof WebAssembly.RuntimeError), `${label}: ${err}`);
      assert.match(err.message, new RegExp(`^invalid ${kind}: `), `${label}: wasm message`);
      assert.equal(err.message, cli.stderr.trim().replace(/^slotchain: /, ''), `${label}: same message as the CLI`);
    }
  });

  it('a scope field of the wrong type says what is wrong, without a JS error prefix', () => {
    const err = thrown(() => engine.ask('refund window?', { user: 5 }));
    assert.equal(err.message, 'invalid scope: user: invalid type: integer `5`, expected a string');
    assert.doesNotMatch(err.message, /Error: /);
    const cli = runCli(['ask', '-i', SAMPLE_IDX, '--scope', '{"access":5}', 'refund window?']);
    assert.equal(thrown(() => engine.ask('refund window?', { access: 5 })).message,
      cli.stderr.trim().replace(/^slotchain: /, ''), 'access of the wrong type: the CLI\'s message');
  });

  // The wasm shell reads a JS value into the same serde_json::Value the CLI
  // parses JSON text into (src/wasm/mod.rs, src/input.rs); each wrong input
  // must get the CLI's words, naming the field.
  const BAD_SCOPES = {
    'a fractional user': { user: 1.5 },
    'an integer access level': { access: [1] },
    'a boolean access': { access: true },
    'an object environment': { environment: { name: 'prod' } },
    'a negative region': { region: -3 },
    'a list as today': { today: ['2026-01-01'] },
  };
  for (const [name, scope] of Object.entries(BAD_SCOPES)) {
    it(`a scope with ${name} gets the CLI's message`, () => {
      const cli = runCli(['ask', '-i', SAMPLE_IDX, '--scope', JSON.stringify(scope), 'refund window?']);
      assert.notEqual(cli.status, 0, cli.stderr);
      const err = thrown(() => engine.ask('refund window?', scope));
      assert.ok(err instanceof Error && !(err instanceof WebAssembly.RuntimeError), `${name}: ${err}`);
      assert.match(err.message, /^invalid scope: (user|access|environment|region|today)(\[0\])?: invalid type: /);
      assert.equal(err.message, cli.stderr.trim().replace(/^slotchain: /, ''));
    });
  }

  it('a scope field left undefined is absent, as JSON.stringify would drop it', () => {
    const q = SEEDS[0].question;
    const scope = SEEDS[0].scope;
    assert.deepEqual(withoutTiming(asJson(engine.ask(q, { ...scope, region: undefined }))),
      withoutTiming(asJson(engine.ask(q, scope))));
  });

  const MALFORMED_PLANS = {
    'unknown kind': { tasks: [{ id: 'a', kind: 'fetch', question: 'refund window?' }] },
    'missing question': { tasks: [{ id: 'a', kind: 'retrieve' }] },
    'a task that is a string': { tasks: ['a'] },
    'tasks that are an object': { tasks: { a: 1 } },
    'a fractional dependency': { tasks: [{ id: 'a', kind: 'retrieve', question: 'x?', depends_on: [0.5] }] },
    'an unknown output': { tasks: [{ id: 'a', kind: 'retrieve', question: 'x?', output: 'poem' }] },
  };
  for (const [name, plan] of Object.entries(MALFORMED_PLANS)) {
    it(`a plan with ${name} gets the CLI's message, naming the field`, () => {
      const cli = cliPlan(plan);
      assert.notEqual(cli.status, 0, cli.stderr);
      const words = cli.stderr.trim().replace(/^slotchain: /, '');
      assert.match(words, /^invalid plan: tasks(\[0\](\.\w+(\[0\])?)?)?: /, `${name}: CLI said ${cli.stderr.trim()}`);
      for (const call of [() => engine.validatePlan(plan), () => engine.run(plan)]) {
        const err = thrown(call);
        assert.ok(err instanceof Error && !(err instanceof WebAssembly.RuntimeError), `${name}: ${err}`);
        assert.equal(err.message, words, `${name}: CLI said ${cli.stderr.trim()}`);
      }
    });
  }

  it('options of the wrong type are refused, naming the option', () => {
    for (const [options, words] of [
      [{ k: 2.5 }, 'k: invalid type: floating point `2.5`, expected usize'],
      [{ k: -1 }, 'k: invalid value: integer `-1`, expected usize'],
      [{ noDecompose: 'yes' }, 'noDecompose: invalid type: string "yes", expected a boolean'],
      [{ kk: 1 }, 'kk: unknown field `kk`, expected one of `k`, `budget`, `noDecompose`'],
      [{ budget: null }, null],
    ]) {
      if (words === null) {
        assert.equal(typeof asJson(engine.ask('refund window?', undefined, options)).answer, 'string');
        continue;
      }
      const err = thrown(() => engine.ask('refund window?', undefined, options));
      assert.equal(err.message, `invalid input: options: ${words}`);
    }
  });

  it('one access level may be a plain string, as in the CLI', () => {
    const q = SEEDS[0].question;
    const scope = { ...SEEDS[0].scope, access: 'operations' };
    assertSameReport(engine.ask(q, scope), cliAsk(q, scope), 'access as a string');
    assert.deepEqual(withoutTiming(asJson(engine.ask(q, scope))),
      withoutTiming(asJson(engine.ask(q, { ...scope, access: ['operations'] }))));
  });

  describe('the open-text examples (open.idx): plan shape, states and values', () => {
    const example = (name) => {
      const seed = SEEDS.find((sd) => sd.name === name);
      assert.ok(seed, `www/examples.js has the example ${name}`);
      assert.equal(seed.index, 'open.idx', `${name} is asked over the open-text index`);
      return asJson(seedAsk(seed));
    };
    const shape = (report) => report.slots.map((sl) => [sl.id, sl.kind, sl.state, sl.depends_on, sl.asked]);

    it('the bridge is a chain: a follow step finds the director through the film page, then his birth year', () => {
      const report = example('open bridge: director born');
      assert.deepEqual(shape(report), [
        ['q1', 'follow', 'supported', [], false],
        ['q2', 'retrieve', 'supported', ['q1'], true],
      ]);
      assert.deepEqual(report.waves, [['q1'], ['q2']]);
      const [find, born] = report.slots;
      assert.deepEqual(find.value, {
        type: 'entity', id: 'Tomas Varga', entity_type: 'title', passage_id: 'lantern-keeper',
        span: find.value.span,
      });
      assert.equal(find.value.span.text, 'Tomas Varga', 'the bridge value is the span of the film page that names him');
      assert.equal(born.question, 'In what year was Tomas Varga born?', 'the outer question asks about the bridge value');
      assert.equal(born.value.type, 'stated');
      assert.deepEqual([born.value.kind, born.value.value, born.value.passage_id], ['year', '1958', 'tomas-varga']);
      assert.ok(born.value.sentence.includes(born.value.span.text));
      assert.deepEqual(born.chain.map((e) => [e.from_slot, e.to_slot, e.from_passage, e.to_passage, e.key, e.valid]),
        [['q1', 'q2', 'lantern-keeper', 'tomas-varga', 'Tomas Varga', true]]);
      assert.match(report.answer, /Tomas Varga \[lantern-keeper\]; 1958 .*\[tomas-varga\]/, 'the answer states the bridge, then the value');
      assert.doesNotMatch(report.answer, /2004/, 'not the year of the film, the first hop');
      assert.deepEqual(report.coverage, { asked: 1, answered: 1 });
    });

    it('the comparison is a slot per band stating its year, and a compare step choosing the earlier', () => {
      const report = example('open comparison: formed first');
      assert.deepEqual(shape(report), [
        ['q1', 'retrieve', 'supported', [], false],
        ['q2', 'retrieve', 'supported', [], false],
        ['c1', 'compare', 'supported', ['q1', 'q2'], true],
      ]);
      assert.deepEqual(report.waves, [['q1', 'q2'], ['c1']]);
      const [a, b, cmp] = report.slots;
      assert.equal(a.question, 'When was The Tidewalkers formed?', 'each slot names its own band');
      assert.equal(b.question, 'When was The Greywell Sisters formed?');
      for (const [sl, year, passage] of [[a, '1991', 'tidewalkers'], [b, '1997', 'greywell-sisters']]) {
        assert.equal(sl.value.type, 'stated', sl.id);
        assert.deepEqual([sl.value.value, sl.value.passage_id], [year, passage], sl.id);
      }
      assert.deepEqual(cmp.value, {
        type: 'choice', slot: 'q1', label: 'The Tidewalkers',
        compared: [
          { slot: 'q1', label: 'The Tidewalkers', value: '1991' },
          { slot: 'q2', label: 'The Greywell Sisters', value: '1997' },
        ],
      });
      assert.match(report.answer, /The Tidewalkers \(1991; the other: 1997\) \[tidewalkers\]\[greywell-sisters\]/);
      assert.deepEqual(report.coverage, { asked: 1, answered: 1 });
    });
  });

  describe('a sharded bundle of the same corpus', () => {
    const dirs = new Map(); // demo index file → a bundle of its corpus
    let dir; // the help centre's
    before(() => {
      for (const file of new Set(SEEDS.map((sd) => sd.index))) {
        const out = mkdtempSync(join(tmpdir(), 'slotchain-bundle-'));
        dirs.set(file, out);
        const res = runCli(['index', ...indexInputs(file), '--bundle', '-o', out]);
        assert.equal(res.status, 0, res.stderr);
      }
      dir = dirs.get(DEFAULT_INDEX);
    });

    for (const seed of SEEDS) {
      it(`neededChunks/addChunk rounds end in the index file's report: ${seed.name} (${seed.index})`, async () => {
        const bundle = dirs.get(seed.index);
        const { report, names } = await askBundleInNode(Engine, bundle, seed.question, seed.scope);
        assertSameReport(report, cliAsk(seed.question, seed.scope, { index: seed.index }), seed.name);
        const files = readdirSync(bundle).filter((f) => f !== 'manifest.slc');
        assert.ok(names.length > 0 && names.length < files.length, `read ${names.length} of ${files.length} parts`);
        assert.equal(new Set(names).size, names.length, 'no part read twice');
      });
    }

    it('asking before the parts are added throws the names, not a partial answer; bad parts throw', async () => {
      const { gunzipSync } = await import('node:zlib');
      const read = (name) => new Uint8Array(gunzipSync(readFileSync(join(dir, name))));
      const fresh = Engine.fromManifest(read('manifest.slc'));
      const q = SEEDS[0].question;
      const need = fresh.neededChunks(q, SEEDS[0].scope);
      assert.ok(need.length > 0);
      const err = thrown(() => fresh.ask(q, SEEDS[0].scope));
      assert.match(err.message, /^the bundle lacks \d+ part\(s\) this answer reads/);
      assert.match(thrown(() => fresh.addChunk('nope.slc', new Uint8Array(4))).message, /not a part of this bundle/);
      const [a, b] = need;
      if (b) assert.match(thrown(() => fresh.addChunk(a, read(b))).message, /another part or from another build/);
      assert.match(thrown(() => Engine.fromManifest(read(need[0]))).message, /^invalid index: not a slotchain bundle manifest/);
      assert.match(thrown(() => Engine.fromManifest(indexBytes)).message, /wrong magic/);
    });

    after(() => {
      for (const d of dirs.values()) rmSync(d, { recursive: true, force: true });
    });
  });
});
