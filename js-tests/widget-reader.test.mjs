// The help widget as a docs reader meets it (issue 18), in headless
// Chromium on www/docs.html: reader mode by default (no passage IDs, scores,
// slot IDs or plan until "How this was answered" is opened), answers as you
// type, a stale answer never replaces a newer one nor survives an error,
// inline code shown as code, the Astro page branded as the Astro docs and an
// unknown ?site= named. The reader's rules that need no browser (never a
// navigation-only quote) are checked in Node on components/reader.js.
// Expected parts and sources come from the release CLI over www/docs.idx.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { REPO, CLI, CHROMIUM, assertArtefacts, cliAsk, startServer, launchBrowser } from './helpers.mjs';
import { readerText } from '../www/components/reader.js';
import { isNavigation } from '../www/components/words.js';

const WWW = join(REPO, 'www');
const DOCS_IDX = join(WWW, 'docs.idx');
const BASE = 'https://docs.example.com/';
const QUESTION = 'How do I install the CLI and how do I roll back a deploy?';
const OTHER = 'How do I upgrade the agents?';

/** The CLI's report over the docs site's single-file index (default scope, as the widget). */
const cliAskDocs = (question) => cliAsk(question, undefined, { index: 'docs.idx' });

let server;
let browser;

async function openDocs(path = 'docs.html', contextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await context.route(`${BASE}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>docs</title>' }));
  await page.goto(server.url + path);
  await page.waitForFunction(() => customElements.get('slotchain-search') !== undefined);
  // every rendered answer, in order
  await page.evaluate(() => {
    window.__answers = [];
    document.addEventListener('slotchain-answer', (ev) => window.__answers.push(ev.detail.question));
  });
  return { context, page, errors };
}

const widgetText = (page, selector) => page.$eval('slotchain-search', (w, sel) => w.shadowRoot.querySelector(sel)?.innerText ?? '', selector);

async function waitForQuestion(page, question) {
  await page.waitForFunction((q) => document.querySelector('slotchain-search').dataset.question === q, question, { timeout: 30_000 });
}

describe('widget reader mode in Chromium', () => {
  before(async () => {
    assertArtefacts([join(WWW, 'docs.html'), join(WWW, 'docs', 'manifest.slc'), DOCS_IDX, CLI, CHROMIUM]);
    server = await startServer(WWW);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('typing shows the answer without Enter; readers see parts, states and "page › heading" links, no IDs or scores', async () => {
    const cli = cliAskDocs(QUESTION);
    const { context, page, errors } = await openDocs();
    try {
      await page.focus('slotchain-search input');
      await page.keyboard.type(QUESTION, { delay: 15 });
      await waitForQuestion(page, QUESTION); // no Enter was pressed

      const parts = await page.$$eval('slotchain-search [data-part]', (els) => els.map((e) => ({ id: e.dataset.part, state: e.dataset.state })));
      assert.deepEqual(parts, cli.slots.filter((s) => s.asked).map((s) => ({ id: s.id, state: s.state })), 'one reader item per part asked, states as the CLI');
      const reader = await widgetText(page, '.reader');
      assert.match(reader, /Answered/, 'the state in words');
      const links = await page.$$eval('slotchain-search a[data-citation]', (els) => els.map((a) => ({ text: a.textContent, href: a.href })));
      const evidence = new Map(cli.slots.flatMap((s) => s.evidence.map((e) => [new URL(e.url, BASE).href, e.title])));
      assert.ok(links.length >= 2);
      for (const l of links) {
        assert.equal(l.text, evidence.get(l.href), `a source link reads as its page title › heading: ${l.href}`);
        assert.match(l.text, / › /);
      }

      // what is on screen: no passage IDs, scores, slot IDs, expected types, plan
      const visible = await widgetText(page, '.panel');
      const ids = cli.slots.flatMap((s) => s.evidence.map((e) => e.passage_id));
      for (const id of ids) assert.ok(!visible.includes(id), `no passage ID on screen: ${id}`);
      assert.doesNotMatch(visible, /\bscore\b|\bexpects\b|\bq\d\b|\bretrieve\b/);
      assert.equal(await page.locator('slotchain-search svg[data-graph]').isVisible(), false, 'the plan graph is hidden');

      // opening the details shows them
      await page.click('slotchain-search details.how > summary');
      const opened = await widgetText(page, '.panel');
      assert.ok(ids.some((id) => opened.includes(id)), 'passage IDs in the details');
      assert.match(opened, /\bscore\b/);
      assert.equal(await page.locator('slotchain-search svg[data-graph]').isVisible(), true, 'the plan graph in the details');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('the details attribute opens "How this was answered"', async () => {
    const { context, page } = await openDocs();
    try {
      await page.evaluate(() => document.querySelector('slotchain-search').setAttribute('details', ''));
      await page.focus('slotchain-search input');
      await page.fill('slotchain-search input', OTHER);
      await page.press('slotchain-search input', 'Enter');
      await waitForQuestion(page, OTHER);
      assert.equal(await page.locator('slotchain-search svg[data-graph]').isVisible(), true);
      await page.evaluate(() => document.querySelector('slotchain-search').removeAttribute('details'));
      assert.equal(await page.locator('slotchain-search svg[data-graph]').isVisible(), false);
    } finally {
      await context.close();
    }
  });

  it('a stale answer never replaces a newer one, nor an error a newer answer', async () => {
    const { context, page } = await openDocs();
    try {
      await page.focus('slotchain-search input');
      await page.waitForSelector('slotchain-search[data-status="ready"]', { timeout: 30_000 });
      // hold every bundle part until both questions are in flight
      let release;
      const held = new Promise((r) => (release = r));
      await page.route('**/docs/*.slc', async (route) => {
        if (!route.request().url().endsWith('manifest.slc')) await held;
        await route.continue();
      });
      await page.fill('slotchain-search input', QUESTION);
      await page.press('slotchain-search input', 'Enter'); // the first question waits on its parts
      await page.fill('slotchain-search input', OTHER); // typing a newer one makes it stale
      await page.press('slotchain-search input', 'Enter');
      release();
      await waitForQuestion(page, OTHER);
      await page.waitForTimeout(300); // the first question's parts have arrived by now too
      assert.deepEqual(await page.evaluate(() => window.__answers), [OTHER], 'only the newest question was rendered');
      assert.equal(await page.getAttribute('slotchain-search', 'data-question'), OTHER);

      // an error after an answer: the answer goes
      await page.fill('slotchain-search input', 'z'.repeat(2500));
      await page.press('slotchain-search input', 'Enter');
      await page.waitForFunction(() => /invalid question/.test(document.querySelector('slotchain-search').shadowRoot.querySelector('[role="status"]').textContent));
      assert.equal(await page.locator('slotchain-search .reader').isVisible(), false, 'no stale answer beside the error');
    } finally {
      await context.close();
    }
  });

  it('Escape drops a question that waits on its parts: it never appears', async () => {
    const { context, page } = await openDocs();
    try {
      await page.focus('slotchain-search input');
      await page.waitForSelector('slotchain-search[data-status="ready"]', { timeout: 30_000 });
      let release;
      let held = 0;
      const parts = new Promise((r) => (release = r));
      await page.route('**/docs/*.slc', async (route) => {
        if (!route.request().url().endsWith('manifest.slc')) {
          held++;
          await parts;
        }
        await route.continue();
      });
      await page.fill('slotchain-search input', QUESTION);
      await page.press('slotchain-search input', 'Enter');
      await page.press('slotchain-search input', 'Escape');
      assert.ok(held > 0, 'premise: the question was waiting on its parts');
      release();
      await page.waitForTimeout(300); // its parts have arrived by now
      assert.deepEqual(await page.evaluate(() => window.__answers), [], 'no answer rendered');
      assert.equal(await page.$eval('slotchain-search', (w) => w.shadowRoot.querySelector('.panel').hidden), true, 'the panel stays closed');
    } finally {
      await context.close();
    }
  });

  it('inline code shows as code; the index and scope attributes work', async () => {
    const scope = { access: ['public', 'operations'], environment: 'production' };
    const question = 'Which rollback rule applies to the service that failed after the second retry?';
    const cli = cliAsk(question, scope);
    assert.match(JSON.stringify(cli.slots.map((s) => s.value)), /`[^`]+`/, 'premise: an answer holds Markdown inline code');
    const { context, page } = await openDocs();
    try {
      await page.evaluate((sc) => {
        const w = document.createElement('slotchain-search');
        w.id = 'second';
        w.setAttribute('index', './sample.idx');
        w.setAttribute('scope', JSON.stringify(sc));
        w.setAttribute('base', 'https://docs.example.com/');
        document.querySelector('main').prepend(w);
      }, scope);
      await page.focus('#second input');
      await page.fill('#second input', question);
      await page.press('#second input', 'Enter');
      await page.waitForFunction((q) => document.getElementById('second').dataset.question === q, question, { timeout: 30_000 });
      const parts = await page.$$eval('#second [data-part]', (els) => els.map((e) => e.dataset.state));
      assert.deepEqual(parts, cli.slots.filter((s) => s.asked).map((s) => s.state), 'states as the CLI under the scope attribute');
      const code = await page.$$eval('#second .reader code.inline-code', (els) => els.map((e) => e.textContent));
      assert.ok(code.length >= 1 && code.every((c) => !c.includes('`')), `code elements: ${code}`);
      assert.ok(!(await page.$eval('#second', (w) => w.shadowRoot.querySelector('.reader').innerText)).includes('`'), 'no backtick on screen');
    } finally {
      await context.close();
    }
  });

  it('docs.html?site=astro is the Astro docs; an unknown site says so', async () => {
    const astro = await openDocs('docs.html?site=astro');
    try {
      const { page } = astro;
      assert.match(await page.title(), /^Astro docs/);
      assert.equal(await page.innerText('.logo'), 'Astro docs');
      assert.match(await page.innerText('main h1'), /Astro/);
      const body = await page.innerText('main');
      assert.doesNotMatch(body, /Skiff documentation|fictional/, 'none of the fixture site\'s text');
      const tries = await page.$$eval('#try li', (els) => els.map((e) => e.textContent));
      assert.ok(tries.length >= 2 && tries.some((q) => /sitemap|Netlify|Astro|Tailwind/.test(q)), `Astro questions: ${tries}`);
      assert.equal(await page.getAttribute('slotchain-search', 'bundle'), './astro/');
      assert.equal(await page.isVisible('#site-notice'), false);
    } finally {
      await astro.context.close();
    }
    const unknown = await openDocs('docs.html?site=nosuch');
    try {
      const { page } = unknown;
      assert.equal(await page.isVisible('#site-notice'), true);
      assert.match(await page.innerText('#site-notice'), /no site called “nosuch”/);
      assert.equal(await page.getAttribute('slotchain-search', 'bundle'), './docs/');
    } finally {
      await unknown.context.close();
    }
  });
});

