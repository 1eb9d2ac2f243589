// Markdown rendering of results.json.
const fmtBytes = (b) => (b == null ? '—' : b >= 1e6 ? `${(b / 1e6).toFixed(2)} MB` : `${(b / 1e3).toFixed(1)} KB`);
const fmtMs = (x, d = 3) => (x == null ? '—' : x.toFixed(d));
const fmtRatio = (x) => (x == null || !Number.isFinite(x) ? '—' : `${x.toFixed(2)}×`);

function memory(r) {
  if (r.memory?.heap_external != null) return fmtBytes(r.memory.heap_external);
  if (r.memory?.browser_js_heap != null) return `${fmtBytes(r.memory.browser_js_heap)} ²`;
  return '—';
}

function table(doc, corpus) {
  const rows = doc.results[corpus];
  const metric = rows.find((r) => r.metric)?.metric;
  const lines = [
    `| engine | build (s) | index raw | index gzip | gzip B/passage | bytes a query needs (gzip) | load (ms) | memory after load | p50 (ms) | p95 (ms) | p50 vs slotchain |${metric ? ` ${metric} |` : ''}`,
    `|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|${metric ? '--:|' : ''}`,
  ];
  for (const r of rows) {
    if (r.status !== 'ok') {
      lines.push(`| ${r.engine} | ${r.status}: ${r.note || ''} |${' |'.repeat(metric ? 10 : 9)}`);
      continue;
    }
    let qb = '—';
    if (r.engine === 'slotchain' && r.query_bytes) qb = `${fmtBytes(r.query_bytes.p50)} ¹`;
    if (r.engine === 'pagefind' && r.query_bytes) qb = `${fmtBytes(r.query_bytes.p50)} ³`;
    lines.push(`| ${r.engine} | ${(r.build_ms / 1000).toFixed(2)} | ${fmtBytes(r.size_raw)} | ${fmtBytes(r.size_gzip)} | ${(r.size_gzip / r.passages).toFixed(1)} | ${qb} | ${fmtMs(r.load_ms, 1)} | ${memory(r)} | ${fmtMs(r.search.p50)} | ${fmtMs(r.search.p95)} | ${fmtRatio(r.vs_slotchain?.search_p50)} |${metric ? ` ${r.quality == null ? '—' : r.quality.toFixed(4)} |` : ''}`);
    if (r.pipeline) {
      lines.push(`| slotchain, full pipeline ⁴ | | | | | | | | ${fmtMs(r.pipeline.p50)} | ${fmtMs(r.pipeline.p95)} | ${fmtRatio(r.pipeline.p50 / r.search.p50)} |${metric ? ` ${r.pipeline_quality == null ? '—' : r.pipeline_quality.toFixed(4)} |` : ''}`);
    }
  }
  return lines.join('\n');
}

