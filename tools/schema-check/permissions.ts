/**
 * The permission vocabulary across the schema tree (schemas/api/README.md 'Permissions'):
 * - each permission is declared once (a catalogue file's `permissions:`);
 * - each operation names a reserved level (public, user, member) or a declared permission, consistent
 *   with its access: public ⇔ public; user → user; tenant → member or a tenant permission; super → a
 *   platform permission;
 * - a screen action that calls an operation needing a permission declares the same one (`permission:`),
 *   so the front end hides what the server would refuse; any `permission:` of a screen is declared.
 * Menu files are checked in menus.ts with the same vocabulary.
 */
import type { CatalogueFile, PermissionDef } from '../../schemas/catalogue-types.ts';
import { joinPointer, type SchemaError } from './report.ts';
import type { ParsedFile } from './yaml-files.ts';

const RESERVED = new Set(['public', 'user', 'member']);

export interface Vocabulary {
  /** name -> declaration and the file declaring it */
  declared: Map<string, PermissionDef & { file: string }>;
  /** operation id -> its permission */
  operations: Map<string, string>;
}

export function collectVocabulary(files: ParsedFile[], errors: SchemaError[]): Vocabulary {
  const declared = new Map<string, PermissionDef & { file: string }>();
  const operations = new Map<string, string>();
  for (const parsed of files) {
    const catalogue = parsed.data as CatalogueFile | undefined;
    for (const [name, def] of Object.entries(catalogue?.permissions ?? {})) {
      const earlier = declared.get(name);
      if (earlier) {
        errors.push({
          file: parsed.file,
          path: joinPointer('/permissions', name),
          message: `permission ${name} is already declared in ${earlier.file}`,
        });
      } else declared.set(name, { ...def, file: parsed.file });
    }
    for (const [id, op] of Object.entries(catalogue?.operations ?? {})) operations.set(id, op.permission);
  }
  return { declared, operations };
}

/** The operations' permissions against the vocabulary and their access levels. */
export function checkOperationPermissions(files: ParsedFile[], vocabulary: Vocabulary): SchemaError[] {
  const errors: SchemaError[] = [];
  for (const parsed of files) {
    const catalogue = parsed.data as CatalogueFile | undefined;
    for (const [id, op] of Object.entries(catalogue?.operations ?? {})) {
      const at = joinPointer('/operations', id, 'permission');
      const permission = op.permission;
      if (typeof permission !== 'string') continue; // the meta-schema reports it
      const def = vocabulary.declared.get(permission);
      if (!RESERVED.has(permission) && !def) {
        errors.push({
          file: parsed.file,
          path: at,
          message: `unknown permission "${permission}": declare it under permissions: of a schemas/api file, or use public, user or member`,
        });
        continue;
      }
      const fits =
        op.access === 'public'
          ? permission === 'public'
          : op.access === 'user'
            ? permission === 'user'
            : op.access === 'tenant'
              ? permission === 'member' || def?.scope === 'tenant'
              : def?.scope === 'platform';
      if (!fits) {
        const wanted = {
          public: 'public',
          user: 'user',
          tenant: 'member or a tenant-scope permission',
          super: 'a platform-scope permission',
        }[op.access];
        errors.push({
          file: parsed.file,
          path: at,
          message: `access ${op.access} needs permission ${wanted}, not "${permission}"`,
        });
      } else if (op.access === 'public' && permission !== 'public') {
        errors.push({ file: parsed.file, path: at, message: 'a public operation has permission public' });
      }
    }
  }
  return errors;
}

/** Permissions in a screen file: declared, and equal to the permission of the operation an action calls. */
export function checkScreenPermissions(parsed: ParsedFile, vocabulary: Vocabulary): SchemaError[] {
  const errors: SchemaError[] = [];
  const visit = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, joinPointer(pointer, i)));
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const permission = record.permission;
    if (typeof permission === 'string' && !vocabulary.declared.has(permission)) {
      errors.push({
        file: parsed.file,
        path: joinPointer(pointer, 'permission'),
        message: `unknown permission "${permission}" (not declared in schemas/api)`,
      });
    }
    if (typeof record.type === 'string' && typeof record.operation === 'string') {
      const needed = vocabulary.operations.get(record.operation);
      if (needed && !RESERVED.has(needed) && permission !== needed) {
        errors.push({
          file: parsed.file,
          path: joinPointer(pointer, 'permission'),
          message:
            permission === undefined
              ? `the action calls ${record.operation}, which needs ${needed}: add permission: ${needed}`
              : `the action calls ${record.operation}, which needs ${needed}, not ${String(permission)}`,
        });
      }
    }
    for (const [key, value] of Object.entries(record)) visit(value, joinPointer(pointer, key));
  };
  visit(parsed.data, '');
  return errors;
}
