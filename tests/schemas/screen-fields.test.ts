// @vitest-environment node
/**
 * The screen-field part of the schema check (tools/schema-check/screen-fields.ts) on a made-up
 * operation and screens: a field the closed response declares passes, a misspelt one is reported
 * naming the screen, the field and the operation; an open level is not judged.
 */
import { describe, expect, it } from 'vitest';
import { newScreenFieldCheck, responseSchemas } from '../../tools/schema-check/screen-fields.ts';
import { formatError } from '../../tools/schema-check/report.ts';

const entities = [
  {
    $id: 'thing',
    type: 'object',
    additionalProperties: false,
    properties: { id: { type: 'string' }, name: { type: 'string' }, owner: { $ref: 'person' } },
  },
  {
    $id: 'person',
    type: ['object', 'null'],
    additionalProperties: false,
    properties: { fullName: { type: 'string' } },
  },
];
const catalogue = {
  operations: {
    'thing.get': {
      response: {
        type: 'object',
        additionalProperties: false,
        properties: {
          thing: { $ref: 'thing' },
          history: { type: 'array', items: { $ref: 'thing' } },
          extra: { type: 'object', additionalProperties: true },
        },
      },
    },
    'thing.query': {
      response: {
        type: 'object',
        additionalProperties: false,
        properties: { dataResult: { type: 'array', items: { $ref: 'thing' } } },
      },
    },
    'thing.rows': { response: { type: 'array', items: { $ref: 'thing' } } },
    'open.query': { response: { type: 'object', properties: { dataResult: { type: 'array' } } } },
  },
};

const check = newScreenFieldCheck(responseSchemas([catalogue], entities));
const run = (data: unknown) =>
  check({ absolute: '/x/s.yaml', file: 'schemas/screens/s.yaml', name: 's', data }).map(formatError);

describe('screen fields against closed response schemas', () => {
  it('passes the fields the response declares', () => {
    expect(
      run({
        kind: 'detail',
        operation: 'thing.get',
        fields: [{ field: 'thing.name' }, { field: 'thing.owner.fullName' }, { field: 'extra.anything' }],
        tabs: [{ rows: 'history', columns: [{ field: 'name' }] }],
      }),
    ).toEqual([]);
    expect(
      run({ kind: 'list', operation: 'thing.query', columns: [{ field: 'id' }, { field: 'name' }] }),
    ).toEqual([]);
    expect(
      run({ kind: 'form', load: { operation: 'thing.get', path: 'thing' }, fields: [{ name: 'name' }] }),
    ).toEqual([]);
  });

  it('reports a field the response does not declare, naming the screen and the operation', () => {
    expect(
      run({ kind: 'list', operation: 'thing.query', columns: [{ field: 'id' }, { field: 'nmae' }] }),
    ).toEqual([
      'schemas/screens/s.yaml: /columns/1/field: screen s.yaml: field nmae is not in the response of thing.query',
    ]);
    expect(
      run({
        kind: 'detail',
        operation: 'thing.get',
        fields: [{ field: 'thing.owner.name' }],
        tabs: [{ rows: 'history', columns: [{ field: 'title' }] }, { rows: 'past' }],
      }),
    ).toEqual([
      'schemas/screens/s.yaml: /fields/0/field: screen s.yaml: field thing.owner.name is not in the response of thing.get',
      'schemas/screens/s.yaml: /tabs/0/columns/0/field: screen s.yaml: field title is not in the response of thing.get',
      'schemas/screens/s.yaml: /tabs/1/rows: screen s.yaml: field past is not in the response of thing.get',
    ]);
    expect(
      run({ kind: 'form', load: { operation: 'thing.get', path: 'thing' }, fields: [{ name: 'label' }] }),
    ).toEqual([
      'schemas/screens/s.yaml: /fields/0/name: screen s.yaml: field label is not in the response of thing.get',
    ]);
  });

  it('reads the rows of the fields style from the answer or its rows key', () => {
    const screen = (operation: string) => ({
      kind: 'list',
      operation,
      request: { style: 'fields' },
      columns: [{ field: 'name' }, { field: 'colour' }],
    });
    expect(run(screen('thing.rows'))).toEqual([
      'schemas/screens/s.yaml: /columns/1/field: screen s.yaml: field colour is not in the response of thing.rows',
    ]);
  });

  it('leaves open responses alone', () => {
    expect(run({ kind: 'list', operation: 'open.query', columns: [{ field: 'whatever' }] })).toEqual([]);
    expect(run({ kind: 'list', operation: 'unknown.op', columns: [{ field: 'whatever' }] })).toEqual([]);
  });
});
