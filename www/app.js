// The demo page: loads the wasm engine and the bundled indexes (each on first
// use, then kept), asks questions over the chosen index under the scope set
// under the question, and renders the report with the reusable components
// (answer, plan graph, slot cards).
//
// Guarantees: what is on screen always belongs to the last question asked —
// an error or an empty question clears the previous answer and says why in
// words; the URL holds the question, the index, the whole scope and the
// options (url-state.js), and opening it restores them; `today` starts as
// the browser's local date; `k` outside 1–20 is refused with a visible note.
import init, { Engine } from './pkg/slotchain.js';
import { renderAnswer } from './components/answer.js';
import { renderGraph } from './components/graph.js';
import { renderSlots } from './components/slots.js';
import { renderTrace } from './components/trace.js';
import { h, clear } from './components/dom.js';
import { formatNumber, count } from './components/words.js';
import { EXAMPLES, INDEXES, DEFAULT_INDEX, exampleIndex } from './examples.js';
import { readState, writeState, localDate } from './url-state.js';


const $ = (id) => document.getElementById(id);
const els = {
  status: $('status'),
  askForm: $('ask-form'),
  q: $('q'),
  qHint: $('q-hint'),
  ask: $('ask'),
  index: $('index'),
  scopeForm: $('scope-form'),
  scopeDetails: $('scope-details'),
  scopeSummary: $('scope-summary'),
  user: $('scope-user'),
  environment: $('scope-environment'),
  today: $('scope-today'),
  todayClear: $('scope-today-clear'),
  k: $('opt-k'),
  kNote: $('k-note'),
  options: $('options'),
  noDecompose: $('opt-no-decompose'),
  examples: $('examples'),
  error: $('error'),
  results: $('results'),
  intro: $('intro'),
  answer: $('answer'),
  timing: $('timing'),
  graph: $('graph'),
  slots: $('slots'),
  context: $('context'),
  trace: $('trace'),
  raw: $('raw'),
  stats: $('stats'),
};

// The engine of the index questions go to; null while an index loads.
let engine = null;

// ---------------------------------------------------------------- scope
function readScope() {
  const scope = {};
  const user = els.user.value.trim();
  if (user) scope.user = user;
  scope.access = [...els.scopeForm.querySelectorAll('input[name="access"]:checked')].map((c) => c.value);
  if (els.environment.value) scope.environment = els.environment.value;
  if (els.today.value) scope.today = els.today.value;
  return scope;
}

// `today` absent from `scope` means the browser's local date.
function writeScope(scope = {}) {
  els.user.value = scope.user ?? '';
  const access = new Set(scope.access ?? ['public']);
  for (const box of els.scopeForm.querySelectorAll('input[name="access"]')) box.checked = access.has(box.value);
  els.environment.value = scope.environment ?? '';
  els.today.value = 'today' in scope ? (scope.today ?? '') : localDate();
  updateScopeSummary();
}

function updateScopeSummary() {
  const sc = readScope();
  const parts = [sc.access.length ? sc.access.join(' + ') : 'no access'];
  if (sc.user) parts.unshift(sc.user);
  parts.push(sc.environment ?? 'any environment');
  parts.push(sc.today ? `today ${sc.today}` : 'no date');
  els.scopeSummary.textContent = parts.join(' · ');
}

const K_MIN = 1;
const K_MAX = 20;

/** The options, or a sentence saying why the `k` field is refused. */
function readOptions() {
  const options = {};
  const raw = els.k.value.trim();
  if (raw !== '' || els.k.validity.badInput) {
    const k = Number(raw);
    if (!Number.isInteger(k) || k < K_MIN || k > K_MAX) {
      return { error: `k must be a whole number from ${K_MIN} to ${K_MAX}${raw ? ` (not ${raw})` : ''}.` };
    }
    options.k = k;
  }
  if (els.noDecompose.checked) options.noDecompose = true;
  return { options };
}

function showNote(el, text) {
  el.textContent = text ?? '';
  el.hidden = !text;
}

