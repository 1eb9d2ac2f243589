// The npm package `slotchain` as a site's build uses it, with no Rust
// toolchain: pack it (package/build.mjs), install the tarball into an empty
// project whose PATH holds node and npm but no cargo or rustc, index a built
// fixture site with `npx slotchain index … --bundle` (the CLI compiled to
// WASI), serve the site and ask the widget a two-part question in Chromium.
// Also: the tarball holds only what a site needs, the WASI bundle is the
// native CLI's byte for byte, and the Node API answers from it; and when
// `make generator-sites` has built it, the widget on the mkdocs-material site.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { REPO, CLI, PKG, assertArtefacts, runCli, startServer, launchBrowser } from './helpers.mjs';

const TARGET = process.env.CARGO_TARGET_DIR ? resolve(REPO, process.env.CARGO_TARGET_DIR) : join(REPO, 'target');
const WASI_CLI = join(TARGET, 'wasm32-wasip1', 'release', 'slotchain.wasm');
const SITE = join(REPO, 'js-tests', 'fixtures', 'package-site');
/** The docs fixture as mkdocs-material builds it (tests/fixtures/generators/build.sh). */
const MKDOCS = join(TARGET, 'tmp', 'generators', 'mkdocs');
const QUESTION = 'Which port does the agent listen on for health checks, and how do I roll back a deploy?';
/** Chrome of the fixture pages: none of it may reach a passage. */
const CHROME = ['Skip to main content', 'menu', 'footer', 'Next: Deploy', 'On this page', 'Draft:', '¶'];

/** What a site needs, and all the tarball may hold. */
const ALLOWED = /^package\/(package\.json|README\.md|bin\/[^/]+\.js|node\/[^/]+\.(js|d\.ts)|wasi\/slotchain\.wasm|pkg\/.+|widget\/[^/]+\.js|components\/[^/]+\.css)$/;

function sh(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (res.error) throw res.error;
  return res;
}

/** A PATH of node, npm and npx (linked into `dir`) and the system directories, checked to hold no cargo or rustc. */
function pathWithoutRust(dir) {
  mkdirSync(dir);
  for (const tool of ['node', 'npm', 'npx']) {
    const found = sh('sh', ['-c', `command -v ${tool}`]).stdout.trim();
    assert.ok(found, `${tool} is on this machine's PATH`);
    symlinkSync(found, join(dir, tool));
  }
  const path = [dir, '/usr/bin', '/bin'].join(delimiter);
  for (const d of path.split(delimiter)) {
    for (const tool of ['cargo', 'rustc', 'rustup']) assert.ok(!existsSync(join(d, tool)), `${tool} in ${d}`);
  }
  return path;
}

/** Every file below `dir`, relative, sorted. */
const filesBelow = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name).slice(dir.length + 1))
    .sort();

