// The demo page as a first-time visitor meets it (issue 18), in headless
// Chromium: nothing stale stays on screen, nothing raw reaches the text
// (placeholders, unit ids, "1 parts"), the shareable URL holds and restores
// the whole scope, `today` is the browser's date, `k` is bounded, the
// superseded runbook is badged, the scope controls are in view at 1280×800,
// the plan reads on a 390 px screen, and the server compresses what it sends.
// Expected answers come from the release CLI for the same question and scope.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  REPO, CLI, CHROMIUM, INDEX_FILES, SEEDS, assertArtefacts, cliAsk, startServer, launchBrowser,
  clickDemoExample, demoRuns, waitForDemoRun,
} from './helpers.mjs';
import { EXAMPLES } from '../www/examples.js';
import { readState } from '../www/url-state.js';

const WWW = join(REPO, 'www');
const seed = (name) => SEEDS.find((s) => s.name === name);
const label = (name) => EXAMPLES.find((ex) => ex.id === name).label;
const INCIDENT = seed('incident multi-hop');
const TRAVEL = seed('travel deadlines 2026 vs 2025');
const PLACEHOLDER = /\{[A-Za-z]+\d*\}/;

let server;
let browser;

async function open(path = '', contextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + path);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
  return { context, page, errors };
}

const clickExample = (page, name) => clickDemoExample(page, label(name));

/** GET with these headers; the body as sent (fetch would decode it). */
const rawGet = (url, headers) => new Promise((resolve, reject) => {
  get(url, { headers }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
  }).on('error', reject);
});

/** The state the page's URL holds (what a shared link restores). */
const urlState = (page) => readState(new URL(page.url()).searchParams);