describe('reader rules (components/reader.js, words.js)', () => {
  const part = (value, text) => ({
    id: 'q1', kind: 'retrieve', state: 'supported', asked: true, question: 'How do I use environment variables?',
    value, evidence: [{ passage_id: 'p', title: 'T › H', url: 'https://x.test/#h', score: 1, span: {}, text }],
  });

  it('a quote that only links elsewhere is never the quote', () => {
    const text = 'See how to access the runtime for environment variables. Environment variables are read with import.meta.env in your code.';
    const slot = part({ type: 'passage', passage_id: 'p', text: 'See how to access the runtime for environment variables.' }, text);
    assert.equal(readerText(slot, [slot], false), 'Environment variables are read with import.meta.env in your code.');
    const onlyLinks = part({ type: 'passage', passage_id: 'p', text: 'More details from Netlify on deploys.' }, 'More details from Netlify on deploys. Read more in the guide.');
    assert.equal(readerText(onlyLinks, [onlyLinks], false), null, 'no quote rather than a link');
    const content = part({ type: 'passage', passage_id: 'p', text: 'Run npm install to add it.' }, 'Run npm install to add it.');
    assert.equal(readerText(content, [content], false), 'Run npm install to add it.');
  });

  it('navigation sentences are told from content', () => {
    for (const nav of ['See the deployment guide.', 'More details from Netlify on build hooks.', 'For more information, see Routing.',
      'Read more about islands.', 'Learn more in the API reference.', '详见部署指南。', '在我们的 Netlify 部署指南 中学习如何部署你的 Astro 网站。', '']) {
      assert.equal(isNavigation(nav), true, nav);
    }
    for (const content of ['Set runtime variables with skiff env set.', 'Seeds are planted in spring.', 'The CLI talks to agents on port 7420.',
      'Formore is a word nobody uses.', '境内报销单经审批后5个工作日内付款。']) {
      assert.equal(isNavigation(content), false, content);
    }
  });
});
