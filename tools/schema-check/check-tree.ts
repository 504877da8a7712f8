/**
 * Checks the whole schemas/ tree (or fixture folders laid out the same way) and returns every error.
 * Order: entities first (the catalogue refers to them), then catalogue files and their permissions,
 * then screens, then the built-in menu.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkCatalogueRules, newCatalogueIndex } from './catalogue-rules.ts';
import { screenChecks } from './check-one-screen.ts';
import { inlineTextsInFile } from './inline-texts-in-files.ts';
import { checkEntities } from './entities.ts';
import { newFormFormulaCheck } from './form-formulas.ts';
import { checkMenus } from './menus.ts';
import { loadMetaCheck } from './meta-validate.ts';
import { checkOperationSchemas } from './operation-schemas.ts';
import { loadOptionSets } from './option-sets.ts';
import { checkOperationPermissions, collectVocabulary } from './permissions.ts';
import type { SchemaError } from './report.ts';
import { loadScreenLookups } from './screen-lookups.ts';
import { loadScreenCheck } from './screens.ts';
import { newScreenFieldCheck, responseSchemas } from './screen-fields.ts';
import { listYamlFiles, readYamlFile } from './yaml-files.ts';

export interface CheckOptions {
  /** Repository root; file names in errors are relative to it. */
  root: string;
  /** Defaults: <root>/schemas/api, entities, screens, menus, meta. */
  apiDir?: string;
  entitiesDir?: string;
  screensDir?: string;
  menusDir?: string;
  metaDir?: string;
  /** Default: <root>/schemas/options (the sets screens name with `{ $set }`). */
  optionsDir?: string;
}

export interface CheckResult {
  filesChecked: number;
  errors: SchemaError[];
}

export function checkTree(options: CheckOptions): CheckResult {
  const { root } = options;
  const apiDir = options.apiDir ?? join(root, 'schemas', 'api');
  const entitiesDir = options.entitiesDir ?? join(root, 'schemas', 'entities');
  const screensDir = options.screensDir ?? join(root, 'schemas', 'screens');
  const metaDir = options.metaDir ?? join(root, 'schemas', 'meta');
  const optionsDir = options.optionsDir ?? join(root, 'schemas', 'options');
  // The built-in menu names screens and permissions of the real tree: checked with it (or when asked).
  const menusDir =
    options.menusDir ?? (options.apiDir || options.screensDir ? undefined : join(root, 'schemas', 'menus'));
  const errors: SchemaError[] = [];

  const apiMeta = loadMetaCheck(join(metaDir, 'api.schema.json'), root, errors);
  const entityMeta = loadMetaCheck(join(metaDir, 'entity.schema.json'), root, errors);
  const apiFiles = listYamlFiles(apiDir).map((file) => readYamlFile(file, root, errors));
  const entityFiles = listYamlFiles(entitiesDir).map((file) => readYamlFile(file, root, errors));

  // Screens: the common meta-schema plus one per kind (screen-kinds/), with look-ups into the
  // catalogue, the locales, the widget and action names and the other screen files.
  const screenMetaFile = join(metaDir, 'screen.schema.json');
  const screenPaths = existsSync(screenMetaFile) ? listYamlFiles(screensDir) : [];
  const lookups = loadScreenLookups({
    root,
    catalogues: apiFiles.map((parsed) => parsed.data),
    screenNames: screenPaths.map((file) => file.replace(/^.*[\\/]/, '').replace(/\.ya?ml$/, '')),
  });
  const screenCheck = existsSync(screenMetaFile)
    ? loadScreenCheck(metaDir, root, lookups, errors)
    : undefined;
  const screenFiles = screenCheck ? screenPaths.map((file) => readYamlFile(file, root, errors)) : [];
  const optionSets = loadOptionSets(optionsDir, root, lookups, errors);

  const entities = checkEntities(
    entityFiles,
    entityMeta,
    apiFiles.map((parsed) => parsed.data),
  );
  errors.push(...entities.errors);

  const index = newCatalogueIndex();
  const passed: typeof apiFiles = [];
  for (const parsed of apiFiles) {
    if (parsed.data === undefined) continue;
    const metaErrors = apiMeta ? apiMeta(parsed.data, parsed.file) : [];
    errors.push(...metaErrors);
    // The rules assume the shape the meta-schema guarantees; a file that breaks it is reported above only.
    if (metaErrors.length > 0 || !apiMeta) continue;
    passed.push(parsed);
    errors.push(...checkCatalogueRules(parsed, index));
    errors.push(...checkOperationSchemas(parsed, entities.ajv, entities.failed));
  }

  const vocabulary = collectVocabulary(passed, errors);
  errors.push(...checkOperationPermissions(passed, vocabulary));

  if (screenCheck) {
    const fieldCheck = newScreenFieldCheck(
      responseSchemas(
        passed.map((parsed) => parsed.data),
        entityFiles.map((parsed) => parsed.data),
      ),
    );
    const formulaCheck = newFormFormulaCheck(entityFiles.map((parsed) => parsed.data));
    const parts = { screenCheck, fieldCheck, optionSets: optionSets.sets, vocabulary, formulaCheck };
    for (const parsed of screenFiles) {
      if (parsed.data === undefined) continue;
      // The same checks a screen stored at run time passes (check-one-screen.ts).
      errors.push(...screenChecks(parts, parsed).map(({ file, path, message }) => ({ file, path, message })));
      errors.push(...inlineTextsInFile(parsed));
    }
  }

  const menuPaths = menusDir ? listYamlFiles(menusDir) : [];
  const menuFiles = menuPaths.map((file) => readYamlFile(file, root, errors));
  if (menuFiles.length > 0) {
    const menuMeta = loadMetaCheck(join(metaDir, 'menu.schema.json'), root, errors);
    errors.push(...checkMenus(menuFiles, menuMeta, vocabulary, lookups));
  }

  // Grouped by file (stable, so each file's errors keep document order) for a readable report.
  errors.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return {
    filesChecked:
      apiFiles.length + entityFiles.length + screenFiles.length + optionSets.files + menuFiles.length,
    errors,
  };
}