describe('demo page: what a visitor meets', () => {
  before(async () => {
    assertArtefacts([join(WWW, 'index.html'), join(WWW, 'pkg', 'slotchain_bg.wasm'), ...INDEX_FILES, CLI, CHROMIUM]);
    server = await startServer(WWW);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('an error, an empty question or a refused k clears the previous answer and says why', async () => {
    const { context, page, errors } = await open();
    try {
      await clickExample(page, 'refund window + cash');
      assert.equal(await page.isVisible('#answer'), true, 'premise: an answer is shown');

      // a question over the engine's limit (set past the field's maxlength, as a paste script could)
      await page.$eval('#q', (q) => { q.value = 'x'.repeat(2500); });
      await page.click('#ask');
      await page.waitForSelector('#error:not([hidden])');
      assert.match(await page.innerText('#error'), /invalid question/);
      assert.equal(await page.isVisible('#answer'), false, 'the old answer is gone after an error');

      // an empty question: a visible hint, no answer, no stale error
      await clickExample(page, 'refund window + cash');
      await page.fill('#q', '');
      await page.click('#ask');
      assert.match(await page.innerText('#q-hint'), /Type a question/);
      assert.equal(await page.isVisible('#answer'), false, 'the old answer is gone after an empty question');
      assert.equal(await page.isVisible('#error'), false);

      // k out of range: a note, no answer; a good k answers and the note goes
      await clickExample(page, 'refund window + cash');
      await page.click('#options > summary');
      for (const bad of ['0', '999', '2.5']) {
        await page.fill('#opt-k', bad);
        await page.click('#ask');
        assert.match(await page.innerText('#k-note'), /from 1 to 20/, `k=${bad} is refused with a note`);
        assert.equal(await page.isVisible('#answer'), false, `k=${bad}: no answer shown`);
      }
      const before = await demoRuns(page);
      await page.fill('#opt-k', '5');
      await page.click('#ask');
      await waitForDemoRun(page, before);
      assert.equal(await page.isVisible('#k-note'), false);
      assert.equal(urlState(page).options.k, '5', 'k is in the URL');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('the question field holds exactly the engine limit', async () => {
    const { context, page } = await open();
    try {
      await page.fill('#q', 'refund window for electronics '.repeat(80)); // 2,400 characters, one clause
      const length = await page.$eval('#q', (q) => q.value.length);
      assert.equal(length, 2000, 'the field keeps 2,000 characters');
      const before = await demoRuns(page);
      await page.click('#ask');
      await waitForDemoRun(page, before);
      assert.equal(await page.isVisible('#error'), false, 'the engine accepts what the field holds');
      await page.$eval('#q', (q) => { q.value = 'y'.repeat(2001); });
      await page.click('#ask');
      await page.waitForSelector('#error:not([hidden])');
      assert.match(await page.innerText('#error'), /2001 characters, more than the limit of 2000/, 'one character more is the engine\'s error');
    } finally {
      await context.close();
    }
  });

  it('the shared URL holds the whole scope and restores it', async () => {
    const { context, page } = await open();
    try {
      const scope = { user: 'Priya', access: ['public', 'operations'], environment: 'staging', today: '2026-03-15' };
      await clickExample(page, 'incident multi-hop');
      let before = await demoRuns(page);
      await page.fill('#scope-user', scope.user); // re-asks once typing pauses
      await waitForDemoRun(page, before);
      await page.selectOption('#scope-environment', scope.environment);
      before = await demoRuns(page);
      await page.fill('#scope-today', scope.today);
      await page.dispatchEvent('#scope-today', 'change');
      await waitForDemoRun(page, before);
      await page.waitForFunction(() => new URL(location.href).searchParams.get('today') === '2026-03-15');
      const shared = page.url();
      assert.deepEqual(readState(new URL(shared).searchParams).scope, scope, 'the URL holds the scope');
      const states = await page.$$eval('[data-slot-id]', (els) => els.map((e) => e.dataset.state));

      const other = await open(new URL(shared).search);
      try {
        await other.page.waitForSelector('#results:not([hidden])');
        assert.equal(await other.page.inputValue('#scope-user'), scope.user);
        assert.equal(await other.page.inputValue('#scope-environment'), scope.environment);
        assert.equal(await other.page.inputValue('#scope-today'), scope.today);
        assert.deepEqual(await other.page.$$eval('input[name="access"]:checked', (els) => els.map((e) => e.value)), scope.access);
        const restored = await other.page.$$eval('[data-slot-id]', (els) => els.map((e) => e.dataset.state));
        assert.deepEqual(restored, states, 'the shared link opens to the same answer');
        const cli = cliAsk(INCIDENT.question, scope);
        assert.deepEqual(restored, cli.slots.map((s) => s.state), 'and it is the CLI\'s for that scope');
      } finally {
        await other.context.close();
      }
    } finally {
      await context.close();
    }
  });

  it('today starts as the browser\'s local date (not UTC)', async () => {
    for (const timezoneId of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const { context, page } = await open('', { timezoneId });
      try {
        const expected = new Intl.DateTimeFormat('en-CA', { timeZone: timezoneId }).format(new Date());
        assert.equal(await page.inputValue('#scope-today'), expected, timezoneId);
      } finally {
        await context.close();
      }
    }
  });

  it('no placeholder reaches the reader; the gap line names the missing part', async () => {
    const scope = { ...INCIDENT.scope, environment: 'staging' };
    const cli = cliAsk(INCIDENT.question, scope);
    const missing = cli.slots.find((s) => s.state === 'missing');
    assert.ok(missing, 'premise: in staging the CLI cannot find one part');
    assert.ok(cli.slots.some((s) => PLACEHOLDER.test(s.question)), 'premise: a blocked part still holds a placeholder');
    const { context, page } = await open('?' + new URLSearchParams({ q: INCIDENT.question, access: scope.access.join(','), env: 'staging', today: '' }));
    try {
      await page.waitForSelector('#results:not([hidden])');
      const text = await page.innerText('main');
      assert.doesNotMatch(text, PLACEHOLDER, 'no {q1} on the page');
      const graph = await page.$$eval('[data-node] title', (els) => els.map((e) => e.textContent).join('\n'));
      assert.doesNotMatch(graph, PLACEHOLDER, 'no {q1} in the graph\'s names');
      const gap = await page.innerText('.answer-gap');
      assert.ok(gap.includes(missing.question), `the gap line names the missing part: ${gap}`);
    } finally {
      await context.close();
    }
  });

  it('superseded evidence carries a badge; others do not', async () => {
    const scope = { ...INCIDENT.scope, access: ['public'] };
    const cli = cliAsk(INCIDENT.question, scope);
    assert.ok(cli.superseded?.length, 'premise: the CLI report lists superseded evidence');
    const { context, page } = await open('?' + new URLSearchParams({ q: INCIDENT.question, access: 'public', env: scope.environment, today: '' }));
    try {
      await page.waitForSelector('#results:not([hidden])');
      const items = await page.$$eval('.evidence-item', (els) => els.map((e) => ({
        id: e.dataset.passageId, badge: e.querySelector('.superseded-badge')?.textContent ?? null,
      })));
      assert.ok(items.length > 0);
      for (const { id, badge } of items) {
        assert.equal(badge, cli.superseded.includes(id) ? 'superseded' : null, id);
      }
      assert.ok(items.some((i) => i.badge), 'a badge is shown');
    } finally {
      await context.close();
    }
  });

  it('words and units: "where does Priya work?", Chinese durations, inline code, singular counts', async () => {
    const { context, page } = await open();
    try {
      await clickExample(page, 'personal memory');
      const text = await page.innerText('#results');
      assert.match(text, /where does Priya work\?/);
      assert.doesNotMatch(text, /\bdo Priya\b/);

      // with no user, "I" is nobody: Priya's memories do not answer
      const anon = cliAsk('where do I work?', { access: ['public'] });
      assert.ok(anon.slots.every((sl) => sl.state !== 'supported'), 'premise: the CLI finds nothing without a user');
      let before = await demoRuns(page);
      await page.fill('#scope-user', '');
      await waitForDemoRun(page, before);
      before = await demoRuns(page);
      await page.fill('#q', 'where do I work?');
      await page.click('#ask');
      await waitForDemoRun(page, before);
      assert.doesNotMatch(await page.innerText('#answer'), /Priya|Northwind/);

      await clickExample(page, 'travel deadlines 2026 vs 2025');
      const values = await page.$$eval('[data-slot-id] .value-duration', (els) => els.map((e) => e.textContent));
      assert.ok(values.length >= 2, 'premise: duration values are shown');
      for (const v of values) assert.match(v, /^\d+ 个(自然日|工作日)（.+后）$/, v);
      assert.doesNotMatch(await page.innerText('#results'), /calendar|working day|calendar_day/);

      // Markdown inline code in an answer shows as code, never as backticks
      await clickExample(page, 'incident multi-hop');
      const cli = cliAsk(INCIDENT.question, urlState(page).scope);
      assert.match(cli.answer, /`[^`]+`/, 'premise: the CLI answer holds inline code');
      assert.ok((await page.$$eval('#answer code.inline-code', (els) => els.length)) >= 1);
      assert.ok(!(await page.innerText('#answer')).includes('`'), 'no backtick in the answer');
      assert.ok((await page.$$eval('#slots .passage-text code.inline-code', (els) => els.length)) >= 1, 'evidence shows code as code');

      // a one-part question in one wave: singular
      await page.click('#options > summary');
      await page.check('#opt-no-decompose');
      await page.fill('#q', 'What is the refund window for electronics?');
      before = await demoRuns(page);
      await page.click('#ask');
      await waitForDemoRun(page, before);
      assert.match(await page.innerText('#timing'), /\b1 part in 1 wave$/);
    } finally {
      await context.close();
    }
  });

  it('at 1280×800 every scope control is in view without scrolling, with an answer shown', async () => {
    const { context, page } = await open();
    try {
      await clickExample(page, 'incident multi-hop');
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const sel of ['#q', '#scope-user', 'input[name="access"][value="restricted"]', '#scope-environment', '#scope-today']) {
        const box = await page.locator(sel).boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= 800, `${sel} is in view (y=${box?.y})`);
        const clipped = await page.$eval(sel, (el) => {
          for (let p = el.parentElement; p; p = p.parentElement) {
            const o = getComputedStyle(p).overflowY;
            if ((o === 'auto' || o === 'scroll') && p.scrollHeight > p.clientHeight) return true;
          }
          return false;
        });
        assert.equal(clipped, false, `${sel} is not inside an inner scrolling box`);
      }
      const answer = await page.locator('#answer').boundingBox();
      assert.ok(answer.y < 800, 'the answer starts in view');
    } finally {
      await context.close();
    }
  });

  it('at 390 px the plan says when it scrolls, and look-alike nodes show their year', async () => {
    const { context, page } = await open('', { viewport: { width: 390, height: 844 } });
    try {
      await clickExample(page, 'travel deadlines 2026 vs 2025');
      const cli = cliAsk(TRAVEL.question, TRAVEL.scope);
      const scroller = await page.$eval('.graph-scroll', (el) => ({ wide: el.scrollWidth > el.clientWidth }));
      const note = await page.isVisible('.graph-more');
      assert.equal(note, scroller.wide, 'the scroll note shows exactly when the plan is wider than its box');
      assert.ok(scroller.wide, 'premise: this plan is wider than a 390 px screen');
      assert.ok(await page.$eval('.graph-scroll', (el) => el.tabIndex === 0), 'the scrolling plan can be scrolled from the keyboard');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'the page itself does not scroll sideways');

      const labels = Object.fromEntries(await page.$$eval('[data-node]', (els) =>
        els.map((e) => [e.dataset.node, e.querySelector('[data-constraints]')?.textContent ?? ''])));
      const same = cli.slots.filter((s) => s.constraints.year && cli.slots.some((o) => o !== s && o.question === s.question));
      assert.ok(same.length >= 2, 'premise: two parts ask the same question for different years');
      for (const s of same) assert.ok(labels[s.id].includes(s.constraints.year), `${s.id}: ${labels[s.id]}`);
      assert.equal(new Set(same.map((s) => labels[s.id])).size, same.length, 'their labels differ');
    } finally {
      await context.close();
    }
  });

  it('the server sends wasm, JS, HTML and indexes compressed when asked, and the browser receives them so', async () => {
    const wasm = readFileSync(join(WWW, 'pkg', 'slotchain_bg.wasm'));
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]]) {
      for (const path of ['pkg/slotchain_bg.wasm', 'app.js', '', 'sample.idx']) {
        const { headers, body } = await rawGet(server.url + path, { 'accept-encoding': encoding });
        assert.equal(headers['content-encoding'], encoding, `${path || '/'} as ${encoding}`);
        assert.equal(Number(headers['content-length']), body.length);
        assert.match(headers.vary ?? '', /accept-encoding/i);
        if (path === 'pkg/slotchain_bg.wasm') {
          assert.ok(decode(body).equals(wasm), `${encoding} decodes to the wasm`);
          assert.ok(body.length < wasm.length / 2, `${encoding}: ${body.length} of ${wasm.length} bytes`);
        }
      }
    }
    const plain = await rawGet(server.url + 'pkg/slotchain_bg.wasm', { 'accept-encoding': 'identity' });
    assert.equal(plain.headers['content-encoding'], undefined, 'identity: sent as it is');
    assert.ok(plain.body.equals(wasm));
    const refused = await rawGet(server.url + 'app.js', { 'accept-encoding': 'br;q=0, gzip' });
    assert.equal(refused.headers['content-encoding'], 'gzip', 'br;q=0 is refused');

    const { context, page } = await open();
    try {
      const entry = await page.evaluate(() => {
        const e = performance.getEntriesByType('resource').find((r) => r.name.endsWith('.wasm'));
        return { encoded: e.encodedBodySize, decoded: e.decodedBodySize, transfer: e.transferSize };
      });
      console.log(`# wasm over the wire: ${JSON.stringify(entry)} (file ${wasm.length} B)`);
      assert.ok(entry.encoded < wasm.length / 2, `the browser received ${entry.encoded} bytes for ${wasm.length}`);
    } finally {
      await context.close();
    }
  });
});
