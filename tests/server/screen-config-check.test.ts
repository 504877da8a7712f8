/**
 * The check a stored screen passes before it is published (tools/schema-check/check-one-screen.ts, through
 * server/modules/screen-config/check.ts) is the build's: every screen file passes it as it passes the
 * build, each bad screen of tests/fixtures/bad-screens is refused at the same places as by the build,
 * every problem is sorted into the kind the server translates (naming what was looked up in vain), and a
 * text key must be in all three languages.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkTree } from '../../tools/schema-check/check-tree.ts';
import { listYamlFiles, readYamlFile } from '../../tools/schema-check/yaml-files.ts';
import { problemText, screenProblems, translatedProblems } from '../../server/modules/screen-config/check.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BAD = join(root, 'tests', 'fixtures', 'bad-screens');

const parsed = (dir: string) => listYamlFiles(dir).map((file) => readYamlFile(file, root, []));

describe('the stored screen check', () => {
  it('passes every screen file, as the build does', () => {
    const files = parsed(join(root, 'schemas', 'screens'));
    expect(files.length).toBeGreaterThan(100);
    const failing = files
      .map(({ name, data }) => ({ name, problems: screenProblems(name, data) }))
      .filter((f) => f.problems.length > 0);
    expect(failing).toEqual([]);
  });

  it('refuses each bad screen where the build refuses it', () => {
    const { errors } = checkTree({ root, screensDir: BAD });
    for (const { name, file, data } of parsed(BAD)) {
      const build = errors.filter((e) => e.file === file);
      const stored = screenProblems(name, data);
      expect(stored.length, name).toBeGreaterThan(0);
      // The build knows the fixture folder's screens here, the stored check the real ones: a screen named
      // may be unknown to the first only.
      const isScreen = (message: string) => message.startsWith('unknown screen');
      expect(new Set(stored.filter((p) => p.kind !== 'screen').map((p) => p.path)), name).toEqual(
        new Set(build.filter((e) => !isScreen(e.message)).map((e) => e.path)),
      );
      for (const p of stored.filter((p) => p.kind === 'screen'))
        expect(
          build.map((e) => e.path),
          name,
        ).toContain(p.path);
    }
  });

  it('sorts each problem into its kind, naming what was looked up in vain', () => {
    const kinds = (name: string) =>
      screenProblems(name, parsed(BAD).find((f) => f.name === name)!.data).map((p) => [
        p.path,
        p.kind,
        p.value,
      ]);
    expect(kinds('unknown-operation')).toEqual([['/operation', 'operation', 'employee.qeury']]);
    expect(kinds('missing-key')).toEqual([
      ['/title', 'text', 'tenant.list.titel'],
      ['/toolbar/0/confirm', 'text', 'tenant.confirm.aprove'],
    ]);
    expect(kinds('unknown-action')).toEqual([['/toolbar/1/type', 'action', 'session.frobnicate']]);
    expect(kinds('unknown-widget')).toContainEqual(['/fields/0/widget', 'widget', 'orgPikcer']);
    expect(kinds('unknown-kind')).toEqual([['/kind', 'kind', 'kanban']]);
    expect(kinds('unknown-field')).toEqual([['/columns/0/widht', 'schema', undefined]]);
    expect(kinds('bad-expression').map(([path, kind]) => [path, kind])).toEqual([
      ['/toolbar/0/visible', 'expression'],
      ['/toolbar/1/disabled', 'expression'],
      ['/toolbar/2/query/ids', 'expression'],
    ]);
    expect(new Set(kinds('missing-permission').map(([, kind]) => kind))).toEqual(new Set(['permission']));
    expect(kinds('unknown-screen')).toEqual([['/rowActions/0/screen', 'screen', 'employee-dialg']]);
  });

  it('asks for a text key in all three languages and says so in the reader’s', () => {
    const screen = {
      kind: 'list',
      title: 'employee.list.nope',
      operation: 'employee.query',
      columns: [{ field: 'name', title: 'employee.field.name' }],
    };
    const [problem] = screenProblems('employee-list', screen);
    expect(problem).toMatchObject({ kind: 'text', value: 'employee.list.nope' });
    expect(problem.message).toBe(
      'translation key "employee.list.nope" is not in locales/zh-CN/, locales/zh-TW/, locales/en/',
    );
    expect(problemText(problem, 'zh-TW')).toBe('文字鍵 employee.list.nope 缺少簡體中文、繁體中文或英文譯文');
    expect(translatedProblems('employee-list', screen, 'en')).toEqual([
      {
        path: '/title',
        message:
          'Text key employee.list.nope lacks a Simplified Chinese, Traditional Chinese or English translation',
      },
    ]);
  });

  it('answers a definition odd enough to trip a later check with what the meta-schema says', () => {
    const screen = {
      kind: 'list',
      title: 'employee.list.title',
      operation: 'employee.query',
      columns: [
        {
          field: 'status',
          title: 'employee.field.status',
          formatter: 'enum',
          options: { $set: 'genders', values: 5 },
        },
      ],
    };
    expect(screenProblems('employee-list', screen).map((p) => [p.path, p.kind])).toEqual([
      ['/columns/0/options/values', 'schema'],
    ]);
  });
});
