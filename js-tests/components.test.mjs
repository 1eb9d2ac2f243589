// The page and its components against a hand-written report (fixtures/),
// served with a mock engine: rendering rules that do not depend on what the
// Rust engine answers (test hooks, graph shape, inert passage HTML, code-point
// spans, safe links, the honest-gap lines, light/dark), and the one-line text
// of every kind of slot value (fixtures/values.json, as the CLI prints them),
// in a card and in the graph of a chain and of a comparison.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO, CHROMIUM, assertArtefacts, startServer, launchBrowser, setCheckbox } from './helpers.mjs';
import { buildMockSite } from './fixtures/mock-site.mjs';
import { formatValue, valueHeadline } from '../www/components/dom.js';
import { count, formatAmount, partName } from '../www/components/words.js';

const fixture = JSON.parse(readFileSync(join(REPO, 'js-tests', 'fixtures', 'report.json'), 'utf8'));
const VALUES = JSON.parse(readFileSync(join(REPO, 'js-tests', 'fixtures', 'values.json'), 'utf8'));

// The one-line form of each value variant, and what a graph node shows of it.
const FORMATTED = {
  stated: ['1958 (year) in [tomas-varga]', '1958'],
  facts: ['3 facts: Priya does not eat meat. [mem-priya-meat] Priya has a gluten intolerance. [mem-priya-gluten] (+1 more)', '3 facts'],
  choice: ['The Tidewalkers — 1991 vs 1997 (The Greywell Sisters)', 'The Tidewalkers'],
  verdict: ['no — Tomas Varga: Hungarian; Elena Sorensen: Danish', 'no'],
  common: ['director — Tomas Varga: Hungarian film director screenwriter; Elena Sorensen: Danish film director', 'director'],
  passage: [`${VALUES.passage.text} [refund-cash]`, VALUES.passage.text],
  duration: ['5 working days after 审批', '5 working days'],
  entity: ['Tomas Varga (title) in [lantern-keeper]', 'Tomas Varga'],
  document: ['TRAVEL-2026-S2 in [travel-2026-overseas-ref]', 'TRAVEL-2026-S2'],
  difference: ['30 calendar days shorter (30 vs 60)', '30 calendar days shorter'],
  same: ['no — they differ', 'no — they differ'],
  date: ['2026-04-01 (30 calendar days after 2026-03-02)', '2026-04-01'],
};

