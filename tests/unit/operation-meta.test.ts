/**
 * The operations the login page calls without the generated table (src/api/operation-meta.ts): each
 * entry is the table's, and a call finds the same entry either way.
 */
import { describe, expect, it } from 'vitest';
import { operations, type OperationId } from '../../src/api/generated/operations.ts';
import {
  EARLY_OPERATIONS,
  loadOperationTable,
  operationMeta,
  sameOperation,
} from '../../src/api/operation-meta.ts';

describe('operation meta', () => {
  it('keeps the generated entry of every early operation', () => {
    const ids = Object.keys(EARLY_OPERATIONS) as (keyof typeof EARLY_OPERATIONS)[];
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect(EARLY_OPERATIONS[id], id).toEqual(operations[id]);
  });

  it('gives an early entry at once, and any other after loading the table', async () => {
    expect(operationMeta('authentication.apply')).toBe(EARLY_OPERATIONS['authentication.apply']);
    const later = await operationMeta('employee.query' as OperationId);
    expect(later).toBe(operations['employee.query']);
    await loadOperationTable();
    // Once loaded, the table answers at once too.
    expect(operationMeta('employee.query')).toBe(operations['employee.query']);
  });

  it('tells operations apart by service, method and path, not by object', () => {
    expect(sameOperation(EARLY_OPERATIONS['user.change.passwd'], operations['user.change.passwd'])).toBe(
      true,
    );
    expect(sameOperation(operations['user.change.passwd'], operations['user.register.change.passwd'])).toBe(
      false,
    );
  });
});
