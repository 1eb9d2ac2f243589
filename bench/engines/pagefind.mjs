// Pagefind: indexed by its Node API (createIndex, addCustomRecord per passage
// with url '/'+encodeURIComponent(id), content = text, meta.title, language
// 'en'; writeFiles writes the bundle; the Rust indexing binary ships in the npm
// package @pagefind/linux-x64). Searched where it is meant to run: pagefind.js
// + its wasm in headless Chromium (/usr/bin/chromium through playwright-core),
// the bundle served from 127.0.0.1 by a tiny static server that counts bytes.
//
// Build time includes writeFiles (that is where Pagefind builds its index).
// Latency is timed inside the page around `await pagefind.search(q)` (warm:
// after one untimed pass has fetched the chunks); the ranked ids come from
// result.data() (fragment fetch, untimed). The on-disk bundle is already
// gzip-compressed by Pagefind.
import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join, extname, normalize } from 'node:path';
import { InputError, walk } from '../lib/common.mjs';

export const name = 'pagefind';
export const pkg = 'pagefind';
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROME_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let pagefindApi;
let index;
let outDir;
let server;
let served = 0;
let browser;
let page;
let cdp;

export async function build(passages, { dir }) {
  pagefindApi = await import('pagefind');
  const created = await pagefindApi.createIndex({});
  if (!created.index) throw new Error(`pagefind createIndex: ${created.errors.join('; ')}`);
  index = created.index;
  const BATCH = 500;
  for (let i = 0; i < passages.length; i += BATCH) {
    const rs = await Promise.all(passages.slice(i, i + BATCH).map((p) => index.addCustomRecord({
      url: '/' + encodeURIComponent(p.id),
      content: p.text,
      language: 'en',
      meta: { title: p.title || p.id },
    })));
    for (const r of rs) if (r.errors?.length) throw new Error(`pagefind addCustomRecord: ${r.errors.join('; ')}`);
  }
  outDir = join(dir, 'pagefind');
  const w = await index.writeFiles({ outputPath: outDir });
  if (w.errors?.length) throw new Error(`pagefind writeFiles: ${w.errors.join('; ')}`);
  await pagefindApi.close();
}

/** The files a search needs: the runtime (pagefind.js, wasm), entry, meta, index chunks, fragments. UI files excluded. */
export function serialize(dir) {
  return walk(join(dir, 'pagefind')).filter((f) => !/pagefind-(ui|component-ui|modular-ui|highlight)|\.css$/.test(f));
}
export function runtimeFiles(files) {
  return files.filter((f) => /pagefind(-worker)?\.js$|\.pagefind$|wasm\./.test(f));
}

const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.html': 'text/html' };

function startServer(root) {
  return new Promise((resolve) => {
    server = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (path === '/' || path === '/index.html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><meta charset="utf-8"><title>pagefind bench</title>');
        return;
      }
      const file = normalize(join(root, path));
      if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
        res.writeHead(404);
        res.end();
        return;
      }
      const body = readFileSync(file);
      served += body.length;
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'max-age=3600' });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => resolve(server.address().port));
  });
}

let base;
export async function read(dir) {
  if (!existsSync(CHROMIUM)) throw new InputError(`chromium not found at ${CHROMIUM} (make tools installs it)`);
  const { chromium } = await import('playwright-core');
  const port = await startServer(dir);
  base = `http://127.0.0.1:${port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS });
  return null;
}

async function newPage() {
  const ctx = await browser.newContext();
  const p = await ctx.newPage();
  await p.goto(base + '/');
  return p;
}

async function heap() {
  await cdp.send('HeapProfiler.collectGarbage');
  const u = await cdp.send('Runtime.getHeapUsage');
  return u.usedSize;
}

/** Returns the in-page init time (ms); also records the JS heap delta. */
export async function load() {
  page = await newPage();
  cdp = await page.context().newCDPSession(page);
  const before = await heap();
  const ms = await page.evaluate(async () => {
    const t0 = performance.now();
    window.pf = await import('/pagefind/pagefind.js');
    await window.pf.options({ basePath: '/pagefind/' });
    await window.pf.init();
    return performance.now() - t0;
  });
  load.heapDelta = (await heap()) - before;
  return ms;
}

/** Runs the queries in the page: one untimed pass, then `passes` timed ones; returns {times, ids}. */
export async function timedQueries(queries, k, passes) {
  return page.evaluate(async ({ queries, k, passes }) => {
    const ids = [];
    for (const q of queries) {
      const s = await window.pf.search(q);
      const data = await Promise.all(s.results.slice(0, k).map((r) => r.data()));
      ids.push(data.map((d) => decodeURIComponent(d.url.replace(/^\//, '').replace(/\/$/, ''))));
    }
    const times = [];
    for (let p = 0; p < passes; p++) {
      for (const q of queries) {
        const t0 = performance.now();
        await window.pf.search(q);
        times.push(performance.now() - t0);
      }
    }
    return { times, ids };
  }, { queries, k, passes });
}

/** Bytes fetched by a cold page (empty cache) for init + one search + its top-k fragments; one value per query. */
export async function coldBytes(queries, k) {
  const out = [];
  for (const q of queries) {
    const p = await newPage();
    const start = served;
    await p.evaluate(async ({ q, k }) => {
      const pf = await import('/pagefind/pagefind.js');
      await pf.options({ basePath: '/pagefind/' });
      const s = await pf.search(q);
      await Promise.all(s.results.slice(0, k).map((r) => r.data()));
    }, { q, k });
    out.push(served - start);
    await p.context().close();
  }
  return out;
}

export function memoryNote() {
  return load.heapDelta;
}

export async function close() {
  if (browser) await browser.close();
  if (server) server.close();
}
