// The widget's engines: the wasm module and the indexes (or bundles) it
// answers over, loaded once per page and shared by every <slotchain-search>.
//
// Guarantees: a module is imported and initialised once per pkg URL, an
// engine made once per (pkg, index or bundle) pair; a failed load is
// forgotten, so the next attempt retries. After a trap, `dropInstance`
// forgets the module instance and every engine made from it, and the next
// load imports the glue anew (a fresh instance; the wasm from the HTTP
// cache). Over a bundle, `prepare` fetches the parts a question reads, each
// once per page (pkg/bundle.js).

const modules = new Map(); // pkg URL → Promise<module with Engine, initialised>
const engines = new Map(); // `${pkg} ${index}` → Promise<Engine>
const trapped = new Map(); // pkg URL → how many of its instances were dropped after a trap

function loadModule(pkg) {
  if (!modules.has(pkg)) {
    // After a trap, a fresh copy of the glue: a new module record, so a new
    // wasm instance (the same .wasm URL, served from the HTTP cache).
    const dropped = trapped.get(pkg) ?? 0;
    const url = dropped ? `${pkg}${pkg.includes('?') ? '&' : '?'}instance=${dropped}` : pkg;
    const p = import(url).then(async (mod) => {
      await mod.default(); // wasm-bindgen init: fetches slotchain_bg.wasm next to the module, once
      return mod;
    });
    p.catch(() => modules.delete(pkg)); // a failed load may be retried on the next focus
    modules.set(pkg, p);
  }
  return modules.get(pkg);
}

async function fetchBytes(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`could not load ${url} (HTTP ${res.status})`);
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * The engine for a source ({pkg, index} or {pkg, bundle}); the module and the
 * index (or manifest) are fetched in parallel, once. Over a bundle, the
 * bundle-loading helper shipped next to the module (pkg/bundle.js) is
 * loaded too.
 */
export function openEngine({ pkg, index, bundle }) {
  const key = `${pkg} ${bundle ?? index}`;
  if (!engines.has(key)) {
    const helper = bundle ? import(new URL('bundle.js', pkg).href) : null;
    const bytes = bundle
      ? Promise.all([helper, fetchBytes(new URL('manifest.slc', bundle).href)]).then(([h, b]) => h.gunzip(b))
      : fetchBytes(index);
    const p = Promise.all([loadModule(pkg), bytes, helper]).then(([mod, b, h]) => {
      if (!bundle) return mod.Engine.fromBytes(b);
      const engine = mod.Engine.fromManifest(b);
      engine.bundle = { base: bundle, helper: h };
      return engine;
    });
    p.catch(() => engines.delete(key));
    engines.set(key, p);
  }
  return engines.get(key);
}

/** Drops a module instance that trapped, and every engine made from it. */
export function dropInstance(pkg) {
  modules.delete(pkg);
  trapped.set(pkg, (trapped.get(pkg) ?? 0) + 1);
  for (const key of [...engines.keys()]) {
    if (key.startsWith(`${pkg} `)) engines.delete(key);
  }
}

/**
 * Runs before each question: over a bundle, fetches and adds the parts the
 * question reads (pkg/bundle.js: round by round until the engine needs
 * none, each part once per page). A no-op for a single-file index.
 */
export async function prepare(engine, question, scope, options) {
  const bundle = engine.bundle;
  if (!bundle) return;
  const fetchPart = async (name) => bundle.helper.gunzip(await fetchBytes(new URL(name, bundle.base).href));
  await bundle.helper.loadParts(engine, fetchPart, { question, scope, options });
}
