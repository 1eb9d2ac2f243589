// The plan graph as SVG: one node per slot, laid out in columns by wave,
// arrows along `depends_on` (prerequisite → dependant). Retrieval slots
// (retrieve/follow) are rounded rectangles, compute slots (compare/compute)
// hexagons. Every node names its state in words, so colour is never the only
// signal, and the value it found ("= Tomas Varga", "= no"), so a chain's
// bridge value and a comparison's outcome read off the graph, and the
// constraints that tell look-alike parts apart ("2026 · domestic"); hops
// whose chain edge failed validation are dashed. A plan wider than its box
// scrolls sideways, with a fading edge and a note saying so.
//
//   renderGraph(container, report, { onSelect(slotId) })
//
// Test hooks: <svg data-graph>, one [data-node="<slot id>"] per slot,
// one [data-edge="<from>-><to>"] per dependency, a [data-value] line in a
// node that has a value, a [data-constraints] line in one with constraints.
import { h, s, clear, stateInfo, isComputeKind, valueHeadline, STATES } from './dom.js';
import { isZh, partName } from './words.js';

const W = 176; // node width
const LINE = 17; // one text line of a node
const COL_GAP = 60;
const ROW_GAP = 16;
const PAD = 10;

let instances = 0;

/** Column of each slot: its wave, pushed right of all its prerequisites. */
export function layoutColumns(report) {
  const slots = report?.slots ?? [];
  const byId = new Map(slots.map((sl) => [sl.id, sl]));
  const wave = new Map();
  (report?.waves ?? []).forEach((ids, i) => ids.forEach((id) => wave.set(id, i)));
  const col = new Map();
  const visiting = new Set();
  const place = (id) => {
    if (col.has(id)) return col.get(id);
    if (visiting.has(id)) return 0; // a cycle cannot come out of a validated plan; stay finite anyway
    visiting.add(id);
    let c = wave.get(id) ?? 0;
    for (const dep of byId.get(id)?.depends_on ?? []) {
      if (byId.has(dep)) c = Math.max(c, place(dep) + 1);
    }
    visiting.delete(id);
    col.set(id, c);
    return c;
  };
  slots.forEach((sl) => place(sl.id));
  return col;
}

