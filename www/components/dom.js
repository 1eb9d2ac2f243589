// Small DOM and formatting helpers shared by the components.
//
// Safety rule for every component: text that comes from a report (passage
// text, titles, questions, reasons, answer lines) only ever reaches the page
// through text nodes (`textContent` / `createTextNode`). Nothing here uses
// innerHTML, insertAdjacentHTML or attribute-based URLs other than http(s).

import { formatNumber, formatAmount, formatDuration } from './words.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Creates an element. `attrs` values: strings/numbers become attributes,
 * `class` a class list, `on*` functions listeners, `dataset` an object;
 * false/null/undefined are skipped. Children may be nodes, strings (text
 * nodes), arrays, or null.
 */
export function h(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** Same as `h` for SVG elements. */
export function s(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

function build(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    if (key === 'dataset') {
      for (const [dk, dv] of Object.entries(value)) node.dataset[dk] = String(dv);
    } else if (key.startsWith('on') && typeof value === 'function') {
      node.addEventListener(key.slice(2), value);
    } else {
      node.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
}

/**
 * Text with Markdown inline code (`like this`) as <code> elements, the rest
 * as text nodes; an unpaired backtick stays a backtick.
 */
export function richText(text) {
  const out = [];
  const str = String(text ?? '');
  const re = /`([^`\n]+)`/g;
  let last = 0;
  for (const m of str.matchAll(re)) {
    if (m.index > last) out.push(document.createTextNode(str.slice(last, m.index)));
    out.push(h('code', { class: 'inline-code' }, m[1]));
    last = m.index + m[0].length;
  }
  if (last < str.length) out.push(document.createTextNode(str.slice(last)));
  return out;
}

/** Removes every child of `node`. */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/**
 * Only absolute http(s) URLs become links; anything else (javascript:, data:,
 * or paths relative to a help centre this page is not) stays text.
 */
export function safeUrl(url) {
  if (typeof url !== 'string' || url === '') return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits `text` into [before, span, after] by Unicode code points (the unit of
 * report spans). When the offsets do not reproduce `span.text`, falls back to
 * the first occurrence of `span.text`; returns null when the span cannot be
 * placed at all.
 */
export function splitSpan(text, span) {
  if (!span || typeof text !== 'string') return null;
  const cps = Array.from(text);
  const { start, end } = span;
  if (Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= cps.length) {
    const mid = cps.slice(start, end).join('');
    if (span.text === undefined || mid === span.text) {
      return [cps.slice(0, start).join(''), mid, cps.slice(end).join('')];
    }
  }
  if (span.text) {
    const at = text.indexOf(span.text);
    if (at >= 0) return [text.slice(0, at), span.text, text.slice(at + span.text.length)];
  }
  return null;
}

/**
 * A fragment of text with the span wrapped in <mark> and inline code as
 * <code> (`richText`; a code pair cut by the span stays backticks).
 */
export function highlighted(text, span, markClass = 'span') {
  const parts = splitSpan(text, span);
  if (!parts) return richText(text);
  const [before, mid, after] = parts;
  return [...richText(before), h('mark', { class: markClass }, richText(mid)), ...richText(after)];
}

/** The five slot states, in legend order, with a word, a symbol and a hint. */
export const STATES = [
  { id: 'supported', symbol: '✓', hint: 'evidence found and every check passed' },
  { id: 'unresolved', symbol: '≠', hint: 'evidence found, but the chain or comparison does not hold' },
  { id: 'missing', symbol: '?', hint: 'nothing applicable found' },
  { id: 'blocked', symbol: '⊘', hint: 'a part it depends on is not supported' },
  { id: 'error', symbol: '!', hint: 'execution failed' },
];

export function stateInfo(state) {
  return STATES.find((x) => x.id === state) ?? { id: String(state), symbol: '•', hint: '' };
}

/** True for the kinds that compute from earlier values instead of retrieving. */
export function isComputeKind(kind) {
  return kind === 'compare' || kind === 'compute';
}

const cite = (passageId) => (passageId ? ` [${passageId}]` : '');
const inPassage = (passageId) => (passageId ? ` in [${passageId}]` : '');
const kindNote = (kind) => (kind ? ` (${kind})` : '');

const ZH_DIRECTION = { shorter: '缩短', longer: '延长', earlier: '提前', later: '推迟' };

/**
 * The value itself, without where it came from or what it was compared with:
 * "1958", "Tomas Varga", "no", "30 calendar days" ("30 个自然日" when `zh`).
 * Graph nodes show this; `formatValue` starts with it.
 */
export function valueHeadline(value, { zh = false } = {}) {
  if (!value || typeof value !== 'object') return '—';
  switch (value.type) {
    case 'duration':
      return formatAmount(value.amount, value.unit, zh);
    case 'difference': {
      if (value.direction === 'same' || value.amount === 0) return zh ? '没有变化' : 'no difference';
      const amount = formatAmount(Math.abs(value.amount), value.unit, zh);
      if (zh) return `${ZH_DIRECTION[value.direction] ?? '相差'}了 ${amount}`;
      return `${amount}${value.direction ? ` ${value.direction}` : ''}`;
    }
    case 'same':
      return value.equal ? 'yes — the same' : 'no — they differ';
    case 'date':
      return String(value.date ?? '');
    case 'verdict':
      return value.holds ? 'yes' : 'no';
    case 'choice':
      return String(value.label ?? '');
    case 'common':
    case 'stated':
      return String(value.value ?? '');
    case 'entity':
    case 'document':
      return String(value.id ?? '');
    case 'passage':
      return String(value.text ?? '');
    case 'facts': {
      const n = value.facts?.length ?? 0;
      return `${n} ${n === 1 ? 'fact' : 'facts'}`;
    }
    default:
      return JSON.stringify(value);
  }
}

// "Tomas Varga: Hungarian; Elena Sorensen: Danish"
const comparedList = (compared = []) => compared.map((c) => `${c.label}: ${c.value}`).join('; ');

/** Most facts a one-line form quotes; the rest are counted. */
const FACTS_SHOWN = 2;

/**
 * One-line human form of a slot value ("30 个自然日（差旅结束后）",
 * "1958 (year) in [tomas-varga]", "Callum Reid — 2 November 1966 vs
 * 14 March 1971 (Iona Fraser)", "no — Tomas Varga: Hungarian; Elena
 * Sorensen: Danish"). `zh`: the report speaks Chinese (units and the
 * start event read as Chinese).
 */
export function formatValue(value, { zh = false } = {}) {
  if (!value || typeof value !== 'object') return '—';
  const head = valueHeadline(value, { zh });
  switch (value.type) {
    case 'duration':
      return formatDuration(value, zh);
    case 'difference':
      return zh
        ? `${head}（${formatNumber(value.second)} → ${formatNumber(value.first)}）`
        : `${head} (${formatNumber(value.first)} vs ${formatNumber(value.second)})`;
    case 'date': {
      const counted = formatAmount(value.amount, value.unit, zh);
      return zh ? `${head}（${value.from} 后 ${counted}）` : `${head} (${counted} after ${value.from})`;
    }
    case 'choice': {
      const compared = value.compared ?? [];
      const chosen = compared.find((c) => c.slot === value.slot);
      const others = compared.filter((c) => c !== chosen).map((c) => `${c.value} (${c.label})`);
      const values = chosen ? [chosen.value, ...others] : others;
      return values.length ? `${head} — ${values.join(' vs ')}` : head;
    }
    case 'verdict':
    case 'common':
      return value.compared?.length ? `${head} — ${comparedList(value.compared)}` : head;
    case 'stated':
      return head + kindNote(value.kind) + inPassage(value.passage_id);
    case 'entity':
      return head + kindNote(value.entity_type) + inPassage(value.passage_id);
    case 'document':
      return head + inPassage(value.passage_id);
    case 'passage':
      return head + cite(value.passage_id);
    case 'facts': {
      const facts = value.facts ?? [];
      const shown = facts.slice(0, FACTS_SHOWN).map((f) => `${f.text}${cite(f.passage_id)}`);
      const rest = facts.length - shown.length;
      return shown.length ? `${head}: ${shown.join(' ')}${rest > 0 ? ` (+${rest} more)` : ''}` : head;
    }
    default:
      return head;
  }
}

/** An element id for the first evidence card of a passage (citations link to it). */
export function passageAnchor(passageId) {
  return 'passage-' + String(passageId).replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.codePointAt(0).toString(16)}_`);
}
