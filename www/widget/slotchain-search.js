// <slotchain-search>: a docs-search widget that answers compound questions in
// the browser with the slotchain wasm engine. One ES module; it renders with
// the shared components (../components/answer.js, slots.js, graph.js) inside
// an open shadow root.
//
//   <script type="module" src="/widget/slotchain-search.js"></script>
//   <slotchain-search bundle="/_slotchain/"></slotchain-search>
//
// Attributes (URLs resolve against the document, like any HTML attribute):
//   bundle       the bundle directory built by `slotchain index SITE_DIR --bundle -o DIR`:
//                the widget fetches its manifest, then only the parts each question reads
//   index        instead of `bundle`: one index file (`slotchain index SITE_DIR -o docs.idx`),
//                fetched whole; fine for small sites
//   pkg          the wasm-bindgen module (default: ../pkg/slotchain.js next to this file)
//   base         what passage `url`s (site paths like /install/#npm) resolve against
//                (default: the document's base URL)
//   label        accessible name of the search region (default "Search the docs")
//   placeholder  the input's placeholder
//   scope        JSON scope, as `slotchain ask --scope` (default: the engine's, public access)
//   k            passages in the merged context (default: the engine's)
//   citations    evidence links shown per part (default 3)
//
// Guarantees:
// - Lazy. Nothing is fetched on page load: the wasm module, the index (or the
//   bundle's manifest) and the components' stylesheet are fetched on the first
//   focus of the search field (or the first `/` key press, which focuses it),
//   with a visible "Loading…" status. Engines are cached per (pkg, source) pair
//   at module level, so later questions — and other widgets on the page over
//   the same index — reuse them.
// - Light. Over a bundle, each question first asks the engine which parts it
//   reads (`neededChunks`), fetches those in parallel, adds them, and repeats
//   until nothing is missing (a hop may need parts the first round did not);
//   a part is fetched at most once per page. Parts are gzip files, inflated
//   with DecompressionStream (or used as they come when the host already
//   decoded them).
// - Isolated. Everything renders in a shadow root; page styles do not reach in
//   and the widget's styles do not leak out. Theming goes only through the
//   custom properties --slotchain-accent, --slotchain-bg, --slotchain-fg,
//   --slotchain-border, --slotchain-radius and --slotchain-font (light and dark
//   defaults follow prefers-color-scheme).
// - Text stays text. Report strings reach the DOM only as text nodes (the
//   components' rule); a citation is a link only when its url resolves to
//   http(s).
// - Recovers from a trap. A WebAssembly.RuntimeError (a bug that trapped)
//   leaves that module instance unusable; the widget then drops it and every
//   engine made from it, loads a fresh instance (the glue imported anew, the
//   wasm from the HTTP cache), re-creates its engine and asks once more. An
//   error that is not a trap (a bad question, a failed fetch) keeps the engine.
// - Keyboard. `/` anywhere focuses the field unless the user is typing in
//   another field; Enter asks; ArrowDown/ArrowUp move through the citations
//   (ArrowUp from the first returns to the field); Enter on a citation follows
//   its url; Escape clears the field and closes the panel.
//
// Events: `slotchain-answer` (detail: {question, report}) after each rendered
// report; `slotchain-navigate` (detail: {url, passageId}, cancelable) before a
// citation is followed — call preventDefault() to route it yourself.
// Test hooks on the host: data-status (idle | loading | ready | error),
// data-runs (bumped per rendered report), data-question. Inside the shadow
// root: one [data-slot-id][data-state] per slot, [data-citation] links.
//
import { renderAnswer } from '../components/answer.js';
import { renderGraph } from '../components/graph.js';
import { renderSlots } from '../components/slots.js';
import { h, s, clear, safeUrl } from '../components/dom.js';

const DEFAULT_PKG = new URL('../pkg/slotchain.js', import.meta.url).href;
const COMPONENTS_CSS = new URL('../components/components.css', import.meta.url).href;