export function renderGraph(container, report, { onSelect } = {}) {
  clear(container);
  const slots = report?.slots ?? [];
  const uid = `g${++instances}`;
  const col = layoutColumns(report);
  const zh = isZh(report?.question);
  // every node gets a constraints line when any has one, so nodes align
  const withConstraints = slots.some((sl) => Object.keys(sl.constraints ?? {}).length);
  const H = 80 + (withConstraints ? LINE : 0);

  const columns = [];
  for (const sl of slots) {
    const c = col.get(sl.id) ?? 0;
    (columns[c] ??= []).push(sl);
  }
  const nCols = Math.max(columns.length, 1);
  const nRows = Math.max(1, ...columns.map((c) => c?.length ?? 0));
  const width = PAD * 2 + nCols * W + (nCols - 1) * COL_GAP;
  const height = PAD * 2 + nRows * H + (nRows - 1) * ROW_GAP;

  const pos = new Map();
  columns.forEach((items = [], c) => {
    // centre shorter columns vertically
    const offset = ((nRows - items.length) * (H + ROW_GAP)) / 2;
    items.forEach((sl, r) => {
      pos.set(sl.id, { x: PAD + c * (W + COL_GAP), y: PAD + offset + r * (H + ROW_GAP) });
    });
  });

  const summary = slots.map((sl) => `${sl.id} ${sl.kind} ${sl.state}`).join('; ');
  const svg = s('svg', {
    'data-graph': '',
    class: 'plan-graph',
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: 'group',
    'aria-label': slots.length ? `Plan graph: ${summary}` : 'Plan graph: no slots',
  });

  svg.append(
    s('defs', {},
      s('marker', { id: `${uid}-arrow`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
        s('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-head' })),
      s('marker', { id: `${uid}-arrow-bad`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
        s('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-head invalid' }))),
  );

  // edges first, so nodes paint over their ends
  const edges = s('g', { class: 'edges' });
  for (const sl of slots) {
    const to = pos.get(sl.id);
    for (const dep of sl.depends_on ?? []) {
      const from = pos.get(dep);
      if (!from || !to) continue;
      const hops = (sl.chain ?? []).filter((e) => e.from_slot === dep && e.to_slot === sl.id);
      const invalid = hops.some((e) => e.valid === false);
      const x1 = from.x + W;
      const y1 = from.y + H / 2;
      const x2 = to.x - 2;
      const y2 = to.y + H / 2;
      const dx = Math.max(24, (x2 - x1) / 2);
      const keys = hops.map((e) => `${e.key}${e.valid === false ? ` (invalid${e.reason ? `: ${e.reason}` : ''})` : ''}`);
      edges.append(
        s('path', {
          'data-edge': `${dep}->${sl.id}`,
          class: `edge${invalid ? ' invalid' : ''}${hops.length && !invalid ? ' valid' : ''}`,
          d: `M${x1},${y1} C${x1 + dx},${y1} ${x2 - dx},${y2} ${x2},${y2}`,
          'marker-end': `url(#${uid}-arrow${invalid ? '-bad' : ''})`,
        },
        s('title', {}, `${dep} → ${sl.id}${keys.length ? ` via ${keys.join(', ')}` : ''}`)),
      );
    }
  }
  svg.append(edges);

  const nodes = s('g', { class: 'nodes' });
  for (const sl of slots) {
    const p = pos.get(sl.id);
    const info = stateInfo(sl.state);
    const compute = isComputeKind(sl.kind);
    const value = nodeValue(sl, zh);
    const shape = compute
      ? s('polygon', { class: 'shape', points: `14,0 ${W - 14},0 ${W},${H / 2} ${W - 14},${H} 14,${H} 0,${H / 2}` })
      : s('rect', { class: 'shape', width: W, height: H, rx: 10, ry: 10 });
    const question = partName(sl);
    const constraints = Object.values(sl.constraints ?? {}).join(' · ');
    const room = compute ? 24 : 28;
    let y = 19;
    const line = (cls, text, extra = {}) => s('text', { class: cls, x: W / 2, y: (y += LINE) - LINE, 'text-anchor': 'middle', ...extra }, text);
    const texts = [
      s('text', { class: 'node-id', x: W / 2, y, 'text-anchor': 'middle' },
        s('tspan', { class: 'node-name' }, sl.id),
        s('tspan', { class: 'node-kind' }, ` · ${sl.kind}`)),
    ];
    y += 20;
    texts.push(line('node-state', `${info.symbol} ${info.id}`));
    texts.push(line('node-question', truncate(question, room)));
    if (withConstraints) texts.push(line('node-constraints', truncate(constraints, room), { 'data-constraints': '' }));
    if (value) texts.push(line('node-value', truncate(`= ${value}`, room), { 'data-value': '' }));
    const node = s('g', {
      'data-node': sl.id,
      'data-state': sl.state,
      class: `node state-${info.id} ${compute ? 'compute' : 'retrieval'}`,
      transform: `translate(${p.x},${p.y})`,
      tabindex: onSelect ? 0 : null,
      role: onSelect ? 'button' : null,
    },
    // the accessible name: everything the node shows, untruncated
    s('title', {}, `${sl.id} (${sl.kind}) — ${sl.state}${sl.reason ? `: ${sl.reason}` : ''}\n${question}` +
      `${constraints ? `\n${constraints}` : ''}${value ? `\n= ${value}` : ''}`),
    shape,
    texts);
    if (onSelect) {
      node.addEventListener('click', () => onSelect(sl.id));
      node.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter' || ev.key === ' ') {
          ev.preventDefault();
          onSelect(sl.id);
        }
      });
    }
    nodes.append(node);
  }
  svg.append(nodes);

  const scroller = h('div', { class: 'graph-scroll', tabindex: 0, role: 'region', 'aria-label': 'Plan graph (scrolls sideways)' }, svg);
  const more = h('p', { class: 'graph-more', hidden: true }, 'The plan is wider than the screen: scroll it sideways →');
  container.append(scroller, more, renderLegend(slots));
  const check = () => {
    const scrolls = scroller.scrollWidth > scroller.clientWidth + 1;
    scroller.classList.toggle('scrolls', scrolls);
    more.hidden = !scrolls;
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver(check).observe(scroller);
  requestAnimationFrame(check);
  return svg;
}

// What a node shows of its slot's value: the value itself, not a passage's
// sentence (the question line already says what the part is about).
function nodeValue(slot, zh) {
  const v = slot.value;
  return v && v.type !== 'passage' ? valueHeadline(v, { zh }) : null;
}

/** The legend: every state word with its swatch, and the two node shapes. */
export function renderLegend(slots = []) {
  const present = new Set(slots.map((sl) => sl.state));
  return h('ul', { class: 'graph-legend', 'aria-label': 'Legend' },
    STATES.map((st) =>
      h('li', { class: `legend-item state-${st.id}${present.has(st.id) ? ' present' : ''}`, title: st.hint },
        h('span', { class: 'swatch', 'aria-hidden': 'true' }, st.symbol), ` ${st.id}`)),
    h('li', { class: 'legend-item shape-key' }, h('span', { class: 'shape-rect', 'aria-hidden': 'true' }), ' retrieve / follow'),
    h('li', { class: 'legend-item shape-key' }, h('span', { class: 'shape-hex', 'aria-hidden': 'true' }), ' compare / compute'));
}

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1faff}]/u;
const charWidth = (ch) => (WIDE.test(ch) ? 2 : 1);

// Truncates to about `n` narrow-character widths (CJK and emoji count double).
function truncate(text, n) {
  const chars = Array.from(text);
  if (chars.reduce((sum, ch) => sum + charWidth(ch), 0) <= n) return text;
  let used = 0;
  let out = '';
  for (const ch of chars) {
    if (used + charWidth(ch) > n - 1) break;
    used += charWidth(ch);
    out += ch;
  }
  return out + '…';
}
