// The execution trace of a report, one list item per entry: the stage, the
// slot it concerns (when any) and its message, as text.
//
//   renderTrace(list, report)   // list: an <ol> or <ul>
import { h, clear } from './dom.js';

export function renderTrace(list, report) {
  clear(list).append(...(report?.trace ?? []).map((t) =>
    h('li', {}, h('code', {}, t.stage), t.slot ? [' ', h('code', { class: 'muted' }, t.slot)] : null, ' ', t.message ?? '')));
  return list;
}
