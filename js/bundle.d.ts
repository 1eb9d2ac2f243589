/* Loading a sharded bundle's parts into an Engine (see bundle.js). */
import type { Engine } from './slotchain.js';

export declare const MAX_ROUNDS: number;
export declare const MANIFEST: string;

export interface LoadOptions {
  /** The question `ask` will answer (or give `plan`). */
  question?: string;
  /** A host plan `{tasks: [...]}` that `run` will run. */
  plan?: unknown;
  scope?: unknown;
  options?: unknown;
  /** Most rounds before giving up (default MAX_ROUNDS). */
  maxRounds?: number;
}

/** Adds every part the question (or plan) reads; resolves with the names this call added. */
export declare function loadParts(
  engine: Engine,
  fetchPart: (name: string) => Uint8Array | Promise<Uint8Array>,
  load?: LoadOptions,
): Promise<string[]>;

/** Most bytes a bundle file may inflate to (the default limit of gunzip). */
export declare const MAX_INFLATED: number;

/** The inflated bytes of a bundle file (gzip), or the bytes as they are when not gzip; rejects past `limit` bytes. */
export declare function gunzip(bytes: Uint8Array, limit?: number): Promise<Uint8Array>;
