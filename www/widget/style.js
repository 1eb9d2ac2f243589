// The widget's shadow-root stylesheet: the theme's custom properties
// (--slotchain-*) with light and dark defaults, mapped onto the shared
// components' tokens (--sc-*), and the layout of the field, the panel, the
// reader view and the "How this was answered" details.

export const CSS = `
:host {
  --_accent: var(--slotchain-accent, #2458d6);
  --_bg: var(--slotchain-bg, #ffffff);
  --_fg: var(--slotchain-fg, #1b1f24);
  --_border: var(--slotchain-border, #d9dee4);
  --_radius: var(--slotchain-radius, 10px);
  --_font: var(--slotchain-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  /* the shared components' tokens, derived from the theme (never from the page) */
  --sc-fg: var(--_fg); --sc-bg: var(--_bg); --sc-border: var(--_border); --sc-accent: var(--_accent);
  --sc-muted: color-mix(in srgb, var(--_fg) 72%, var(--_bg));
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
.reader-parts { list-style: none; margin: 0; padding: 0; display: grid; gap: .75rem; }
.reader-part { display: grid; gap: .25rem; padding-left: .7rem; border-left: 3px solid var(--sc-state, var(--_border)); }
.part-q { margin: 0; font-weight: 600; font-size: .92rem; overflow-wrap: anywhere; }
.part-state { margin: 0; font-size: .8rem; color: var(--sc-state, var(--sc-muted)); font-weight: 600; }
.reader-part.state-supported .part-state { color: var(--sc-muted); font-weight: 400; }
.part-answer { margin: 0; font-size: .92rem; overflow-wrap: anywhere; }
.part-sources { list-style: none; margin: .15rem 0 0; padding: 0; display: grid; gap: .1rem; }
.part-sources a { display: block; padding: .25rem .4rem; margin-left: -.4rem; border-radius: 6px; font-size: .85rem;
  text-decoration: none; color: var(--_accent); overflow-wrap: anywhere; }
.part-sources a::before { content: "→ "; color: var(--sc-muted); }
.part-sources a:hover, .part-sources a:focus { background: var(--sc-surface); text-decoration: underline; }
.part-sources a:focus-visible { outline: 2px solid var(--_accent); outline-offset: -2px; }
code.inline-code { font: .86em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; padding: .05em .3em;
  border-radius: 4px; background: var(--sc-surface); border: 1px solid var(--_border); }
details.how { border-top: 1px solid var(--_border); padding-top: .5rem; display: grid; gap: .6rem; }
details.how > summary { cursor: pointer; font-size: .85rem; color: var(--sc-muted); font-weight: 600; }
details.how[open] { gap: .7rem; }
details.how > section { margin-top: .6rem; }
.trace-list { margin: 0; padding-left: 1.2rem; font-size: .75rem; display: grid; gap: .15rem; overflow-wrap: anywhere; }
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
