// Orama: create({schema: {id, title, text}}), insertMultiple, search({term,
// limit}) with its defaults (BM25, threshold 1 = any term, all string fields).
// Serialized with save()/load() from @orama/orama as JSON.
import { create, insertMultiple, search as oramaSearch, save, load as oramaLoad } from '@orama/orama';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SCHEMA = { id: 'string', title: 'string', text: 'string' };

export const name = 'orama';
export const pkg = '@orama/orama';
let db;

export async function build(passages) {
  db = create({ schema: SCHEMA });
  await insertMultiple(db, passages.map((p) => ({ id: p.id, title: p.title, text: p.text })));
}
export async function serialize(dir) {
  const file = join(dir, 'orama.json');
  writeFileSync(file, JSON.stringify(await save(db)));
  db = null;
  return [file];
}
export function read(dir) {
  return readFileSync(join(dir, 'orama.json'), 'utf8');
}
export async function load(json) {
  db = create({ schema: SCHEMA });
  await oramaLoad(db, JSON.parse(json));
}
export function search(q, k) {
  const r = oramaSearch(db, { term: q, limit: k });
  if (r instanceof Promise) return r.then((res) => res.hits.map((h) => h.id));
  return r.hits.map((h) => h.id);
}
