// Converts ../shared/data into slotchain passages + query files under WORK
// (outside the repository). Idempotent: a file newer than its source is kept.
//
//   python77k  every non-empty `en` segment of python-docs/segments.jsonl:
//              {"id", "title": doc, "text": en, "meta": {"doc": doc}}
//   python10k  the first 10,000 of those
//   hotpotqa   passages.jsonl as is (already slotchain passages)
//   scifact    BEIR corpus {"_id","title","text"} -> {"id","title","text"}
//
// Queries: Python docs get 200 distinct headings of the corpus itself (short
// segments that are not sentences, reST markup removed, evenly spaced over the
// corpus); HotpotQA its 300 questions with supporting_titles; SciFact the
// queries that have test qrels, with their relevant corpus ids.
import { mkdirSync, writeFileSync, statSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORK, SOURCES, CORPORA, readJsonl, requireFile, main, spaced } from './lib/common.mjs';

const QUERIES_PER_DOCS_CORPUS = 200;

function fresh(out, ...sources) {
  if (!existsSync(out)) return false;
  const t = statSync(out).mtimeMs;
  return sources.every((s) => statSync(s).mtimeMs <= t) && statSync(new URL(import.meta.url)).mtimeMs <= t;
}

function writeJsonl(path, rows) {
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

function progress(msg) {
  if (process.stderr.isTTY) process.stderr.write(`\r${msg}\x1b[K`);
}

/** ":mod:`!json` --- JSON encoder" -> "json JSON encoder" */
export function cleanHeading(text) {
  return text
    .replace(/:[a-z:]+:`~?!?([^`<]*?)(?:\s*<[^>]*>)?`/g, '$1')
    .replace(/`+/g, '')
    .replace(/[-—]{2,}|—|:/g, ' ')
    .replace(/\*+|\|/g, ' ')
    .replace(/_+(?=\s|$)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function docsQueries(passages) {
  const seen = new Set();
  const candidates = [];
  for (const p of passages) {
    const t = p.text.trim();
    if (t.length < 4 || t.length > 80 || /[.?!:;,]$/.test(t)) continue;
    const q = cleanHeading(t);
    const words = q.split(' ').filter(Boolean);
    if (words.length < 1 || words.length > 8 || q.length < 4) continue;
    // Headings, not code: letters first, no operators or brackets.
    if (!/^[A-Za-z][\w .'()-]*$/.test(q) || /\(\)|=/.test(q)) continue;
    const key = q.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    candidates.push(q);
  }
  return spaced(candidates, QUERIES_PER_DOCS_CORPUS).map((q, i) => ({ id: `h${i}`, q }));
}

function preparePython() {
  const src = requireFile(SOURCES.pythonDocs, 'Python docs segments');
  const p77 = join(WORK, CORPORA.python77k.passages);
  const p10 = join(WORK, CORPORA.python10k.passages);
  const q77 = join(WORK, CORPORA.python77k.queries);
  const q10 = join(WORK, CORPORA.python10k.queries);
  if ([p77, p10, q77, q10].every((f) => fresh(f, src))) {
    console.error(`==> prepare: python77k, python10k up to date in ${WORK}`);
    return;
  }
  const lines = readFileSync(src, 'utf8').split('\n');
  const passages = [];
  let skipped = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.trim()) continue;
    let s;
    try {
      s = JSON.parse(line);
    } catch (err) {
      throw new Error(`${src}: line ${i + 1}: invalid JSON: ${err.message}`);
    }
    if (typeof s.en !== 'string' || !s.en.trim()) {
      skipped++;
      continue;
    }
    passages.push({ id: s.id, title: s.doc, text: s.en, meta: { doc: s.doc } });
    if (i % 5000 === 0) progress(`    python-docs: ${i + 1}/${lines.length} lines`);
  }
  progress('');
  writeJsonl(p77, passages);
  writeJsonl(p10, passages.slice(0, 10000));
  writeJsonl(q77, docsQueries(passages));
  writeJsonl(q10, docsQueries(passages.slice(0, 10000)));
  console.error(`==> prepare: python77k ${passages.length} passages (${skipped} empty skipped), python10k 10000`);
}

function prepareHotpot() {
  const src = requireFile(SOURCES.hotpotPassages, 'HotpotQA passages');
  const qsrc = requireFile(SOURCES.hotpotQuestions, 'HotpotQA questions');
  const out = join(WORK, CORPORA.hotpotqa.passages);
  const qout = join(WORK, CORPORA.hotpotqa.queries);
  if (fresh(out, src) && fresh(qout, qsrc)) return;
  const passages = readJsonl(src).map((p) => ({ id: p.id, title: p.title ?? '', text: p.text, ...(p.meta ? { meta: p.meta } : {}) }));
  writeJsonl(out, passages);
  const qs = readJsonl(qsrc).map((q) => ({ id: q.id, q: q.question, gold: q.supporting_titles }));
  writeJsonl(qout, qs);
  console.error(`==> prepare: hotpotqa ${passages.length} passages, ${qs.length} questions`);
}

function prepareScifact() {
  const src = requireFile(SOURCES.scifactCorpus, 'BEIR SciFact corpus');
  const qsrc = requireFile(SOURCES.scifactQueries, 'BEIR SciFact queries');
  const rsrc = requireFile(SOURCES.scifactQrels, 'BEIR SciFact test qrels');
  const out = join(WORK, CORPORA.scifact.passages);
  const qout = join(WORK, CORPORA.scifact.queries);
  if (fresh(out, src) && fresh(qout, qsrc, rsrc)) return;
  const passages = readJsonl(src).map((d) => ({ id: String(d._id), title: d.title ?? '', text: d.text ?? '' }));
  writeJsonl(out, passages.filter((p) => p.text.trim() || p.title.trim()));
  const qrels = new Map();
  for (const line of readFileSync(rsrc, 'utf8').split('\n').slice(1)) {
    const [qid, did, score] = line.trim().split('\t');
    if (!qid || !(Number(score) > 0)) continue;
    if (!qrels.has(qid)) qrels.set(qid, {});
    qrels.get(qid)[did] = Number(score);
  }
  const qs = readJsonl(qsrc)
    .filter((q) => qrels.has(String(q._id)))
    .map((q) => ({ id: String(q._id), q: q.text, gold: qrels.get(String(q._id)) }));
  writeJsonl(qout, qs);
  console.error(`==> prepare: scifact ${passages.length} passages, ${qs.length} test queries`);
}

export function prepare(corpora = Object.keys(CORPORA)) {
  mkdirSync(WORK, { recursive: true });
  if (corpora.some((c) => c.startsWith('python'))) preparePython();
  if (corpora.includes('hotpotqa')) prepareHotpot();
  if (corpora.includes('scifact')) prepareScifact();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main('bench/prepare', () => prepare());
}
