/**
 * The meta-schema of one kind as a single self-contained schema, for the editor's completion
 * (codemirror-json-schema resolves only references inside the schema it is given): every file of
 * schemas/meta/screen-kinds goes under `definitions` and each reference is rewritten to point there.
 * Without a known kind: what every kind shares, with the kinds to choose from.
 */
import shared from '../../../schemas/meta/screen.schema.json';

const files = import.meta.glob<Record<string, unknown>>('../../../schemas/meta/screen-kinds/*.schema.json', {
  eager: true,
  import: 'default',
});

const byName = new Map(
  Object.entries(files).map(([path, schema]) => [
    path.replace(/^.*\//, '').replace(/\.schema\.json$/, ''),
    schema,
  ]),
);

const slot = (file: string) => `file_${file}`;

/** The schema with its references pointing into the bundle (`file`: the file it came from). */
function rewritten(node: unknown, file: string): unknown {
  if (Array.isArray(node)) return node.map((item) => rewritten(item, file));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).flatMap(([key, value]) => {
      if (key === '$id' || key === '$schema') return [];
      if (key === '$ref' && typeof value === 'string') {
        const [target, fragment = ''] = value.split('#');
        const name = target === '' ? file : target.replace(/^.*\//, '').replace(/\.schema\.json$/, '');
        return [[key, `#/definitions/${slot(name)}${fragment}`]];
      }
      return [[key, rewritten(value, file)]];
    }),
  );
}

const definitions = Object.fromEntries(
  [...byName].map(([name, schema]) => [slot(name), rewritten(schema, name)]),
);

type Schema = Record<string, unknown>;

export function completionSchema(kind: unknown): Schema {
  const kinds = [...byName.keys()].filter((name) => name !== 'common').sort();
  if (typeof kind === 'string' && kinds.includes(kind))
    return { ...(definitions[slot(kind)] as Schema), definitions };
  const base = rewritten(shared, 'common') as Schema & { properties: Record<string, Schema> };
  return {
    ...base,
    properties: { ...base.properties, kind: { ...base.properties.kind, enum: kinds } },
    definitions,
  };
}
