/**
 * Where file contents live. Contents are addressed by their SHA-256: the same bytes are stored once,
 * whoever uploads them, and a name never becomes a path. Writing is two-phase: `stage` streams the
 * bytes to a temporary file (hashing and counting them, memory flat whatever the size), the caller
 * checks the rules, then `commit` makes the content visible or `discard` drops it, so a refused or
 * interrupted upload never leaves anything in the store.
 */
import type { Readable } from 'node:stream';

export interface StagedContent {
  sha256: string;
  size: number;
  /** The first bytes, for sniffing the type from its magic numbers. */
  head: Buffer;
  /** Makes the content readable under its SHA-256 (a no-op when the store already holds it). */
  commit(): Promise<void>;
  /** Drops the staged bytes. Safe to call after commit or twice. */
  discard(): Promise<void>;
}

export interface StageLimits {
  /** Refuse (and discard) as soon as more than this many bytes arrive. */
  maxBytes?: number;
}

/** Thrown by `stage` when the stream exceeds `maxBytes`; nothing is kept. */
export class ContentTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`content exceeds ${maxBytes} bytes`);
  }
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  stage(source: Readable, limits?: StageLimits): Promise<StagedContent>;
  /** Size of the stored content, or null when the store does not hold it. */
  size(sha256: string): Promise<number | null>;
  /** Streams the content (or one byte range of it). */
  read(sha256: string, range?: ByteRange): Promise<Readable>;
  /** Removes the content; removing what is absent is not an error. */
  remove(sha256: string): Promise<void>;
}

export const SHA256_HEX = /^[0-9a-f]{64}$/;

export function assertSha256(sha256: string): string {
  if (!SHA256_HEX.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
  return sha256;
}
