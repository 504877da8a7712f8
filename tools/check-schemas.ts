/**
 * Schema checker: validates schemas/api, schemas/entities and schemas/screens against schemas/meta and
 * compiles every schema with the project's validators. Prints one line per error and exits 1 if any.
 * Usage: tsx tools/check-schemas.ts
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTree } from './schema-check/check-tree.ts';
import { formatError } from './schema-check/report.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { filesChecked, errors } = checkTree({ root });
for (const error of errors) console.error(formatError(error));
console.log(`schemas: ${filesChecked} files checked, ${errors.length} errors`);
process.exitCode = errors.length > 0 ? 1 : 0;
