/**
 * The values a people search keeps: a comma-separated id list (the message receivers), a list of ids,
 * or a list of people ({id, name, account}: a group's members). Conversions both ways, so the select
 * works on ids and the form keeps its own shape.
 */
export type PeopleShape = 'commaList' | 'ids' | 'people';

export interface Person {
  id: string;
  name?: string;
  account?: string;
}

export function idsOf(value: unknown): string[] {
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (!Array.isArray(value)) return [];
  return value
    .map((v) => (v && typeof v === 'object' ? (v as Person).id : v))
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map(String);
}

/** People named in the value itself (the 'people' shape), by id. */
export function knownPeople(value: unknown): Map<string, Person> {
  const out = new Map<string, Person>();
  if (Array.isArray(value))
    for (const v of value)
      if (v && typeof v === 'object' && typeof (v as Person).id === 'string')
        out.set((v as Person).id, v as Person);
  return out;
}

/** The form's value for the chosen ids; `people` looks their names up in what is known. */
export function storedPeople(
  ids: readonly string[],
  shape: PeopleShape,
  known: Map<string, Person>,
): unknown {
  if (shape === 'commaList') return ids.length ? ids.join(',') : undefined;
  if (shape === 'ids') return [...ids];
  return ids.map((id) => {
    const p = known.get(id);
    return { id, ...(p?.name ? { name: p.name } : {}), ...(p?.account ? { account: p.account } : {}) };
  });
}

/** 张三（zhangsan） — the account tells namesakes apart. */
export function personLabel(p: Person): string {
  return p.account && p.account !== p.name ? `${p.name ?? p.id}（${p.account}）` : (p.name ?? p.id);
}
