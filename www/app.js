// The demo page: loads the wasm engine and the bundled index, asks questions
// under the scope set in the side panel, and renders the report with the
// reusable components (answer, plan graph, slot cards).
import init, { Engine } from './pkg/slotchain.js';
import { renderAnswer } from './components/answer.js';
import { renderGraph } from './components/graph.js';
import { renderSlots } from './components/slots.js';
import { h, clear, formatNumber } from './components/dom.js';
import { EXAMPLES } from './examples.js';


const $ = (id) => document.getElementById(id);
const els = {
  status: $('status'),
  askForm: $('ask-form'),
  q: $('q'),
  ask: $('ask'),
  scopeForm: $('scope-form'),
  scopeDetails: $('scope-details'),
  scopeSummary: $('scope-summary'),
  user: $('scope-user'),
  environment: $('scope-environment'),
  today: $('scope-today'),
  todayClear: $('scope-today-clear'),
  k: $('opt-k'),
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

function writeScope(scope = {}) {
  els.user.value = scope.user ?? '';
  const access = new Set(scope.access ?? ['public']);
  for (const box of els.scopeForm.querySelectorAll('input[name="access"]')) box.checked = access.has(box.value);
  els.environment.value = scope.environment ?? '';
  els.today.value = scope.today ?? '';
  updateScopeSummary();
}

function updateScopeSummary() {
  const sc = readScope();
  const parts = [sc.access.length ? sc.access.join(' + ') : 'no access'];
  if (sc.user) parts.unshift(sc.user);
  parts.push(sc.environment ?? 'any env');
  if (sc.today) parts.push(sc.today);
  els.scopeSummary.textContent = parts.join(' · ');
}

function readOptions() {
  const options = {};
  const k = Number.parseInt(els.k.value, 10);
  if (Number.isInteger(k) && k > 0) options.k = k;
  if (els.noDecompose.checked) options.noDecompose = true;
  return options;
}

// ---------------------------------------------------------------- asking
function ask() {
  const question = els.q.value.trim();
  if (!engine || !question) return;
  hideError();
  const scope = readScope();
  const options = readOptions();
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
  url.searchParams.set('q', question);
  history.replaceState(null, '', url);
}

// Test hooks on #results: data-question (the question last rendered) and
// data-runs (bumped once per rendered report).
function render(report, ms) {
  els.intro.hidden = true;
  els.results.hidden = false;
  const anchors = renderSlots(els.slots, report);
  renderAnswer(els.answer, report, { anchors });
  renderGraph(els.graph, report, { onSelect: focusSlot });
  els.timing.textContent = `answered in ${formatMs(ms)} in the browser` +
    (typeof report.elapsed_us === 'number' ? ` (engine ${formatMs(report.elapsed_us / 1000)})` : '') +
    ` · ${report.slots?.length ?? 0} parts in ${report.waves?.length ?? 0} waves`;

  clear(els.context).append(...(report.context ?? []).map((c) =>
    h('li', {},
      h('code', {}, c.passage_id), ' ', c.title ?? '', ' ',
      h('span', { class: 'muted' }, `— ${(c.slots ?? []).join(', ')} · ${formatNumber(c.score)}`))));
  clear(els.trace).append(...(report.trace ?? []).map((t) =>
    h('li', {}, h('code', {}, t.stage), t.slot ? [' ', h('code', { class: 'muted' }, t.slot)] : null, ' ', t.message ?? '')));
  els.raw.textContent = JSON.stringify(report, null, 2);
}

function focusSlot(id) {
  const card = document.getElementById(`slot-${id}`);
  if (!card) return;
  card.scrollIntoView({ behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
  card.focus({ preventScroll: true });
}

function showError(err) {
  const message = err instanceof Error ? err.message : String(err);
  els.error.textContent = message;
  els.error.hidden = false;
}

function hideError() {
  els.error.hidden = true;
  els.error.textContent = '';
}

const formatMs = (ms) => (ms < 10 ? `${ms.toFixed(2)} ms` : `${Math.round(ms)} ms`);
const kb = (n) => `${(n / 1024).toFixed(n < 10240 ? 1 : 0)} KB`;

// ---------------------------------------------------------------- wiring
function setupExamples() {
  for (const ex of EXAMPLES) {
    els.examples.append(h('button', {
      type: 'button',
      class: 'example',
      title: ex.question,
      dataset: { example: ex.label },
      onclick: () => {
        writeScope(ex.scope);
        els.q.value = ex.question;
        els.q.scrollLeft = 0;
        ask();
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
    ask();
  });
  // on small screens the scope panel starts folded (its summary shows the scope)
  if (matchMedia('(max-width: 899px)').matches) els.scopeDetails.open = false;
  updateScopeSummary();
  let timer = 0;
  els.user.addEventListener('input', () => {
    updateScopeSummary();
    clearTimeout(timer);
    timer = setTimeout(ask, 350);
  });
  els.todayClear.addEventListener('click', () => {
    els.today.value = '';
    updateScopeSummary();
    ask();
  });
}

async function load() {
  const t0 = performance.now();
  try {
    const [wasm, idx] = await Promise.all([
      init({ module_or_path: new URL('./pkg/slotchain_bg.wasm', import.meta.url) }).then(() => null),
      fetch(new URL('./sample.idx', import.meta.url)).then((r) => {
        if (!r.ok) throw new Error(`could not load sample.idx (HTTP ${r.status})`);
        return r.arrayBuffer();
      }),
    ]);
    void wasm;
    const bytes = new Uint8Array(idx);
    engine = Engine.fromBytes(bytes);
    const loadMs = performance.now() - t0;
    const st = engine.stats();
    els.status.textContent = `Ready · loaded in ${formatMs(loadMs)}`;
    els.status.dataset.ready = 'true';
    const wasmBytes = wasmSize();
    els.stats.textContent = `Index: ${st.passages} passages, ${st.terms} terms, ${st.entities} entities · ` +
      `${kb(bytes.length)} index${wasmBytes ? `, ${kb(wasmBytes)} wasm` : ''} · ` +
      `loaded in ${formatMs(loadMs)}; no network is used after this.`;
    els.ask.disabled = false;
    document.documentElement.dataset.ready = 'true';
    const q = new URL(location.href).searchParams.get('q');
    if (q) {
      els.q.value = q;
      ask();
    }
  } catch (err) {
    els.status.textContent = 'The engine failed to load.';
    els.status.dataset.ready = 'false';
    showError(err);
  }
}

function wasmSize() {
  const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
  return entry?.decodedBodySize || 0;
}

setupExamples();
setupForms();
load();