export function renderMarkdown(doc) {
  const v = doc.versions;
  const out = [];
  out.push('# slotchain benchmark results', '');
  out.push(`Generated ${doc.generated} by \`${doc.command}\` in ${Math.round(doc.runtime_s)} s. `
    + `Medians over ${doc.settings.reps} repetitions (engines interleaved round-robin, order rotated each repetition); `
    + `latency per repetition = p50/p95 over ${doc.settings.passes} timed passes of the query set after one warm-up pass; k = ${doc.settings.k}.`, '');
  out.push(`slotchain \`${v.slotchain}\`, Node ${v.node}, CPU ${v.cpu} × ${v.nproc} (nproc), ${v.memory_gb} GB; `
    + Object.entries(v.packages).map(([k, x]) => `${k} ${x}`).join(', ') + (v.chromium ? `; ${v.chromium}` : '') + '.', '');
  if (doc.wasm) {
    out.push(`slotchain wasm (\`pkg/slotchain_bg.wasm\`): ${doc.wasm.wasm_raw.toLocaleString('en-US')} B raw, ${doc.wasm.wasm_gzip.toLocaleString('en-US')} B gzip -9; JS glue ${doc.wasm.glue_gzip.toLocaleString('en-US')} B gzip.`, '');
  }
  if (doc.targets.length) {
    out.push('## Targets', '', '| target | met | figures |', '|---|---|---|');
    for (const t of doc.targets) out.push(`| ${t.target} | ${t.met ? 'yes' : '**no**'} | ${t.figures} |`);
    out.push('');
  }
  for (const corpus of Object.keys(doc.results)) {
    out.push(`## ${doc.corpora[corpus]} (\`${corpus}\`)`, '', table(doc, corpus), '');
  }
  out.push('## Notes', '');
  out.push('- Build: peers index passages already parsed in memory; slotchain\'s figure is the release CLI `slotchain index FILE -o OUT` as a child process (reads and parses the JSON lines, writes the file). Pagefind\'s includes `writeFiles` (where its indexing happens) and the IPC to its indexing binary.');
  out.push('- Index size: the serialized form (JSON for MiniSearch, lunr, Orama `save()`, FlexSearch `export()` chunks; slotchain\'s binary index file; Pagefind\'s bundle without its JS/wasm runtime and UI). gzip = gzip -9 per file; Pagefind\'s files are already gzip streams on disk, so its gzip column is the bytes on disk and raw is decompressed.');
  out.push('- ¹ slotchain: median bytes a cold page fetches for one single query over the sharded bundle (`slotchain index --bundle`), over 20 of the queries: the wasm and its JS glue (gzip -9), the manifest and every part `neededChunks` names until none is missing, as served (gzip files on disk); the report includes the top-10 passages\' text. The single-file index column is the alternative for small sites.');
  out.push('- ² Pagefind runs in Chromium: JS heap delta after init from CDP `Runtime.getHeapUsage` after a forced GC; its wasm memory is not included, so it is not comparable with the Node figures. Node figures are `heapUsed + external` deltas after `global.gc()` (slotchain\'s wasm linear memory counts as external).');
  out.push('- ³ Pagefind: median bytes fetched by a cold page (empty cache) for init + one search + its top-10 fragments, over 20 of the queries. Pagefind latency is timed inside the page around `await pagefind.search(q)` after a warm-up pass, with Chromium\'s coarsened `performance.now()` (100 µs steps without cross-origin isolation).');
  out.push('- ⁴ Full pipeline: `engine.ask(q)` with defaults (decompose + plan + per-slot retrieval + chains + report); single query: `engine.search(q, undefined, {k: 10})`, the one-shot ranking (the same passages as `ask(q, undefined, {noDecompose: true, k: 10}).context`, without building the report). The pipeline\'s quality is measured with `{k: 10}`.');
  out.push('- Load: deserialization from bytes already in memory (disk read untimed). slotchain: `Engine.fromBytes`; the one-time wasm instantiation (`initSync`) is not included.');
  out.push('- FlexSearch and Pagefind by default return only passages that contain every query term, so long natural-language questions (HotpotQA, SciFact) mostly return nothing: their near-zero quality there is their default behaviour, not an adapter fault (checked: short queries return the expected ids).');
  if (doc.versions.slotchain_build) out.push(`- slotchain measured from a snapshot of the release CLI and pkg/ taken at the start of the run (wasm sha256 ${doc.versions.slotchain_build.wasm_sha256}, built ${doc.versions.slotchain_build.wasm_mtime}); \`-dirty\`: other work was uncommitted in the tree. Per-repetition figures are in results.json (\`per_rep\`).`);
  out.push('- Queries: Python docs — 200 distinct headings of the corpus itself (reST markup removed); HotpotQA — its 300 questions, complete-chain recall@10 = every `supporting_titles` entry in the first 10 ids; SciFact — test queries with qrels, nDCG@10. Each engine with its documented defaults (see bench/README.md).');
  return out.join('\n') + '\n';
}
