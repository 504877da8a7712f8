/**
 * Request validation with the project's own ajv rules (schemas/validators.ts), the same ones the
 * browser's forms use. Query strings are coerced (they only carry text); JSON bodies are not, so a
 * wrongly typed field is an error rather than silently converted.
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { createAjv, messageKeyFor } from '../../schemas/validators.ts';
import type { JsonSchema } from '../../schemas/catalogue-types.ts';
import { translate, type Language } from './i18n.ts';
import { fieldLabel, type LabelledFieldError } from './field-labels.ts';

export function buildValidatorCompiler(entities: JsonSchema[]): FastifySchemaCompiler<JsonSchema> {
  // Both ajv instances, and each route's validator, are made on first use rather than at start: ~400
  // routes' schemas (and ajv's own meta-schemas) would otherwise cost most of a cold start. ajv keeps
  // each compiled schema, so both addresses of an operation share one validator.
  let forQuery: Ajv | undefined;
  let forBody: Ajv | undefined;
  const withEntities = (ajv: Ajv) => {
    for (const e of entities) ajv.addSchema(e);
    return ajv;
  };
  const ajvFor = (httpPart: string | undefined) =>
    httpPart === 'body'
      ? (forBody ??= withEntities(
          createAjv({ coerceTypes: false, useDefaults: true, removeAdditional: false }),
        ))
      : (forQuery ??= withEntities(
          createAjv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false }),
        ));
  return ({ schema, httpPart }) => {
    let compiled: ValidateFunction | undefined;
    const validate = (data: unknown) => {
      compiled ??= ajvFor(httpPart).compile(schema);
      const ok = compiled(data);
      validate.errors = compiled.errors;
      return ok;
    };
    validate.errors = null as ValidateFunction['errors'];
    return validate;
  };
}

/**
 * One translated line per failing field, e.g. {field: 'receiverIds', label: '收件人', message: '数据类型不正确'}.
 * A field the request may not carry is labelled by the object that holds it (the message names the field).
 */
export function describeValidationErrors(errors: ErrorObject[], lang: Language): LabelledFieldError[] {
  return errors.map((e) => {
    const { key, params } = messageKeyFor(e);
    const missingProperty = (e.params as { missingProperty?: string }).missingProperty;
    const missing = missingProperty ? `/${missingProperty}` : '';
    const extra =
      e.keyword === 'additionalProperties'
        ? `/${String((e.params as { additionalProperty?: string }).additionalProperty)}`
        : '';
    const dotted = (path: string) => path.replace(/^\//, '').replace(/\//g, '.');
    const field = dotted(`${e.instancePath}${missing}${extra}`) || '(root)';
    const label = fieldLabel(dotted(`${e.instancePath}${missing}`), lang);
    return { field, label, message: translate(lang, key, { ...params, field: label }) };
  });
}
