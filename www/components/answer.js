// The extractive answer: one line per supported part with [passage-id]
// citations (linked to the evidence cards) and Markdown inline code shown
// as code, then the honest "could not find" /
// "could not confirm" lines, and the coverage of the parts asked.
//
//   renderAnswer(container, report, { anchors })
//
// `anchors` (optional) is a Set of passage IDs that have an evidence card on
// the page; citations of other passages render as plain labels.
import { h, clear, passageAnchor, richText } from './dom.js';

// The report's gap lines (English and Chinese forms), and which kind each is.
const GAP_PREFIXES = [
  ["I couldn't find documented information on:", 'missing'],
  ['Could not confirm:', 'unconfirmed'],
  ['未能找到以下内容的资料：', 'missing'],
  ['找到了相关资料，但无法确认：', 'unconfirmed'],
];

export function renderAnswer(container, report, { anchors } = {}) {
  clear(container);
  const lines = String(report?.answer ?? '')
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');

  const list = h('div', { class: 'answer-lines' });
  for (const line of lines) {
    const [gap, kind] = GAP_PREFIXES.find(([p]) => line.startsWith(p)) ?? [];
    if (gap) {
      list.append(
        h('p', { class: 'answer-line answer-gap', dataset: { gap: kind } },
          h('span', { class: 'gap-icon', 'aria-hidden': 'true' }, '⚠'),
          ' ',
          h('strong', {}, gap),
          richText(line.slice(gap.length))),
      );
    } else {
      list.append(h('p', { class: 'answer-line' }, citedText(line, anchors)));
    }
  }
  if (lines.length === 0) list.append(h('p', { class: 'answer-line muted' }, 'No answer text.'));

  const cov = report?.coverage;
  const coverage = cov
    ? h('p', { class: 'coverage', dataset: { asked: cov.asked, answered: cov.answered } },
        coverageMeter(cov),
        ` ${cov.answered} of ${cov.asked} asked ${cov.asked === 1 ? 'part' : 'parts'} answered`)
    : null;

  container.append(list, coverage);
  return container;
}

// Splits a line on [passage-id] markers; each becomes a citation chip.
function citedText(line, anchors) {
  const out = [];
  const re = /\[([^\[\]\s]{1,200})\]/g;
  let last = 0;
  for (const m of line.matchAll(re)) {
    if (m.index > last) out.push(richText(line.slice(last, m.index)));
    const id = m[1];
    const linked = !anchors || anchors.has(id);
    out.push(
      linked
        ? h('a', { class: 'cite', href: `#${passageAnchor(id)}`, dataset: { cite: id }, title: `evidence ${id}` }, id)
        : h('span', { class: 'cite', dataset: { cite: id } }, id),
    );
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push(richText(line.slice(last)));
  return out;
}

function coverageMeter({ asked, answered }) {
  const meter = h('meter', { min: 0, max: Math.max(asked, 1), value: answered, 'aria-hidden': 'true' });
  meter.setAttribute('low', String(Math.max(asked, 1) - 0.5));
  meter.setAttribute('optimum', String(Math.max(asked, 1)));
  return meter;
}
