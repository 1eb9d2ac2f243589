// Bytes a browser fetches per question from a slotchain bundle: the wasm
// module and its glue, the manifest, and the parts the question reads. Runs
// the optimized wasm in Node with a fresh engine per question, the way the
// widget does (pkg/bundle.js: neededChunks → addChunk in rounds), and counts each file's
// size on disk (gzip, as served). Two sites:
//
// - python: the Python docs segments (77,825, JSON lines); questions from
//   the corpus's own headings (prepare.mjs picks 200, evenly spaced).
// - astro: the Astro docs (788 MDX pages, English and Chinese), indexed as a
//   site; questions from its h2/h3 headings outside code fences, evenly
//   spaced. Its catalog holds every section title, which the manifest
//   leaves to parts.
//
//   node bench/bundle-fetch.mjs [--questions N] [--site python,astro]
//
// One-part questions: "What is A?"; two-part: consecutive pairs, "What is A,
// and what is B?" (the decomposer splits these into two slots; the table
// reports the slot counts it saw). Writes bench/bundle-fetch.json (a run
// of some sites replaces theirs and keeps the others') and prints a
// Markdown table per site. Needs ../shared/data (or SLOTCHAIN_DATA) and
// `make wasm`; says so and exits 1 when either is missing. A bundle is
// rebuilt when the CLI or its input is newer.
import { existsSync, readFileSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { MANIFEST, coldQuery } from './lib/bundle.mjs';
import { BENCH, DATA, WORK, CLI, PKG, CORPORA, InputError, requireFile, readJsonl, main, quantile, spaced, walk } from './lib/common.mjs';
import { prepare } from './prepare.mjs';


/** h2/h3 headings of Markdown/MDX pages, outside code fences, as plain text. */
function headingsOf(files) {
  const out = new Set();
  for (const f of files.filter((f) => /\.mdx?$/.test(f))) {
    let fenced = false;
    for (const line of readFileSync(f, 'utf8').split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      const m = !fenced && /^#{2,3}\s+(.+?)\s*#*\s*$/.exec(line);
      if (m && !/[<>{}`[\]]/.test(m[1]) && m[1].length > 3) out.add(m[1]);
    }
  }
  return [...out].sort();
}

const SITES = {
  python: {
    label: CORPORA.python77k.label,
    bundle: 'python77k.bundle',
    input() {
      prepare(['python77k']);
      return { path: join(WORK, CORPORA.python77k.passages), files: [join(WORK, CORPORA.python77k.passages)] };
    },
    headings: () => readJsonl(join(WORK, CORPORA.python77k.queries)).map((q) => q.q),
  },
  astro: {
    label: 'Astro docs (788 MDX pages, en + zh-cn)',
    bundle: 'astro.bundle',
    input() {
      const path = join(DATA, 'astro-docs', 'docs');
      if (!existsSync(path)) throw new InputError(`missing input directory: ${path}`);
      return { path, files: walk(path) };
    },
    headings: (files) => spaced(headingsOf(files), 200),
  },
};

function parseArgs(argv) {
  const opts = { questions: 50, sites: Object.keys(SITES) };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--questions') opts.questions = Number(argv[++i]);
    else if (argv[i] === '--site') opts.sites = String(argv[++i]).split(',');
    else throw new InputError(`unknown argument ${argv[i]} (usage: bundle-fetch.mjs [--questions N] [--site python,astro])`);
  }
  if (!Number.isInteger(opts.questions) || opts.questions < 1) throw new InputError('--questions needs a positive integer');
  const unknown = opts.sites.filter((s) => !SITES[s]);
  if (unknown.length) throw new InputError(`unknown site ${unknown.join(', ')} (python, astro)`);
  return opts;
}

function buildBundle(input, dir) {
  const manifest = join(dir, MANIFEST);
  const newest = Math.max(statSync(CLI).mtimeMs, ...input.files.map((f) => statSync(f).mtimeMs));
  const fresh = existsSync(manifest) && statSync(manifest).mtimeMs > newest;
  if (fresh) return null;
  const started = process.hrtime.bigint();
  const res = spawnSync(CLI, ['index', input.path, '--bundle', '-o', dir], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`slotchain index failed: ${res.stderr}`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.error(`==> ${res.stderr.trim()}`);
  return seconds;
}

const size = (path) => statSync(path).size;

async function measure(Engine, dir, question) {
  const { bytes, parts, rounds, report } = await coldQuery(Engine, dir, question);
  return { bytes, parts, rounds, slots: report.slots.length };
}

function summary(rows, fixed) {
  const col = (f) => rows.map(f).sort((a, b) => a - b);
  const kb = (b) => Math.round(b / 102.4) / 10;
  const data = col((r) => r.bytes);
  return {
    questions: rows.length,
    median_parts: quantile(col((r) => r.parts), 0.5),
    median_rounds: quantile(col((r) => r.rounds), 0.5),
    slots: [...new Set(rows.map((r) => r.slots))].sort(),
    parts_kb: { p50: kb(quantile(data, 0.5)), p90: kb(quantile(data, 0.9)), max: kb(data.at(-1)) },
    total_kb: { p50: kb(quantile(data, 0.5) + fixed), p90: kb(quantile(data, 0.9) + fixed), max: kb(data.at(-1) + fixed) },
  };
}

/** Measures one site's bundle; prints its table and returns its results. */
async function measureSite(site, opts, glue, wasmGz, glueGz) {
  const input = site.input();
  const dir = join(WORK, site.bundle);
  const buildSeconds = buildBundle(input, dir);
  const files = readdirSync(dir).filter((f) => f.endsWith('.slc'));
  const bundleBytes = files.reduce((n, f) => n + size(join(dir, f)), 0);
  const manifest = size(join(dir, MANIFEST));
  const fixed = wasmGz + glueGz + manifest;

  const headings = site.headings(input.files);
  const one = headings.slice(0, opts.questions).map((h) => `What is ${h}?`);
  const two = [];
  for (let i = 0; two.length < opts.questions && i + 1 < headings.length; i += 2) {
    two.push(`What is ${headings[i]}, and what is ${headings[i + 1]}?`);
  }
  const rows = { one: [], two: [] };
  for (const [kind, qs] of [['one', one], ['two', two]]) {
    for (const [i, q] of qs.entries()) {
      rows[kind].push({ question: q, ...(await measure(glue.Engine, dir, q)) });
      if (process.stderr.isTTY) process.stderr.write(`\r    ${kind}-part: ${i + 1}/${qs.length}\x1b[K`);
    }
  }
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  const result = {
    corpus: site.label,
    bundle: { files: files.length, bytes_gzip: bundleBytes, manifest_gzip: manifest, build_seconds: buildSeconds },
    fixed_gzip: { wasm: wasmGz, glue: glueGz, manifest },
    one_part: summary(rows.one, fixed),
    two_part: summary(rows.two, fixed),
    rows,
  };
  const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
  const line = (label, s) => `| ${label} | ${s.questions} | ${s.slots.join(', ')} | ${s.median_parts} | ${s.median_rounds} | ${s.parts_kb.p50} / ${s.parts_kb.p90} KB | **${s.total_kb.p50}** / ${s.total_kb.p90} KB |`;
  console.log(`\n${site.label}. Bundle: ${files.length} files, ${kb(bundleBytes)} gzip; fixed per page: wasm ${kb(wasmGz)} + glue ${kb(glueGz)} + manifest ${kb(manifest)}` +
    (buildSeconds === null ? '' : `; built in ${buildSeconds.toFixed(1)} s`));
  console.log('\n| question | n | slots seen | parts (median) | rounds (median) | parts fetched p50 / p90 | total with wasm p50 / p90 |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(line('one-part "What is A?"', result.one_part));
  console.log(line('two-part "What is A, and what is B?"', result.two_part));
  return result;
}

main('bench/bundle-fetch', async () => {
  const opts = parseArgs(process.argv.slice(2));
  requireFile(CLI, 'build it with `make wasm`');
  requireFile(join(PKG, 'slotchain_bg.wasm'), 'build it with `make wasm`');
  const glue = await import(pathToFileURL(join(PKG, 'slotchain.js')).href);
  const wasm = readFileSync(join(PKG, 'slotchain_bg.wasm'));
  glue.initSync({ module: wasm });
  const wasmGz = gzipSync(wasm, { level: 9 }).length;
  const glueGz = gzipSync(readFileSync(join(PKG, 'slotchain.js')), { level: 9 }).length;
  // A run of some sites replaces their results and keeps the others'.
  const out = join(BENCH, 'bundle-fetch.json');
  const sites = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')).sites ?? {}) : {};
  for (const name of opts.sites) sites[name] = await measureSite(SITES[name], opts, glue, wasmGz, glueGz);
  writeFileSync(out, JSON.stringify({ sites }, null, 2) + '\n');
});
