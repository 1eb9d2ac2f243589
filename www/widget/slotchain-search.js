// <slotchain-search>: a docs-search widget that answers compound questions in
// the browser with the slotchain wasm engine. It renders with the shared
// components (../components/) inside an open shadow root; engine loading is
// ./engine.js, the stylesheet ./style.js.
//
//   <script type="module" src="/widget/slotchain-search.js"></script>
//   <slotchain-search bundle="/_slotchain/"></slotchain-search>
//
// Attributes (URLs resolve against the document, like any HTML attribute;
// the README's widget section has an example of each):
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
//   citations    source links shown per part (default 3)
//   details      present: "How this was answered" starts open
//   debounce     ms of quiet typing before a question is asked (default 250; 0: only Enter asks)
//
// Guarantees:
// - Reader mode. By default a reader sees, per part asked, its state in
//   plain words, the answer and its source links ("page title › heading");
//   passage IDs, scores, expected types, the plan graph and the trace are
//   only inside the "How this was answered" disclosure.
// - Search as you type. A question of two characters or more is asked once
//   typing pauses (`debounce`), and any question at once on Enter. The
//   answer on screen is replaced only by a complete answer to the newest
//   question: an answer (or error) to a question that was since edited, or
//   cleared with Escape, is dropped.
// - Lazy. Nothing is fetched on page load: the wasm module, the index (or the
//   bundle's manifest) and the components' stylesheet are fetched on the first
//   focus of the search field (or the first `/` key press, which focuses it),
//   with a visible "Loading…" status. Engines are shared per (pkg, source)
//   at module level (./engine.js).
// - Light. Over a bundle, each question fetches only the parts it reads, each
//   at most once per page (./engine.js, pkg/bundle.js).
// - Isolated. Everything renders in a shadow root; page styles do not reach in
//   and the widget's styles do not leak out. Theming goes only through the
//   custom properties --slotchain-accent, --slotchain-bg, --slotchain-fg,
//   --slotchain-border, --slotchain-radius and --slotchain-font (light and dark
//   defaults follow prefers-color-scheme).
// - Text stays text. Report strings reach the DOM only as text nodes (the
//   components' rule); a source is a link only when its url resolves to
//   http(s).
// - Recovers from a trap. A WebAssembly.RuntimeError (a bug that trapped)
//   leaves that module instance unusable; the widget then drops it and every
//   engine made from it, loads a fresh instance, re-creates its engine and
//   asks once more. An error that is not a trap (a bad question, a failed
//   fetch) keeps the engine.
// - Keyboard. `/` anywhere focuses the field unless the user is typing in
//   another field; Enter asks; ArrowDown/ArrowUp move through the source
//   links (ArrowUp from the first returns to the field); Enter on a link
//   follows it; Escape clears the field and closes the panel.
//
// Events: `slotchain-answer` (detail: {question, report}) after each rendered
// report; `slotchain-navigate` (detail: {url, passageId}, cancelable) before a
// source is followed — call preventDefault() to route it yourself.
// Test hooks on the host: data-status (idle | loading | ready | error),
// data-runs (bumped per rendered report), data-question. Inside the shadow
// root: one [data-part][data-state] per part asked and a[data-citation]
// links in reader mode; [data-slot-id][data-state] cards in the details.
import { renderAnswer } from '../components/answer.js';
import { renderGraph } from '../components/graph.js';
import { renderSlots } from '../components/slots.js';
import { renderReader } from '../components/reader.js';
import { renderTrace } from '../components/trace.js';
import { h, s, safeUrl } from '../components/dom.js';
import { openEngine, dropInstance, prepare } from './engine.js';
import { CSS } from './style.js';

/** Quiet typing before the field's question is asked (the `debounce` attribute overrides it). */
const DEBOUNCE_MS = 250;
/** Fewest characters typed before the widget asks on its own. */
const MIN_TYPED = 2;

const DEFAULT_PKG = new URL('../pkg/slotchain.js', import.meta.url).href;
const COMPONENTS_CSS = new URL('../components/components.css', import.meta.url).href;

