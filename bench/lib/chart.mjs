// Hand-written SVG: p50 single-query latency and gzip index size per engine on
// the 77k corpus (two horizontal bar panels).
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');

function panel(x, y, w, title, rows, fmt, color) {
  const max = Math.max(...rows.map((r) => r.value)) || 1;
  const labelW = 150;
  const barH = 22;
  const gap = 8;
  const parts = [`<text x="${x}" y="${y}" class="t">${esc(title)}</text>`];
  rows.forEach((r, i) => {
    const by = y + 14 + i * (barH + gap);
    const bw = Math.max(1, ((w - labelW - 90) * r.value) / max);
    const fill = r.engine.startsWith('slotchain') ? color : '#9aa5b1';
    parts.push(`<text x="${x + labelW - 8}" y="${by + 16}" class="l" text-anchor="end">${esc(r.engine)}</text>`);
    parts.push(`<rect x="${x + labelW}" y="${by}" width="${bw.toFixed(1)}" height="${barH}" fill="${fill}" rx="2"/>`);
    parts.push(`<text x="${(x + labelW + bw + 6).toFixed(1)}" y="${by + 16}" class="v">${esc(fmt(r.value))}</text>`);
  });
  return { svg: parts.join('\n  '), height: 14 + rows.length * (barH + gap) };
}

export function renderChart(doc) {
  const rows = (doc.results.python77k || []).filter((r) => r.status === 'ok');
  if (!rows.length) return null;
  const lat = rows.map((r) => ({ engine: r.engine, value: r.search.p50 }));
  const sc = rows.find((r) => r.engine === 'slotchain');
  if (sc?.pipeline) lat.splice(1, 0, { engine: 'slotchain (pipeline)', value: sc.pipeline.p50 });
  const size = rows.map((r) => ({ engine: r.engine, value: r.size_gzip }));
  const W = 460;
  const a = panel(10, 50, W, 'single-query p50 latency (ms, lower is better)', lat, (v) => `${v.toFixed(3)} ms`, '#2b6cb0');
  const b = panel(10 + W + 20, 50, W, 'index size, gzip (lower is better)', size, (v) => `${(v / 1e6).toFixed(2)} MB`, '#2f855a');
  const H = 50 + Math.max(a.height, b.height) + 40;
  const n = rows[0].passages.toLocaleString('en-US');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * W + 30}" height="${H}" viewBox="0 0 ${2 * W + 30} ${H}" font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif">
  <style>.t{font-size:14px;font-weight:600;fill:#1a202c}.l{font-size:12px;fill:#2d3748}.v{font-size:11px;fill:#4a5568}.n{font-size:11px;fill:#718096}</style>
  <rect width="100%" height="100%" fill="#ffffff"/>
  <text x="10" y="22" class="t" style="font-size:16px">Python docs, ${n} passages: slotchain (wasm in Node) vs JS search libraries</text>
  ${a.svg}
  ${b.svg}
  <text x="10" y="${H - 12}" class="n">Medians of ${doc.settings.reps} interleaved runs; ${esc(doc.versions.cpu)} × ${doc.versions.nproc}, Node ${esc(doc.versions.node)}; Pagefind searched in headless Chromium. Source: bench/results.json</text>
</svg>
`;
}
