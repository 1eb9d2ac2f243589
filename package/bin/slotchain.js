#!/usr/bin/env node
// `npx slotchain`: the slotchain CLI (`index`, `ask`; `--help` lists every
// option) compiled to WebAssembly and run under node:wasi (../node/wasi.js),
// so it needs Node ≥ 20 and nothing else. Its output files are byte for byte
// the native CLI's.
//
// One addition: `slotchain index … --bundle -o DIR` then copies the widget's
// files into DIR (../node/widget.js), so a site serves the tag
// `<script type="module" src="/DIR/widget/slotchain-search.js">` with no other
// step. `--no-widget` (read here, not passed on) skips that.
import { runCli } from '../node/wasi.js';
import { copyWidget } from '../node/widget.js';
import { resolve } from 'node:path';

/** The value of `-o` / `--output` in clap's spellings (`-o X`, `-oX`, `-o=X`, `--output X`, `--output=X`). */
function outputOf(args) {
  let found;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') break;
    if (a === '-o' || a === '--output') found = args[++i];
    else if (a.startsWith('--output=')) found = a.slice('--output='.length);
    else if (a.startsWith('-o')) found = a.slice(2).replace(/^=/, '');
  }
  return found;
}

const argv = process.argv.slice(2);
const isIndex = argv[0] === 'index';
const args = isIndex ? argv.filter((a) => a !== '--no-widget') : argv;
try {
  const status = await runCli(args);
  const output = outputOf(args);
  if (status === 0 && isIndex && args.includes('--bundle') && !argv.includes('--no-widget') && output) {
    const files = await copyWidget(resolve(output));
    process.stderr.write(`slotchain: copied the search widget (${files.length} files) into ${output} (widget/, components/, pkg/)\n`);
  }
  if (status === 0 && isIndex && (args.includes('--help') || args.includes('-h'))) {
    process.stdout.write('\nnpx slotchain only:\n      --no-widget  With --bundle, do not copy the widget\'s files into OUTPUT\n');
  }
  process.exitCode = status;
} catch (e) {
  // The module could not load (a broken install), or copying the widget failed.
  process.stderr.write(`slotchain: ${String(e.message ?? e).split('\n')[0]}\n`);
  process.exitCode = 1;
}
