// The <slotchain-search> help widget (www/widget/slotchain-search.js) on
// www/docs.html, over the bundle www/docs/ built by `make wasm` from the
// fixture docs site js-tests/fixtures/docs-site. Driven in headless Chromium;
// expected slot states and citation urls come from the release CLI over the
// single-file index of the same site (www/docs.idx), and the parts the page
// may fetch from the same wasm module answering over the bundle in Node.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  REPO, CLI, CHROMIUM, PKG, assertArtefacts, askBundleInNode, runCli, startServer, launchBrowser, withoutTiming,
} from './helpers.mjs';

const WWW = join(REPO, 'www');
const DOCS_IDX = join(WWW, 'docs.idx');
const DOCS_BUNDLE = join(WWW, 'docs');
const BASE = 'https://docs.example.com/'; // the widget's `base` attribute in docs.html
const QUESTION = 'How do I install the CLI and how do I roll back a deploy?';
const INTERNAL_PAGE = join(REPO, 'js-tests', 'fixtures', 'docs-site', 'internal', 'on-call.md');
const INTERNAL_SENTENCE = 'The staff break-glass passphrase for the production agents is kept in the orange binder in room 4B.';

/** `slotchain ask -i www/docs.idx QUESTION` → parsed report (default scope, as the widget). */
function cliAskDocs(question) {
  const res = runCli(['ask', '-i', DOCS_IDX, question]);
  if (res.status !== 0) throw new Error(`CLI exited ${res.status}: ${res.stderr.trim()}`);
  return JSON.parse(res.stdout);
}

/**
 * The reader's documented source rule: per part asked that was answered or
 * found unconfirmed, the first 3 distinct evidence urls (a comparison's or
 * computation's from the parts it read), in part order.
 */
function expectedCitations(report) {
  const out = [];
  for (const sl of report.slots.filter((s) => s.asked && (s.state === 'supported' || s.state === 'unresolved'))) {
    const from = ['compare', 'compute'].includes(sl.kind) ? report.slots.filter((s) => sl.depends_on.includes(s.id)) : [sl];
    const urls = [...new Set(from.flatMap((s) => s.evidence).filter((e) => e.url).map((e) => new URL(e.url, BASE).href))];
    out.push(...urls.slice(0, 3));
  }
  return out;
}

let server;
let browser;

