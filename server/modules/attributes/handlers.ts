/**
 * Extended attribute definitions of a tenant's space (custom fields of employees, organisations and
 * positions) and the definitions with one party's values for the employee dialog's attribute tab.
 */
import { sql } from 'kysely';
import { newId } from '../../auth/tokens.ts';
import { isUniqueViolation } from '../../auth/accounts.ts';
import { defineHandlers } from '../../http/handler.ts';
import type { ListSpec } from '../../http/list-query.ts';
import { idList, invalid, listPage, notFound, requireIds, spaceOf, type Space } from '../people/common.ts';
import { attrDefOut, normaliseValue, optionsText, PARTY_TYPES, type AttrDefRow } from './values.ts';

export const ATTR_LIST: ListSpec = {
  filters: {
    key: ['a.key', 'like'],
    name: ['a.name', 'like'],
    partyType: ['a.party_type', 'eq'],
    dataType: ['a.data_type', 'eq'],
  },
  sorts: { key: 'a.key', name: 'a.name', sn: 'a.sn', dataType: 'a.data_type', partyType: 'a.party_type' },
  defaultSort: [
    ['a.sn', 'asc'],
    ['a.key', 'asc'],
    ['a.id', 'asc'],
  ],
};

const DEF_COLUMNS = ['id', 'key', 'name', 'data_type', 'options', 'is_multi', 'party_type', 'sn'] as const;

export async function defsOf(space: Space, partyType: string, dataType?: string): Promise<AttrDefRow[]> {
  let q = space.selectFrom('attr_def').select(DEF_COLUMNS).where('party_type', '=', partyType);
  if (dataType) q = q.where('data_type', '=', dataType);
  return q.orderBy('sn').orderBy('key').orderBy('id').execute();
}

/** Definitions of a party type with the party's values (values: [] when it has none). */
export async function defsWithValues(space: Space, partyType: string, partyId: string | undefined) {
  const defs = await defsOf(space, partyType);
  const values = partyId
    ? await space
        .selectFrom('attr_value')
        .select(['attr_id', 'value'])
        .where('party_id', '=', partyId)
        .where('attr_id', 'in', defs.length ? defs.map((d) => d.id) : [''])
        .execute()
    : [];
  const byAttr = new Map(values.map((v) => [v.attr_id, v.value]));
  return defs.map((d) => attrDefOut(d, byAttr.get(d.id) ?? null));
}

async function requireDef(space: Space, id: string): Promise<AttrDefRow> {
  const def = await space.selectFrom('attr_def').select(DEF_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!def) throw notFound('attr', id);
  return def;
}

export const attrHandlers = defineHandlers({
  'attr.query': async (ctx) => {
    const page = await listPage<AttrDefRow>(
      spaceOf(ctx).selectFrom('attr_def as a'),
      (q) => q.select(DEF_COLUMNS.map((c) => `a.${c}` as const)),
      ATTR_LIST,
      ctx.body,
    );
    return { ...page, dataResult: page.dataResult.map((d) => attrDefOut(d)) };
  },

  'attr.load': async (ctx) => attrDefOut(await requireDef(spaceOf(ctx), ctx.query.id)),

  /**
   * Creates or updates a definition. The key is unique in the tenant; a changed data type must still fit
   * every stored value (else nothing changes and the error names the attribute).
   */
  'attr.save': async (ctx) => {
    const body = ctx.body;
    const space = spaceOf(ctx);
    const key = body.key.trim();
    const current = body.id ? await requireDef(space, body.id) : undefined;
    const partyType = body.partyType ?? current?.party_type ?? 'employee';
    if (!(PARTY_TYPES as readonly string[]).includes(partyType)) {
      throw invalid(ctx.lang, 'people.attr.badPartyType', { partyType }, 'partyType');
    }
    const clash = await space
      .selectFrom('attr_def')
      .select('id')
      .where(sql<string>`lower(key)`, '=', key.toLowerCase())
      .where('id', '<>', current?.id ?? '')
      .executeTakeFirst();
    if (clash) throw invalid(ctx.lang, 'people.attr.keyTaken', { key }, 'key');
    const next: AttrDefRow = {
      id: current?.id ?? newId(),
      key,
      name: body.name.trim(),
      data_type: body.dataType ?? current?.data_type ?? 'STRING',
      options: body.options === undefined ? (current?.options ?? null) : body.options,
      is_multi: body.isMulti === undefined ? (current?.is_multi ?? false) : body.isMulti === 'Y',
      party_type: partyType,
      sn: body.sn ?? current?.sn ?? 0,
    };
    if (current) {
      // The stored values must fit the new definition (type, options, single or multiple).
      const values = await space
        .selectFrom('attr_value')
        .select('value')
        .where('attr_id', '=', current.id)
        .execute();
      for (const v of values) normaliseValue(next, v.value, ctx.lang, 'dataType');
    }
    const row = {
      key: next.key,
      name: next.name,
      data_type: next.data_type,
      options: optionsText(next.options) === null ? null : JSON.stringify(optionsText(next.options)),
      is_multi: next.is_multi,
      party_type: next.party_type,
      sn: next.sn,
    };
    try {
      if (current) await space.updateTable('attr_def').set(row).where('id', '=', next.id).execute();
      else
        await space
          .insertInto('attr_def')
          .values({ id: next.id, ...row })
          .execute();
    } catch (e) {
      if (isUniqueViolation(e)) throw invalid(ctx.lang, 'people.attr.keyTaken', { key }, 'key');
      throw e;
    }
    return attrDefOut(await requireDef(space, next.id));
  },

  /** Removes definitions together with every party's values of them. */
  'attr.remove': async (ctx) => {
    const ids = idList(ctx.query.ids);
    const space = spaceOf(ctx);
    await requireIds(space, 'attr_def', ids);
    await space.deleteFrom('attr_def').where('id', 'in', ids).execute();
    return null;
  },

  /** Definitions for a party type; `type`, when given, narrows to one data type. */
  'attr.findByTypeAndPartyType': async (ctx) => {
    const { type, partyType } = ctx.query;
    return (await defsOf(spaceOf(ctx), partyType, type || undefined)).map((d) => attrDefOut(d));
  },

  /** Definitions of a party type with one party's values (for an employee: the employee id). */
  'attr.findByPartyTypeUserId4Edit': async (ctx) => {
    const { partyType, userId } = ctx.query;
    const space = spaceOf(ctx);
    if (userId) {
      const table =
        partyType === 'org'
          ? 'org'
          : partyType === 'position'
            ? 'position'
            : partyType === 'employee'
              ? 'employee'
              : undefined;
      if (table) await requireIds(space, table, [userId]);
    }
    return defsWithValues(space, partyType, userId || undefined);
  },
});