describe('formatValue: one line for every value variant', () => {
  it('covers each variant of src/model.rs Value', () => {
    assert.deepEqual(Object.keys(VALUES).sort(), Object.keys(FORMATTED).sort());
    for (const v of Object.values(VALUES)) assert.ok(FORMATTED[v.type], `${v.type} has an expected text`);
  });

  for (const [type, [line, headline]] of Object.entries(FORMATTED)) {
    it(type, () => {
      assert.equal(formatValue(VALUES[type]), line);
      assert.equal(valueHeadline(VALUES[type]), headline);
      assert.doesNotMatch(formatValue(VALUES[type]), /\n|\{"type"/, 'one line, never raw JSON');
    });
  }

  it('variants in other forms: a verdict that holds, one fact, a choice of three, no value', () => {
    assert.equal(formatValue({ ...VALUES.verdict, holds: true }), 'yes — Tomas Varga: Hungarian; Elena Sorensen: Danish');
    assert.equal(formatValue({ ...VALUES.facts, facts: VALUES.facts.facts.slice(0, 1) }), '1 fact: Priya does not eat meat. [mem-priya-meat]');
    const third = { slot: 'q3', label: 'Third Band', value: '2003' };
    assert.equal(formatValue({ ...VALUES.choice, slot: 'q2', label: 'The Greywell Sisters', compared: [...VALUES.choice.compared, third] }),
      'The Greywell Sisters — 1997 vs 1991 (The Tidewalkers) vs 2003 (Third Band)');
    assert.equal(formatValue({ ...VALUES.difference, amount: 0, direction: 'same', first: 30, second: 30 }), 'no difference (30 vs 30)');
    assert.equal(formatValue(null), '—');
  });

  it('in a Chinese report: units and start events read as Chinese', () => {
    assert.equal(formatValue(VALUES.duration, { zh: true }), '5 个工作日（审批后）');
    assert.equal(valueHeadline(VALUES.duration, { zh: true }), '5 个工作日');
    assert.equal(formatValue(VALUES.difference, { zh: true }), '缩短了 30 个自然日（60 → 30）');
    assert.equal(formatValue({ ...VALUES.difference, amount: 0, direction: 'same' }, { zh: true }), '没有变化（60 → 30）');
    assert.equal(formatValue(VALUES.date, { zh: true }), '2026-04-01（2026-03-02 后 30 个自然日）');
  });

  it('counts and names: singular and plural, no placeholder in a part\'s name', () => {
    assert.deepEqual([count(1, 'part'), count(2, 'part'), count(0, 'wave')], ['1 part', '2 parts', '0 waves']);
    assert.equal(formatAmount(1, 'calendar_day'), '1 calendar day');
    assert.equal(partName({ question: 'Which rollback rule applies to {q1}?', label: 'Which rollback rule applies to the failed service?' }),
      'Which rollback rule applies to the failed service?');
    assert.equal(partName({ question: 'Which rule applies to {q1} in {q2}?' }), 'Which rule applies to … in …?');
    assert.equal(partName({ question: 'How do I install it?' }), 'How do I install it?');
  });
});

// A report of one chain (a follow step's entity, then a stated year) and one
// of a comparison (two stated years and a compare step's choice), made of
// the values above.
function slot(id, kind, value, extra = {}) {
  return { id, question: `${id}?`, kind, output: 'passage', constraints: {}, depends_on: [], state: 'supported',
    value, evidence: [], chain: [], asked: false, ...extra };
}
const CHAIN_REPORT = {
  question: 'In what year was the director of the film The Lantern Keeper born?',
  slots: [
    slot('q1', 'follow', VALUES.entity, { output: 'entity:title' }),
    slot('q2', 'retrieve', VALUES.stated, {
      depends_on: ['q1'], asked: true,
      chain: [{ from_slot: 'q1', to_slot: 'q2', from_passage: 'lantern-keeper', to_passage: 'tomas-varga',
        key: 'Tomas Varga', key_type: 'title', span: VALUES.entity.span, valid: true }],
    }),
  ],
  waves: [['q1'], ['q2']],
};
const COMPARE_REPORT = {
  question: 'Which band was formed first, The Tidewalkers or The Greywell Sisters?',
  slots: [
    slot('q1', 'retrieve', { ...VALUES.stated, kind: 'date', value: '1991', passage_id: 'tidewalkers', span: { start: 73, end: 77, text: '1991' },
      sentence: 'The Tidewalkers are a folk-rock band from Edinburgh, Scotland, formed in 1991 by Callum Reid and Sean Dalgleish.' }),
    slot('q2', 'retrieve', { ...VALUES.stated, kind: 'date', value: '1997', passage_id: 'greywell-sisters', span: { start: 68, end: 72, text: '1997' },
      sentence: 'The Greywell Sisters are an English indie band formed in Norwich in 1997.' }),
    slot('c1', 'compare', VALUES.choice, { depends_on: ['q1', 'q2'], asked: true }),
  ],
  waves: [['q1', 'q2'], ['c1']],
};

let dir;
let server;
let browser;

async function rendered(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const events = { dialogs: [], errors: [] };
  page.on('dialog', (d) => {
    events.dialogs.push(d.message());
    d.dismiss().catch(() => {});
  });
  page.on('pageerror', (e) => events.errors.push(e.message));
  await page.goto(server.url);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 20_000 });
  await page.fill('input[type="search"]', 'any question');
  await page.press('input[type="search"]', 'Enter');
  await page.waitForSelector('[data-slot-id]');
  return { context, page, events };
}

