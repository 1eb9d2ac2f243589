// lunr with ref('id') and fields title/text (its default BM25, English stemmer
// and stop words). Queries go through lunr's query builder with the query
// tokenized by lunr.tokenizer, which is what idx.search(string) does minus the
// query-syntax parser (":", "-", "+", "~", "^" in natural-language questions
// would otherwise throw or change meaning).
import lunr from 'lunr';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const name = 'lunr';
export const pkg = 'lunr';
let index;

export function build(passages) {
  index = lunr(function () {
    this.ref('id');
    this.field('title');
    this.field('text');
    for (const p of passages) this.add({ id: p.id, title: p.title, text: p.text });
  });
}
export function serialize(dir) {
  const file = join(dir, 'lunr.json');
  writeFileSync(file, JSON.stringify(index));
  index = null;
  return [file];
}
export function read(dir) {
  return readFileSync(join(dir, 'lunr.json'), 'utf8');
}
export function load(json) {
  index = lunr.Index.load(JSON.parse(json));
}
export function search(q, k) {
  const tokens = lunr.tokenizer(q);
  return index
    .query((query) => query.term(tokens))
    .slice(0, k)
    .map((r) => r.ref);
}