async function openDocs(contextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  const page = await context.newPage();
  const events = { errors: [], requests: [] };
  page.on('pageerror', (e) => events.errors.push(e.message));
  page.on('request', (r) => events.requests.push(r.url()));
  // the fixture site's pages "live" on docs.example.com: answer them locally
  await context.route(`${BASE}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>docs page</title>' }));
  await page.goto(server.url + 'docs.html');
  await page.waitForFunction(() => customElements.get('slotchain-search') !== undefined);
  return { context, page, events };
}

const fetched = (events, re) => events.requests.filter((u) => re.test(new URL(u).pathname));

async function ask(page, question) {
  const before = Number((await page.getAttribute('slotchain-search', 'data-runs')) ?? 0);
  await page.fill('slotchain-search input[type="search"]', question); // CSS selectors pierce open shadow roots
  await page.press('slotchain-search input[type="search"]', 'Enter');
  await page.waitForFunction(
    ([n, q]) => {
      const w = document.querySelector('slotchain-search');
      return Number(w.dataset.runs ?? 0) > n && w.dataset.question === q;
    },
    [before, question],
    { timeout: 30_000 },
  ).catch(async (err) => {
    const status = await page.evaluate(() => document.querySelector('slotchain-search').shadowRoot.querySelector('.status')?.textContent);
    throw new Error(`the widget rendered no report (${status}): ${err.message}`);
  });
}

/** Text of the page including the widget's shadow root. */
const allText = (page) => page.evaluate(() =>
  document.body.innerText + '\n' + [...document.querySelectorAll('slotchain-search')].map((w) => w.shadowRoot.textContent).join('\n'));

/** The id / data-citation of the element focused inside the widget. */
const focusedInWidget = (page) => page.evaluate(() => {
  const w = document.querySelector('slotchain-search');
  if (document.activeElement !== w) return null;
  const el = w.shadowRoot.activeElement;
  return el ? { tag: el.tagName.toLowerCase(), citation: el.dataset.citation ?? null, href: el.getAttribute('href') } : null;
});

describe('help widget <slotchain-search> in Chromium', () => {
  before(async () => {
    assertArtefacts([
      join(WWW, 'docs.html'), join(WWW, 'widget', 'slotchain-search.js'),
      join(WWW, 'pkg', 'slotchain.js'), join(WWW, 'pkg', 'slotchain_bg.wasm'),
      DOCS_IDX, join(DOCS_BUNDLE, 'manifest.slc'), CLI, CHROMIUM, join(REPO, 'node_modules', 'playwright-core', 'package.json'),
    ]);
    server = await startServer(WWW);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('loads nothing until first focus; `/` fetches the wasm and the manifest once, later questions reuse them', async () => {
    const { context, page, events } = await openDocs();
    try {
      await page.waitForLoadState('networkidle');
      assert.deepEqual(fetched(events, /\.wasm$/), [], 'no .wasm request before focus');
      assert.deepEqual(fetched(events, /\.slc$/), [], 'no bundle file requested before focus');
      assert.deepEqual(fetched(events, /\/pkg\//), [], 'not even the wasm-bindgen glue');
      assert.equal(await page.getAttribute('slotchain-search', 'data-status'), 'idle');

      // hold the index back a moment so the loading state can be seen
      let release;
      const held = new Promise((r) => (release = r));
      await page.route('**/manifest.slc', async (route) => {
        await held;
        await route.continue();
      });
      await page.keyboard.press('/');
      assert.equal((await focusedInWidget(page))?.tag, 'input', '`/` focuses the search field');
      assert.equal(await page.getAttribute('slotchain-search', 'data-status'), 'loading');
      assert.match(await page.$eval('slotchain-search', (w) => w.shadowRoot.querySelector('[role="status"]').innerText), /loading…/i,
        'a visible loading state');
      release();
      assert.equal(await page.inputValue('slotchain-search input'), '', 'the `/` is not typed into the field');
      await page.waitForSelector('slotchain-search[data-status="ready"]', { timeout: 30_000 });
      assert.equal(fetched(events, /\.wasm$/).length, 1, 'the wasm fetched once');
      assert.equal(fetched(events, /manifest\.slc$/).length, 1, 'the manifest fetched once');

      await ask(page, QUESTION);
      await ask(page, 'How do I upgrade the agents?');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Tab'); // leave and come back: the focus handler runs again
      await page.focus('slotchain-search input');
      await ask(page, QUESTION);
      assert.equal(fetched(events, /\.wasm$/).length, 1, 'still one wasm request after three questions');
      assert.equal(fetched(events, /manifest\.slc$/).length, 1, 'still one manifest request after three questions');
      const parts = fetched(events, /\/docs\/[tpei]\d+-[0-9a-f]{8}\.slc$/);
      assert.equal(new Set(parts).size, parts.length, `no part fetched twice: ${parts.join(' ')}`);
      assert.deepEqual(events.errors, []);
    } finally {
      await context.close();
    }
  });

  it('after a trap, the widget drops that wasm instance, re-creates its engine and answers', async () => {
    const { context, page, events } = await openDocs();
    try {
      await page.keyboard.press('/');
      await ask(page, QUESTION);
      // The engine's next call traps, as a bug in the module would.
      await page.evaluate(() => {
        const w = document.querySelector('slotchain-search');
        window.__trapped = w._engine;
        w._engine.neededChunks = () => { throw new WebAssembly.RuntimeError('unreachable'); };
      });
      const second = 'How do I upgrade the agents?';
      await ask(page, second);
      assert.ok(await page.evaluate(() => {
        const w = document.querySelector('slotchain-search');
        return w._engine !== null && w._engine !== window.__trapped;
      }), 'a new engine');
      const glue = fetched(events, /\/pkg\/slotchain\.js$/).map((u) => new URL(u).search);
      assert.deepEqual(glue, ['', '?instance=1'], 'the glue imported again: a fresh module instance');
      assert.equal(await page.getAttribute('slotchain-search', 'data-status'), 'ready');
      assert.equal(await page.getAttribute('slotchain-search', 'data-question'), second);
      assert.ok((await page.$$eval('slotchain-search [data-slot-id]', (els) => els.length)) > 0, 'the report is shown');
      // A question that is only refused (no trap) keeps the engine.
      const kept = await page.evaluate(() => { window.__kept = document.querySelector('slotchain-search')._engine; return true; });
      assert.ok(kept);
      await page.fill('slotchain-search input[type="search"]', 'x'.repeat(3000));
      await page.press('slotchain-search input[type="search"]', 'Enter');
      await page.waitForFunction(() => /invalid question/.test(document.querySelector('slotchain-search').shadowRoot.querySelector('[role="status"]')?.textContent ?? ''));
      assert.ok(await page.evaluate(() => document.querySelector('slotchain-search')._engine === window.__kept), 'same engine after a refusal');
      assert.deepEqual(events.errors, []);
    } finally {
      await context.close();
    }
  });

  it('`/` typed into another field stays there', async () => {
    const { context, page } = await openDocs();
    try {
      await page.evaluate(() => document.querySelector('main').append(Object.assign(document.createElement('input'), { id: 'other' })));
      await page.focus('#other');
      await page.keyboard.type('a/b');
      assert.equal(await page.inputValue('#other'), 'a/b');
      assert.equal(await page.getAttribute('slotchain-search', 'data-status'), 'idle', 'the widget did not load');
    } finally {
      await context.close();
    }
  });

  it('a two-part question: slot states as the CLI, citations to the evidence urls with #anchors', async () => {
    const expected = cliAskDocs(QUESTION);
    assert.equal(expected.slots.length, 2, 'premise: the CLI splits the question into two slots');
    const { context, page, events } = await openDocs();
    try {
      await page.keyboard.press('/');
      await ask(page, QUESTION);
      const slots = await page.$$eval('slotchain-search [data-slot-id]', (els) =>
        els.map((e) => ({ id: e.dataset.slotId, state: e.dataset.state })));
      assert.deepEqual(slots, expected.slots.map((s) => ({ id: s.id, state: s.state })),
        'one status element per slot with the CLI state');

      const hrefs = await page.$$eval('slotchain-search a[data-citation]', (els) => els.map((a) => a.href));
      assert.deepEqual(hrefs, expectedCitations(expected), 'citations: the CLI evidence urls, resolved against base');
      assert.ok(hrefs.includes(`${BASE}rollback/#roll-back-a-deploy`), `rollback section cited: ${hrefs.join(' ')}`);
      assert.ok(hrefs.some((u) => u.startsWith(`${BASE}install/#`)), `an install section cited: ${hrefs.join(' ')}`);

      // every [passage-id] chip of the answer links to that passage's url
      const chips = await page.$$eval('slotchain-search .answer a.cite', (els) => els.map((a) => [a.dataset.cite, a.href]));
      assert.ok(chips.length >= 2, 'the answer cites both parts');
      const urlOf = new Map(expected.slots.flatMap((s) => s.evidence.map((e) => [e.passage_id, new URL(e.url, BASE).href])));
      for (const [id, href] of chips) assert.equal(href, urlOf.get(id), `chip ${id}`);

      // one graph node per slot; the answer text is the CLI's
      const nodes = await page.$$eval('slotchain-search svg[data-graph] [data-node]', (els) => els.map((e) => e.getAttribute('data-node')));
      assert.deepEqual(nodes.sort(), expected.slots.map((s) => s.id).sort());
      const answer = await page.$eval('slotchain-search .answer', (el) => el.textContent);
      for (const line of expected.answer.split('\n').filter(Boolean)) {
        assert.ok(answer.includes(line.replace(/\[[^\]]+\]/g, '').trim().slice(0, 40)), `answer shows: ${line}`);
      }
      // passage text is text: the evidence blockquotes hold no elements but <mark> and inline <code>
      const tags = await page.$$eval('slotchain-search .passage-text *', (els) => [...new Set(els.map((e) => e.tagName))]);
      assert.deepEqual(tags.filter((t) => t !== 'MARK' && t !== 'CODE'), []);
      assert.deepEqual(events.errors, []);
    } finally {
      await context.close();
    }
  });

  it('network log: a question fetches only the parts it reads, the same ones the engine reads in Node', async () => {
    const glue = await import(pathToFileURL(join(PKG, 'slotchain.js')).href);
    glue.initSync({ module: readFileSync(join(PKG, 'slotchain_bg.wasm')) });
    const node = await askBundleInNode(glue.Engine, DOCS_BUNDLE, QUESTION);
    assert.deepEqual(withoutTiming(JSON.parse(JSON.stringify(node.report))), withoutTiming(cliAskDocs(QUESTION)),
      'premise: the bundle answers as the single-file index');
    const total = readdirSync(DOCS_BUNDLE).filter((f) => f !== 'manifest.slc').length;
    const { context, page, events } = await openDocs();
    try {
      await page.keyboard.press('/');
      await ask(page, QUESTION);
      const bundleFiles = events.requests.filter((u) => new URL(u).pathname.startsWith('/docs/')).map((u) => new URL(u).pathname.slice('/docs/'.length));
      const parts = bundleFiles.filter((f) => f !== 'manifest.slc');
      assert.deepEqual(parts.sort(), [...node.names].sort(), 'the page fetched exactly the parts the engine read');
      assert.ok(parts.length < total, `only some parts: ${parts.length} of ${total}`);
      assert.equal(fetched(events, /docs\.idx$/).length, 0, 'the single-file index is not fetched');
      // a second question fetches only what it adds
      await ask(page, 'How do I upgrade the agents?');
      const after = events.requests.filter((u) => /\/docs\/.*\.slc$/.test(new URL(u).pathname)).length;
      assert.equal(new Set(events.requests).size, events.requests.length, 'no URL requested twice');
      assert.ok(after >= bundleFiles.length);
      assert.deepEqual(events.errors, []);
    } finally {
      await context.close();
    }
  });

  it('keyboard: ArrowDown/ArrowUp move through the citations, Escape clears and closes, Enter follows a citation', async () => {
    const { context, page, events } = await openDocs();
    try {
      await page.keyboard.press('/');
      await ask(page, QUESTION);
      const hrefs = await page.$$eval('slotchain-search a[data-citation]', (els) => els.map((a) => a.href));
      assert.ok(hrefs.length >= 2);

      await page.keyboard.press('ArrowDown');
      assert.equal((await focusedInWidget(page))?.citation, '0', 'ArrowDown: first citation focused');
      await page.keyboard.press('ArrowDown');
      assert.equal((await focusedInWidget(page))?.citation, '1', 'ArrowDown: second citation');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      assert.equal((await focusedInWidget(page))?.tag, 'input', 'ArrowUp from the first citation: back to the field');

      // focus is visible on a citation
      await page.keyboard.press('ArrowDown');
      const outline = await page.evaluate(() => {
        const el = document.querySelector('slotchain-search').shadowRoot.activeElement;
        return el.matches(':focus-visible') ? getComputedStyle(el).outlineStyle : 'none';
      });
      assert.notEqual(outline, 'none', 'the focused citation shows an outline');

      await page.keyboard.press('Escape');
      assert.equal(await page.inputValue('slotchain-search input'), '', 'Escape clears the field');
      assert.equal(await page.$eval('slotchain-search', (w) => w.shadowRoot.querySelector('.panel').hidden), true, 'Escape closes the panel');
      assert.equal((await focusedInWidget(page))?.tag, 'input', 'focus returns to the field');

      await ask(page, QUESTION);
      await page.keyboard.press('ArrowDown');
      await Promise.all([page.waitForURL(hrefs[0], { timeout: 10_000 }), page.keyboard.press('Enter')]);
      assert.equal(page.url(), hrefs[0], 'Enter on a citation follows its url');
      assert.deepEqual(events.errors, []);
    } finally {
      await context.close();
    }
  });

  it('the access: internal page never reaches docs.idx or the page', async () => {
    assert.ok(readFileSync(INTERNAL_PAGE, 'utf8').includes(INTERNAL_SENTENCE), 'premise: the fixture page holds the sentence');
    const bytes = readFileSync(DOCS_IDX);
    for (const needle of [INTERNAL_SENTENCE, 'orange binder', 'break-glass', 'On-call handbook']) {
      assert.equal(bytes.indexOf(Buffer.from(needle, 'utf8')), -1, `docs.idx does not contain "${needle}"`);
    }
    const question = 'Where is the break-glass passphrase for the production agents kept?';
    assert.doesNotMatch(JSON.stringify(cliAskDocs(question)), /orange binder|on-call/i, 'premise: the CLI cannot see it either');
    const { context, page } = await openDocs();
    try {
      await page.keyboard.press('/');
      await ask(page, question);
      const text = await allText(page);
      assert.ok(!text.includes(INTERNAL_SENTENCE) && !/orange binder/i.test(text), 'the sentence is not on the page');
      const links = await page.$$eval('slotchain-search a', (els) => els.map((a) => a.href));
      assert.ok(!links.some((u) => /internal|on-call/.test(u)), `no link to the internal page: ${links.join(' ')}`);
    } finally {
      await context.close();
    }
  });

  it('shadow DOM: page styles do not reach in, widget styles do not leak out; theming via custom properties', async () => {
    // bypassCSP: the page's CSP (style-src 'self') would block the injected <style>
    const { context, page } = await openDocs({ bypassCSP: true });
    try {
      await page.keyboard.press('/');
      await ask(page, QUESTION);
      const citeColour = () => page.$eval('slotchain-search a[data-citation]', (a) => getComputedStyle(a).color);
      const before = await citeColour();
      await page.addStyleTag({ content: 'a { color: rgb(255, 0, 0) }' });
      const pageLink = await page.$eval('main a', (a) => getComputedStyle(a).color);
      assert.equal(pageLink, 'rgb(255, 0, 0)', 'premise: the page style applies to the page');
      const after = await citeColour();
      assert.notEqual(after, 'rgb(255, 0, 0)', 'the citation is not red');
      assert.equal(after, before, 'the citation colour is unchanged');

      // the widget's classes (.sources, .cite, .panel) style nothing outside it
      const outside = await page.evaluate(() => {
        const el = document.createElement('span');
        el.className = 'cite panel sources';
        document.body.append(el);
        const cs = getComputedStyle(el);
        return { border: cs.borderTopStyle, position: cs.position };
      });
      assert.deepEqual(outside, { border: 'none', position: 'static' });

      await page.addStyleTag({ content: 'slotchain-search { --slotchain-accent: rgb(0, 128, 0) }' });
      assert.equal(await citeColour(), 'rgb(0, 128, 0)', '--slotchain-accent themes the citations');
    } finally {
      await context.close();
    }
  });
});
