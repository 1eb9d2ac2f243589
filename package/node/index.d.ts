// Types of the slotchain package's Node API (`import … from 'slotchain/node'`).
// Every function runs the slotchain CLI compiled to WebAssembly (WASI) in this
// process: no native binary, no Rust toolchain.

/** A failed CLI run. `message` is the CLI's one-line error (without the `slotchain: ` prefix). */
export class SlotchainError extends Error {
  name: 'SlotchainError';
  /** The CLI's exit status: 2 for an invalid plan, 1 for any other error. */
  status: number;
  /** Everything the CLI printed on stderr (warnings, then the error). */
  stderr: string;
}

export interface RunResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs `slotchain ARGS…` (the CLI's own arguments) with its output captured. Never rejects for a non-zero status. */
export function run(args: string[], options?: { cwd?: string; env?: Record<string, string | undefined> }): Promise<RunResult>;

export interface IndexOptions {
  /** Site directories (Markdown, MDX, HTML: a built site's output directory), page files, or passages as JSON lines. */
  inputs: string[];
  /** The index file, or with `bundle` the bundle directory. */
  output: string;
  /** Write a sharded bundle (a manifest and parts the widget fetches on demand). Default false. */
  bundle?: boolean;
  /** With `bundle`: copy the widget's files (widget/, components/, pkg/) into `output`. Default: `bundle`. */
  widget?: boolean;
  /** Access levels the output is for (`--audience`, repeatable). Default `["public"]`. */
  audience?: string[];
  /** Entity catalog, JSON lines. */
  entities?: string;
  /** Slot cue table, one JSON object. */
  cues?: string;
  /** Fail when a page's access cannot be determined, instead of skipping it. */
  strict?: boolean;
  /** Where the site is served (`/docs/`, `https://example.com/docs/`): every page URL starts with it. Default `/`. */
  baseUrl?: string;
  k1?: number;
  b?: number;
  titleWeight?: number;
  /** Relative paths resolve against it. Default `process.cwd()`. */
  cwd?: string;
}

export interface IndexResult {
  /** The CLI's summary line (`indexed N pages → M passages …`). */
  summary: string;
  /** The lines before it (skipped pages, each with its reason). */
  warnings: string[];
  /** The widget files written into the bundle directory, relative to it. */
  widgetFiles: string[];
}

/** `slotchain index`. Rejects with a SlotchainError when the CLI fails (nothing is written then). */
export function index(options: IndexOptions): Promise<IndexResult>;

export interface AskOptions {
  /** An index file or a bundle directory. */
  index: string;
  question: string;
  /** Who asks: `{ user?, access?, environment?, region?, today? }`. Default: public access. */
  scope?: Record<string, unknown>;
  /** Most passages in the merged context. */
  k?: number;
  /** Most candidate passages examined per question. */
  budget?: number;
  /** Answer the question as one slot (the one-shot baseline). */
  noDecompose?: boolean;
  cwd?: string;
}

/** `slotchain ask`: the report, as the CLI prints it (see the project README, "Formats"). */
export function ask(options: AskOptions): Promise<Record<string, unknown>>;

/** Copies the widget's files (widget/, components/, pkg/; no type declarations) into `dir`; resolves with the paths written. */
export function copyWidget(dir: string): Promise<string[]>;
