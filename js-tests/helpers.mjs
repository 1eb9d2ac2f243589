// Shared plumbing for the JS tests: artefact checks, the release CLI, the
// static server and the browser. Not a test file itself (node --test only
// runs *.test.mjs).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EXAMPLES, INDEXES, DEFAULT_INDEX, exampleIndex } from '../www/examples.js';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = process.env.CARGO_TARGET_DIR ? resolve(REPO, process.env.CARGO_TARGET_DIR) : join(REPO, 'target');
export const CLI = join(TARGET, 'release', 'slotchain');
/** A demo index file (www/examples.js INDEXES) as `make wasm` builds it in www/. */
export const indexPath = (file) => join(REPO, 'www', file);
export const SAMPLE_IDX = indexPath(DEFAULT_INDEX);
export const INDEX_FILES = INDEXES.map((ix) => indexPath(ix.file));
export const PKG = join(REPO, 'pkg');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** The demo's example questions with their scopes and index files (www/examples.js), named by `id`. */
export const SEEDS = EXAMPLES.map((ex) => ({ name: ex.id, question: ex.question, scope: ex.scope, index: exampleIndex(ex) }));

/**
 * The arguments `slotchain index` gets for each demo index file, as the
 * Makefile's `wasm` target gives them (the bundle tests build the same corpus
 * as a bundle, and check that it answers as the index file does).
 */
const INDEX_INPUTS = {
  'sample.idx': ['corpus/helpcentre/passages.jsonl', '--entities', 'corpus/helpcentre/entities.jsonl',
    '--cues', 'corpus/helpcentre/cues.json'],
  'open.idx': ['corpus/encyclopedia/passages.jsonl'],
};

export function indexInputs(file) {
  const args = INDEX_INPUTS[file];
  if (!args) throw new Error(`js-tests/helpers.mjs: no inputs listed for the demo index ${file}`);
  return args.map((a) => (a.startsWith('--') ? a : join(REPO, a)));
}

/** Fails (never skips) with one clear line per missing build artefact. */
export function assertArtefacts(paths) {
  const missing = paths.filter((p) => !existsSync(p));
  if (missing.length) {
    throw new Error(
      `missing build artefacts (run \`make wasm\` first, or \`make test\` for everything):\n` +
        missing.map((p) => `  - ${p}`).join('\n'),
    );
  }
}

/** Runs the release CLI; returns { status, stdout, stderr }. */
export function runCli(args) {
  const res = spawnSync(CLI, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.error) throw res.error;
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** `slotchain ask -i www/INDEX [--scope JSON] [--k N] [--no-decompose] Q` → parsed report (INDEX: sample.idx by default). */
export function cliAsk(question, scope, { k, noDecompose, index = DEFAULT_INDEX } = {}) {
  const args = ['ask', '-i', indexPath(index)];
  if (scope !== undefined) args.push('--scope', JSON.stringify(scope));
  if (k !== undefined) args.push('--k', String(k));
  if (noDecompose) args.push('--no-decompose');
  args.push(question);
  const res = runCli(args);
  if (res.status !== 0) {
    throw new Error(`CLI exited ${res.status} for ${JSON.stringify(question)}: ${res.stderr.trim()}`);
  }
  try {
    return JSON.parse(res.stdout);
  } catch (err) {
    throw new Error(`CLI printed invalid JSON for ${JSON.stringify(question)}: ${err.message}\n${res.stdout.slice(0, 500)}`);
  }
}

/** `slotchain ask -i www/sample.idx --plan FILE` → { status, stdout, stderr }. */
export function cliPlan(plan, scope) {
  const dir = mkdtempSync(join(tmpdir(), 'slotchain-plan-'));
  try {
    const file = join(dir, 'plan.json');
    writeFileSync(file, JSON.stringify(plan));
    const args = ['ask', '-i', SAMPLE_IDX, '--plan', file];
    if (scope !== undefined) args.push('--scope', JSON.stringify(scope));
    return runCli(args);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts scripts/serve.mjs on a free port; resolves { url, close }. */
export function startServer(root) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(REPO, 'scripts', 'serve.mjs'), '--root', root, '--port', '0'], {
      env: { ...process.env, SERVE_QUIET: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`serve.mjs did not start within 10 s\n${out}${err}`));
    }, 10_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/on (http:\/\/\S+\/)/);
      if (m) {
        clearTimeout(timer);
        resolvePromise({
          url: m[1],
          close: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', done);
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve.mjs exited early (${code})\n${out}${err}`));
    });
  });
}

export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches the system Chromium through playwright-core (never downloads a browser). */
export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS, timeout: 60_000 });
}

/** A deep copy without `elapsed_us` (the only field that differs between runs). */
export function withoutTiming(report) {
  const copy = structuredClone(report);
  delete copy.elapsed_us;
  return copy;
}

/** Paths (like `slots[2].constraints`) of every Map / undefined inside a value. */
export function nonJsonPaths(value, path = 'report', out = []) {
  if (value instanceof Map) out.push(`${path} is a Map`);
  else if (value === undefined) out.push(`${path} is undefined`);
  else if (Array.isArray(value)) value.forEach((v, i) => nonJsonPaths(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nonJsonPaths(v, `${path}.${k}`, out);
  }
  return out;
}

/**
 * Sets a checkbox through the DOM (a real click event, no pointer
 * coordinates), so a layout shift under load cannot make the click miss.
 * Returns true when the state changed.
 */
export async function setCheckbox(page, selector, checked) {
  return page.$eval(selector, (box, want) => {
    if (box.checked === want) return false;
    box.click();
    return box.checked === want;
  }, checked);
}

/**
 * Answers over a bundle directory in Node the way the widget does, with the
 * bundle-loading helper shipped in pkg/ (bundle.js): ask the engine which
 * parts it needs, read (gunzip) and add them, repeat. Returns the report and
 * the part names read, in order.
 */
export async function askBundleInNode(Engine, dir, question, scope) {
  const { loadParts, gunzip, MANIFEST } = await import(pathToFileURL(join(PKG, 'bundle.js')).href);
  const read = (name) => gunzip(new Uint8Array(readFileSync(join(dir, name))));
  const engine = Engine.fromManifest(await read(MANIFEST));
  const names = await loadParts(engine, read, { question, scope });
  return { report: engine.ask(question, scope), names, engine };
}

const AXE_SOURCE = join(REPO, 'node_modules', 'axe-core', 'axe.min.js');

/**
 * Runs axe-core inside `page` (its source evaluated in the page, so the
 * page's CSP does not apply; open shadow roots included) and returns the
 * serious and critical violations as one line each: "rule (impact): target
 * … — summary".
 */
export async function seriousViolations(page) {
  assertArtefacts([AXE_SOURCE]);
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    await page.evaluate(readFileSync(AXE_SOURCE, 'utf8'));
  }
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => `${JSON.stringify(n.target)} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n}`));
}

/** The demo's count of rendered reports (#results data-runs). */
export const demoRuns = async (page) => Number((await page.getAttribute('#results', 'data-runs')) ?? 0);

/** Waits until the demo has rendered a report after `before` of them. */
export async function waitForDemoRun(page, before) {
  await page.waitForFunction((n) => Number(document.getElementById('results').dataset.runs ?? 0) > n, before, { timeout: 15_000 });
}

/** Clicks the demo's example button with this label and waits for its report. */
export async function clickDemoExample(page, label) {
  const before = await demoRuns(page);
  await page.click(`button.example[data-example="${label}"]`);
  await waitForDemoRun(page, before);
}
