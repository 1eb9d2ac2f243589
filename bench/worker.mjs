// One measurement: one engine on one corpus, in a fresh `node --expose-gc`
// process (started by run.mjs), so that memory deltas and timings of one
// engine never include another's garbage. Prints progress lines
// `phase <name>` on stdout and writes its result as JSON to --out.
//
//   node --expose-gc bench/worker.mjs --engine minisearch --corpus python10k --out r.json [--passes 1]
import { mkdirSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { WORK, CORPORA, readJsonl, requireFile, main, quantile, InputError } from './lib/common.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);

function gc() {
  if (!global.gc) throw new InputError('run with node --expose-gc');
  global.gc();
  global.gc();
}

function mem() {
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, rss: m.rss };
}

function phase(name) {
  process.stdout.write(`phase ${name}\n`);
}

function ndcgAt10(ids, gold) {
  let dcg = 0;
  ids.slice(0, 10).forEach((id, i) => {
    dcg += (gold[id] || 0) / Math.log2(i + 2);
  });
  const ideal = Object.values(gold).sort((a, b) => b - a).slice(0, 10);
  const idcg = ideal.reduce((s, g, i) => s + g / Math.log2(i + 2), 0);
  return idcg ? dcg / idcg : 0;
}

function chainRecall(ids, gold) {
  const top = new Set(ids.slice(0, 10));
  return gold.every((t) => top.has(t)) ? 1 : 0;
}

function quality(metric, queries, idLists) {
  if (!metric) return null;
  const f = metric === 'ndcg@10' ? ndcgAt10 : chainRecall;
  const s = queries.reduce((acc, q, i) => acc + f(idLists[i] || [], q.gold), 0);
  return s / queries.length;
}

function latency(times) {
  const t = [...times].sort((a, b) => a - b);
  return { p50: quantile(t, 0.5), p95: quantile(t, 0.95), mean: t.reduce((a, b) => a + b, 0) / t.length, n: t.length };
}

async function timeQueries(fn, queries, k, passes) {
  const ids = [];
  for (const q of queries) ids.push(await fn(q.q, k)); // warm-up pass, gives the ranked lists
  const times = [];
  for (let p = 0; p < passes; p++) {
    for (const q of queries) {
      const t0 = performance.now();
      const r = fn(q.q, k);
      if (r instanceof Promise) await r;
      times.push(performance.now() - t0);
    }
  }
  return { ids, times };
}

main('bench/worker', async () => {
  const engineName = args.engine;
  const corpus = CORPORA[args.corpus];
  if (!corpus) throw new InputError(`unknown corpus ${args.corpus}`);
  const passes = Number(args.passes || 1);
  const K = 10;
  const engine = await import(`./engines/${engineName}.mjs`);
  const corpusFile = requireFile(join(WORK, corpus.passages), 'run node bench/prepare.mjs');
  const queries = readJsonl(requireFile(join(WORK, corpus.queries), 'run node bench/prepare.mjs'));
  const dir = join(WORK, 'idx', `${args.corpus}.${engineName}.${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const result = { engine: engineName, corpus: args.corpus, queries: queries.length, passes };

  if (engine.init) {
    const t0 = performance.now();
    await engine.init();
    result.init_ms = performance.now() - t0;
  }

  let passages = readJsonl(corpusFile);
  result.passages = passages.length;
  gc();
  phase('build');
  let t0 = performance.now();
  await engine.build(passages, { corpusFile, dir });
  result.build_ms = performance.now() - t0;
  phase('built');
  t0 = performance.now();
  const files = await engine.serialize(dir);
  result.serialize_ms = performance.now() - t0;
  passages = null;

  // Load from the serialized form: disk read untimed, deserialization timed.
  gc();
  const m0 = mem();
  let payload = await engine.read(dir);
  t0 = performance.now();
  const inner = await engine.load(payload);
  result.load_ms = typeof inner === 'number' ? inner : performance.now() - t0;
  payload = null;
  gc();
  const m1 = mem();
  result.memory = {
    heap_external: m1.heapUsed + m1.external - (m0.heapUsed + m0.external),
    heapUsed: m1.heapUsed - m0.heapUsed,
    external: m1.external - m0.external,
    rss: m1.rss - m0.rss,
  };
  if (engine.memoryNote) result.memory = { browser_js_heap: engine.memoryNote(), note: 'Chromium JS heap delta (CDP); excludes wasm memory' };
  phase('loaded');
  // Sizes. Raw = uncompressed bytes, gzip = gzip -9 of each file; files that
  // are already gzip streams (Pagefind's bundle) count as they are on disk for
  // gzip and decompressed for raw. An engine's runtime files (Pagefind's JS and
  // wasm) are reported apart, like slotchain's wasm.
  const runtime = new Set(engine.runtimeFiles ? engine.runtimeFiles(files) : []);
  const sizes = { raw: 0, gzip: 0, runtime_raw: 0, runtime_gzip: 0 };
  for (const f of files) {
    const bytes = readFileSync(f);
    const isGz = bytes[0] === 0x1f && bytes[1] === 0x8b;
    const raw = isGz ? gunzipSync(bytes).length : bytes.length;
    const gz = isGz ? bytes.length : gzipSync(bytes, { level: 9 }).length;
    if (runtime.has(f)) {
      sizes.runtime_raw += raw;
      sizes.runtime_gzip += gz;
    } else {
      sizes.raw += raw;
      sizes.gzip += gz;
    }
  }
  result.files = files.length - runtime.size;
  result.size_raw = sizes.raw;
  result.size_gzip = sizes.gzip;
  if (runtime.size) {
    result.runtime = { raw: sizes.runtime_raw, gzip: sizes.runtime_gzip, files: [...runtime].map((f) => f.slice(dir.length + 1)) };
  }

  let run;
  if (engine.timedQueries) run = await engine.timedQueries(queries.map((q) => q.q), K, passes);
  else run = await timeQueries(engine.search, queries, K, passes);
  result.search = latency(run.times);
  result.quality = quality(corpus.metric, queries, run.ids);
  result.metric = corpus.metric || null;
  phase('searched');

  if (engine.pipeline) {
    const p = await timeQueries((q) => engine.pipeline(q), queries, K, passes);
    result.pipeline = latency(p.times);
    if (corpus.metric) {
      result.pipeline_quality = quality(corpus.metric, queries, queries.map((q) => engine.pipeline(q.q, K)));
    }
    phase('pipeline');
  }
  if (engine.coldBytes) {
    const sample = queries.filter((_, i) => i % Math.ceil(queries.length / 20) === 0).map((q) => q.q);
    const b = (await engine.coldBytes(sample, K)).sort((a, c) => a - c);
    result.query_bytes = { p50: quantile(b, 0.5), max: b[b.length - 1], n: b.length, note: 'cold page: init + search + top-10 fragments' };
  }
  if (engine.close) await engine.close();
  rmSync(dir, { recursive: true, force: true });
  writeFileSync(args.out, JSON.stringify(result, null, 2));
  phase('done');
});
