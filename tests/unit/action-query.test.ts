/**
 * An action's query string: expressions resolved over the scope, lists as comma-separated ids (also
 * when written `{ $join: list }`, the body's way), empty values left out.
 */
import { describe, expect, it } from 'vitest';
import { resolveQuery } from '../../renderers/actions/params.ts';

describe('resolveQuery', () => {
  const scope = { form: { roleIds: ['r1', 'r2'], name: '岗位', empty: '' }, record: { id: 'p1' } };

  it('sends a list as comma-separated text, written plainly or with $join', () => {
    expect(resolveQuery({ positionId: 'record.id', roleIds: 'form.roleIds' }, scope)).toEqual({
      positionId: 'p1',
      roleIds: 'r1,r2',
    });
    expect(resolveQuery({ roleIds: { $join: 'form.roleIds' } }, scope)).toEqual({ roleIds: 'r1,r2' });
  });

  it('leaves out empty values and an empty list', () => {
    expect(resolveQuery({ a: 'form.empty', b: { $join: 'form.none' }, c: 'form.name' }, scope)).toEqual({
      c: '岗位',
    });
  });
});
