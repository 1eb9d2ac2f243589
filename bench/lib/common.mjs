// Shared paths, corpus definitions, input checks and small statistics helpers.
import { existsSync, statSync, readFileSync, readdirSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

export const BENCH = dirname(dirname(fileURLToPath(import.meta.url)));
export const REPO = dirname(BENCH);
export const DATA = resolve(process.env.SLOTCHAIN_DATA || join(REPO, '..', 'shared', 'data'));
// Converted corpora and built indexes live outside the repository.
export const WORK = resolve(process.env.BENCH_TMP || join(tmpdir(), 'slotchain-bench'));
// run.mjs snapshots the CLI and pkg/ before measuring (other builds may replace
// them mid-run) and points its workers at the copies through these variables.
export const CLI = resolve(process.env.BENCH_SLOTCHAIN_CLI || join(REPO, process.env.CARGO_TARGET_DIR || 'target', 'release', 'slotchain'));
export const PKG = resolve(process.env.BENCH_SLOTCHAIN_PKG || join(REPO, 'pkg'));

export const SOURCES = {
  pythonDocs: join(DATA, 'python-docs', 'segments.jsonl'),
  hotpotPassages: join(DATA, 'hotpotqa', 'passages.jsonl'),
  hotpotQuestions: join(DATA, 'hotpotqa', 'questions.jsonl'),
  scifactCorpus: join(DATA, 'beir-scifact', 'corpus.jsonl'),
  scifactQueries: join(DATA, 'beir-scifact', 'queries.jsonl'),
  scifactQrels: join(DATA, 'beir-scifact', 'qrels', 'test.tsv'),
};

// Every corpus: a passages file (slotchain's format) and a queries file
// ({id, q, gold?} per line) written by prepare.mjs into WORK.
export const CORPORA = {
  python77k: { label: 'Python docs (77k segments)', passages: 'python77k.passages.jsonl', queries: 'python77k.queries.jsonl' },
  python10k: { label: 'Python docs, first 10k segments', passages: 'python10k.passages.jsonl', queries: 'python10k.queries.jsonl' },
  hotpotqa: { label: 'HotpotQA pool (2,958 passages, 300 questions)', passages: 'hotpotqa.passages.jsonl', queries: 'hotpotqa.queries.jsonl', metric: 'chain_recall@10' },
  scifact: { label: 'BEIR SciFact (5,183 abstracts, test queries)', passages: 'scifact.passages.jsonl', queries: 'scifact.queries.jsonl', metric: 'ndcg@10' },
};

export class InputError extends Error {}

/** Throws an InputError (printed as one line, no stack) when a file is missing. */
export function requireFile(path, hint) {
  if (!existsSync(path) || !statSync(path).isFile()) {
    throw new InputError(`missing input file: ${path}${hint ? ` (${hint})` : ''}`);
  }
  return path;
}

export function readJsonl(path) {
  requireFile(path);
  const out = [];
  const text = readFileSync(path, 'utf8');
  let lineNo = 0;
  for (const line of text.split('\n')) {
    lineNo++;
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line));
    } catch (err) {
      throw new InputError(`${path}: line ${lineNo}: invalid JSON: ${err.message}`);
    }
  }
  return out;
}

/** Runs fn, printing an InputError as one line and exiting 1. */
export async function main(name, fn) {
  try {
    await fn();
  } catch (err) {
    if (err instanceof InputError) {
      console.error(`${name}: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

/** `n` items of `xs` (all when it has fewer), evenly spaced from its start. */
export function spaced(xs, n) {
  const k = Math.min(n, xs.length);
  return Array.from({ length: k }, (_, i) => xs[Math.floor((i * xs.length) / k)]);
}

/** Every file under a directory (sorted by name), hidden entries and node_modules skipped. */
export function walk(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.') && e.name !== 'node_modules')
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

export function quantile(sorted, q) {
  if (!sorted.length) return null;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  return v.length ? quantile(v, 0.5) : null;
}
