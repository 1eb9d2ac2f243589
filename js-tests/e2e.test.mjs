// End to end: the real demo (www/ with the optimized wasm and the demo
// indexes) served by scripts/serve.mjs and driven in headless Chromium.
// Expected slot states and values come from the release CLI for the same
// question, scope and index, so nothing about the engine's answers is
// hard-coded here (wasm-node.test.mjs pins the open-text examples' answers).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  REPO, CLI, CHROMIUM, INDEX_FILES, SEEDS,
  assertArtefacts, cliAsk, startServer, launchBrowser,
  setCheckbox,
} from './helpers.mjs';
import { EXAMPLES, INDEXES, DEFAULT_INDEX } from '../www/examples.js';
import { formatValue, valueHeadline } from '../www/components/dom.js';
import { readState } from '../www/url-state.js';

const WWW = join(REPO, 'www');
const seed = (name) => SEEDS.find((s) => s.name === name);
const seedCli = (s) => cliAsk(s.question, s.scope, { index: s.index });
const OPEN_SEEDS = SEEDS.filter((s) => s.index !== DEFAULT_INDEX);
const buttonLabel = (s) => EXAMPLES.find((ex) => ex.id === s.name).label;
const RUNBOOK_82 = /\brunbook-82(?![\w-])/; // not runbook-82s or runbook-82-old

let server;
let browser;

async function openPage({ width = 1280, height = 900 } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const events = { dialogs: [], errors: [], console: [] };
  page.on('dialog', (d) => {
    events.dialogs.push(d.message());
    d.dismiss().catch(() => {});
  });
  page.on('pageerror', (e) => events.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') events.console.push(m.text());
  });
  await page.goto(server.url);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 }).catch(async (err) => {
    const status = await page.textContent('#status').catch(() => '?');
    const error = await page.textContent('#error').catch(() => '');
    throw new Error(`the demo did not become ready: ${status} ${error} ${events.errors.join('; ')} (${err.message})`);
  });
  return { context, page, events };
}

async function runs(page) {
  return Number((await page.getAttribute('#results', 'data-runs')) ?? 0);
}

// Waits until the page has rendered a report (for `question`, when given)
// after `before` renders.
async function waitForRender(page, before, question) {
  await page.waitForFunction(
    ([n, q]) => {
      const r = document.getElementById('results');
      return Number(r.dataset.runs ?? 0) > n && (q === null || r.dataset.question === q);
    },
    [before, question ?? null],
    { timeout: 15_000 },
  ).catch(async (err) => {
    const error = await page.textContent('#error');
    throw new Error(`no report rendered${error ? `: ${error}` : ''} (${err.message})`);
  });
}

async function setScope(page, scope = {}) {
  // only touch the user box when it changes: typing there re-runs after a debounce
  if ((await page.inputValue('#scope-user')) !== (scope.user ?? '')) {
    await page.fill('#scope-user', scope.user ?? '');
    await page.waitForTimeout(450);
  }
  const access = new Set(scope.access ?? ['public']);
  for (const level of ['public', 'operations', 'restricted']) {
    await setCheckbox(page, `input[name="access"][value="${level}"]`, access.has(level));
  }
  await page.selectOption('#scope-environment', scope.environment ?? '');
  await page.fill('#scope-today', scope.today ?? '');
}

// Picks the index questions go to and waits until it is loaded.
async function setIndex(page, file) {
  await page.selectOption('#index', file);
  await page.waitForFunction((f) => document.getElementById('index').value === f &&
    !document.getElementById('ask').disabled, file, { timeout: 15_000 });
}

// Clicks an example's button and waits for its report.
async function clickExample(page, s) {
  const before = await runs(page);
  await page.click(`button.example[data-example="${buttonLabel(s)}"]`);
  await waitForRender(page, before, s.question);
}

async function ask(page, question) {
  const before = await runs(page);
  await page.fill('input[type="search"]', question);
  await page.press('input[type="search"]', 'Enter');
  await waitForRender(page, before, question);
}

