// MiniSearch with its documented defaults: BM25+ over title + text, OR of terms,
// no prefix/fuzzy. Serialized with JSON.stringify, loaded with loadJSON.
import MiniSearch from 'minisearch';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OPTIONS = { idField: 'id', fields: ['title', 'text'], storeFields: [] };

export const name = 'minisearch';
export const pkg = 'minisearch';
let index;

export function build(passages) {
  index = new MiniSearch(OPTIONS);
  index.addAll(passages);
}
export function serialize(dir) {
  const file = join(dir, 'minisearch.json');
  writeFileSync(file, JSON.stringify(index));
  index = null;
  return [file];
}
export function read(dir) {
  return readFileSync(join(dir, 'minisearch.json'), 'utf8');
}
export function load(json) {
  index = MiniSearch.loadJSON(json, OPTIONS);
}
export function search(q, k) {
  return index.search(q).slice(0, k).map((r) => r.id);
}