// ---------------------------------------------------------------- styles

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
    return ['label', 'placeholder', 'details'];
  }

  constructor() {
    super();
    this._uid = `scs${++instances}`;
    this._engine = null;
    this._loading = null;
    this._asked = 0; // bumped per question asked: only the newest one's outcome is shown
    this._typing = 0; // the debounce timer
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
    this._reader = h('div', { class: 'reader' });
    this._answer = h('div', { class: 'answer' });
    this._parts = h('div', { class: 'parts' });
    this._graph = h('div', { class: 'graph' });
    this._trace = h('ol', { class: 'trace-list' });
    this._details = h('details', { class: 'how', part: 'details' },
      h('summary', {}, 'How this was answered'),
      h('section', { 'aria-labelledby': id('answer-title') }, h('h2', { id: id('answer-title') }, 'The engine’s answer'), this._answer),
      h('section', { 'aria-labelledby': id('parts-title') }, h('h2', { id: id('parts-title') }, 'Parts and evidence'), this._parts),
      h('section', { 'aria-labelledby': id('plan-title') }, h('h2', { id: id('plan-title') }, 'Plan'), this._graph),
      h('section', { 'aria-labelledby': id('trace-title') }, h('h2', { id: id('trace-title') }, 'Trace'), this._trace));
    this._results = h('div', { class: 'results', hidden: true },
      h('section', { 'aria-labelledby': id('reader-title') }, h('h2', { id: id('reader-title') }, 'Answer'), this._reader),
      this._details,
      h('p', { class: 'foot' }, 'Answered in your browser by slotchain.'));
    this._panel = h('div', { class: 'panel', id: id('panel'), part: 'panel', hidden: true, role: 'region', 'aria-label': 'Search results' },
      this._status, this._results);
    this._region = h('div', { role: 'search', part: 'search' },
      h('div', { class: 'field' }, icon, this._input, this._hint), this._panel);
    root.append(this._region);

    this._input.addEventListener('focus', () => this.load());
    this._input.addEventListener('keydown', (ev) => this._onInputKey(ev));
    this._input.addEventListener('input', () => this._onInput());
    this._reader.addEventListener('keydown', (ev) => this._onSourceKey(ev));
    for (const el of [this._reader, this._answer]) el.addEventListener('click', (ev) => this._onSourceClick(ev));
    root.addEventListener('keydown', (ev) => {
      if (ev.key === 'Escape') {
        ev.preventDefault();
        this.reset();
      }
    });
    this._syncLabels();
  }

  connectedCallback() {
    // not in the constructor: an element made by createElement may not set attributes there
    if (!this.dataset.status) this.dataset.status = 'idle';
    document.addEventListener('keydown', this._onDocKey);
    document.addEventListener('pointerdown', this._onDocPointer);
  }

  disconnectedCallback() {
    document.removeEventListener('keydown', this._onDocKey);
    document.removeEventListener('pointerdown', this._onDocPointer);
  }

  attributeChangedCallback(name) {
    if (name === 'details') this._details.open = this.hasAttribute('details');
    else this._syncLabels();
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

  /**
   * Asks `question` (default: the field's text) and renders the report.
   * Resolves to the report, or null when there was none to show (an empty
   * question, an error, or a newer question asked meanwhile).
   */
  async ask(question = this._input.value) {
    clearTimeout(this._typing);
    question = String(question).trim();
    if (!question) return null;
    if (this._input.value.trim() !== question) this._input.value = question;
    const token = ++this._asked;
    const current = () => token === this._asked;
    let report;
    this._results.setAttribute('aria-busy', 'true');
    try {
      report = await this._answerOf(question);
    } catch (err) {
      if (!current()) return null;
      this._results.removeAttribute('aria-busy');
      this._panel.hidden = false;
      this._results.hidden = true;
      this._showStatus(err instanceof Error ? err.message : String(err), 'error');
      return null;
    }
    if (!current() || !report) return null;
    this._results.removeAttribute('aria-busy');
    this._render(report);
    this.dataset.question = question;
    this.dataset.runs = String(Number(this.dataset.runs ?? 0) + 1);
    this.dispatchEvent(new CustomEvent('slotchain-answer', { detail: { question, report }, bubbles: true, composed: true }));
    return report;
  }

  // The engine's report for `question` (null when the engine failed to
  // load: load() shows why); after a trap, once more on a fresh instance.
  async _answerOf(question) {
    let engine;
    try {
      engine = this._engine ?? (await this.load());
    } catch {
      return null;
    }
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
      return await answer(engine);
    } catch (err) {
      if (!(err instanceof WebAssembly.RuntimeError)) throw err;
      // The instance trapped: never use it again. A fresh one, once.
      dropInstance(this.source.pkg);
      this._engine = null;
      this._loading = null;
      return answer(await this.load());
    }
  }

  // Typing: a newer question makes any answer in flight stale; the field's
  // text is asked once typing pauses.
  _onInput() {
    clearTimeout(this._typing);
    this._asked++;
    const typed = this._input.value.trim();
    if (typed === '') {
      if (this._engine) this.close();
      return;
    }
    if ([...typed].length < MIN_TYPED) return; // one letter is not a question yet; Enter still asks it
    const wait = Number.parseInt(this.getAttribute('debounce') ?? '', 10);
    const ms = Number.isInteger(wait) && wait >= 0 ? wait : DEBOUNCE_MS;
    if (ms > 0) this._typing = setTimeout(() => this.ask(), ms);
  }

  /** Hides the panel (the question stays). */
  close() {
    this._panel.hidden = true;
  }

  /** Clears the field, closes the panel and returns focus to the field; an answer in flight is dropped. */
  reset() {
    clearTimeout(this._typing);
    this._asked++;
    this._results.removeAttribute('aria-busy');
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
    const perPart = Math.max(1, Number.parseInt(this.getAttribute('citations') ?? '', 10) || 3);
    renderReader(this._reader, resolved, { perPart });
    const links = this._links();
    links.forEach((a, i) => a.setAttribute('tabindex', i === 0 ? '0' : '-1'));

    // the details: the engine's answer (its [passage-id] chips link to the
    // evidence urls), compact slot cards, the plan graph and the trace
    const urls = new Map(resolved.slots.flatMap((sl) => sl.evidence.filter((ev) => ev.url).map((ev) => [ev.passage_id, ev.url])));
    renderSlots(this._parts, resolved, { maxEvidence: 1 });
    renderAnswer(this._answer, resolved, { anchors: new Set(urls.keys()) });
    for (const chip of this._answer.querySelectorAll('a.cite[data-cite]')) chip.setAttribute('href', urls.get(chip.dataset.cite));
    renderGraph(this._graph, resolved, { onSelect: (id) => this._focusSlot(id) });
    renderTrace(this._trace, resolved);

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
    return [...this._reader.querySelectorAll('a[data-citation]')];
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

if (!customElements.get('slotchain-search')) customElements.define('slotchain-search', SlotchainSearch);
