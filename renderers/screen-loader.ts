/**
 * Screen files: every schemas/screens/*.yaml is converted to JSON at build time (tools/vite-yaml-plugin.ts),
 * each in its own chunk, loaded when first opened. No YAML parser reaches the browser.
 */
import { ScreenError } from './screen-error.ts';
import type { ScreenDefinition } from './screen-types.ts';
import { withOverride } from './screen-overrides.ts';

const sources = import.meta.glob<unknown>('../schemas/screens/*.yaml', { import: 'default' });

const byName = new Map<string, () => Promise<unknown>>(
  Object.entries(sources).map(([path, load]) => [path.replace(/^.*\//, '').replace(/\.yaml$/, ''), load]),
);

const cache = new Map<string, Promise<ScreenDefinition>>();

export function screenNames(): string[] {
  return [...byName.keys()].sort();
}

export function hasScreen(name: string): boolean {
  return byName.has(name);
}

/** Checks that loaded data can be a screen at all; the shape beyond `kind` is each kind's business. */
export function asScreenDefinition(name: string, data: unknown): ScreenDefinition {
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new ScreenError('invalid', { name, detail: 'not an object' });
  }
  if (typeof (data as { kind?: unknown }).kind !== 'string') {
    throw new ScreenError('invalid', { name, detail: 'kind' });
  }
  return data as ScreenDefinition;
}

export function loadScreen(name: string): Promise<ScreenDefinition> {
  const load = byName.get(name);
  if (!load) return Promise.reject(new ScreenError('notFound', { name }));
  let pending = cache.get(name);
  if (!pending) {
    pending = load().then((data) => asScreenDefinition(name, data));
    // A failed load may be a flaky network; let the next attempt try again.
    pending.catch(() => cache.delete(name));
    cache.set(name, pending);
  }
  // A version published at run time (issue 26) is drawn instead of the file.
  return withOverride(name, pending);
}
