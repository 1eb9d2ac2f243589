// The `slotchain` CLI, compiled to wasm32-wasip1 (wasi/slotchain.wasm in this
// package), run in-process under Node's node:wasi: what the `slotchain` bin
// and the Node API (index.js) both call. No native binary, no Rust.
//
// Guarantees: the CLI gets the arguments and environment it would get
// natively, the caller's working directory (passed as PWD, which the CLI
// enters) and the file system as a native process sees it (the root is
// preopened as `/`; on Windows, the root of the working directory's drive,
// with absolute paths on that drive mapped to it). Its exit status is
// returned, never passed to process.exit. The module is compiled once per
// process. Node's one-time ExperimentalWarning for WASI is not printed; every
// other warning is.
import { readFile } from 'node:fs/promises';
import { parse, relative, sep, win32 } from 'node:path';

const WASM = new URL('../wasi/slotchain.wasm', import.meta.url);

let loaded; // Promise<{ WASI, module }>

async function load() {
  const emit = process.emitWarning;
  process.emitWarning = (warning, ...rest) =>
    /\bWASI\b/.test(String(warning)) ? undefined : emit.call(process, warning, ...rest);
  let WASI;
  try {
    ({ WASI } = await import('node:wasi'));
  } finally {
    process.emitWarning = emit;
  }
  const module = await WebAssembly.compile(await readFile(WASM));
  return { WASI, module };
}

/** How the CLI sees the file system from `cwd`: preopens, its PWD, and a path mapper for arguments. */
function view(cwd) {
  if (process.platform !== 'win32') return { preopens: { '/': '/' }, pwd: cwd, arg: (a) => a };
  const root = parse(cwd).root;
  const posix = (p) => `/${relative(root, p).split(sep).join('/')}`;
  const onDrive = (a) => win32.isAbsolute(a) && a.toLowerCase().startsWith(root.toLowerCase());
  return { preopens: { '/': root }, pwd: posix(cwd), arg: (a) => (onDrive(a) ? posix(a) : a) };
}

/**
 * Runs `slotchain ARGS…`; resolves with its exit status. `stdout` and
 * `stderr` are file descriptors (default: this process's).
 */
export async function runCli(args, { cwd = process.cwd(), env = process.env, stdout = 1, stderr = 2 } = {}) {
  if (!loaded) {
    loaded = load();
    loaded.catch(() => (loaded = undefined)); // a failed load is retried by the next call
  }
  const { WASI, module } = await loaded;
  const fs = view(cwd);
  const wasi = new WASI({
    version: 'preview1',
    args: ['slotchain', ...args.map(fs.arg)],
    env: { ...env, PWD: fs.pwd },
    preopens: fs.preopens,
    stdout,
    stderr,
    returnOnExit: true,
  });
  const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
  return wasi.start(instance);
}
