import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { formValidators } from './tools/vite-form-validators.ts';
import { screenMetaValidator } from './tools/vite-screen-meta-validator.ts';
import { yamlData } from './tools/vite-yaml-plugin.ts';
import { routeOpeningsModule } from './tools/vite-route-openings.ts';
import { testTmpDir } from './tests/support/tmp-dir.ts';
import { LongestFirstSequencer } from './tools/test-order/sequencer.ts';

const UNIT_TESTS = [
  'tests/unit/**/*.test.{ts,tsx}',
  'tests/schemas/**/*.test.{ts,tsx}',
  '{src,renderers,schemas}/**/*.test.{ts,tsx}',
];
/** Unit tests that replace modules (vi.mock) and so need a module graph of their own. */
const ISOLATED = '**/*.isolated.test.{ts,tsx}';

// Three kinds of tests: unit (pure code and React in happy-dom), server (the real Fastify app on
// PGlite and on PostgreSQL), e2e (Debian's Chromium driving the built app on the real server).
export default defineConfig({
  plugins: [react(), yamlData(), formValidators(), screenMetaValidator(), routeOpeningsModule()],
  test: {
    // Test databases, uploads and browser profiles in memory where the machine has it: copying a database
    // template and PGlite's writes cost seconds on a disk, almost nothing in /dev/shm.
    env: { TMPDIR: testTmpDir() },
    // expect.poll waits up to 10 s (vitest's default is 1 s): a busy 2-core CI machine can take more
    // than a second for a round trip and a re-render. It returns as soon as the condition holds.
    expect: { poll: { timeout: 10_000 } },
    // Longest files first, also on a clean clone (tools/test-order/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    // codemirror-json-schema's ESM imports its own files without extensions: Vite resolves them, Node does not.
    server: { deps: { inline: ['codemirror-json-schema'] } },
    // Globals and env a test stubs are put back after it (files share a worker: see isolate below).
    unstubGlobals: true,
    unstubEnvs: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_TESTS,
          exclude: [ISOLATED],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/support/setup.ts'],
          // Files share one module graph per worker: antd, rjsf and the app's modules are imported once
          // per worker instead of once per file (unit stage 4:00 → 2:30 here). A file that replaces a
          // module (vi.mock) needs its own graph: it is named *.isolated.test.* (lint enforces it) and
          // runs in 'unit-isolated' below.
          isolate: false,
          // find* waits up to 20 s (support/setup.ts); a test gets room for a few of those.
          testTimeout: 30_000,
          // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: [ISOLATED],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/support/setup.ts'],
          testTimeout: 30_000,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'server/**/*.test.ts'],
          environment: 'node',
          // The run's template databases (tests/support/db-templates.ts).
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time (one per core; vitest's default leaves one core idle): each starts its own
          // PGlite or PostgreSQL database, and PGlite runs in the test's own process.
          fileParallelism: true,
          // Files share the server's modules per worker (imported once, not once per file: server stage
          // 9:30 → 5:00 here). Every file still starts its own servers on its own databases.
          isolate: false,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          // Most tests take 5–15 s; the working-day journeys 20–30 s on a quiet machine and twice that
          // under load, where a minute failed CI (stop 34). Two and a half minutes leaves room for a busy
          // machine and still ends a hang. The hooks start the database, the server and Chromium. No
          // retries: a flaky test must fail, not pass on its second try.
          testTimeout: 150_000,
          hookTimeout: 180_000,
          // Two files at a time, one per core: each file has its own server, database and browser, and
          // much of a test is waiting on the page, so two share the machine well.
          fileParallelism: true,
          // As for the server tests: a worker imports the server's modules once, not once per file.
          // Each file still starts its own server, database and browser.
          isolate: false,
          maxWorkers: 2,
        },
      },
    ],
  },
});
