/**
 * Screen files: every schemas/screens/*.yaml is bundled as text, each in its own chunk, and parsed
 * when first opened.
 */
import { parse } from 'yaml';
import { ScreenError } from './screen-error.ts';
import type { ScreenDefinition } from './screen-types.ts';

const sources = import.meta.glob<string>('../schemas/screens/*.yaml', { query: '?raw', import: 'default' });

const byName = new Map<string, () => Promise<string>>(
  Object.entries(sources).map(([path, load]) => [path.replace(/^.*\//, '').replace(/\.yaml$/, ''), load]),
);

const cache = new Map<string, Promise<ScreenDefinition>>();

export function screenNames(): string[] {
  return [...byName.keys()].sort();
}

/** Parses a screen file's text; the shape beyond `kind` is each kind's business. */
export function parseScreen(name: string, text: string): ScreenDefinition {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new ScreenError('invalid', { name, detail: (error as Error).message });
  }
  if (!data || typeof data !== 'object' || typeof (data as { kind?: unknown }).kind !== 'string') {
    throw new ScreenError('invalid', { name, detail: 'kind' });
  }
  return data as ScreenDefinition;
}

export function loadScreen(name: string): Promise<ScreenDefinition> {
  const load = byName.get(name);
  if (!load) return Promise.reject(new ScreenError('notFound', { name }));
  let pending = cache.get(name);
  if (!pending) {
    pending = load().then((text) => parseScreen(name, text));
    // A failed load may be a flaky network; let the next attempt try again.
    pending.catch(() => cache.delete(name));
    cache.set(name, pending);
  }
  return pending;
}