describe('npm package: npx slotchain with no Rust toolchain, and the widget on a built site', () => {
  let tmp;
  let tgz;
  let project;
  let env;

  before(() => {
    assertArtefacts([join(PKG, 'slotchain_bg.wasm'), join(PKG, 'package.json'), WASI_CLI, CLI]);
    tmp = mkdtempSync(join(tmpdir(), 'slotchain-package-'));
    const built = sh(process.execPath, [join(REPO, 'package', 'build.mjs'), '--out', join(tmp, 'pack')], { cwd: REPO });
    assert.equal(built.status, 0, built.stderr);
    tgz = readdirSync(join(tmp, 'pack')).filter((f) => f.endsWith('.tgz')).map((f) => join(tmp, 'pack', f))[0];
    assert.ok(tgz, `a tarball in ${join(tmp, 'pack')}: ${built.stdout}`);

    project = join(tmp, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "name": "a-site", "private": true, "type": "module" }\n');
    cpSync(SITE, join(project, 'public'), { recursive: true });
    env = {
      PATH: pathWithoutRust(join(tmp, 'bin')),
      HOME: process.env.HOME ?? tmp,
      npm_config_cache: join(tmp, 'npm-cache'),
      npm_config_update_notifier: 'false',
    };
    const installed = sh('npm', ['install', '--offline', '--no-audit', '--no-fund', tgz], { cwd: project, env });
    assert.equal(installed.status, 0, installed.stderr);
  });

  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('the tarball holds only what a site needs', () => {
    const listed = sh('tar', ['-tzf', tgz]).stdout.trim().split('\n');
    const stray = listed.filter((f) => !ALLOWED.test(f) || /test|fixture|docs-page|demo|\.map$/i.test(f));
    assert.deepEqual(stray, []);
    for (const need of ['package/bin/slotchain.js', 'package/node/index.js', 'package/node/index.d.ts', 'package/wasi/slotchain.wasm',
      'package/pkg/slotchain.js', 'package/pkg/slotchain.d.ts', 'package/pkg/slotchain_bg.wasm', 'package/pkg/bundle.js',
      'package/widget/slotchain-search.js', 'package/components/components.css']) {
      assert.ok(listed.includes(need), `${need} is packed`);
    }
    const widget = readFileSync(join(project, 'node_modules', 'slotchain', 'widget', 'slotchain-search.js'), 'utf8');
    assert.doesNotMatch(widget, /^\s*import\s.*from\s/m, 'the widget is one module (no static imports left)');
  });

  it('npx slotchain index writes the native CLI\'s bundle byte for byte, and the widget next to it', () => {
    const res = sh('npx', ['--offline', 'slotchain', 'index', 'public', '--bundle', '-o', 'public/_slotchain'], { cwd: project, env });
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stderr, /^indexed 4 pages → \d+ passages \(languages: en 4\), skipped 0 /m);
    assert.match(res.stderr, /copied the search widget \(\d+ files\) into public\/_slotchain/);

    const native = join(tmp, 'native');
    const n = runCli(['index', join(project, 'public'), '--bundle', '-o', native]);
    assert.equal(n.status, 0, n.stderr);
    const parts = filesBelow(native);
    assert.ok(parts.length > 5 && parts.every((f) => f.endsWith('.slc')), parts.join(' '));
    const wasi = join(project, 'public', '_slotchain');
    assert.deepEqual(filesBelow(wasi).filter((f) => f.endsWith('.slc')), parts);
    for (const f of parts) assert.ok(readFileSync(join(wasi, f)).equals(readFileSync(join(native, f))), `${f} differs`);
    for (const f of ['widget/slotchain-search.js', 'components/components.css', 'pkg/slotchain.js', 'pkg/slotchain_bg.wasm', 'pkg/bundle.js']) {
      assert.ok(existsSync(join(wasi, f)), `${f} is served next to the bundle`);
    }
    assert.ok(!filesBelow(wasi).some((f) => f.endsWith('.d.ts')), 'no type declarations are served');

    // ask: the native CLI's bytes on stdout (but the timing) and on stderr.
    const asked = sh('npx', ['--offline', 'slotchain', 'ask', '-i', 'public/_slotchain', QUESTION], { cwd: project, env });
    const nativeAsk = runCli(['ask', '-i', native, QUESTION]);
    assert.equal(asked.status, 0, asked.stderr);
    const untimed = (out) => out.replace(/"elapsed_us":\d+/, '"elapsed_us":0');
    assert.match(asked.stdout, /"elapsed_us":\d+/);
    assert.equal(untimed(asked.stdout), untimed(nativeAsk.stdout));
    assert.equal(asked.stderr, nativeAsk.stderr);
  });

  it('the Node API indexes as the CLI does, fails with the CLI\'s line, and answers with no chrome in any passage', () => {
    const script = `import { index, ask, SlotchainError } from 'slotchain/node';
      const built = await index({ inputs: ['public'], output: 'api.idx', baseUrl: '/docs/' });
      const bundle = await index({ inputs: ['public'], output: 'api-bundle', bundle: true });
      let error;
      try { await index({ inputs: ['no-such-dir'], output: 'x.idx' }); } catch (e) { error = e; }
      const report = await ask({ index: 'public/_slotchain', question: ${JSON.stringify(QUESTION)}, k: 50 });
      console.log(JSON.stringify({ built, widgetFiles: bundle.widgetFiles, error: [error instanceof SlotchainError, error.status, error.message], report }));`;
    const res = sh('node', ['--input-type=module', '-e', script], { cwd: project, env });
    assert.equal(res.status, 0, res.stderr);
    const { built, widgetFiles, error, report } = JSON.parse(res.stdout);
    assert.match(built.summary, /^indexed 4 pages → \d+ passages .* to api\.idx in /);
    const native = join(tmp, 'native-api.idx');
    assert.equal(runCli(['index', join(project, 'public'), '--base-url', '/docs/', '-o', native]).status, 0);
    assert.ok(readFileSync(join(project, 'api.idx')).equals(readFileSync(native)), 'index() writes the native CLI\'s bytes');
    assert.deepEqual(widgetFiles, ['components/components.css', 'pkg/bundle.js', 'pkg/slotchain.js', 'pkg/slotchain_bg.wasm', 'widget/slotchain-search.js']);
    assert.deepEqual(error, [true, 1, 'cannot read or write no-such-dir: No such file or directory (os error 44)']);
    assert.deepEqual(report.slots.map((s) => s.state), ['supported', 'supported'], JSON.stringify(report.slots));
    const cited = report.slots.map((s) => [s.evidence[0].url, s.evidence[0].title]);
    assert.deepEqual(cited, [['/install.html#ports', 'Install › Ports'], ['/deploy/#roll-back-a-deploy', 'Deploy › Roll back a deploy']],
      'real URLs, and titles without the site name of <title>Install – Acme Agent docs</title>');
    const evidence = report.slots.flatMap((s) => s.evidence);
    assert.ok(evidence.length >= 2);
    for (const e of evidence) {
      for (const chrome of [...CHROME, 'Acme Agent docs']) assert.ok(!e.text.includes(chrome), `${chrome} in ${e.title}: ${e.text}`);
    }
  });

  it('served, the widget answers both parts with citations that resolve', async () => {
    const hrefs = await askWidget(join(project, 'public'), 'faq.html', QUESTION);
    assert.ok(hrefs.includes('/install.html#ports'), hrefs.join(' '));
    assert.ok(hrefs.includes('/deploy/#roll-back-a-deploy'), hrefs.join(' '));
  });

  it('on the site mkdocs-material built (make generator-sites), npx slotchain and the widget answer too', async (t) => {
    if (!existsSync(join(MKDOCS, 'index.html'))) {
      t.skip(`${MKDOCS} not built (make generator-sites needs python3 and PyPI)`);
      return;
    }
    cpSync(MKDOCS, join(project, 'mkdocs'), { recursive: true });
    const res = sh('npx', ['--offline', 'slotchain', 'index', 'mkdocs', '--bundle', '-o', 'mkdocs/_slotchain'], { cwd: project, env });
    assert.equal(res.status, 0, res.stderr);
    const hrefs = await askWidget(join(project, 'mkdocs'), 'deploy/', 'How do I upgrade the agents, and how do I roll back a deploy?');
    assert.ok(hrefs.some((h) => h.startsWith('/upgrade/')), hrefs.join(' '));
    assert.ok(hrefs.some((h) => h.startsWith('/rollback/')), hrefs.join(' '));
  });
});

