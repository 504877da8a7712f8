/**
 * Data templates (schemas/api/data-templates.yaml): the tenant's definitions (listed and read by those
 * who reach them, saved by configurators (screen:configure) with their storage changed in the same
 * transaction) and one generic handler for the rows of every template, each call guarded by the
 * template's own grants (access.ts). Bad input is refused with translated messages per field.
 */
import type { Kysely } from 'kysely';
import { authOf, defineHandlers, tenantSchemaOf, type HandlerContext } from '../../http/handler.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { translate, type Language } from '../../http/i18n.ts';
import { describeFormulaError, type FormRules } from '../../../schemas/formulas/index.ts';
import { idList, spaceOf } from '../people/common.ts';
import { holdsTemplate } from './access.ts';
import { checkDefinition, CODE_PATTERN, type DataTemplate } from './definition.ts';
import type { Plan, Step } from './ddl.ts';
import { unknownReferences } from './references.ts';
import { checkRow } from './row-values.ts';
import { findRow, queryRows, removeRows, writeRow } from './rows.ts';
import { generateScreens, readOnlyView, screenNames, type GeneratedKind } from './screens.ts';
import { asRendered } from '../screen-config/files.ts';
import { currentVersion } from '../screen-config/store.ts';
import type { ListRequest } from '../../http/list-query.ts';
import { findTemplate, listTemplates, saveTemplate, type StoredTemplate } from './store.ts';

const tOf = (lang: Language) => (key: string, params: Record<string, unknown>) =>
  translate(lang, key, params);

/** The template of a request, when the session reaches it (else 404 / 6010104, nothing told). */
async function reachTemplate(ctx: HandlerContext, code: string, write: boolean): Promise<StoredTemplate> {
  const template = await findTemplate(spaceOf(ctx), code);
  if (!template) throw new ApiError(Code.NOT_FOUND, 'dataTemplate.notFound', { code });
  if (!(await holdsTemplate(ctx.db, authOf(ctx), template, write)))
    throw new ApiError(Code.NO_PERMISSION, 'dataTemplate.denied', { code });
  return template;
}

/** A list request names its template as a list screen names its parent: the parameter `template`. */
function templateOfList(req: ListRequest, lang: Language): { template: string; request: ListRequest } {
  const named = (req.parameters ?? []).find((p) => p.key === 'template');
  const template = typeof named?.value === 'string' ? named.value : '';
  if (!CODE_PATTERN.test(template))
    throw new ApiError(Code.ILLEGAL_REQUEST, 'dataTemplate.templateRequired', {}, [
      { field: 'parameters', message: translate(lang, 'dataTemplate.templateRequired') },
    ]);
  return {
    template,
    request: { ...req, parameters: (req.parameters ?? []).filter((p) => p.key !== 'template') },
  };
}

const described = (t: StoredTemplate, canWrite: boolean) => ({ ...t, canWrite });

/** A step in the reader's words, for the confirmation the designer asks for. */
function stepText(lang: Language, step: Step): { field: string; message: string } {
  return {
    field: step.key ?? '',
    message: translate(lang, `dataTemplate.change.${step.kind}`, {
      key: step.key ?? '',
      from: step.from ?? '',
      to: step.to ?? '',
    }),
  };
}

async function requireRoles(ctx: HandlerContext, t: DataTemplate): Promise<void> {
  const wanted = [...new Set([...t.readRoles, ...t.writeRoles])];
  if (wanted.length === 0) return;
  const found = await spaceOf(ctx).selectFrom('role').select('id').where('id', 'in', wanted).execute();
  const known = new Set(found.map((r) => r.id));
  const missing = wanted.find((id) => !known.has(id));
  if (missing !== undefined)
    throw new ApiError(Code.ILLEGAL_REQUEST, 'dataTemplate.error.unknownRole', { id: missing }, [
      { field: 'readRoles', message: translate(ctx.lang, 'dataTemplate.error.unknownRole', { id: missing }) },
    ]);
}