describe('components with the fixture report (mock engine)', () => {
  before(async () => {
    assertArtefacts([CHROMIUM, join(REPO, 'node_modules', 'playwright-core', 'package.json')]);
    dir = mkdtempSync(join(tmpdir(), 'slotchain-mock-www-'));
    buildMockSite(dir);
    server = await startServer(dir);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('status elements, graph nodes and edges follow the report', async () => {
    const { context, page, events } = await rendered();
    try {
      const cards = await page.$$eval('[data-slot-id]', (els) => els.map((e) => [e.dataset.slotId, e.dataset.state]));
      assert.deepEqual(cards, fixture.slots.map((s) => [s.id, s.state]));

      const nodes = await page.$$eval('svg[data-graph] [data-node]', (els) =>
        els.map((e) => ({
          id: e.dataset.node,
          text: e.textContent,
          shape: e.querySelector('.shape').tagName.toLowerCase(),
        })));
      assert.equal(nodes.length, fixture.slots.length);
      for (const slot of fixture.slots) {
        const node = nodes.find((n) => n.id === slot.id);
        assert.ok(node, `node ${slot.id}`);
        assert.ok(node.text.includes(slot.state), `node ${slot.id} names its state in words`);
        const compute = slot.kind === 'compare' || slot.kind === 'compute';
        assert.equal(node.shape, compute ? 'polygon' : 'rect', `${slot.id} shape`);
      }

      const edges = await page.$$eval('svg[data-graph] [data-edge]', (els) =>
        els.map((e) => [e.dataset.edge, e.classList.contains('invalid')]));
      const want = fixture.slots.flatMap((s) => s.depends_on.map((d) => `${d}->${s.id}`));
      assert.deepEqual(edges.map(([e]) => e).sort(), want.sort());
      assert.deepEqual(edges.find(([e]) => e === 'q1->q2'), ['q1->q2', true], 'an invalid hop is drawn as invalid');

      // dependants sit in a later column than their prerequisites
      const xs = Object.fromEntries(await page.$$eval('[data-node]', (els) =>
        els.map((e) => [e.dataset.node, e.getBoundingClientRect().x])));
      for (const s of fixture.slots) for (const d of s.depends_on) assert.ok(xs[d] < xs[s.id], `${d} left of ${s.id}`);

      const legend = await page.innerText('.graph-legend');
      for (const st of ['supported', 'missing', 'blocked', 'error', 'unresolved']) assert.match(legend, new RegExp(st));
      assert.deepEqual(events.errors, []);
    } finally {
      await context.close();
    }
  });

  it('passage HTML stays text, spans are sliced by code points', async () => {
    const { context, page, events } = await rendered();
    try {
      await page.waitForTimeout(200);
      assert.equal(await page.locator('#results img').count(), 0, 'no <img> element');
      assert.equal(await page.locator('.evidence b').count(), 0, 'no <b> from a title');
      assert.deepEqual(events.dialogs, []);
      assert.ok(await page.locator('.evidence').getByText('<img src=x onerror=alert(1)>').first().isVisible());
      assert.ok(await page.locator('.evidence').getByText('Embed <b>the</b> widget').isVisible(), 'titles render literally');

      const marks = await page.$$eval('[data-slot-id]', (cards) =>
        cards.flatMap((c) => [...c.querySelectorAll('.evidence-item')].map((li) => ({
          slot: c.dataset.slotId,
          passage: li.dataset.passageId,
          mark: li.querySelector('mark')?.textContent ?? null,
          text: li.querySelector('.passage-text').textContent,
        }))));
      for (const m of marks) {
        const ev = fixture.slots.find((s) => s.id === m.slot).evidence.find((e) => e.passage_id === m.passage);
        assert.equal(m.mark, ev.span.text, `${m.slot}/${m.passage} highlights exactly span.text`);
        assert.equal(m.text, ev.text, `${m.slot}/${m.passage} shows the whole passage`);
      }
      assert.equal(await page.locator('a[href^="javascript:"]').count(), 0, 'javascript: URLs are not linked');
      assert.ok(await page.locator('a[href="https://help.example/travel-2026"]').count() === 1, 'https URLs are linked');
    } finally {
      await context.close();
    }
  });

  it('answer: citations link to evidence, gaps are called out, values are readable', async () => {
    const { context, page } = await rendered();
    try {
      const cites = await page.$$eval('#answer a.cite', (as) => as.map((a) => a.getAttribute('href')));
      assert.ok(cites.length >= 3);
      for (const href of cites) {
        assert.equal(await page.locator(`[id="${href.slice(1)}"]`).count(), 1, `${href} has a target`);
      }
      const gaps = await page.$$eval('#answer .answer-gap', (els) => els.map((e) => e.textContent));
      assert.equal(gaps.length, 2);
      assert.match(gaps[0], /^⚠ I couldn't find documented information on:/);
      assert.match(gaps[1], /^⚠ Could not confirm:/);
      assert.match(await page.innerText('[data-slot-id="q1"]'), /expects\s+entity \(service\)/);
      assert.match(await page.innerText('[data-slot-id="q2"]'), /expects\s+passage/, 'object-form output still renders');
      assert.match(await page.innerText('[data-slot-id="q3"]'), /30 calendar days after 差旅结束/);
      assert.match(await page.innerText('[data-slot-id="c1"]'), /30 calendar days shorter \(30 vs 60\)/);
      assert.match(await page.innerText('[data-slot-id="q2"]'), /invalid: environment-scope/);
      assert.match(await page.innerText('.coverage'), /2 of 4 asked parts answered/);
    } finally {
      await context.close();
    }
  });

  it('selecting a graph node focuses its card; scope changes re-run', async () => {
    const { context, page } = await rendered();
    try {
      await page.focus('[data-node="c1"]');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => document.activeElement?.dataset.slotId), 'c1');
      const before = Number(await page.getAttribute('#results', 'data-runs'));
      assert.ok(await setCheckbox(page, 'input[name="access"][value="operations"]', true));
      await page.waitForFunction((n) => Number(document.querySelector('#results').dataset.runs) === n, before + 1);
      assert.match(await page.textContent('#raw'), /operations/, 'the re-run used the new scope');
    } finally {
      await context.close();
    }
  });

  it('every value variant renders its one line in a slot card, with its quote', async () => {
    const { context, page } = await rendered();
    try {
      const cards = await page.evaluate(async (values) => {
        const { renderSlot } = await import('./components/slots.js');
        return Object.entries(values).map(([type, value]) => {
          const card = renderSlot({ id: type, question: '?', kind: 'retrieve', output: 'passage', constraints: {},
            depends_on: [], state: 'supported', value, evidence: [], chain: [], asked: true });
          return [type, {
            value: card.querySelector('.value').textContent,
            quote: card.querySelector('.value-quote')?.textContent ?? null,
            mark: card.querySelector('.value-quote mark')?.textContent ?? null,
            compared: [...card.querySelectorAll('.compared li')].map((li) => li.textContent),
          }];
        });
      }, VALUES);
      const got = Object.fromEntries(cards);
      for (const [type, [line]] of Object.entries(FORMATTED)) assert.equal(got[type].value, line, `${type} card`);
      assert.equal(got.stated.quote, ` — “${VALUES.stated.sentence}”`, 'a stated value quotes its sentence');
      assert.equal(got.stated.mark, '1958', 'with the value marked');
      assert.equal(got.duration.quote, ' — “经审批后5个工作日内”');
      assert.equal(got.entity.quote, null, 'an entity whose span is its id has no quote');
      assert.deepEqual(got.choice.compared, ['q1 The Tidewalkers: 1991 ✓', 'q2 The Greywell Sisters: 1997']);
      assert.deepEqual(got.verdict.compared, ['q1 Tomas Varga: Hungarian', 'q2 Elena Sorensen: Danish']);
      assert.equal(got.common.compared.length, 2);
      assert.deepEqual(got.facts.compared, []);
    } finally {
      await context.close();
    }
  });

  it('the graph of a chain and of a comparison: dependency edges, the compare hexagon, values on nodes', async () => {
    const { context, page } = await rendered();
    try {
      const graphs = await page.evaluate(async (reports) => {
        const { renderGraph } = await import('./components/graph.js');
        return reports.map((report) => {
          const svg = renderGraph(document.createElement('div'), report);
          return {
            nodes: [...svg.querySelectorAll('[data-node]')].map((n) => [n.dataset.node, n.querySelector('.shape').tagName.toLowerCase(),
              n.querySelector('[data-value]')?.textContent ?? null]),
            edges: [...svg.querySelectorAll('[data-edge]')].map((e) => [e.dataset.edge, e.getAttribute('class'), e.textContent]),
          };
        });
      }, [CHAIN_REPORT, COMPARE_REPORT]);
      const [chain, compare] = graphs;
      assert.deepEqual(chain.nodes, [['q1', 'rect', '= Tomas Varga'], ['q2', 'rect', '= 1958']]);
      assert.deepEqual(chain.edges, [['q1->q2', 'edge valid', 'q1 → q2 via Tomas Varga']], 'the chain step edge names its join key');
      assert.deepEqual(compare.nodes, [['q1', 'rect', '= 1991'], ['q2', 'rect', '= 1997'], ['c1', 'polygon', '= The Tidewalkers']]);
      assert.deepEqual(compare.edges.map(([e, cls]) => [e, cls]), [['q1->c1', 'edge'], ['q2->c1', 'edge']]);
    } finally {
      await context.close();
    }
  });

  it('light and dark colour schemes differ', async () => {
    const colours = {};
    for (const scheme of ['light', 'dark']) {
      const { context, page } = await rendered({ colorScheme: scheme });
      colours[scheme] = await page.evaluate(() => getComputedStyle(document.body.parentElement).backgroundColor);
      await context.close();
    }
    assert.notEqual(colours.light, colours.dark);
  });
});
