// @vitest-environment node
/** The schema checker: the real tree is clean, and each kind of mistake is reported with its file and path. */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkTree } from '../../tools/schema-check/check-tree.ts';
import { formatError, type SchemaError } from '../../tools/schema-check/report.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(repoRoot, 'tests', 'fixtures', 'bad-schemas');

function errorsOf(errors: SchemaError[], file: string): SchemaError[] {
  return errors.filter((error) => error.file === `tests/fixtures/bad-schemas/${file}`);
}

describe('schema checker on the real tree', () => {
  it('finds no errors', () => {
    const { errors, filesChecked } = checkTree({ root: repoRoot });
    expect(errors.map(formatError)).toEqual([]);
    expect(filesChecked).toBeGreaterThanOrEqual(15);
  });

  it('runs as a command that prints the summary and exits 0', () => {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'tools', 'check-schemas.ts')],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    );
    expect(output).toMatch(/^schemas: \d+ files checked, 0 errors$/m);
  }, 60_000);
});

describe('schema checker on bad fixtures', () => {
  const { errors } = checkTree({
    root: repoRoot,
    apiDir: join(fixtures, 'api'),
    entitiesDir: join(fixtures, 'entities'),
    screensDir: join(fixtures, 'screens'),
  });

  it('reports an unknown field of an operation', () => {
    expect(errorsOf(errors, 'api/unknown-field.yaml')).toEqual([
      {
        file: 'tests/fixtures/bad-schemas/api/unknown-field.yaml',
        path: '/operations/demo.thing/timeout',
        message: 'unknown field "timeout"',
      },
    ]);
  });

  it('reports a method that is not GET or POST', () => {
    const [error, ...rest] = errorsOf(errors, 'api/wrong-method.yaml');
    expect(rest).toEqual([]);
    expect(error.path).toBe('/operations/demo.update/method');
    expect(error.message).toContain('"PUT"');
  });

  it('reports a $ref to an entity that does not exist', () => {
    const found = errorsOf(errors, 'api/missing-ref.yaml');
    expect(found).toHaveLength(1);
    expect(found[0].path).toBe('/operations/demo.get/response/$ref');
    expect(found[0].message).toContain('no-such-entity');
  });

  it('reports an entity whose $id is not its file name', () => {
    expect(errorsOf(errors, 'entities/wrong-id.yaml')).toEqual([
      {
        file: 'tests/fixtures/bad-schemas/entities/wrong-id.yaml',
        path: '/$id',
        message: '$id "not-the-file-name" must equal the file name "wrong-id"',
      },
    ]);
  });

  it('reports a misspelt keyword where it is written', () => {
    const found = errorsOf(errors, 'entities/unknown-keyword.yaml');
    expect(found.map((error) => error.path)).toEqual(['/properties/name/maxLenght']);
  });

  it('reports the catalogue rules: id from path, GET body, open request schema, duplicates across files', () => {
    const found = errorsOf(errors, 'api/rule-breaks.yaml').map((error) => `${error.path}: ${error.message}`);
    expect(found).toEqual([
      expect.stringMatching(/^\/operations\/demo\.fetch: operation id must be "demo\.other"/),
      '/operations/demo.fetch/request/body: a GET call takes no body; use request.query',
      '/operations/demo.fetch/request/body: inline request schema must set additionalProperties: false',
      expect.stringMatching(
        /^\/operations\/demo\.get: duplicate operation id; already declared in .*missing-ref\.yaml$/,
      ),
      expect.stringMatching(/^\/operations\/demo\.get\/path: duplicate route GET \/demo\/get/),
    ]);
  });

  it('reports a YAML syntax problem instead of crashing', () => {
    const found = errorsOf(errors, 'api/broken-yaml.yaml');
    expect(found).toHaveLength(1);
    expect(found[0].message).toMatch(/^YAML error: Map keys must be unique/);
  });

  it('prints each error as file, JSON path and message', () => {
    expect(formatError(errorsOf(errors, 'api/unknown-field.yaml')[0])).toBe(
      'tests/fixtures/bad-schemas/api/unknown-field.yaml: /operations/demo.thing/timeout: unknown field "timeout"',
    );
  });
});

describe('screens', () => {
  const temp = mkdtempSync(join(tmpdir(), 'check-schemas-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('are validated against schemas/meta/screen.schema.json once it exists', () => {
    const metaDir = join(temp, 'meta');
    const screensDir = join(temp, 'screens');
    mkdirSync(metaDir);
    mkdirSync(screensDir);
    for (const name of ['api.schema.json', 'entity.schema.json']) {
      copyFileSync(join(repoRoot, 'schemas', 'meta', name), join(metaDir, name));
    }
    writeFileSync(
      join(metaDir, 'screen.schema.json'),
      JSON.stringify({
        type: 'object',
        required: ['kind'],
        properties: { kind: { enum: ['list', 'form'] } },
      }),
    );
    writeFileSync(join(screensDir, 'bad-screen.yaml'), 'kind: table\n');
    const { errors } = checkTree({
      root: temp,
      apiDir: join(temp, 'none'),
      entitiesDir: join(temp, 'none'),
      screensDir,
      metaDir,
    });
    expect(errors).toHaveLength(1);
    expect(errors[0].file).toBe('screens/bad-screen.yaml');
    expect(errors[0].path).toBe('/kind');
  });
});
