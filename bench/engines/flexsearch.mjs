// FlexSearch Document index over title + text with the default tokenizer and
// encoder; results of both fields merged (merge: true). Serialized with
// export() (key/value chunks) into one JSON object, loaded with import().
import FlexSearch from 'flexsearch';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OPTIONS = { document: { id: 'id', index: ['title', 'text'] } };

export const name = 'flexsearch';
export const pkg = 'flexsearch';
let index;

export function build(passages) {
  index = new FlexSearch.Document(OPTIONS);
  for (const p of passages) index.add({ id: p.id, title: p.title, text: p.text });
}
export async function serialize(dir) {
  const chunks = {};
  await index.export((key, data) => {
    chunks[key] = data;
  });
  const file = join(dir, 'flexsearch.json');
  writeFileSync(file, JSON.stringify(chunks));
  index = null;
  return [file];
}
export function read(dir) {
  return readFileSync(join(dir, 'flexsearch.json'), 'utf8');
}
export function load(json) {
  const chunks = JSON.parse(json);
  index = new FlexSearch.Document(OPTIONS);
  for (const key of Object.keys(chunks)) index.import(key, chunks[key]);
}
export function search(q, k) {
  return index.search(q, { limit: k, merge: true }).map((r) => (typeof r === 'object' ? r.id : r));
}
