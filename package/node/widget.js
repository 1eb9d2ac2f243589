// The files a site serves for the <slotchain-search> widget, copied from this
// package next to a bundle: the widget (widget/), its stylesheet
// (components/) and the wasm module with its glue and the bundle-loading
// helper (pkg/), in the layout the widget resolves them in (its default
// `pkg` is ../pkg/slotchain.js next to itself). Type declarations are not
// copied: a browser never reads them.
import { cp, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The package's directories a site serves. */
export const SITE_DIRS = ['widget', 'components', 'pkg'];

/**
 * Copies the widget's files into `dir` (created if needed; other files in
 * it are left alone). Resolves with the paths written, relative to `dir`,
 * sorted.
 */
export async function copyWidget(dir) {
  const written = [];
  for (const top of SITE_DIRS) {
    const entries = await readdir(join(ROOT, top), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.d.ts')) continue;
      const rel = relative(ROOT, join(entry.parentPath ?? entry.path, entry.name));
      await cp(join(ROOT, rel), join(dir, rel));
      written.push(rel.split('\\').join('/'));
    }
  }
  return written.sort();
}
