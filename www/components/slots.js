// Per-slot status cards: the sub-question (never with a `{q1}` placeholder),
// kind, constraints, state, reason, value (in the report's language),
// evidence (the supporting span highlighted inside the passage text, a
// "superseded" badge on a passage the index marks superseded) and the chain
// hops with their join key and validity.
//
//   renderSlots(container, report, { maxEvidence })
//
// Test hooks: each card carries data-slot-id and data-state; evidence lives
// inside `.evidence`, a superseded passage's item has data-superseded.
// Returns the Set of passage IDs given an anchor, so the answer can link its
// citations.
import { h, clear, highlighted, formatValue, stateInfo, isComputeKind, safeUrl, passageAnchor } from './dom.js';
import { formatNumber, isZh, partName } from './words.js';

export function renderSlots(container, report, { maxEvidence = 3 } = {}) {
  clear(container);
  const anchors = new Set();
  const slots = report?.slots ?? [];
  if (slots.length === 0) {
    container.append(h('p', { class: 'muted' }, 'No slots.'));
    return anchors;
  }
  const how = { zh: isZh(report.question), superseded: new Set(report.superseded ?? []) };
  for (const slot of slots) container.append(renderSlot(slot, anchors, maxEvidence, how));
  return anchors;
}

export function renderSlot(slot, anchors = new Set(), maxEvidence = 3, { zh = false, superseded = new Set() } = {}) {
  const info = stateInfo(slot.state);
  const compute = isComputeKind(slot.kind);
  const card = h('article', {
    class: `slot-card state-${info.id}`,
    id: `slot-${slot.id}`,
    tabindex: -1,
    dataset: { slotId: slot.id, state: slot.state },
    'aria-labelledby': `slot-${slot.id}-title`,
  });

  card.append(
    h('header', { class: 'slot-head' },
      h('h3', { class: 'slot-title', id: `slot-${slot.id}-title` },
        h('span', { class: 'slot-id' }, slot.id),
        h('span', { class: `kind-badge ${compute ? 'compute' : 'retrieval'}` }, slot.kind),
        slot.asked ? h('span', { class: 'asked-badge', title: 'the question asked this part directly' }, 'asked') : h('span', { class: 'asked-badge step', title: 'an intermediate step other parts depend on' }, 'step')),
      h('span', { class: `state-badge state-${info.id}`, title: info.hint }, h('span', { 'aria-hidden': 'true' }, info.symbol), ` ${info.id}`)),
    h('p', { class: 'slot-question' }, partName(slot)),
  );

  const facts = h('dl', { class: 'slot-facts' });
  const fact = (term, ...desc) => facts.append(h('div', {}, h('dt', {}, term), h('dd', {}, ...desc)));
  if (slot.output) {
    fact('expects', formatOutput(slot.output));
  }
  if (slot.depends_on?.length) {
    fact('depends on', slot.depends_on.map((d, i) => [i ? ', ' : '', h('a', { href: `#slot-${d}`, class: 'slot-ref' }, d)]));
  }
  const constraints = Object.entries(slot.constraints ?? {});
  if (constraints.length) {
    fact('constraints', h('span', { class: 'chips' },
      constraints.map(([k, v]) => h('code', { class: 'chip' }, `${k}=${v}`))));
  }
  if (slot.reason) fact('reason', h('span', { class: 'reason' }, slot.reason));
  if (slot.value) fact('value', renderValue(slot.value, zh));
  card.append(facts);

  const evidence = slot.evidence ?? [];
  if (evidence.length) {
    const list = h('ol', { class: 'evidence' });
    evidence.forEach((ev, i) => {
      const item = renderEvidence(ev, anchors, superseded.has(ev.passage_id));
      if (i >= maxEvidence) item.hidden = true;
      list.append(item);
    });
    const section = h('section', { class: 'evidence-block' },
      h('h4', {}, `Evidence (${evidence.length})`), list);
    if (evidence.length > maxEvidence) {
      const more = h('button', { type: 'button', class: 'link-button' }, `show ${evidence.length - maxEvidence} more`);
      more.addEventListener('click', () => {
        for (const li of list.children) li.hidden = false;
        more.remove();
      });
      section.append(more);
    }
    card.append(section);
  } else if (!compute) {
    card.append(h('p', { class: 'muted no-evidence' }, 'No evidence passed the scope and filters.'));
  }

  if (slot.chain?.length) {
    card.append(h('section', { class: 'chain-block' },
      h('h4', {}, 'Chain'),
      h('ul', { class: 'chain' }, slot.chain.map(renderHop))));
  }
  return card;
}

