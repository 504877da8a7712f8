/** Turns ajv's validation errors into one clear line each, pointing at the offending field. */
import type { ErrorObject } from 'ajv';
import { joinPointer, type SchemaError } from './report.ts';

function quote(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

function describe(error: ErrorObject): { path: string; message: string } {
  const path = error.instancePath === '' ? '/' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return {
        path: joinPointer(path, String(params.additionalProperty)),
        message: `unknown field "${String(params.additionalProperty)}"`,
      };
    case 'required':
      return { path, message: `missing required field "${String(params.missingProperty)}"` };
    case 'enum':
      return {
        path,
        message: `${quote(error.data)} is not allowed; must be one of ${(params.allowedValues as unknown[]).map(quote).join(', ')}`,
      };
    case 'const':
      return { path, message: `${quote(error.data)} is not allowed; must be ${quote(params.allowedValue)}` };
    case 'pattern':
      return { path, message: `${quote(error.data)} does not match the pattern ${String(params.pattern)}` };
    case 'type':
      return { path, message: `must be of type ${String(params.type)} (found ${quote(error.data)})` };
    case 'propertyNames':
      return {
        path: joinPointer(path, String(params.propertyName)),
        message: `invalid name "${String(params.propertyName)}"`,
      };
    case 'anyOf':
    case 'oneOf': {
      const described = (error.parentSchema as { description?: unknown } | undefined)?.description;
      return {
        path,
        message:
          typeof described === 'string' ? `does not fit: ${described}` : `${error.message ?? 'is invalid'}`,
      };
    }
    default:
      return { path, message: error.message ?? `fails ${error.keyword}` };
  }
}

/**
 * Errors of the branches of a failed anyOf/oneOf are noise next to the anyOf error itself, and the
 * inner error of a propertyNames failure repeats the outer one; both are dropped.
 */
function withoutNoise(errors: ErrorObject[]): ErrorObject[] {
  const failedAlternatives = errors
    .filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf')
    .map((error) => `${error.schemaPath}/`);
  return errors.filter(
    (error) =>
      (error as ErrorObject & { propertyName?: string }).propertyName === undefined &&
      !failedAlternatives.some((prefix) => error.schemaPath.startsWith(prefix)),
  );
}

export function ajvErrorsToSchemaErrors(
  file: string,
  errors: ErrorObject[] | null | undefined,
  basePath = '',
): SchemaError[] {
  const seen = new Set<string>();
  const result: SchemaError[] = [];
  for (const error of withoutNoise(errors ?? [])) {
    const { path, message } = describe(error);
    const fullPath = basePath === '' ? path : `${basePath}${path === '/' ? '' : path}`;
    const key = `${fullPath}\n${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ file, path: fullPath === '' ? '/' : fullPath, message });
  }
  return result;
}