/**
 * Serves `root`, opens `page` in Chromium and asks its <slotchain-search> a
 * two-part question: both parts must be supported, with no page error and no
 * failed request, and every citation a page of the site that has the cited
 * anchor. Resolves with the citations' paths (with their #anchors).
 */
async function askWidget(root, page, question) {
  const server = await startServer(root);
  const browser = await launchBrowser();
  try {
    const tab = await browser.newPage();
    const errors = [];
    const failed = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    tab.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
    await tab.goto(`${server.url}${page}`);
    await tab.waitForFunction(() => customElements.get('slotchain-search') !== undefined);
    await tab.fill('slotchain-search input[type="search"]', question);
    await tab.press('slotchain-search input[type="search"]', 'Enter');
    await tab.waitForFunction((q) => {
      const w = document.querySelector('slotchain-search');
      return Number(w.dataset.runs ?? 0) > 0 && w.dataset.question === q;
    }, question, { timeout: 60_000 });
    const states = await tab.$$eval('slotchain-search [data-slot-id]', (els) => els.map((e) => e.dataset.state));
    assert.deepEqual(states, ['supported', 'supported']);
    const hrefs = await tab.$$eval('slotchain-search a[data-citation]', (els) => els.map((a) => a.href));
    assert.ok(hrefs.length >= 2, 'both parts cite');
    for (const href of hrefs) {
      const url = new URL(href);
      assert.equal(url.origin, new URL(server.url).origin, `${href} is on the site`);
      const res = await fetch(url);
      assert.equal(res.status, 200, `${href} resolves`);
      const html = await res.text();
      if (url.hash) assert.ok(html.includes(`id="${decodeURIComponent(url.hash.slice(1))}"`), `${href}: the page has the anchor`);
    }
    assert.deepEqual(failed, []);
    assert.deepEqual(errors, []);
    return hrefs.map((h) => { const u = new URL(h); return u.pathname + u.hash; });
  } finally {
    await browser.close();
    await server.close();
  }
}
