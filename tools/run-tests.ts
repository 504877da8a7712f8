/**
 * `npm test`: every stage in order — check, unit, server, build, e2e — each timed, with a table of the
 * times at the end (also when a stage fails), so a slow stage is seen rather than guessed.
 *
 *   npm test                       all stages
 *   npm test -- unit server        only those stages (in the usual order)
 *
 * The check's five commands are independent and single-threaded, so they run side by side; their
 * output is held and printed whole when each ends, so it never interleaves. STAGE_TIMES=<file> appends
 * one "stage<TAB>seconds" line per stage to that file (.ci/run adds install and Storybook and prints
 * one table for the whole run).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH}` };

/** Each vitest stage also writes a JSON report, so a failure can be named again after the time table. */
const reportDir = mkdtempSync(join(tmpdir(), 'mf-test-report-'));
const reportOf = (stage: string) => join(reportDir, `${stage}.json`);
function vitest(stage: string, projects: string): string {
  return `vitest run ${projects} --reporter=default --reporter=json --outputFile.json=${reportOf(stage)}`;
}

interface Step {
  name: string;
  command: string;
}

/** Each stage is one command, or several independent ones run side by side. */
const STAGES: { name: string; steps: Step[] }[] = [
  {
    name: 'check',
    steps: [
      // tsgo, TypeScript's native compiler: the same check as tsc in a fifth of the time (87 → 16 s).
      { name: 'types', command: 'tsgo -p tsconfig.json --noEmit' },
      { name: 'eslint', command: 'eslint .' },
      { name: 'schemas', command: 'tsx tools/check-schemas.ts' },
      { name: 'imports', command: 'npm run --silent imports' },
      { name: 'prettier', command: 'prettier --check . --log-level warn' },
    ],
  },
  {
    name: 'unit',
    steps: [{ name: 'unit', command: vitest('unit', '--project unit --project unit-isolated') }],
  },
  { name: 'server', steps: [{ name: 'server', command: vitest('server', '--project server') }] },
  { name: 'build', steps: [{ name: 'build', command: 'npm run --silent build' }] },
  { name: 'e2e', steps: [{ name: 'e2e', command: vitest('e2e', '--project e2e') }] },
];

interface Ran {
  name: string;
  seconds: number;
  ok: boolean;
}

function run(step: Step, hold: boolean): Promise<Ran> {
  const t0 = performance.now();
  return new Promise((done) => {
    const child = spawn(step.command, {
      cwd: root,
      env,
      shell: true,
      stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const held: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => held.push(b));
    child.stderr?.on('data', (b: Buffer) => held.push(b));
    child.on('close', (code) => {
      const seconds = (performance.now() - t0) / 1000;
      if (held.length) process.stdout.write(Buffer.concat(held));
      console.log(
        `-- ${step.name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds.toFixed(1)} s`,
      );
      done({ name: step.name, seconds, ok: code === 0 });
    });
  });
}

/** Runs several steps at once, at most `width` at a time, longest first as listed. */
async function runSideBySide(steps: Step[], width: number): Promise<Ran[]> {
  const queue = [...steps];
  const results: Ran[] = [];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) results.push(await run(step, true));
  };
  await Promise.all(Array.from({ length: Math.min(width, steps.length) }, lane));
  return steps.map((s) => results.find((r) => r.name === s.name)!);
}

interface JsonReport {
  testResults: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

/**
 * The failed tests of a vitest stage, each with the first lines of its error: CI keeps only the end of
 * the output, where vitest's own failure block has long scrolled away.
 */
function failuresOf(stage: string): string {
  if (!existsSync(reportOf(stage))) return '';
  const report = JSON.parse(readFileSync(reportOf(stage), 'utf8')) as JsonReport;
  const lines: string[] = [];
  const head = (text: string) =>
    text
      .split('\n')
      .slice(0, 6)
      .map((l) => `      ${l}`)
      .join('\n');
  for (const file of report.testResults) {
    const where = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    if (file.message) lines.push(`  ${where}\n${head(file.message)}`);
    for (const t of file.assertionResults.filter((a) => a.status === 'failed'))
      lines.push(`  ${where} > ${t.fullName}\n${head(t.failureMessages.join('\n'))}`);
  }
  return lines.length ? `\n${lines.join('\n')}` : '';
}

function table(rows: [string, string][]): string {
  const w = Math.max(...rows.map(([a]) => a.length));
  return rows.map(([a, b]) => `  ${a.padEnd(w)}  ${b.padStart(8)}`).join('\n');
}

const fmt = (s: number) => `${Math.floor(s / 60)}:${(s % 60).toFixed(0).padStart(2, '0')}`;

async function main(): Promise<number> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !STAGES.some((s) => s.name === w));
  if (unknown.length) {
    console.error(`unknown stage(s): ${unknown.join(', ')}; stages: ${STAGES.map((s) => s.name).join(', ')}`);
    return 2;
  }
  const stages = wanted.length ? STAGES.filter((s) => wanted.includes(s.name)) : STAGES;
  const rows: [string, string][] = [];
  let failed: string | undefined;
  const t0 = performance.now();
  for (const stage of stages) {
    console.log(`\n== ${stage.name}`);
    const s0 = performance.now();
    const ran =
      stage.steps.length === 1 ? [await run(stage.steps[0], false)] : await runSideBySide(stage.steps, 3);
    const seconds = (performance.now() - s0) / 1000;
    rows.push([stage.name, fmt(seconds)]);
    if (ran.length > 1) for (const r of ran) rows.push([`  ${r.name}`, fmt(r.seconds)]);
    if (process.env.STAGE_TIMES)
      appendFileSync(process.env.STAGE_TIMES, `${stage.name}\t${seconds.toFixed(1)}\n`);
    const bad = ran.find((r) => !r.ok);
    if (bad) {
      failed = `${stage.name} (${bad.name})`;
      break;
    }
  }
  rows.push(['total', fmt((performance.now() - t0) / 1000)]);
  console.log(`\n== stage times (m:ss)\n${table(rows)}`);
  if (failed) console.log(`\nFAILED: ${failed}${failuresOf(failed.split(' ')[0])}`);
  rmSync(reportDir, { recursive: true, force: true });
  return failed ? 1 : 0;
}

process.exitCode = await main();
