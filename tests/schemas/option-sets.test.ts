// @vitest-environment node
/**
 * The shared option sets (schemas/options/) list what the server knows: the case states of tables.ts,
 * of the migration's check and of the state machine; the other enums against the server's constants or
 * the migrations' check lists. A value added on the server and not to its set fails here. The schema
 * check refuses a screen naming a set that does not exist.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TENANT_KINDS } from '../../schemas/catalogue-types.ts';
import { readOptionSets } from '../../schemas/option-set-files.ts';
import {
  AUTHORITY_KINDS,
  GENERATED_KINDS,
  UPLOADED_KINDS,
} from '../../server/modules/filing/documents/kinds.ts';
import { filingMigrations, platformTenantKindMigration } from '../../server/modules/filing/migrations.ts';
import { INTERNAL_ACTIONS, PROPOSABLE_ACTIONS } from '../../server/modules/filing/service/unit.ts';
import { EXTENSION_GROUNDS, STOP_GROUNDS } from '../../server/modules/filing/service/transitions.ts';
import { FINAL_STATES, TRANSITIONS } from '../../server/modules/filing/state-machine.ts';
import { CASE_STATES, PARTY_ROLES, TRANSACTION_MODES } from '../../server/modules/filing/tables.ts';
import { checkTree } from '../../tools/schema-check/check-tree.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const sets = readOptionSets();
const valuesOf = (name: string) => {
  const set = sets.get(name);
  if (!set) throw new Error(`no option set ${name}`);
  return set.map((option) => option.value);
};
const sorted = (values: readonly unknown[]) => [...values].map(String).sort();

/** The migrations' SQL, in order: a later check on the same column is the one that holds. */
const SQL = [platformTenantKindMigration, ...filingMigrations].map((m) => m.sql('filing')).join('\n');

/** The values of `check (<column> in (…))` in the table's definition (or a later alter table). */
function checkList(table: string, column: string): string[] {
  const lists: string[] = [];
  const statement = new RegExp(`(?:create|alter) table filing\\."?${table}"? ([\\s\\S]*?);`, 'g');
  for (const [, body] of SQL.matchAll(statement)) {
    const check = new RegExp(`check \\(${column} in \\(([^)]*)\\)\\)`, 'g');
    for (const [, list] of body.matchAll(check)) lists.push(list);
  }
  if (!lists.length) throw new Error(`no check list for filing.${table}.${column}`);
  return [...lists.at(-1)!.matchAll(/'([^']*)'/g)].map(([, value]) => value);
}

describe('case states', () => {
  // The migration's list, read from its source: STATES is not exported.
  const migrationSource = readFileSync(
    join(repoRoot, 'server', 'modules', 'filing', 'migrations.ts'),
    'utf8',
  );
  const migrationStates = [
    .../const STATES = `([^`]*)`/.exec(migrationSource)![1].matchAll(/'([^']*)'/g),
  ].map(([, value]) => value);
  const machineStates = new Set<string>(FINAL_STATES);
  for (const rule of TRANSITIONS)
    for (const state of [...rule.from, ...rule.to]) if (state !== 'RETURN') machineStates.add(state);

  it.each(['case-states', 'review-case-states'])('%s has every state of the server, in order', (name) => {
    expect(valuesOf(name)).toEqual([...CASE_STATES]);
    expect(sorted(valuesOf(name))).toEqual(sorted(migrationStates));
    expect(sorted(valuesOf(name))).toEqual(sorted([...machineStates]));
    expect(sorted(valuesOf(name))).toEqual(sorted(checkList('case', 'state')));
  });
});

describe('the other sets match their server-side lists', () => {
  const lists: Array<[string, readonly unknown[]]> = [
    ['procedures', checkList('case', 'procedure')],
    ['filing-bases', checkList('case', 'basis')],
    ['transaction-modes', TRANSACTION_MODES],
    ['transaction-modes', checkList('case', 'transaction_mode')],
    ['party-roles', PARTY_ROLES],
    ['party-roles', checkList('party', 'role')],
    ['member-roles', checkList('membership', 'role')],
    ['member-statuses', checkList('membership', 'status')],
    ['market-relations', checkList('market', 'relation')],
    ['jurisdiction-statuses', checkList('jurisdiction', 'status')],
    ['document-kinds', [...UPLOADED_KINDS, ...GENERATED_KINDS, ...AUTHORITY_KINDS]],
    ['clock-kinds', checkList('clock', 'kind')],
    ['clock-states', checkList('clock', 'state')],
    ['clock-grounds', [...EXTENSION_GROUNDS, ...STOP_GROUNDS]],
    ['supplement-states', checkList('supplement', 'state')],
    ['receipt-kinds', checkList('receipt', 'kind')],
    ['comment-triage', checkList('comment', 'triage')],
    ['calendar-day-kinds', checkList('calendar_day', 'kind')],
    ['proposal-actions', PROPOSABLE_ACTIONS],
    ['tenant-kinds', TENANT_KINDS],
  ];
  it.each(lists)('%s', (name, server) => {
    expect(sorted(valuesOf(name))).toEqual(sorted(server));
  });

  it('case-steps names every move of the state machine and the internal ones', () => {
    const steps = new Set(valuesOf('case-steps'));
    const moves = [...TRANSITIONS.map((rule) => rule.action), ...INTERNAL_ACTIONS, ...PROPOSABLE_ACTIONS];
    expect(moves.filter((move) => !steps.has(move))).toEqual([]);
  });

  it('receipt-acts are moves of case-steps, with the same labels', () => {
    const steps = new Map(sets.get('case-steps')!.map((option) => [option.value, option.label]));
    for (const option of sets.get('receipt-acts')!) expect(steps.get(option.value)).toBe(option.label);
  });
});

describe('the schema check', () => {
  const temp = mkdtempSync(join(tmpdir(), 'option-sets-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('refuses a screen naming an unknown set or a value its set lacks', () => {
    const screen = readFileSync(join(repoRoot, 'schemas', 'screens', 'clue-list.yaml'), 'utf8');
    expect(screen).toContain('{ $set: clue-states }');
    writeFileSync(
      join(temp, 'clue-list.yaml'),
      screen
        .replace('{ $set: clue-states }', '{ $set: clue-statez }')
        .replace('{ $set: clue-states }', '{ $set: clue-states, except: [GONE] }'),
    );
    const { errors } = checkTree({ root: repoRoot, screensDir: temp });
    // The copy's dialogs open screens the temporary folder lacks: only the option set errors matter.
    const mine = errors.filter(
      (error) => error.file.endsWith('clue-list.yaml') && error.message.includes('option set'),
    );
    expect(mine.map((error) => error.message)).toEqual([
      expect.stringMatching(/^unknown option set "clue-statez": no schemas\/options\/clue-statez\.yaml/),
      'option set "clue-states" has no value "GONE"',
    ]);
    expect(mine.map((error) => error.path)).toEqual([
      expect.stringMatching(/\/options\/\$set$/),
      expect.stringMatching(/\/options\/\$set$/),
    ]);
  });
});
