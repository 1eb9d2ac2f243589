// The Node API of the slotchain package, for build scripts and static site
// generator plugins:
//
//   import { index, ask } from 'slotchain/node';
//   await index({ inputs: ['public'], output: 'public/_slotchain', bundle: true });
//   const report = await ask({ index: 'public/_slotchain', question: 'How do I deploy, and how do I roll back?' });
//
// Each call runs the same CLI as `npx slotchain` (wasm32-wasip1 under
// node:wasi, ./wasi.js), so an index or bundle is byte for byte the one the
// native CLI writes. A failure rejects with a SlotchainError whose message is
// the CLI's one-line error. Types: index.d.ts.
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runCli } from './wasi.js';
import { copyWidget } from './widget.js';

export { copyWidget };

/** A failed CLI run: `message` is its error line, `status` its exit status, `stderr` all it printed there. */
export class SlotchainError extends Error {
  constructor(status, stderr) {
    const lines = stderr.trim().split('\n').filter(Boolean);
    const last = lines.findLast((l) => l.startsWith('slotchain: ')) ?? lines.at(-1) ?? `exit status ${status}`;
    super(last.replace(/^slotchain: /, ''));
    this.name = 'SlotchainError';
    this.status = status;
    this.stderr = stderr;
  }
}

/** Runs `slotchain ARGS…` with its output captured: { status, stdout, stderr }. */
export async function run(args, { cwd = process.cwd(), env = process.env } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'slotchain-'));
  const out = await open(join(dir, 'stdout'), 'w+');
  const err = await open(join(dir, 'stderr'), 'w+');
  try {
    const status = await runCli(args, { cwd, env, stdout: out.fd, stderr: err.fd });
    const [stdout, stderr] = await Promise.all([
      readFile(join(dir, 'stdout'), 'utf8'),
      readFile(join(dir, 'stderr'), 'utf8'),
    ]);
    return { status, stdout, stderr };
  } finally {
    await out.close();
    await err.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function checked(args, cwd) {
  const result = await run(args, { cwd });
  if (result.status !== 0) throw new SlotchainError(result.status, result.stderr);
  return result;
}

const repeat = (flag, values) => (values ?? []).flatMap((v) => [flag, String(v)]);
const option = (flag, value) => (value === undefined || value === null ? [] : [flag, String(value)]);
const on = (flag, value) => (value ? [flag] : []);

/**
 * `slotchain index`: builds an index file, or with `bundle` a bundle
 * directory (plus the widget's files, unless `widget: false`).
 */
export async function index({
  inputs, output, bundle = false, widget = bundle, audience, entities, cues, strict, baseUrl,
  k1, b, titleWeight, cwd = process.cwd(),
}) {
  if (!Array.isArray(inputs) || inputs.length === 0) throw new TypeError('index: `inputs` must list at least one path');
  if (typeof output !== 'string' || output === '') throw new TypeError('index: `output` must be a path');
  const args = [
    'index', ...inputs.map(String), '-o', output,
    ...on('--bundle', bundle), ...repeat('--audience', audience),
    ...option('--entities', entities), ...option('--cues', cues), ...on('--strict', strict),
    ...option('--base-url', baseUrl), ...option('--k1', k1), ...option('--b', b),
    ...option('--title-weight', titleWeight),
  ];
  const { stderr } = await checked(args, cwd);
  const lines = stderr.trim().split('\n').filter(Boolean);
  const widgetFiles = bundle && widget ? await copyWidget(resolve(cwd, output)) : [];
  return { summary: lines.at(-1) ?? '', warnings: lines.slice(0, -1), widgetFiles };
}

/** `slotchain ask`: the report (parsed JSON) for one question over an index file or bundle directory. */
export async function ask({ index: source, question, scope, k, budget, noDecompose, cwd = process.cwd() }) {
  if (typeof source !== 'string' || source === '') throw new TypeError('ask: `index` must be a path');
  if (typeof question !== 'string') throw new TypeError('ask: `question` must be a string');
  const args = [
    'ask', '-i', source,
    ...option('--scope', scope === undefined ? undefined : JSON.stringify(scope)),
    ...option('--k', k), ...option('--budget', budget), ...on('--no-decompose', noDecompose),
    '--', question,
  ];
  const { stdout } = await checked(args, cwd);
  return JSON.parse(stdout);
}