async function assertSlotsMatch(page, expected, label) {
  const cards = await page.$$eval('[data-slot-id]', (els) => els.map((e) => ({ id: e.dataset.slotId, state: e.dataset.state })));
  assert.deepEqual(
    cards,
    expected.slots.map((s) => ({ id: s.id, state: s.state })),
    `${label}: one status element per slot with the CLI's state`,
  );
  const nodes = await page.$$eval('svg[data-graph] [data-node]', (els) => els.map((e) => e.getAttribute('data-node')));
  assert.deepEqual(nodes.sort(), expected.slots.map((s) => s.id).sort(), `${label}: one graph node per slot`);
  const edges = await page.$$eval('svg[data-graph] [data-edge]', (els) => els.map((e) => e.getAttribute('data-edge')));
  const wanted = expected.slots.flatMap((s) => s.depends_on.map((d) => `${d}->${s.id}`));
  assert.deepEqual(edges.sort(), wanted.sort(), `${label}: one graph edge per dependency`);
  return { cards, nodes, edges };
}

describe('demo page in Chromium', () => {
  before(async () => {
    assertArtefacts([
      join(WWW, 'index.html'), join(WWW, 'app.js'),
      join(WWW, 'pkg', 'slotchain.js'), join(WWW, 'pkg', 'slotchain_bg.wasm'),
      ...INDEX_FILES, CLI, CHROMIUM, join(REPO, 'node_modules', 'playwright-core', 'package.json'),
    ]);
    server = await startServer(WWW);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('serves the right MIME types and refuses traversal', async () => {
    const types = {};
    for (const path of ['', 'app.js', 'pkg/slotchain_bg.wasm', ...INDEXES.map((ix) => ix.file), 'style.css']) {
      const res = await fetch(server.url + path);
      assert.equal(res.status, 200, path);
      types[path] = res.headers.get('content-type');
      await res.arrayBuffer();
    }
    assert.match(types[''], /^text\/html/);
    assert.match(types['app.js'], /^text\/javascript/);
    assert.equal(types['pkg/slotchain_bg.wasm'], 'application/wasm');
    assert.match(types['style.css'], /^text\/css/);
    for (const bad of ['..%2fMakefile', '%2e%2e/%2e%2e/etc/passwd', 'pkg/..%2f..%2fMakefile']) {
      const res = await fetch(server.url + bad);
      assert.ok(res.status === 403 || res.status === 404, `${bad} → ${res.status}`);
      assert.doesNotMatch(await res.text(), /wasm-bindgen|root:/);
    }
  });

  it('a compound question: one status element and one graph node per slot, states as the CLI', async () => {
    const { context, page, events } = await openPage();
    try {
      const s = seed('refund window + cash');
      const expected = cliAsk(s.question, s.scope);
      await setScope(page, s.scope);
      await ask(page, s.question);
      await assertSlotsMatch(page, expected, s.name);
      const answer = await page.innerText('#answer');
      assert.ok(answer.trim().length > 0, 'answer shown');
      assert.match(await page.innerText('#timing'), /answered in/);
      // a question with dependencies draws its arrows
      const dep = SEEDS.map((x) => ({ ...x, report: seedCli(x) }))
        .find((x) => x.report.slots.some((sl) => sl.depends_on.length > 0));
      assert.ok(dep, 'at least one seed question has dependencies (per the CLI)');
      await setScope(page, dep.scope);
      await setIndex(page, dep.index);
      await ask(page, dep.question);
      const { edges } = await assertSlotsMatch(page, dep.report, dep.name);
      assert.ok(edges.length >= 1, `${dep.name}: at least one edge`);
      assert.deepEqual(events.errors, [], 'no page errors');
    } finally {
      await context.close();
    }
  });

  it('access scope changes the answer: runbook-82 only with operations access', async () => {
    const { context, page, events } = await openPage();
    try {
      const s = seed('incident multi-hop');
      const withOps = JSON.stringify(cliAsk(s.question, s.scope));
      assert.match(withOps, RUNBOOK_82, 'premise: the CLI report with operations access mentions runbook-82');
      const publicScope = { ...s.scope, access: s.scope.access.filter((a) => a !== 'operations') };
      assert.doesNotMatch(JSON.stringify(cliAsk(s.question, publicScope)), RUNBOOK_82, 'premise: the CLI report without operations access does not');

      await setScope(page, s.scope);
      await ask(page, s.question);
      assert.match(await page.innerText('body'), RUNBOOK_82, 'runbook-82 is on the page with operations access');

      const before = await runs(page);
      assert.ok(await setCheckbox(page, 'input[name="access"][value="operations"]', false)); // re-runs on change
      await waitForRender(page, before);
      assert.doesNotMatch(await page.innerText('body'), RUNBOOK_82, 'runbook-82 disappears without operations access');
      assert.deepEqual(events.errors, []);
    } finally {
      await context.close();
    }
  });

  it('an example button sets its scope and shows slots', async () => {
    const { context, page } = await openPage();
    try {
      const s = seed('personal memory');
      const before = await runs(page);
      await page.getByRole('button', { name: /Priya/ }).click();
      await waitForRender(page, before, s.question);
      assert.equal(await page.inputValue('#scope-user'), 'Priya');
      assert.equal(await page.inputValue('input[type="search"]'), s.question);
      // the scope the page asked with: the example's, with today's date (the URL holds it)
      const { scope } = readState(new URL(page.url()).searchParams);
      assert.deepEqual({ ...scope, today: undefined }, { access: ['public'], ...s.scope, today: undefined });
      await assertSlotsMatch(page, cliAsk(s.question, scope), s.name);
    } finally {
      await context.close();
    }
  });

  it('open-text examples: the button loads their index; chain and compare steps, values and edges as the CLI', async () => {
    const { context, page, events } = await openPage();
    try {
      assert.ok(OPEN_SEEDS.length >= 2, 'www/examples.js has open-text examples');
      for (const s of OPEN_SEEDS) {
        const expected = seedCli(s);
        await clickExample(page, s);
        assert.equal(await page.inputValue('#index'), s.index, `${s.name}: the picker shows its index`);
        assert.ok((await page.innerText('#stats')).startsWith(`Index ${s.index}:`), `${s.name}: the footer counts its index`);
        await assertSlotsMatch(page, expected, s.name);
        for (const sl of expected.slots) {
          const card = `[data-slot-id="${sl.id}"]`;
          assert.equal(await page.textContent(`${card} .value`), formatValue(sl.value), `${s.name}/${sl.id}: the card's value`);
          assert.equal(await page.textContent(`[data-node="${sl.id}"] [data-value]`), `= ${valueHeadline(sl.value)}`,
            `${s.name}/${sl.id}: the graph node's value`);
          const shape = await page.$eval(`[data-node="${sl.id}"] .shape`, (e) => e.tagName.toLowerCase());
          assert.equal(shape, sl.kind === 'compare' ? 'polygon' : 'rect', `${s.name}/${sl.id}: node shape`);
          for (const hop of sl.chain) {
            const valid = await page.$eval(`[data-edge="${hop.from_slot}->${hop.to_slot}"]`, (e) => e.classList.contains('valid'));
            assert.equal(valid, hop.valid, `${s.name}: the chain edge ${hop.from_slot}->${hop.to_slot}`);
          }
          for (const c of sl.value.compared ?? []) {
            assert.match(await page.innerText(`${card} .compared [data-slot="${c.slot}"]`), new RegExp(`${c.label}: ${c.value}`));
          }
        }
        // each answer line, its [passage-id] citations shown as chips
        const lines = await page.$$eval('#answer .answer-line', (els) => els.map((e) => e.textContent));
        assert.deepEqual(lines, expected.answer.split('\n').filter((l) => l.trim())
          .map((l) => l.trimEnd().replace(/\[([^[\]\s]{1,200})\]/g, '$1')), `${s.name}: the answer lines`);
      }
      // back to an example of the first index: its cached engine answers
      const back = seed('refund window + cash');
      await clickExample(page, back);
      assert.equal(await page.inputValue('#index'), DEFAULT_INDEX);
      await assertSlotsMatch(page, seedCli(back), `${back.name} after the open-text examples`);
      assert.deepEqual(events.errors, []);
    } finally {
      await context.close();
    }
  });

  it('?index=…&q=… opens with that index and answers', async () => {
    const s = OPEN_SEEDS[0];
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}?index=${encodeURIComponent(s.index)}&q=${encodeURIComponent(s.question)}`);
      await page.waitForSelector('[data-slot-id]', { timeout: 30_000 });
      assert.equal(await page.inputValue('#index'), s.index);
      await assertSlotsMatch(page, seedCli(s), `${s.name} from the URL`);
    } finally {
      await context.close();
    }
  });

  it('passage HTML renders as inert text (kb-embed-html)', async () => {
    const { context, page, events } = await openPage();
    try {
      const s = seed('embed widget html');
      const expected = cliAsk(s.question, s.scope);
      assert.ok(expected.slots.some((sl) => sl.evidence.some((e) => e.passage_id === 'kb-embed-html')),
        'premise: the CLI cites kb-embed-html for this question');
      await setScope(page, s.scope);
      await ask(page, s.question);
      await page.waitForTimeout(300); // give any injected handler a chance to fire
      assert.equal(await page.locator('#results img, .evidence img').count(), 0, 'no <img> element in the results');
      assert.deepEqual(events.dialogs, [], 'no dialog fired');
      const literal = page.locator('.evidence').getByText('<img src=x onerror=alert(1)>').first();
      assert.ok(await literal.isVisible(), 'the literal tag is visible as text in the evidence');
      assert.deepEqual(events.errors, []);
    } finally {
      await context.close();
    }
  });

  it('keeps answering with the network cut after load', async () => {
    const { context, page, events } = await openPage();
    try {
      // the indexes other than the first load in the background after ready
      await page.waitForFunction((n) => (document.documentElement.dataset.loaded ?? '').split(' ').length === n,
        INDEXES.length, { timeout: 15_000 });
      await context.setOffline(true);
      const s = seed('travel deadlines 2026 vs 2025');
      const expected = cliAsk(s.question, s.scope);
      await setScope(page, s.scope);
      await ask(page, s.question);
      await assertSlotsMatch(page, expected, `${s.name} (offline)`);
      for (const open of OPEN_SEEDS) {
        await clickExample(page, open);
        await assertSlotsMatch(page, seedCli(open), `${open.name} (offline)`);
      }
      assert.deepEqual(events.errors, []);
    } finally {
      await context.close();
    }
  });

  it('fits a 375px wide screen without horizontal scrolling', async () => {
    const { context, page } = await openPage({ width: 375, height: 812 });
    try {
      const s = seed('travel deadlines 2026 vs 2025');
      await page.click('summary:has(#scope-title)'); // the scope panel starts folded on small screens
      await setScope(page, s.scope);
      await ask(page, s.question);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `page is ${width}px wide`);
      assert.ok(await page.locator('input[type="search"]').isVisible());
    } finally {
      await context.close();
    }
  });

  it('is keyboard-operable: tab to the question, type, Enter', async () => {
    const { context, page } = await openPage();
    try {
      const s = seed('refund window + cash');
      let focused = '';
      for (let i = 0; i < 20 && focused !== 'q'; i++) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(() => document.activeElement?.id ?? '');
      }
      assert.equal(focused, 'q', 'the search box is reachable with Tab');
      const before = await runs(page);
      await page.keyboard.type(s.question);
      await page.keyboard.press('Enter');
      await waitForRender(page, before, s.question);
      assert.ok((await page.locator('[data-slot-id]').count()) > 0);
    } finally {
      await context.close();
    }
  });
});