// ---------------------------------------------------------------- asking
function ask() {
  if (!engine) return;
  const question = els.q.value.trim();
  const { options, error } = readOptions();
  showNote(els.kNote, error);
  if (error) {
    els.options.open = true;
    clearResults();
    return;
  }
  if (!question) {
    clearResults();
    showNote(els.qHint, 'Type a question first, or pick one of the examples.');
    els.q.focus();
    return;
  }
  showNote(els.qHint, null);
  hideError();
  const scope = readScope();
  let report;
  const t0 = performance.now();
  try {
    report = engine.ask(question, scope, options);
  } catch (err) {
    showError(err);
    return;
  }
  const ms = performance.now() - t0;
  render(report, ms);
  els.results.dataset.question = question;
  els.results.dataset.runs = String(Number(els.results.dataset.runs ?? 0) + 1);
  const url = new URL(location.href);
  writeState(url.searchParams, { question, index: els.index.value, defaultIndex: DEFAULT_INDEX, scope, options });
  history.replaceState(null, '', url);
}

// A changed scope, option or index re-asks the question on the page, if any.
function askAgain() {
  if (els.q.value.trim()) ask();
  else showNote(els.kNote, readOptions().error);
}

// Test hooks on #results: data-question (the question last rendered) and
// data-runs (bumped once per rendered report).
function render(report, ms) {
  els.intro.hidden = true;
  els.results.hidden = false;
  const anchors = renderSlots(els.slots, report);
  renderAnswer(els.answer, report, { anchors });
  renderGraph(els.graph, report, { onSelect: focusSlot });
  els.timing.textContent = `answered in ${formatMs(ms)} in your browser · ` +
    `${count(report.slots?.length ?? 0, 'part')} in ${count(report.waves?.length ?? 0, 'wave')}`;

  clear(els.context).append(...(report.context ?? []).map((c) =>
    h('li', {},
      h('code', {}, c.passage_id), ' ', c.title ?? '', ' ',
      h('span', { class: 'muted' }, `— ${(c.slots ?? []).join(', ')} · ${formatNumber(c.score)}`))));
  renderTrace(els.trace, report);
  els.raw.textContent = JSON.stringify(report, null, 2);
}

function focusSlot(id) {
  const card = document.getElementById(`slot-${id}`);
  if (!card) return;
  card.scrollIntoView({ behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
  card.focus({ preventScroll: true });
}

// Takes the last answer off the page (it no longer matches what was asked).
function clearResults() {
  els.results.hidden = true;
  delete els.results.dataset.question;
  hideError();
}

function showError(err) {
  clearResults();
  const message = err instanceof Error ? err.message : String(err);
  els.error.textContent = message;
  els.error.hidden = false;
}

function hideError() {
  els.error.hidden = true;
  els.error.textContent = '';
}

const formatMs = (ms) => (ms < 10 ? `${ms.toFixed(2)} ms` : `${Math.round(ms)} ms`);
// KB = 1,000 B, as the README counts
const kb = (n) => `${(n / 1000).toFixed(n < 10000 ? 1 : 0)} KB`;

// ---------------------------------------------------------------- wiring
function setupExamples() {
  for (const ex of EXAMPLES) {
    els.examples.append(h('button', {
      type: 'button',
      class: 'example',
      title: ex.question,
      dataset: { example: ex.label },
      onclick: async () => {
        writeScope(ex.scope);
        els.q.value = ex.question;
        els.q.scrollLeft = 0;
        if (await useIndex(exampleIndex(ex))) ask();
      },
    }, h('span', { class: 'example-label' }, ex.label), h('span', { class: 'example-q' }, ex.question)));
  }
}

function setupForms() {
  els.askForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    ask();
  });
  els.scopeForm.addEventListener('submit', (ev) => ev.preventDefault());
  els.scopeForm.addEventListener('change', () => {
    updateScopeSummary();
    askAgain();
  });
  // on small screens the scope panel starts folded (its summary shows the scope)
  if (matchMedia('(max-width: 899px)').matches) els.scopeDetails.open = false;
  updateScopeSummary();
  let timer = 0;
  els.user.addEventListener('input', () => {
    updateScopeSummary();
    clearTimeout(timer);
    timer = setTimeout(askAgain, 350);
  });
  for (const { file, label } of INDEXES) els.index.append(h('option', { value: file }, label));
  els.index.addEventListener('change', async () => {
    if (await useIndex(els.index.value)) askAgain();
  });
  els.todayClear.addEventListener('click', () => {
    els.today.value = '';
    updateScopeSummary();
    askAgain();
  });
}