// `output` is a string (`entity:service`); older reports used {type, entity_type}.
function formatOutput(output) {
  if (typeof output === 'string') {
    const [type, entityType] = output.split(/:(.*)/s, 2);
    return entityType ? `${type} (${entityType})` : type;
  }
  return `${output.type}${output.entity_type ? ` (${output.entity_type})` : ''}`;
}

function renderValue(value, zh) {
  const out = [h('span', { class: `value value-${value.type}` }, formatValue(value, { zh }))];
  const quote = valueQuote(value);
  if (quote) out.push(h('span', { class: 'value-quote' }, ' — “', quote, '”'));
  if (value.compared?.length) out.push(renderCompared(value));
  return out;
}

// The text a value was read from, when it says more than the value itself.
function valueQuote(value) {
  switch (value.type) {
    case 'duration':
      return value.text || null;
    case 'stated':
      // span offsets count in the passage, not the sentence: place it by its text
      return value.sentence ? highlighted(value.sentence, value.span?.text ? { text: value.span.text } : null, 'value-span') : null;
    case 'entity':
    case 'document':
      return value.span?.text && value.span.text !== value.id ? value.span.text : null;
    default:
      return null;
  }
}

// A comparison's inputs: each slot (linked to its card), what it is and the
// value it was compared by; the chosen one is marked.
function renderCompared(value) {
  return h('ul', { class: 'compared' }, value.compared.map((c) =>
    h('li', { dataset: { slot: c.slot }, class: value.type === 'choice' && c.slot === value.slot ? 'chosen' : null },
      h('a', { href: `#slot-${c.slot}`, class: 'slot-ref' }, c.slot), ' ',
      c.label, ': ', h('strong', {}, c.value),
      value.type === 'choice' && c.slot === value.slot ? h('span', { class: 'chosen-mark', title: 'chosen' }, ' ✓') : null)));
}

function renderEvidence(ev, anchors, superseded) {
  const url = safeUrl(ev.url);
  const anchorId = anchors.has(ev.passage_id) ? null : passageAnchor(ev.passage_id);
  if (anchorId) anchors.add(ev.passage_id);
  return h('li', {
    class: `evidence-item${superseded ? ' superseded' : ''}`,
    id: anchorId,
    dataset: superseded ? { passageId: ev.passage_id, superseded: '' } : { passageId: ev.passage_id },
  },
    h('div', { class: 'evidence-head' },
      h('code', { class: 'passage-id' }, ev.passage_id),
      ' ',
      url ? h('a', { href: url, rel: 'noopener noreferrer', target: '_blank', class: 'evidence-title' }, ev.title || ev.passage_id)
        : h('span', { class: 'evidence-title', title: ev.url || null }, ev.title || ''),
      superseded ? h('span', { class: 'superseded-badge', title: 'a newer revision replaces this passage' }, 'superseded') : null,
      typeof ev.score === 'number' ? h('span', { class: 'score', title: 'retrieval score' }, `score ${formatNumber(ev.score)}`) : null),
    h('blockquote', { class: 'passage-text' }, highlighted(ev.text ?? ev.span?.text ?? '', ev.span)));
}

function renderHop(edge) {
  const ok = edge.valid !== false;
  return h('li', { class: `hop ${ok ? 'valid' : 'invalid'}`, dataset: { valid: String(ok) } },
    h('span', { class: 'hop-ends' },
      h('a', { href: `#slot-${edge.from_slot}`, class: 'slot-ref' }, edge.from_slot), ' ',
      h('code', {}, edge.from_passage), ' → ',
      h('a', { href: `#slot-${edge.to_slot}`, class: 'slot-ref' }, edge.to_slot), ' ',
      h('code', {}, edge.to_passage)),
    ' via ',
    h('code', { class: 'join-key', title: edge.span?.text ? `stated as “${edge.span.text}”` : null }, edge.key),
    edge.key_type ? ` (${edge.key_type})` : '',
    ' ',
    h('span', { class: `hop-verdict ${ok ? 'valid' : 'invalid'}` },
      ok ? '✓ valid' : `✗ invalid${edge.reason ? `: ${edge.reason}` : ''}`));
}
