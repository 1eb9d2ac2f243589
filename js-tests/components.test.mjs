// The page and its components against a hand-written report (fixtures/),
// served with a mock engine: rendering rules that do not depend on what the
// Rust engine answers (test hooks, graph shape, inert passage HTML, code-point
// spans, safe links, the honest-gap lines, light/dark).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO, CHROMIUM, assertArtefacts, startServer, launchBrowser, setCheckbox } from './helpers.mjs';
import { buildMockSite } from './fixtures/mock-site.mjs';

const fixture = JSON.parse(readFileSync(join(REPO, 'js-tests', 'fixtures', 'report.json'), 'utf8'));

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
