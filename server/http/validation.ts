/**
 * Request validation with the project's own ajv rules (schemas/validators.ts), the same ones the
 * browser's forms use. Query strings are coerced (they only carry text); JSON bodies are not, so a
 * wrongly typed field is an error rather than silently converted.
 */
import type { ErrorObject } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { createAjv, messageKeyFor } from '../../schemas/validators.ts';
import type { JsonSchema } from '../../schemas/catalogue-types.ts';
import { translate, type Language } from './i18n.ts';

export function buildValidatorCompiler(entities: JsonSchema[]): FastifySchemaCompiler<JsonSchema> {
  const forQuery = createAjv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false });
  const forBody = createAjv({ coerceTypes: false, useDefaults: true, removeAdditional: false });
  for (const e of entities) {
    forQuery.addSchema(e);
    forBody.addSchema(e);
  }
  return ({ schema, httpPart }) => (httpPart === 'body' ? forBody : forQuery).compile(schema);
}

export interface FieldError {
  field: string;
  message: string;
}

/** One translated line per failing field, e.g. {field: 'email', message: '请输入正确的邮箱地址'}. */
export function describeValidationErrors(errors: ErrorObject[], lang: Language): FieldError[] {
  return errors.map((e) => {
    const { key, params } = messageKeyFor(e);
    const missingProperty = (e.params as { missingProperty?: string }).missingProperty;
    const missing = missingProperty ? `/${missingProperty}` : '';
    const extra =
      e.keyword === 'additionalProperties' ? `/${String((e.params as { additionalProperty?: string }).additionalProperty)}` : '';
    const field = `${e.instancePath}${missing}${extra}`.replace(/^\//, '').replace(/\//g, '.') || '(root)';
    return { field, message: translate(lang, key, { ...params, field }) };
  });
}
