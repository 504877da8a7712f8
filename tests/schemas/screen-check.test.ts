// @vitest-environment node
/**
 * The screen part of the schema check: each kind of mistake in a screen file is one clear line with
 * the file, the JSON path and what is wrong (fixtures in tests/fixtures/bad-screens/).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkTree } from '../../tools/schema-check/check-tree.ts';
import { formatError } from '../../tools/schema-check/report.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const { errors } = checkTree({
  root: repoRoot,
  screensDir: join(repoRoot, 'tests', 'fixtures', 'bad-screens'),
});
const FILE = 'tests/fixtures/bad-screens/';

/** The printed errors of one fixture, without its file name. */
function errorsOf(name: string): string[] {
  return errors
    .filter((error) => error.file === `${FILE}${name}.yaml`)
    .map((error) => formatError(error).slice(`${FILE}${name}.yaml: `.length));
}

describe('screen check on bad screens', () => {
  it('leaves the rest of the tree clean (only the fixtures are wrong)', () => {
    expect(errors.filter((error) => !error.file.startsWith(FILE)).map(formatError)).toEqual([]);
  });

  it('prints file, JSON path and message', () => {
    const line = errors.map(formatError).find((l) => l.includes('unknown-operation'));
    expect(line).toBe(
      'tests/fixtures/bad-screens/unknown-operation.yaml: /operation: unknown operation id "employee.qeury" (not in schemas/api)',
    );
  });

  it('reports a kind without a meta-schema', () => {
    expect(errorsOf('unknown-kind')).toEqual([
      expect.stringMatching(
        /^\/kind: unknown kind "kanban": no schemas\/meta\/screen-kinds\/kanban\.schema\.json \(kinds: .*list.*\)$/,
      ),
    ]);
  });

  it('reports a misspelt key', () => {
    expect(errorsOf('unknown-field')).toEqual(['/columns/0/widht: unknown field "widht"']);
  });

  it('reports an action nobody registers', () => {
    expect(errorsOf('unknown-action')).toEqual([
      '/toolbar/1/type: unknown action "session.frobnicate": neither a built-in nor listed in renderers/actions/domain-actions.json',
    ]);
  });

  it('reports a widget nobody registers', () => {
    expect(errorsOf('unknown-widget')).toContain(
      '/fields/0/widget: unknown widget "orgPikcer": not listed in renderers/widgets/widget-names.json',
    );
  });

  it('reports translation keys missing from the locales, in titles and confirm texts', () => {
    expect(errorsOf('missing-key')).toEqual([
      '/title: translation key "tenant.list.titel" is not in locales/zh-CN/',
      '/toolbar/0/confirm: translation key "tenant.confirm.aprove" is not in locales/zh-CN/',
    ]);
  });

  it('reports expressions that do not parse or start with an unknown name, in conditions and params', () => {
    expect(errorsOf('bad-expression')).toEqual([
      '/toolbar/0/visible: unexpected end of expression at 16 in "record.status =="',
      '/toolbar/1/disabled: unknown name "sesion" in "sesion.isSuper"; expressions start with one of session, record, form, selection, params, value, mode, step',
      '/toolbar/2/query/ids: unexpected token at 12 in "selection.id)"',
    ]);
  });

  it('reports actions that lack the permission of the operation they call, or name an undeclared one', () => {
    expect(errorsOf('missing-permission')).toEqual([
      '/toolbar/0/permission: the action calls employee.remove, which needs employee:remove: add permission: employee:remove',
      '/toolbar/1/permission: the action calls employee.disable, which needs employee:status, not employee:remove',
      '/toolbar/2/permission: unknown permission "employee:fly" (not declared in schemas/api)',
    ]);
  });

  it('reports a screen that does not exist', () => {
    expect(errorsOf('unknown-screen')).toEqual([
      '/rowActions/0/screen: unknown screen "employee-dialg": no schemas/screens/employee-dialg.yaml',
    ]);
  });

  it('reports what a detail needs: options of an enum field, a list or a screen in a tab', () => {
    const found = errorsOf('broken-detail');
    expect(found).toContain('/fields/0: missing required field "options"');
    expect(found.some((line) => line.startsWith('/tabs/0:'))).toBe(true);
  });
});
