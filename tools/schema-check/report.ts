/** One problem found in a schema file, and how the checker prints it. */
export interface SchemaError {
  /** File path relative to the repository root, with forward slashes. */
  file: string;
  /** JSON pointer into the parsed file, e.g. /operations/employee.query/method ('/' for the whole file). */
  path: string;
  message: string;
}

export function formatError(error: SchemaError): string {
  return `${error.file}: ${error.path}: ${error.message}`;
}

/** JSON pointer segment escaping (RFC 6901), so an odd key cannot split a path. */
export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function joinPointer(base: string, ...segments: Array<string | number>): string {
  const tail = segments.map((segment) => `/${pointerSegment(segment)}`).join('');
  const joined = `${base === '/' ? '' : base}${tail}`;
  return joined === '' ? '/' : joined;
}