export const dataTemplateHandlers = defineHandlers({
  'dataTemplate.list': async (ctx) => {
    const auth = authOf(ctx);
    const rows = [];
    for (const t of await listTemplates(spaceOf(ctx)))
      if (await holdsTemplate(ctx.db, auth, t, false))
        rows.push(described(t, await holdsTemplate(ctx.db, auth, t, true)));
    return { rows };
  },

  'dataTemplate.get': async (ctx) => {
    const t = await reachTemplate(ctx, ctx.query.code, false);
    return described(t, await holdsTemplate(ctx.db, authOf(ctx), t, true));
  },

  'dataTemplate.save': async (ctx) => {
    const { template: input, confirm } = ctx.body;
    const template: DataTemplate = {
      code: input.code,
      name: input.name,
      fields: input.fields,
      formulas: (input.formulas ?? {}) as FormRules,
      readRoles: input.readRoles ?? [],
      writeRoles: input.writeRoles ?? [],
    };
    const t = tOf(ctx.lang);
    const problems = checkDefinition(template);
    if (problems.length > 0)
      throw new ApiError(
        Code.ILLEGAL_REQUEST,
        'dataTemplate.invalid',
        {},
        problems.map((p) => ({
          field: p.path,
          message: p.formula ? describeFormulaError(p.formula, t) : translate(ctx.lang, p.key, p.params),
        })),
      );
    await requireRoles(ctx, template);
    const { template: saved, plan } = await saveTemplate(
      ctx.db,
      tenantSchemaOf(ctx),
      template,
      confirm === true,
      (p: Plan) => {
        throw new ApiError(
          Code.ILLEGAL_REQUEST,
          'dataTemplate.confirmNeeded',
          {},
          p.destructive.map((s) => stepText(ctx.lang, s)),
        );
      },
    );
    return {
      template: described(saved, true),
      changes: [...plan.additive, ...plan.destructive].map((s) => ({
        kind: s.kind,
        ...stepText(ctx.lang, s),
      })),
    };
  },

  'dataTemplate.row.query': async (ctx) => {
    const { template, request } = templateOfList(ctx.body ?? {}, ctx.lang);
    const t = await reachTemplate(ctx, template, false);
    return queryRows(ctx.db as Kysely<any>, tenantSchemaOf(ctx), t, request);
  },

  'dataTemplate.screens': async (ctx) => {
    const t = await reachTemplate(ctx, ctx.query.code, false);
    const canWrite = await holdsTemplate(ctx.db, authOf(ctx), t, true);
    const names = screenNames(t.code);
    const generated = generateScreens(t);
    const shown = async (kind: GeneratedKind) => {
      // A configurator's published version (screenConfig, tenant scope) is drawn over the generated one.
      const published = await currentVersion(ctx.db, names[kind], authOf(ctx).tenantId);
      const screen = published ? (asRendered(published.content) as Record<string, unknown>) : generated[kind];
      return canWrite ? screen : readOnlyView(screen);
    };
    return { names, list: await shown('list'), form: await shown('form'), detail: await shown('detail') };
  },

  'dataTemplate.row.get': async (ctx) => {
    const t = await reachTemplate(ctx, ctx.query.template, false);
    const row = await findRow(ctx.db as Kysely<any>, tenantSchemaOf(ctx), t, ctx.query.id);
    if (!row) throw new ApiError(Code.NOT_FOUND, 'dataTemplate.rowNotFound', { id: ctx.query.id });
    return row;
  },

  'dataTemplate.row.save': async (ctx) => {
    const t = await reachTemplate(ctx, ctx.query.template, true);
    const { id, values } = ctx.body;
    const checked = checkRow(t, values, {
      mode: id ? 'edit' : 'create',
      now: new Date(),
      lang: ctx.lang,
      t: tOf(ctx.lang),
    });
    const fieldErrors = Object.entries(checked.errors).flatMap(([field, messages]) =>
      messages.map((message) => ({ field, message })),
    );
    // People, organisations and attachments the values name must be the tenant's own.
    if (fieldErrors.length === 0)
      for (const missing of await unknownReferences(
        ctx.db,
        tenantSchemaOf(ctx),
        authOf(ctx).tenantId!,
        t,
        checked.values,
      ))
        fieldErrors.push({
          field: missing.field,
          message: translate(ctx.lang, `dataTemplate.error.unknown.${missing.type}`, { id: missing.value }),
        });
    if (fieldErrors.length > 0)
      throw new ApiError(
        Code.ILLEGAL_REQUEST,
        'dataTemplate.invalidRow',
        { message: fieldErrors[0]!.message },
        fieldErrors,
      );
    const schema = tenantSchemaOf(ctx);
    const saved = await writeRow(
      ctx.db as Kysely<any>,
      schema,
      t,
      id ?? null,
      checked.values,
      authOf(ctx).accountId,
    );
    if (saved === null) throw new ApiError(Code.NOT_FOUND, 'dataTemplate.rowNotFound', { id });
    return (await findRow(ctx.db as Kysely<any>, schema, t, saved))!;
  },

  'dataTemplate.row.remove': async (ctx) => {
    const t = await reachTemplate(ctx, ctx.query.template, true);
    const removed = await removeRows(ctx.db as Kysely<any>, tenantSchemaOf(ctx), t, idList(ctx.query.ids));
    return { removed };
  },
});
