// `make bench` driver: prepares the corpora, then runs every (engine, corpus)
// measurement in a fresh `node --expose-gc` worker, round-robin per
// repetition (engine order rotated each repetition) so that machine drift hits
// all engines alike; aggregates medians over repetitions, ratios against
// slotchain, checks the issue's targets, and writes results.json,
// results.md and chart.svg.
//
//   node --expose-gc bench/run.mjs [--corpus python77k,python10k,hotpotqa,scifact]
//        [--engines slotchain,minisearch,flexsearch,lunr,orama,pagefind]
//        [--reps 3] [--passes 1] [--out DIR] [--timeout-min 10]
//
// A run with the default corpora and engines writes into bench/; any other
// run writes into $BENCH_TMP/partial unless --out is given.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync, rmSync, copyFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cpus } from 'node:os';
import {
  BENCH, REPO, WORK, CORPORA, CLI, PKG, DATA, InputError, main, median, requireFile,
} from './lib/common.mjs';
import { prepare } from './prepare.mjs';
import { renderMarkdown } from './lib/report.mjs';
import { renderChart } from './lib/chart.mjs';

export const ENGINES = ['slotchain', 'minisearch', 'flexsearch', 'lunr', 'orama', 'pagefind'];
const NPM_PACKAGES = { minisearch: 'minisearch', flexsearch: 'flexsearch', lunr: 'lunr', orama: '@orama/orama', pagefind: 'pagefind' };

function parseArgs(argv) {
  const opts = { corpus: Object.keys(CORPORA), engines: ENGINES, reps: 3, passes: 1, out: null, timeoutMin: 10 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => {
      if (i + 1 >= argv.length) throw new InputError(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--corpus') opts.corpus = v().split(',');
    else if (a === '--engines') opts.engines = v().split(',');
    else if (a === '--reps') opts.reps = Number(v());
    else if (a === '--passes') opts.passes = Number(v());
    else if (a === '--out') opts.out = resolve(v());
    else if (a === '--timeout-min') opts.timeoutMin = Number(v());
    else if (a === '-h' || a === '--help') {
      console.log(readFileSync(new URL(import.meta.url), 'utf8').split('\n').filter((l) => l.startsWith('//')).map((l) => l.slice(3)).join('\n'));
      process.exit(0);
    } else throw new InputError(`unknown argument ${a} (see --help)`);
  }
  for (const c of opts.corpus) if (!CORPORA[c]) throw new InputError(`unknown corpus ${c}; known: ${Object.keys(CORPORA).join(', ')}`);
  for (const e of opts.engines) if (!ENGINES.includes(e)) throw new InputError(`unknown engine ${e}; known: ${ENGINES.join(', ')}`);
  if (!(opts.reps >= 1) || !(opts.passes >= 1)) throw new InputError('--reps and --passes must be at least 1');
  const isDefault = opts.corpus.length === Object.keys(CORPORA).length && opts.engines.length === ENGINES.length;
  opts.out ??= isDefault ? BENCH : join(WORK, 'partial');
  return opts;
}

function sh(cmd, args) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function versions(engines) {
  const pkgVersion = (name) => {
    try {
      return JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      return null;
    }
  };
  const v = {
    slotchain: sh('git', ['-C', REPO, 'describe', '--always', '--dirty']),
    node: process.version,
    cpu: (readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.*)$/m) || [])[1] || cpus()[0]?.model,
    nproc: Number(sh('nproc', [])) || cpus().length,
    memory_gb: Math.round(Number((readFileSync('/proc/meminfo', 'utf8').match(/MemTotal:\s+(\d+)/) || [])[1]) / 1048576),
    packages: {},
  };
  for (const e of engines) if (NPM_PACKAGES[e]) v.packages[NPM_PACKAGES[e]] = pkgVersion(NPM_PACKAGES[e]);
  if (engines.includes('pagefind')) {
    v.packages['@pagefind/linux-x64'] = pkgVersion('@pagefind/linux-x64');
    v.packages['playwright-core'] = pkgVersion('playwright-core');
    v.chromium = sh(process.env.CHROMIUM || '/usr/bin/chromium', ['--version']);
  }
  return v;
}

