// @vitest-environment node
/**
 * src/api/generated/operations.ts is generated from the catalogue (npm run gen:types) and checked in;
 * this fails when it is stale, so the client's operation table and types never drift from the API.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { loadCatalogue } from '../../schemas/catalogue.ts';
import type { ResponseOf } from '../../src/api/call.ts';
import {
  operations,
  type ApiOperations,
  type Employee,
  type ListRequest,
  type Token,
  type UserContext,
} from '../../src/api/generated/operations.ts';
import type { UserContextFacts } from '../../renderers/actions/session-scope.tsx';
import type { ListRequest as RendererListRequest } from '../../renderers/list/list-request.ts';
import { GENERATED_FILE, generateOperationsSource, withoutRootNotes } from '../../tools/gen-api-types.ts';

describe('generated api types', () => {
  it('are up to date with schemas/api and schemas/entities (run `npm run gen:types`)', async () => {
    const { source, missingRefs } = await generateOperationsSource();
    expect(missingRefs, 'every $ref of the catalogue names an entity').toEqual([]);
    // Not toBe on the whole text: a stale file should fail with a readable diff, not 4000 lines.
    expect(readFileSync(GENERATED_FILE, 'utf8').split('\n')).toEqual(source.split('\n'));
  }, 60_000);

  it('lists every catalogue operation with method, path, service, access and permission', () => {
    const catalogue = loadCatalogue();
    expect(Object.keys(operations).sort()).toEqual([...catalogue.keys()].sort());
    for (const [id, op] of catalogue) {
      expect(operations[id as keyof typeof operations]).toMatchObject({
        method: op.method,
        path: op.path,
        service: op.service,
        access: op.access,
        permission: op.permission,
      });
    }
    expect(operations['employee.query']).toEqual({
      method: 'POST',
      path: '/employee/query',
      service: 'platform',
      access: 'tenant',
      permission: 'member',
    });
  });

  it('types requests and responses from the schemas', () => {
    expectTypeOf<ApiOperations['employee.query']['body']>().toEqualTypeOf<ListRequest>();
    expectTypeOf<ResponseOf<'authentication.apply'>>().toEqualTypeOf<Token>();
    expectTypeOf<ResponseOf<'user.context'>>().toEqualTypeOf<UserContext>();
    expectTypeOf<ResponseOf<'employee.query'>['dataResult']>().toExtend<Employee[]>();
    // The renderers name these shapes themselves (they import nothing from src/).
    expectTypeOf<RendererListRequest>().toEqualTypeOf<ListRequest>();
    expectTypeOf<UserContext>().toExtend<UserContextFacts>();
    expectTypeOf<ApiOperations['user.logout']['body']>().toBeNever();
  });

  it('drops the generator’s notes about the artificial root type', () => {
    const text = [
      '/**',
      ' * A thing.',
      ' *',
      " * This interface was referenced by `GeneratedRoot`'s JSON-Schema",
      ' * via the `definition` "Thing".',
      ' */',
      'export interface GeneratedRoot {}',
      '/**',
      " * This interface was referenced by `GeneratedRoot`'s JSON-Schema",
      ' * via the `definition` "Other".',
      ' */',
      'export type Other = string;',
    ].join('\n');
    expect(withoutRootNotes(text)).toBe(
      ['/**', ' * A thing.', ' */', 'export type Other = string;'].join('\n'),
    );
  });
});