// ---------------------------------------------------------------- loader

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
function openEngine({ pkg, index, bundle }) {
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
function dropInstance(pkg) {
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
async function prepare(engine, question, scope, options) {
  const bundle = engine.bundle;
  if (!bundle) return;
  const fetchPart = async (name) => bundle.helper.gunzip(await fetchBytes(new URL(name, bundle.base).href));
  await bundle.helper.loadParts(engine, fetchPart, { question, scope, options });
}

// ---------------------------------------------------------------- styles

const CSS = `
:host {
  --_accent: var(--slotchain-accent, #2458d6);
  --_bg: var(--slotchain-bg, #ffffff);
  --_fg: var(--slotchain-fg, #1b1f24);
  --_border: var(--slotchain-border, #d9dee4);
  --_radius: var(--slotchain-radius, 10px);
  --_font: var(--slotchain-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  /* the shared components' tokens, derived from the theme (never from the page) */
  --sc-fg: var(--_fg); --sc-bg: var(--_bg); --sc-border: var(--_border); --sc-accent: var(--_accent);
  --sc-muted: color-mix(in srgb, var(--_fg) 62%, var(--_bg));
  --sc-surface: color-mix(in srgb, var(--_fg) 4%, var(--_bg));
  --sc-mark: #fff1a8; --sc-mark-fg: #1b1f24;
  --sc-supported: #1f7a3a; --sc-supported-bg: #e3f4e8;
  --sc-unresolved: #9a5b00; --sc-unresolved-bg: #fdf0d9;
  --sc-missing: #6b4fbb; --sc-missing-bg: #efeafc;
  --sc-blocked: #5b6570; --sc-blocked-bg: #eceff2;
  --sc-error: #b3261e; --sc-error-bg: #fbe4e2;
  display: block; position: relative; max-width: 40rem;
  font: 15px/1.45 var(--_font); color: var(--_fg);
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :host {
    --_accent: var(--slotchain-accent, #8ab4ff);
    --_bg: var(--slotchain-bg, #15181c);
    --_fg: var(--slotchain-fg, #e6e9ed);
    --_border: var(--slotchain-border, #343a42);
    --sc-mark: #5c4d00; --sc-mark-fg: #fff6cc;
    --sc-supported: #6fd08c; --sc-supported-bg: #16301f;
    --sc-unresolved: #f2b45a; --sc-unresolved-bg: #35270f;
    --sc-missing: #b9a4ff; --sc-missing-bg: #271f40;
    --sc-blocked: #a4aeb9; --sc-blocked-bg: #262b31;
    --sc-error: #ff8a80; --sc-error-bg: #3d1c1a;
  }
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
a { color: var(--_accent); }
:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
input:focus-visible { outline: none; } /* the field's ring (.field:focus-within) shows focus */
.field { display: flex; align-items: center; gap: .5rem; padding: 0 .6rem;
  background: var(--_bg); color: var(--_fg); border: 1px solid var(--_border); border-radius: var(--_radius); }
.field:focus-within { border-color: var(--_accent); box-shadow: 0 0 0 2px color-mix(in srgb, var(--_accent) 35%, transparent); }
.field svg { flex: none; width: 1rem; height: 1rem; fill: none; stroke: currentColor; stroke-width: 2; opacity: .6; }
input { flex: 1; min-width: 0; border: 0; outline: 0; background: transparent; color: inherit; font: inherit; padding: .55rem 0; }
input::-webkit-search-cancel-button { display: none; }
kbd { font: .75rem/1 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; padding: .2rem .4rem;
  border: 1px solid var(--_border); border-radius: 4px; opacity: .7; }
.panel { position: absolute; z-index: 1000; left: 0; right: 0; top: calc(100% + .35rem);
  max-height: min(75vh, 42rem); overflow: auto; padding: .75rem .9rem; display: grid; gap: .7rem;
  background: var(--_bg); color: var(--_fg); border: 1px solid var(--_border); border-radius: var(--_radius);
  box-shadow: 0 10px 30px rgb(0 0 0 / .18); }
.results { display: grid; gap: .8rem; }
.status { margin: 0; font-size: .85rem; color: var(--sc-muted); }
.status[data-kind="error"] { color: var(--sc-error); }
h2 { margin: 0 0 .3rem; font-size: .72rem; text-transform: uppercase; letter-spacing: .06em; color: var(--sc-muted); }
.answer .answer-line { font-size: .92rem; }
.sources { list-style: none; margin: 0; padding: 0; display: grid; gap: .15rem; }
.sources a { display: grid; gap: .05rem; padding: .35rem .5rem; border-radius: 6px; text-decoration: none; color: var(--_accent); }
.sources a:hover, .sources a:focus { background: var(--sc-surface); }
.sources a:focus-visible { outline: 2px solid var(--_accent); outline-offset: -2px; }
.sources .src-title { font-weight: 600; }
.sources .src-url { font-size: .78rem; color: var(--sc-muted); overflow-wrap: anywhere; }
.sources .src-part { font-size: .72rem; color: var(--sc-muted); }
.parts { display: grid; gap: .5rem; }
.parts .slot-card { padding: .5rem .7rem; gap: .35rem; border-radius: 8px; }
.parts .slot-title { font-size: .9rem; }
.parts .slot-facts { font-size: .8rem; }
.parts .slot-facts > div { grid-template-columns: 5.5rem 1fr; }
.parts .evidence-item { padding: .35rem .5rem; }
.parts .passage-text { font-size: .8rem; display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; }
.parts .chain-block, .parts .link-button { font-size: .8rem; }
.graph .plan-graph { height: auto; max-width: 100%; max-height: 9rem; }
.graph .graph-legend { font-size: .7rem; }
.foot { margin: 0; font-size: .72rem; color: var(--sc-muted); }
`;

let sheet = null;
function styleSheet() {
  if (!sheet && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}

// ---------------------------------------------------------------- element

let instances = 0;

function isEditable(el) {
  if (!el || el.nodeType !== 1) return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(el.type);
  return false;
}

export class SlotchainSearch extends HTMLElement {
  static get observedAttributes() {
    return ['label', 'placeholder'];
  }

  constructor() {
    super();
    this._uid = `scs${++instances}`;
    this._engine = null;
    this._loading = null;
    this._citations = [];
    this._onDocKey = this._onDocKey.bind(this);
    this._onDocPointer = this._onDocPointer.bind(this);

    const root = this.attachShadow({ mode: 'open' });
    const css = styleSheet();
    if (css) root.adoptedStyleSheets = [css];
    else root.append(h('style', {}, CSS));

    const id = (x) => `${this._uid}-${x}`;
    this._input = h('input', {
      type: 'search', part: 'input', autocomplete: 'off', spellcheck: 'false', enterkeyhint: 'search',
      'aria-keyshortcuts': '/', 'aria-controls': id('panel'), 'aria-describedby': id('hint'),
    });
    const icon = s('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true' },
      s('circle', { cx: 11, cy: 11, r: 7 }), s('path', { d: 'm20 20-3.5-3.5' }));
    this._hint = h('kbd', { id: id('hint'), title: 'Press / to search' }, '/');
    this._status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
    this._answer = h('div', { class: 'answer' });
    this._sources = h('ul', { class: 'sources', 'aria-labelledby': id('sources-title') });
    this._parts = h('div', { class: 'parts' });
    this._graph = h('div', { class: 'graph' });
    this._results = h('div', { class: 'results', hidden: true },
      h('section', { 'aria-labelledby': id('answer-title') }, h('h2', { id: id('answer-title') }, 'Answer'), this._answer),
      h('nav', { 'aria-labelledby': id('sources-title') }, h('h2', { id: id('sources-title') }, 'Sources'), this._sources),
      h('section', { 'aria-labelledby': id('parts-title') }, h('h2', { id: id('parts-title') }, 'Parts'), this._parts),
      h('section', { 'aria-labelledby': id('plan-title') }, h('h2', { id: id('plan-title') }, 'Plan'), this._graph),
      h('p', { class: 'foot' }, 'Answered in your browser by slotchain.'));
    this._panel = h('div', { class: 'panel', id: id('panel'), part: 'panel', hidden: true, role: 'region', 'aria-label': 'Search results' },
      this._status, this._results);
    this._region = h('div', { role: 'search', part: 'search' },
      h('div', { class: 'field' }, icon, this._input, this._hint), this._panel);
    root.append(this._region);

    this._input.addEventListener('focus', () => this.load());
    this._input.addEventListener('keydown', (ev) => this._onInputKey(ev));
    this._input.addEventListener('input', () => {
      if (this._input.value === '' && this._engine) this.close();
    });
    this._sources.addEventListener('keydown', (ev) => this._onSourceKey(ev));
    this._sources.addEventListener('click', (ev) => this._onSourceClick(ev));
    this._answer.addEventListener('click', (ev) => this._onSourceClick(ev));
    root.addEventListener('keydown', (ev) => {
      if (ev.key === 'Escape') {
        ev.preventDefault();
        this.reset();
      }
    });
    this.dataset.status = 'idle';
    this._syncLabels();
  }

  connectedCallback() {
    document.addEventListener('keydown', this._onDocKey);
    document.addEventListener('pointerdown', this._onDocPointer);
  }

  disconnectedCallback() {
    document.removeEventListener('keydown', this._onDocKey);
    document.removeEventListener('pointerdown', this._onDocPointer);
  }

  attributeChangedCallback() {
    this._syncLabels();
  }

  _syncLabels() {
    const label = this.getAttribute('label') || 'Search the docs';
    this._region.setAttribute('aria-label', label);
    this._input.setAttribute('aria-label', label);
    this._input.placeholder = this.getAttribute('placeholder') || 'Ask a question about the docs';
  }

  /** Where the module, the index and passage urls come from (resolved against the document). */
  get source() {
    const abs = (v) => new URL(v, document.baseURI).href;
    const index = this.getAttribute('index');
    const bundle = this.getAttribute('bundle');
    return {
      pkg: abs(this.getAttribute('pkg') || DEFAULT_PKG),
      index: index ? abs(index) : null,
      // a directory: its parts resolve against it, so it must end with '/'
      bundle: bundle ? abs(bundle.endsWith('/') ? bundle : `${bundle}/`) : null,
      base: abs(this.getAttribute('base') || document.baseURI),
    };
  }

  /** Focuses the field (which starts loading). */
  focus(options) {
    this._input.focus(options);
  }

  /** Fetches the engine once; resolves to it. Safe to call repeatedly. */
  load() {
    if (this._loading) return this._loading;
    const { pkg, index, bundle } = this.source;
    this._ensureComponentStyles();
    this.dataset.status = 'loading';
    this._showStatus('Loading…');
    const source = bundle ? { pkg, bundle } : index ? { pkg, index } : null;
    this._loading = (source ? openEngine(source) : Promise.reject(new Error('the widget has neither a bundle nor an index attribute')))
      .then((engine) => {
        this._engine = engine;
        this.dataset.status = 'ready';
        if (this._results.hidden) this._hideStatus();
        return engine;
      }, (err) => {
        this._loading = null; // the next focus retries
        this.dataset.status = 'error';
        this._showStatus(`Search is unavailable: ${err instanceof Error ? err.message : err}`, 'error');
        throw err;
      });
    return this._loading;
  }

  /** Asks `question` (default: the field's text) and renders the report. */
  async ask(question = this._input.value) {
    question = String(question).trim();
    if (!question) return null;
    if (this._input.value.trim() !== question) this._input.value = question;
    let engine;
    try {
      engine = this._engine ?? (await this.load());
    } catch {
      return null;
    }
    let report;
    try {
      const options = {};
      const k = Number.parseInt(this.getAttribute('k') ?? '', 10);
      if (Number.isInteger(k) && k > 0) options.k = k;
      const scopeAttr = this.getAttribute('scope');
      const scope = scopeAttr ? JSON.parse(scopeAttr) : undefined;
      const answer = async (e) => {
        await prepare(e, question, scope, options);
        return e.ask(question, scope, options);
      };
      try {
        report = await answer(engine);
      } catch (err) {
        if (!(err instanceof WebAssembly.RuntimeError)) throw err;
        // The instance trapped: never use it again. A fresh one, once.
        dropInstance(this.source.pkg);
        this._engine = null;
        this._loading = null;
        engine = await this.load();
        report = await answer(engine);
      }
    } catch (err) {
      this._panel.hidden = false;
      this._results.hidden = true;
      this._showStatus(err instanceof Error ? err.message : String(err), 'error');
      return null;
    }
    this._render(report);
    this.dataset.question = question;
    this.dataset.runs = String(Number(this.dataset.runs ?? 0) + 1);
    this.dispatchEvent(new CustomEvent('slotchain-answer', { detail: { question, report }, bubbles: true, composed: true }));
    return report;
  }

  /** Hides the panel (the question stays). */
  close() {
    this._panel.hidden = true;
  }

  /** Clears the field, closes the panel and returns focus to the field. */
  reset() {
    this._input.value = '';
    this.close();
    this._input.focus();
  }

  // ------------------------------------------------------------ rendering

  _render(report) {
    const base = this.source.base;
    // Passage urls are site paths: resolve them so the components can link them.
    const resolved = {
      ...report,
      slots: (report.slots ?? []).map((sl) => ({
        ...sl,
        evidence: (sl.evidence ?? []).map((ev) => ({ ...ev, url: resolveUrl(ev.url, base) })),
      })),
    };
    const perSlot = Math.max(1, Number.parseInt(this.getAttribute('citations') ?? '', 10) || 3);
    this._citations = citationsOf(resolved, perSlot);
    const byId = new Map(this._citations.map((c) => [c.passageId, c]));

    clear(this._sources).append(...this._citations.map((c, i) =>
      h('li', {},
        h('a', {
          href: c.url, dataset: { citation: String(i), passageId: c.passageId },
          tabindex: i === 0 ? 0 : -1,
        },
        h('span', { class: 'src-title' }, c.title || c.passageId),
        h('span', { class: 'src-url' }, c.url),
        h('span', { class: 'src-part' }, `for ${c.slots.join(', ')}`)))));
    if (!this._citations.length) this._sources.append(h('li', { class: 'muted' }, 'No linked sources.'));

    // compact slot cards (one evidence passage each), then the answer whose
    // [passage-id] chips link straight to the evidence urls
    renderSlots(this._parts, resolved, { maxEvidence: 1 });
    renderAnswer(this._answer, resolved, { anchors: new Set(byId.keys()) });
    for (const chip of this._answer.querySelectorAll('a.cite[data-cite]')) {
      chip.setAttribute('href', byId.get(chip.dataset.cite).url);
    }
    renderGraph(this._graph, resolved, { onSelect: (id) => this._focusSlot(id) });

    this._hideStatus();
    this._results.hidden = false;
    this._panel.hidden = false;
  }

  _focusSlot(id) {
    const card = [...this._parts.querySelectorAll('[data-slot-id]')].find((c) => c.dataset.slotId === id);
    if (!card) return;
    card.scrollIntoView({ block: 'nearest' });
    card.focus({ preventScroll: true });
  }

  _showStatus(text, kind = 'info') {
    this._status.textContent = text;
    this._status.dataset.kind = kind;
    this._status.hidden = false;
    this._panel.hidden = false;
  }

  _hideStatus() {
    this._status.textContent = '';
    this._status.hidden = true;
    if (this._results.hidden) this._panel.hidden = true;
  }

  _ensureComponentStyles() {
    if (this.shadowRoot.querySelector('link[data-components]')) return;
    this.shadowRoot.prepend(h('link', { rel: 'stylesheet', href: COMPONENTS_CSS, dataset: { components: '' } }));
  }

  // ------------------------------------------------------------ keyboard

  _links() {
    return [...this._sources.querySelectorAll('a[data-citation]')];
  }

  _onDocKey(ev) {
    if (ev.key !== '/' || ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented || ev.isComposing) return;
    const target = ev.composedPath?.()[0] ?? ev.target;
    if (isEditable(target)) return; // typing a slash somewhere else (or in our own field)
    ev.preventDefault();
    this._input.focus();
  }

  _onDocPointer(ev) {
    if (!ev.composedPath().includes(this)) this.close();
  }

  _onInputKey(ev) {
    if (ev.key === 'Enter') {
      ev.preventDefault();
      this.ask();
    } else if (ev.key === 'ArrowDown') {
      const links = this._links();
      if (this._panel.hidden && links.length && this._input.value.trim()) this._panel.hidden = false;
      if (!this._panel.hidden && links.length) {
        ev.preventDefault();
        this._focusLink(links, 0);
      }
    }
  }

  _onSourceKey(ev) {
    const links = this._links();
    const at = links.indexOf(ev.composedPath()[0]);
    if (at < 0) return;
    if (ev.key === 'ArrowDown') {
      ev.preventDefault();
      this._focusLink(links, Math.min(at + 1, links.length - 1));
    } else if (ev.key === 'ArrowUp') {
      ev.preventDefault();
      if (at === 0) this._input.focus();
      else this._focusLink(links, at - 1);
    } else if (ev.key === 'Home' || ev.key === 'End') {
      ev.preventDefault();
      this._focusLink(links, ev.key === 'Home' ? 0 : links.length - 1);
    }
    // Enter: the link's own activation (a click event, handled below)
  }

  _focusLink(links, i) {
    links.forEach((a, j) => a.setAttribute('tabindex', j === i ? '0' : '-1'));
    links[i].focus();
    links[i].scrollIntoView({ block: 'nearest' });
  }

  _onSourceClick(ev) {
    const a = ev.composedPath().find((n) => n instanceof HTMLAnchorElement && n.href);
    if (!a || !(a.dataset.citation !== undefined || a.dataset.cite !== undefined)) return;
    const go = new CustomEvent('slotchain-navigate', {
      detail: { url: a.href, passageId: a.dataset.passageId ?? a.dataset.cite },
      bubbles: true, composed: true, cancelable: true,
    });
    if (!this.dispatchEvent(go)) ev.preventDefault();
  }
}

/** A passage url resolved against the site base; null unless it is http(s). */
function resolveUrl(url, base) {
  if (typeof url !== 'string' || url === '') return null;
  try {
    return safeUrl(new URL(url, base).href);
  } catch {
    return null;
  }
}

/**
 * The citations shown: for each slot in order, its first `perSlot` evidence
 * passages that have a url, best first; a passage cited by several slots
 * appears once and names them all.
 */
export function citationsOf(report, perSlot = 3) {
  const out = new Map();
  for (const sl of report?.slots ?? []) {
    for (const ev of (sl.evidence ?? []).filter((e) => e.url).slice(0, perSlot)) {
      const c = out.get(ev.passage_id);
      if (c) {
        if (!c.slots.includes(sl.id)) c.slots.push(sl.id);
      } else {
        out.set(ev.passage_id, { passageId: ev.passage_id, title: ev.title, url: ev.url, slots: [sl.id] });
      }
    }
  }
  return [...out.values()];
}

if (!customElements.get('slotchain-search')) customElements.define('slotchain-search', SlotchainSearch);