function checkInputs(opts) {
  if (!existsSync(DATA)) throw new InputError(`${DATA} not found (the benchmark data lives outside the repository)`);
  if (opts.engines.includes('slotchain')) {
    requireFile(CLI, 'build it with `make wasm` or `cargo build --release --bin slotchain`');
    requireFile(join(PKG, 'slotchain.js'), 'build it with `make wasm`');
    requireFile(join(PKG, 'slotchain_bg.wasm'), 'build it with `make wasm`');
  }
  for (const e of opts.engines) {
    const p = NPM_PACKAGES[e];
    if (p && !existsSync(join(REPO, 'node_modules', p, 'package.json'))) {
      throw new InputError(`npm package ${p} is not installed (run npm install)`);
    }
  }
}

/** Runs one worker; resolves with its result, or {status: 'timeout'|'error'}. */
function runWorker(engine, corpus, opts, rep) {
  const out = join(WORK, 'runs', `${corpus}.${engine}.${rep}.json`);
  rmSync(out, { force: true });
  const args = ['--expose-gc', '--max-old-space-size=8192', join(BENCH, 'worker.mjs'),
    '--engine', engine, '--corpus', corpus, '--out', out, '--passes', String(opts.passes)];
  return new Promise((resolvePromise) => {
    const started = Date.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let phase = 'start';
    let stderr = '';
    let timedOut = null;
    // Index building is capped at --timeout-min; the whole worker at 3x that.
    const buildTimer = setTimeout(() => {
      if (phase === 'start' || phase === 'build') {
        timedOut = 'build';
        child.kill('SIGKILL');
      }
    }, opts.timeoutMin * 60_000);
    const totalTimer = setTimeout(() => {
      timedOut = timedOut || phase;
      child.kill('SIGKILL');
    }, opts.timeoutMin * 3 * 60_000);
    child.stdout.on('data', (d) => {
      for (const line of String(d).split('\n')) if (line.startsWith('phase ')) phase = line.slice(6);
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => {
      clearTimeout(buildTimer);
      clearTimeout(totalTimer);
      const secs = (Date.now() - started) / 1000;
      if (timedOut) return resolvePromise({ engine, corpus, status: 'timeout', phase: timedOut, seconds: secs });
      if (code !== 0 || !existsSync(out)) {
        return resolvePromise({ engine, corpus, status: 'error', seconds: secs, message: stderr.trim().split('\n').slice(-3).join(' | ') });
      }
      resolvePromise({ ...JSON.parse(readFileSync(out, 'utf8')), status: 'ok', seconds: secs });
    });
  });
}

const NUMERIC = [
  'build_ms', 'load_ms', 'size_raw', 'size_gzip', 'init_ms', 'quality', 'pipeline_quality',
  'search.p50', 'search.p95', 'pipeline.p50', 'pipeline.p95', 'memory.heap_external', 'memory.rss',
  'memory.browser_js_heap', 'query_bytes.p50', 'runtime.gzip', 'runtime.raw',
];
const get = (o, path) => path.split('.').reduce((x, k) => (x == null ? x : x[k]), o);
function set(o, path, v) {
  const ks = path.split('.');
  let x = o;
  for (const k of ks.slice(0, -1)) x = x[k] ??= {};
  x[ks[ks.length - 1]] = v;
}

function aggregate(runs) {
  const ok = runs.filter((r) => r.status === 'ok');
  const first = ok[0] || runs[0];
  const agg = { engine: first.engine, corpus: first.corpus, reps: ok.length };
  if (!ok.length) {
    agg.status = runs[0].status;
    agg.note = runs.map((r) => r.message || `${r.status} in ${r.phase}`).join('; ');
    return agg;
  }
  agg.status = 'ok';
  for (const k of ['passages', 'queries', 'metric', 'files']) agg[k] = first[k];
  for (const path of NUMERIC) {
    const m = median(ok.map((r) => get(r, path)));
    if (m != null) set(agg, path, m);
  }
  if (first.runtime?.files) set(agg, 'runtime.files', first.runtime.files);
  agg.per_rep = { build_ms: ok.map((r) => r.build_ms), search_p50: ok.map((r) => r.search.p50) };
  return agg;
}

/**
 * Copies the release CLI and pkg/ into WORK so that a build running elsewhere
 * cannot swap them mid-run; waits (up to 5 min) while a `make wasm` is half
 * done (pkg/package.json is its last step).
 */
async function snapshotSlotchain() {
  for (let waited = 0; ; waited += 5) {
    const done = existsSync(join(PKG, 'package.json')) && existsSync(join(PKG, 'slotchain_bg.wasm'));
    const settled = done && Date.now() - statSync(join(PKG, 'slotchain_bg.wasm')).mtimeMs > 5000;
    if (settled) break;
    if (waited >= 300) throw new InputError(`${PKG} is incomplete (no package.json): run make wasm`);
    if (waited === 0) console.error(`==> waiting for ${PKG} (a wasm build is in progress)`);
    await new Promise((r) => setTimeout(r, 5000));
  }
  const dir = join(WORK, 'snapshot');
  mkdirSync(join(dir, 'pkg'), { recursive: true });
  const cli = join(dir, 'slotchain');
  copyFileSync(CLI, cli);
  // (bundle.js: the bundle-loading helper the cold-bytes measure imports.)
  for (const f of ['slotchain.js', 'slotchain_bg.wasm', 'bundle.js']) copyFileSync(join(PKG, f), join(dir, 'pkg', f));
  process.env.BENCH_SLOTCHAIN_CLI = cli;
  process.env.BENCH_SLOTCHAIN_PKG = join(dir, 'pkg');
  const sha = (f) => createHash('sha256').update(readFileSync(f)).digest('hex').slice(0, 16);
  return {
    git_describe: sh('git', ['-C', REPO, 'describe', '--always', '--dirty']),
    cli_sha256: sha(cli),
    wasm_sha256: sha(join(dir, 'pkg', 'slotchain_bg.wasm')),
    cli_mtime: statSync(CLI).mtime.toISOString(),
    wasm_mtime: statSync(join(PKG, 'slotchain_bg.wasm')).mtime.toISOString(),
  };
}

function wasmSizes() {
  const pkg = process.env.BENCH_SLOTCHAIN_PKG || PKG;
  const wasm = readFileSync(join(pkg, 'slotchain_bg.wasm'));
  const glue = readFileSync(join(pkg, 'slotchain.js'));
  return {
    wasm_raw: wasm.length,
    wasm_gzip: gzipSync(wasm, { level: 9 }).length,
    glue_raw: glue.length,
    glue_gzip: gzipSync(glue, { level: 9 }).length,
  };
}

function ratios(results) {
  for (const corpus of Object.keys(results)) {
    const rows = results[corpus];
    const sc = rows.find((r) => r.engine === 'slotchain' && r.status === 'ok');
    if (!sc) continue;
    for (const r of rows) {
      if (r.status !== 'ok') continue;
      r.vs_slotchain = {
        search_p50: r.search?.p50 / sc.search.p50,
        size_gzip: r.size_gzip / sc.size_gzip,
        build_ms: r.build_ms / sc.build_ms,
        load_ms: r.load_ms / sc.load_ms,
      };
    }
  }
}

function targets(results, wasm) {
  const t = [];
  const ok = (rows) => (rows || []).filter((r) => r.status === 'ok');
  const big = ok(results.python77k);
  const sc77 = big.find((r) => r.engine === 'slotchain');
  if (sc77) {
    const peers = big.filter((r) => r.engine !== 'slotchain');
    const best = peers.reduce((b, r) => (!b || r.search.p50 < b.search.p50 ? r : b), null);
    t.push({
      target: 'slotchain single-query p50 below every peer on the 77k corpus',
      met: peers.length > 0 && peers.every((r) => sc77.search.p50 < r.search.p50),
      figures: `slotchain ${sc77.search.p50.toFixed(3)} ms; fastest peer ${best ? `${best.engine} ${best.search.p50.toFixed(3)} ms` : 'none measured'}`,
    });
  }
  const sf = ok(results.scifact);
  const scSf = sf.find((r) => r.engine === 'slotchain');
  if (scSf) {
    const peers = sf.filter((r) => r.engine !== 'slotchain' && r.quality != null);
    const best = peers.reduce((b, r) => (!b || r.quality > b.quality ? r : b), null);
    t.push({
      target: 'SciFact nDCG@10 at least the best peer\'s',
      met: !best || scSf.quality >= best.quality,
      figures: `slotchain ${scSf.quality.toFixed(4)}; best peer ${best ? `${best.engine} ${best.quality.toFixed(4)}` : 'none measured'}`,
    });
  }
  if (sc77?.pipeline) {
    t.push({ target: 'full pipeline p50 < 5 ms on the 77k corpus (Node)', met: sc77.pipeline.p50 < 5, figures: `${sc77.pipeline.p50.toFixed(3)} ms` });
  }
  const sc10 = ok(results.python10k).find((r) => r.engine === 'slotchain');
  if (sc10?.pipeline) {
    t.push({ target: 'full pipeline p50 < 2 ms on the 10k subset (Node)', met: sc10.pipeline.p50 < 2, figures: `${sc10.pipeline.p50.toFixed(3)} ms` });
  }
  if (wasm) {
    t.push({ target: 'optimized .wasm gzip < 100 KB', met: wasm.wasm_gzip < 100_000, figures: `${wasm.wasm_gzip.toLocaleString('en-US')} B gzip (${(wasm.wasm_gzip / 1000).toFixed(1)} KB; raw ${wasm.wasm_raw.toLocaleString('en-US')} B)` });
  }
  const ms77 = big.find((r) => r.engine === 'minisearch');
  if (sc77 && ms77) {
    const a = sc77.size_gzip / sc77.passages;
    const b = ms77.size_gzip / ms77.passages;
    t.push({ target: 'gzip index bytes per passage <= MiniSearch (77k)', met: a <= b, figures: `slotchain ${a.toFixed(1)} B/passage; MiniSearch ${b.toFixed(1)} B/passage` });
  }
  return t;
}

main('bench/run', async () => {
  const opts = parseArgs(process.argv.slice(2));
  checkInputs(opts);
  const t0 = Date.now();
  prepare(opts.corpus);
  mkdirSync(join(WORK, 'runs'), { recursive: true });
  const snapshot = opts.engines.includes('slotchain') ? await snapshotSlotchain() : null;
  if (snapshot) console.error(`==> slotchain ${snapshot.git_describe}: CLI and pkg/ copied to ${join(WORK, 'snapshot')} (wasm sha256 ${snapshot.wasm_sha256})`);
  const all = {};
  const timedOut = new Set();
  for (let rep = 1; rep <= opts.reps; rep++) {
    for (const corpus of opts.corpus) {
      // Rotate the engine order each repetition.
      const order = opts.engines.map((_, i) => opts.engines[(i + rep - 1) % opts.engines.length]);
      for (const engine of order) {
        const key = `${corpus}/${engine}`;
        if (timedOut.has(key)) continue;
        process.stderr.write(`==> rep ${rep}/${opts.reps} ${corpus.padEnd(9)} ${engine.padEnd(10)} `);
        const r = await runWorker(engine, corpus, opts, rep);
        (all[key] ??= []).push(r);
        if (r.status === 'timeout') timedOut.add(key);
        process.stderr.write(r.status === 'ok'
          ? `build ${(r.build_ms / 1000).toFixed(2)} s, search p50 ${r.search.p50.toFixed(3)} ms${r.pipeline ? `, pipeline p50 ${r.pipeline.p50.toFixed(3)} ms` : ''}${r.quality != null ? `, ${r.metric} ${r.quality.toFixed(4)}` : ''} (${r.seconds.toFixed(0)} s)\n`
          : `${r.status}${r.phase ? ` (${r.phase})` : ''}${r.message ? `: ${r.message}` : ''}\n`);
      }
    }
  }
  const results = {};
  for (const corpus of opts.corpus) {
    results[corpus] = opts.engines.filter((e) => all[`${corpus}/${e}`]).map((e) => aggregate(all[`${corpus}/${e}`]));
  }
  ratios(results);
  const wasm = opts.engines.includes('slotchain') ? wasmSizes() : null;
  for (const corpus of opts.corpus) {
    const sc = results[corpus].find((r) => r.engine === 'slotchain' && r.status === 'ok');
    if (sc?.query_bytes) sc.query_bytes.note = 'cold page, one single query over the bundle: wasm + glue + manifest + the parts it reads';
  }
  const doc = {
    generated: new Date().toISOString(),
    command: `node --expose-gc bench/run.mjs ${process.argv.slice(2).join(' ')}`.trim(),
    versions: { ...versions(opts.engines), ...(snapshot ? { slotchain: snapshot.git_describe, slotchain_build: snapshot } : {}) },
    settings: { reps: opts.reps, passes: opts.passes, k: 10, timeout_min: opts.timeoutMin },
    corpora: Object.fromEntries(opts.corpus.map((c) => [c, CORPORA[c].label])),
    wasm,
    results,
    targets: targets(results, wasm),
    runtime_s: (Date.now() - t0) / 1000,
  };
  mkdirSync(opts.out, { recursive: true });
  writeFileSync(join(opts.out, 'results.json'), JSON.stringify(doc, null, 2) + '\n');
  writeFileSync(join(opts.out, 'results.md'), renderMarkdown(doc));
  const svg = renderChart(doc);
  if (svg) writeFileSync(join(opts.out, 'chart.svg'), svg);
  const rel = relative(process.cwd(), opts.out) || '.';
  console.log(`==> bench done in ${doc.runtime_s.toFixed(0)} s: ${rel}/results.json, ${rel}/results.md${svg ? `, ${rel}/chart.svg` : ''}`);
});
