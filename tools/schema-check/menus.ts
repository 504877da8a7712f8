/**
 * Built-in menu files (schemas/menus/*.yaml): the meta-schema (schemas/meta/menu.schema.json), then what it
 * cannot say — aliases unique within a subsystem (entries and buttons together), a file's `parent` names an
 * entry of the subsystem, a button's `grantedWith` names an entry or button of it, names are translation keys, screens exist, every permission is declared in the
 * catalogue, and every tenant permission is carried by some entry or button (else no role could grant it).
 */
import { flattenMenus, type MenuFile } from '../../schemas/menus.ts';
import type { MetaCheck } from './meta-validate.ts';
import type { Vocabulary } from './permissions.ts';
import { joinPointer, type SchemaError } from './report.ts';
import type { ScreenLookups } from './screen-lookups.ts';
import type { ParsedFile } from './yaml-files.ts';

/** JSON pointers of each alias in its file, for messages. */
function aliasPointers(menu: MenuFile): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (entries: MenuFile['entries'], base: string) =>
    entries.forEach((entry, i) => {
      const here = joinPointer(base, i);
      out.set(entry.alias, here);
      (entry.buttons ?? []).forEach((b, j) => out.set(b.alias, joinPointer(here, 'buttons', j)));
      if (entry.children) visit(entry.children, joinPointer(here, 'children'));
    });
  visit(menu.entries, '/entries');
  return out;
}

export function checkMenus(
  files: ParsedFile[],
  meta: MetaCheck | undefined,
  vocabulary: Vocabulary,
  lookups: ScreenLookups,
): SchemaError[] {
  const errors: SchemaError[] = [];
  const valid: { file: string; menu: MenuFile }[] = [];
  for (const parsed of files) {
    if (parsed.data === undefined || !meta) continue;
    const found = meta(parsed.data, parsed.file);
    errors.push(...found);
    if (found.length === 0) valid.push({ file: parsed.file, menu: parsed.data as MenuFile });
  }
  const pointers = new Map(valid.map(({ file, menu }) => [file, aliasPointers(menu)]));
  const items = flattenMenus(valid);
  const seen = new Map<string, string>();
  const entries = new Set<string>();
  for (const item of items) {
    const key = `${item.subsystem}:${item.alias}`;
    const at = pointers.get(item.file)?.get(item.alias) ?? '/';
    const earlier = seen.get(key);
    if (earlier) {
      errors.push({
        file: item.file,
        path: joinPointer(at, 'alias'),
        message: `alias "${item.alias}" is already used in subsystem ${item.subsystem} (${earlier})`,
      });
    } else seen.set(key, item.file);
    if (item.type === 'menu') entries.add(key);
    if (!lookups.translationKeys.has(item.name)) {
      errors.push({
        file: item.file,
        path: joinPointer(at, 'name'),
        message: `translation key "${item.name}" is not in locales/zh-CN/`,
      });
    }
    if (item.screen && !item.screen.startsWith('page:') && !lookups.screens.has(item.screen)) {
      errors.push({
        file: item.file,
        path: joinPointer(at, 'screen'),
        message: `unknown screen "${item.screen}": no schemas/screens/${item.screen}.yaml`,
      });
    }
    item.permissions.forEach((permission, i) => {
      if (!vocabulary.declared.has(permission)) {
        errors.push({
          file: item.file,
          path: joinPointer(at, 'permissions', i),
          message: `unknown permission "${permission}" (not declared in schemas/api)`,
        });
      }
    });
  }
  for (const item of items) {
    if (item.grantedWith && !seen.has(`${item.subsystem}:${item.grantedWith}`)) {
      errors.push({
        file: item.file,
        path: joinPointer(pointers.get(item.file)?.get(item.alias) ?? '/', 'grantedWith'),
        message: `grantedWith: no entry or button "${item.grantedWith}" in subsystem ${item.subsystem}`,
      });
    }
  }
  for (const { file, menu } of valid) {
    if (menu.parent && !entries.has(`${menu.subsystem}:${menu.parent}`)) {
      errors.push({
        file,
        path: '/parent',
        message: `no entry "${menu.parent}" in subsystem ${menu.subsystem}`,
      });
    }
  }
  if (valid.length > 0) {
    const carried = new Set(items.flatMap((item) => item.permissions));
    for (const [name, def] of vocabulary.declared) {
      if (def.scope === 'tenant' && !carried.has(name)) {
        errors.push({
          file: def.file,
          path: joinPointer('/permissions', name),
          message: `no entry or button of schemas/menus carries ${name}: no role could grant it`,
        });
      }
    }
  }
  return errors;
}
