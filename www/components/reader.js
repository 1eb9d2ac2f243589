// Reader mode: a report as a docs reader wants it. One item per part the
// question asked: the part, its state in plain words ("Answered", "Not found
// in these docs"), the answer (inline code as code) and its source links
// ("page title › heading"). No passage IDs, scores, slot IDs, expected
// types, plan or trace: those belong to the details view.
//
//   renderReader(container, report, { perPart, zh })
//
// `perPart`: most source links per part (default 3). Passage urls must
// already be absolute http(s) (the widget resolves them); a source without
// one is not linked. Test hooks: one [data-part][data-state] per asked part,
// links a[data-citation="<n>"] numbered in page order, [data-passage-id] on
// each link (an attribute, never shown).
import { h, clear, richText, safeUrl, isComputeKind, valueHeadline } from './dom.js';
import { formatDuration, isZh, isNavigation, partName, reasonWords, stateWords } from './words.js';

export function renderReader(container, report, { perPart = 3, zh = isZh(report?.question) } = {}) {
  clear(container);
  const slots = report?.slots ?? [];
  const asked = slots.filter((sl) => sl.asked);
  let n = 0;
  const list = h('ol', { class: 'reader-parts' });
  for (const slot of asked) {
    const sources = sourcesOf(slot, slots, perPart).map((ev) =>
      h('li', {}, h('a', { href: ev.url, class: 'source', dataset: { citation: String(n++), passageId: ev.passage_id } }, ev.title || ev.url)));
    const quote = slot.state === 'supported' ? readerText(slot, slots, zh) : null;
    list.append(h('li', { class: `reader-part state-${slot.state}`, dataset: { part: slot.id, state: slot.state } },
      h('p', { class: 'part-q' }, partName(slot)),
      h('p', { class: 'part-state' }, stateLine(slot, slots, zh)),
      quote ? h('p', { class: 'part-answer' }, richText(quote)) : null,
      sources.length ? h('ul', { class: 'part-sources', 'aria-label': zh ? '来源' : 'Sources' }, sources) : null));
  }
  if (asked.length === 0) list.append(h('li', { class: 'reader-part muted' }, zh ? '没有答案。' : 'No answer.'));
  container.append(list);
  return container;
}

// "Answered", "Not found in these docs", "Found, but not confirmed: the page
// found is superseded", "Not answered: an earlier step was not found (which
// service failed after the second retry?)".
function stateLine(slot, slots, zh) {
  const words = stateWords(slot.state, zh);
  if (slot.state === 'unresolved') {
    const why = reasonWords(slot.reason);
    return why && !zh ? `${words}: ${why}` : words;
  }
  if (slot.state === 'blocked') {
    const step = slots.find((s) => (slot.depends_on ?? []).includes(s.id) && s.state !== 'supported');
    if (!step) return words;
    return zh ? `${words}（${partName(step)}）` : `${words} (${partName(step)})`;
  }
  return words;
}

/**
 * The answer of a supported part as a reader reads it: the quoted sentence
 * (never one that only links elsewhere), the stated value with its sentence,
 * the facts, or the value itself.
 */
export function readerText(slot, slots, zh) {
  const v = slot.value;
  if (!v) return null;
  switch (v.type) {
    case 'passage':
      return isNavigation(v.text) ? contentSentence(slot) : v.text;
    case 'stated':
      return v.sentence && !isNavigation(v.sentence) ? v.sentence : v.value;
    case 'facts':
      return (v.facts ?? []).map((f) => f.text).join(' ');
    case 'duration':
      return formatDuration(v, zh);
    default: {
      // a chain's or comparison's value, after the values it came from
      const via = isComputeKind(slot.kind) ? [] : bridgeValues(slot, slots, zh);
      return [...via, valueHeadline(v, { zh })].join(' → ');
    }
  }
}

function bridgeValues(slot, slots, zh) {
  return (slot.depends_on ?? [])
    .map((id) => slots.find((s) => s.id === id))
    .filter((s) => s?.kind === 'follow' && s.value)
    .map((s) => valueHeadline(s.value, { zh }));
}

// Sentence ends: . ! ? before white space (not "import.meta.env"), or a Chinese mark.
const SENTENCE_END = /(?<=[.!?])\s+|(?<=[。！？])|\n+/u;
const words = (text) => new Set(String(text).toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

// When the engine's sentence only points elsewhere: the sentence of the same
// passage that shares most words with the part and does not; none → null.
function contentSentence(slot) {
  const evidence = slot.evidence ?? [];
  const text = (evidence.find((ev) => ev.passage_id === slot.value.passage_id) ?? evidence[0])?.text ?? '';
  const asked = words(slot.question);
  let best = null;
  let bestScore = -1;
  for (const piece of text.split(SENTENCE_END)) {
    const sentence = piece.trim();
    if (!sentence || isNavigation(sentence)) continue;
    const score = [...words(sentence)].filter((w) => asked.has(w)).length;
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  return best;
}

// The linked passages of a part: its own evidence, or — for a comparison or
// computation — that of the parts it read; each page once, best first.
function sourcesOf(slot, slots, perPart) {
  if (slot.state !== 'supported' && slot.state !== 'unresolved') return [];
  const from = isComputeKind(slot.kind)
    ? (slot.depends_on ?? []).map((id) => slots.find((s) => s.id === id)).filter(Boolean)
    : [slot];
  const seen = new Set();
  const out = [];
  for (const ev of from.flatMap((s) => s.evidence ?? [])) {
    const url = safeUrl(ev.url);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    out.push({ ...ev, url });
  }
  return out.slice(0, perPart);
}
