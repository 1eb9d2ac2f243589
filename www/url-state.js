// The demo's shareable state in the page URL: the question, the index, the
// whole scope and the options, so a link opens to the same answer.
//
//   ?q=…&index=open.idx&user=Priya&access=public,operations&env=production
//    &today=2026-03-15&k=5&one=1
//
// Guarantees: `readState(writeState(s))` gives `s` back for every state the
// page can hold (an empty access list and a cleared `today` included);
// defaults are left out of the URL, except `today`, always written (a
// shared link keeps the sender's date). Pure functions (no DOM), so the tests
// read a page's URL with the same code.

/** The scope a page starts with when the URL names none: public access, today's date. */
export const DEFAULT_ACCESS = ['public'];

/** The browser's local date as YYYY-MM-DD (what `<input type="date">` holds). */
export function localDate(now = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The state a URL's query holds: { question, index, scope, options }.
 * `today` absent means the local date; `today=` (empty) means none.
 */
export function readState(params, { today = localDate() } = {}) {
  const scope = {};
  const user = params.get('user');
  if (user) scope.user = user;
  const access = params.get('access');
  scope.access = access === null ? [...DEFAULT_ACCESS] : access.split(',').filter(Boolean);
  const env = params.get('env');
  if (env) scope.environment = env;
  const day = params.get('today');
  if (day === null) scope.today = today;
  else if (day) scope.today = day;
  const options = {};
  const k = params.get('k');
  if (k !== null && k !== '') options.k = k; // checked by the page, which says why it refuses one
  if (params.get('one') === '1') options.noDecompose = true;
  return { question: params.get('q') ?? '', index: params.get('index'), scope, options };
}

/** Writes `state` into `params` (a URLSearchParams), leaving defaults out. */
export function writeState(params, { question, index, defaultIndex, scope, options }) {
  const set = (key, value, isDefault) => (isDefault ? params.delete(key) : params.set(key, value));
  set('q', question, !question);
  set('index', index, !index || index === defaultIndex);
  set('user', scope.user ?? '', !scope.user);
  const access = scope.access ?? DEFAULT_ACCESS;
  set('access', access.join(','), access.join(',') === DEFAULT_ACCESS.join(','));
  set('env', scope.environment ?? '', !scope.environment);
  params.set('today', scope.today ?? ''); // always: a shared link keeps the sender's date
  set('k', String(options.k ?? ''), options.k === undefined);
  set('one', '1', !options.noDecompose);
  return params;
}
