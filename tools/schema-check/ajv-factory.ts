/**
 * The two kinds of ajv the checker uses:
 * - a meta ajv that validates schema FILES against schemas/meta/*.schema.json (draft-07, or 2020-12 when
 *   the meta-schema says so);
 * - a schema ajv that COMPILES entity and operation schemas with the project's formats and keywords,
 *   in strict mode so a misspelt keyword or an unknown format is an error rather than silently ignored.
 */
import { Ajv, type Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { addValidators } from '../../schemas/validators.ts';

const DRAFT_2020 = /^https:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

export function createMetaAjv(metaSchema: Record<string, unknown>): Ajv {
  // verbose keeps data and parentSchema on errors, which the messages quote.
  const options: Options = { allErrors: true, verbose: true, strict: false };
  const ajv = DRAFT_2020.test(String(metaSchema.$schema)) ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  return ajv;
}

/** Annotation keywords (x-…, ui:…) carry UI hints for rjsf; they validate nothing but must not fail strict mode. */
export const ANNOTATION_KEYWORD = /^(x-|ui:)[A-Za-z0-9_$:-]*$/;

export function createSchemaAjv(annotationKeywords: Iterable<string> = []): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    // Types and tuples are style rules; unknown keywords and formats (strictSchema) are what catch typos.
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  addValidators(ajv);
  for (const keyword of annotationKeywords) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword });
  }
  return ajv;
}
