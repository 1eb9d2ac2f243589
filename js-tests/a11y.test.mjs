// Accessibility and the screenshots of issue 18, in headless Chromium.
// axe-core (node_modules/axe-core) runs inside each page state and the test
// fails on any serious or critical violation: the demo (first view, every
// example, dark mode, a phone screen) and the docs page with its widget
// (closed, answered in reader mode, details open; light and dark; the Astro
// page too when `make demo` built its bundle). Each page in reader mode is
// also photographed in light and dark at 1280×800 and 390×844 into
// test-results/screens/; UPDATE_SCREENSHOT=1 copies them to docs/screens/
// (and the README's docs/screenshot.png), which are checked in.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  REPO, CHROMIUM, INDEX_FILES, assertArtefacts, startServer, launchBrowser, seriousViolations, clickDemoExample,
} from './helpers.mjs';
import { EXAMPLES } from '../www/examples.js';

const WWW = join(REPO, 'www');
const SHOTS = join(REPO, 'test-results', 'screens');
const DOCS_SHOTS = join(REPO, 'docs', 'screens');
const SIZES = [[1280, 800], [390, 844]];
const SCHEMES = ['light', 'dark'];
const DOCS_QUESTION = 'How do I install the CLI and how do I roll back a deploy?';
const ASTRO_QUESTION = 'How do I add a sitemap and how do I deploy to Netlify?';

let server;
let browser;

async function open(path, { scheme = 'light', width = 1280, height = 800 } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(server.url + path);
  return { context, page };
}

async function demoReady(page) {
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
}

const clickExample = (page, ex) => clickDemoExample(page, ex.label);

async function askWidget(page, question) {
  await page.focus('slotchain-search input');
  await page.fill('slotchain-search input', question);
  await page.press('slotchain-search input', 'Enter');
  await page.waitForFunction((q) => document.querySelector('slotchain-search').dataset.question === q, question, { timeout: 30_000 });
}

async function assertAccessible(page, state) {
  const found = await seriousViolations(page);
  assert.deepEqual(found, [], `${state}: axe-core found serious or critical violations`);
}

async function shoot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path });
  assert.ok(statSync(path).size > 10_000, `${name}: the screenshot has content`);
  if (process.env.UPDATE_SCREENSHOT === '1') {
    mkdirSync(DOCS_SHOTS, { recursive: true });
    copyFileSync(path, join(DOCS_SHOTS, `${name}.png`));
  }
}

describe('accessibility (axe-core) and screenshots in Chromium', () => {
  before(async () => {
    assertArtefacts([join(WWW, 'index.html'), join(WWW, 'docs.html'), join(WWW, 'docs', 'manifest.slc'), ...INDEX_FILES, CHROMIUM]);
    server = await startServer(WWW);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('demo: the first view and every example, light and dark, have no serious violations', async () => {
    for (const scheme of SCHEMES) {
      const { context, page } = await open('', { scheme });
      try {
        await demoReady(page);
        await assertAccessible(page, `demo first view (${scheme})`);
        for (const ex of EXAMPLES) {
          await clickExample(page, ex);
          await assertAccessible(page, `demo example "${ex.id}" (${scheme})`);
        }
      } finally {
        await context.close();
      }
    }
  });

  it('demo on a phone: first view and an answer with its plan, no serious violations', async () => {
    const { context, page } = await open('', { width: 390, height: 844 });
    try {
      await demoReady(page);
      await assertAccessible(page, 'demo first view (390 px)');
      await clickExample(page, EXAMPLES.find((ex) => ex.id === 'travel deadlines 2026 vs 2025'));
      await assertAccessible(page, 'demo travel example (390 px)');
    } finally {
      await context.close();
    }
  });

  it('docs page: closed, answered (reader mode) and with the details open, light and dark', async () => {
    for (const scheme of SCHEMES) {
      const { context, page } = await open('docs.html', { scheme });
      try {
        await page.waitForFunction(() => customElements.get('slotchain-search') !== undefined);
        await assertAccessible(page, `docs page closed (${scheme})`);
        await askWidget(page, DOCS_QUESTION);
        await assertAccessible(page, `docs page answered (${scheme})`);
        await page.click('slotchain-search details.how > summary');
        await assertAccessible(page, `docs page with the details open (${scheme})`);
      } finally {
        await context.close();
      }
    }
  });

  it('the Astro docs page, closed and answered (when make demo built www/astro/)', async (t) => {
    if (!existsSync(join(WWW, 'astro', 'manifest.slc'))) {
      t.skip('www/astro/ not built (make demo-site builds it from ../shared/data)');
      return;
    }
    const { context, page } = await open('docs.html?site=astro');
    try {
      await page.waitForFunction(() => customElements.get('slotchain-search') !== undefined);
      await assertAccessible(page, 'Astro docs closed');
      await askWidget(page, ASTRO_QUESTION);
      await assertAccessible(page, 'Astro docs answered');
    } finally {
      await context.close();
    }
  });

  it('screenshots: each page answered, light and dark, 1280×800 and 390×844', async () => {
    const incident = EXAMPLES.find((ex) => ex.id === 'incident multi-hop');
    const travel = EXAMPLES.find((ex) => ex.id === 'travel deadlines 2026 vs 2025');
    for (const scheme of SCHEMES) {
      for (const [width, height] of SIZES) {
        const size = `${width}x${height}`;
        const demo = await open('', { scheme, width, height });
        try {
          await demoReady(demo.page);
          await clickExample(demo.page, incident);
          if (width < 900) await demo.page.locator('#answer').scrollIntoViewIfNeeded();
          await shoot(demo.page, `demo-${scheme}-${size}`);
        } finally {
          await demo.context.close();
        }
        const docs = await open('docs.html', { scheme, width, height });
        try {
          await askWidget(docs.page, DOCS_QUESTION);
          await shoot(docs.page, `docs-${scheme}-${size}`);
        } finally {
          await docs.context.close();
        }
      }
    }
    // the README's headline picture: the travel question, whole page
    const { context, page } = await open('', { width: 1280, height: 800 });
    try {
      await demoReady(page);
      await clickExample(page, travel);
      mkdirSync(SHOTS, { recursive: true });
      const path = join(SHOTS, 'readme.png');
      await page.screenshot({ path, fullPage: true });
      if (process.env.UPDATE_SCREENSHOT === '1') copyFileSync(path, join(REPO, 'docs', 'screenshot.png'));
    } finally {
      await context.close();
    }
  });
});
