/**
 * Shared option sets: an enum's values with their label keys and tag colours, kept once in
 * schemas/options/<name>.yaml and named by screens as `options: { $set: <name> }` instead of pasted
 * (schemas/screens/README.md "Options"). A screen may show part of a set: `values: [...]` (those, in
 * that order) or `except: [...]` (the rest, in the set's order). References are replaced where screen
 * files are read (tools/vite-yaml-plugin.ts, the schema check, tests), so renderers only see lists.
 */

export interface SetOption {
  value: string | number | boolean;
  label: string;
  color?: string;
}

export interface OptionSetRef {
  $set: string;
  values?: unknown[];
  except?: unknown[];
}

export type OptionSets = ReadonlyMap<string, readonly SetOption[]>;

export function isOptionSetRef(node: unknown): node is OptionSetRef {
  return !!node && typeof node === 'object' && !Array.isArray(node) && '$set' in node;
}

/** What is wrong with a reference (unknown set, values the set lacks), or null. */
export function optionSetRefProblem(ref: OptionSetRef, sets: OptionSets): string | null {
  const set = sets.get(ref.$set);
  if (!set)
    return `unknown option set "${ref.$set}": no schemas/options/${ref.$set}.yaml (sets: ${[...sets.keys()].sort().join(', ')})`;
  const known = new Set(set.map((option) => option.value));
  const missing = [...(ref.values ?? []), ...(ref.except ?? [])].filter(
    (value) => !known.has(value as SetOption['value']),
  );
  return missing.length
    ? `option set "${ref.$set}" has no value ${missing.map((v) => JSON.stringify(v)).join(', ')}`
    : null;
}

/** The options a reference stands for (fresh objects: callers may change them). */
export function pickOptions(ref: OptionSetRef, sets: OptionSets): SetOption[] {
  const problem = optionSetRefProblem(ref, sets);
  if (problem) throw new Error(problem);
  const set = sets.get(ref.$set)!;
  const picked = ref.values
    ? ref.values.map((value) => set.find((option) => option.value === value)!)
    : set.filter((option) => !(ref.except ?? []).includes(option.value));
  return picked.map((option) => ({ ...option }));
}

/** `data` with every option set reference replaced by its options; throws on a bad reference. */
export function resolveOptionSets<T>(data: T, sets: OptionSets): T {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (isOptionSetRef(node)) return pickOptions(node, sets);
    if (node && typeof node === 'object')
      return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)]));
    return node;
  };
  return visit(data) as T;
}
