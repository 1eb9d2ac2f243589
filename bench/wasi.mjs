#!/usr/bin/env node
// The WASI CLI (the npm package's `npx slotchain`, wasm32-wasip1 under
// node:wasi) against the native CLI, indexing the Astro docs as a bundle:
// `make bench-wasi` (builds both first). Not part of `make test`.
//
// Runs each RUNS times (default 7), alternating, each into a fresh directory,
// timed from process start to exit (the WASI figure includes starting Node
// and compiling the module). After every WASI run its bundle is compared
// with the native one file by file: any difference fails the script. Prints
// the medians, their ratio and the machine, as a README table row.
// Without ../shared/data (or $SLOTCHAIN_DATA) it says it skipped and exits 0.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = process.env.CARGO_TARGET_DIR ? resolve(REPO, process.env.CARGO_TARGET_DIR) : join(REPO, 'target');
const DATA = resolve(REPO, process.env.SLOTCHAIN_DATA ?? '../shared/data');
const DOCS = join(DATA, 'astro-docs', 'docs');
const NATIVE = join(TARGET, 'release', 'slotchain');
const WASI_BIN = join(TARGET, 'package', 'slotchain', 'bin', 'slotchain.js');
const RUNS = Number(process.env.RUNS ?? 7);

if (!existsSync(DOCS)) {
  console.log(`bench-wasi: skipped — ${DOCS} not found (set SLOTCHAIN_DATA to the data directory)`);
  process.exit(0);
}
for (const [file, how] of [[NATIVE, 'make cli'], [WASI_BIN, 'make package']]) {
  if (!existsSync(file)) {
    console.error(`bench-wasi: ${file} is missing (${how})`);
    process.exit(1);
  }
}

const tmp = mkdtempSync(join(tmpdir(), 'slotchain-bench-wasi-'));
const files = (dir) => readdirSync(dir).sort();

function timed(cmd, args, out) {
  const started = performance.now();
  const res = spawnSync(cmd, [...args, 'index', DOCS, '--bundle', '-o', out], { encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${res.status}): ${res.stderr}`);
  return { seconds, summary: res.stderr.split('\n').find((l) => l.startsWith('indexed ')) ?? '' };
}

const native = [];
const wasi = [];
let summary = '';
try {
  for (let run = 0; run < RUNS; run++) {
    const a = join(tmp, `native-${run}`);
    const b = join(tmp, `wasi-${run}`);
    native.push(timed(NATIVE, [], a).seconds);
    const w = timed(process.execPath, [WASI_BIN], b);
    wasi.push(w.seconds);
    summary = w.summary;
    // --bundle also copies the widget into the WASI output: compare the bundle files.
    const parts = files(a);
    const wasiParts = files(b).filter((f) => f.endsWith('.slc'));
    if (parts.join('\n') !== wasiParts.join('\n')) throw new Error(`run ${run}: the bundles hold different files`);
    for (const f of parts) {
      if (!readFileSync(join(a, f)).equals(readFileSync(join(b, f)))) throw new Error(`run ${run}: ${f} differs`);
    }
    console.log(`run ${run + 1}/${RUNS}: native ${native.at(-1).toFixed(2)} s, WASI ${wasi.at(-1).toFixed(2)} s, ${parts.length} files identical`);
    rmSync(a, { recursive: true });
    rmSync(b, { recursive: true });
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const n = median(native);
const w = median(wasi);
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).stdout.trim();
console.log(`\n${summary}`);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.versions.node}, commit ${commit}`);
console.log('\n| Astro docs → bundle | native | WASI (`npx slotchain`) | ratio | bytes |');
console.log('|---|--:|--:|--:|---|');
console.log(`| median of ${RUNS} | ${n.toFixed(2)} s | ${w.toFixed(2)} s | ${(w / n).toFixed(2)}× | identical, every run |`);