// ---------------------------------------------------------------- indexes
// Test hooks on <html>: data-ready once the first index answers, data-loaded
// (the index files loaded so far, space-separated).
let wasmReady = null;
const loaded = new Map(); // index file → Promise<{ engine, size, loadMs }>
const ready = new Set(); // index files loaded
let choosing = 0;

function loadIndex(file) {
  if (!loaded.has(file)) {
    const t0 = performance.now();
    const promise = Promise.all([
      wasmReady,
      fetch(new URL(`./${file}`, import.meta.url)).then((r) => {
        if (!r.ok) throw new Error(`could not load ${file} (HTTP ${r.status})`);
        return r.arrayBuffer();
      }),
    ]).then(([, buffer]) => {
      const bytes = new Uint8Array(buffer);
      const entry = { engine: Engine.fromBytes(bytes), size: bytes.length, loadMs: performance.now() - t0 };
      ready.add(file);
      document.documentElement.dataset.loaded = [...ready].join(' ');
      return entry;
    });
    promise.catch(() => loaded.delete(file)); // a later use tries again
    loaded.set(file, promise);
  }
  return loaded.get(file);
}

/**
 * Makes `file` (one of INDEXES) the index questions go to, loading it on
 * first use. Resolves true when it is ready and still the one chosen last.
 */
async function useIndex(file) {
  if (!INDEXES.some((ix) => ix.file === file)) file = DEFAULT_INDEX;
  const token = ++choosing;
  els.index.value = file;
  const cached = loaded.has(file);
  engine = null;
  els.ask.disabled = true;
  if (!cached) els.status.textContent = `Loading ${file}…`;
  try {
    const entry = await loadIndex(file);
    if (token !== choosing) return false;
    engine = entry.engine;
    els.ask.disabled = false;
    showStats(file, entry);
    els.status.textContent = `Ready · ${file} loaded in ${formatMs(entry.loadMs)}`;
    return true;
  } catch (err) {
    if (token !== choosing) return false;
    els.status.textContent = `The index ${file} failed to load.`;
    showError(err);
    return false;
  }
}

function showStats(file, { engine: e, size, loadMs }) {
  const st = e.stats();
  const wasm = wasmSize();
  const wire = wasm && wasm.encoded < wasm.decoded ? ` (${kb(wasm.encoded)} over the network)` : '';
  els.stats.textContent = `Index ${file}: ${st.passages} passages, ${st.terms} terms, ${st.entities} entities · ` +
    `${kb(size)} index${wasm ? `, ${kb(wasm.decoded)} wasm${wire}` : ''} · ` +
    `loaded in ${formatMs(loadMs)}; no network is used after the page's indexes are loaded.`;
}

async function load() {
  wasmReady = init({ module_or_path: new URL('./pkg/slotchain_bg.wasm', import.meta.url) });
  const state = readState(new URL(location.href).searchParams);
  writeScope(state.scope);
  if (state.options.k !== undefined) {
    els.k.value = state.options.k;
    els.options.open = true;
  }
  els.noDecompose.checked = Boolean(state.options.noDecompose);
  els.q.value = state.question;
  if (!(await useIndex(state.index ?? DEFAULT_INDEX))) {
    els.status.textContent = 'The engine failed to load.';
    els.status.dataset.ready = 'false';
    return;
  }
  els.status.dataset.ready = 'true';
  document.documentElement.dataset.ready = 'true';
  // the other indexes load in the background, so the page keeps working offline
  for (const { file } of INDEXES) loadIndex(file).catch(() => {});
  if (state.question) ask();
}

// The wasm module's size, and its bytes on the wire (smaller when the
// server compressed it); null when the browser does not say.
function wasmSize() {
  const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
  return entry?.decodedBodySize ? { decoded: entry.decodedBodySize, encoded: entry.encodedBodySize || entry.decodedBodySize } : null;
}

setupExamples();
setupForms();
load();
