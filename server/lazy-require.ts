/**
 * A package loaded on its first use instead of at start. Loading every package a rarely used path needs
 * (S3, SMTP, XML, HTML sanitising, tus, PostgreSQL on the embedded database…) cost about a quarter of a
 * cold start; most runs never take those paths, and the first call that does pays a few milliseconds.
 * CommonJS `require` keeps the call sites synchronous.
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

export function lazyRequire<T>(id: string): () => T {
  let mod: T | undefined;
  return () => (mod ??= load(id) as T);
}
