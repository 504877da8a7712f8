// ESLint: typescript-eslint's recommended rules plus the React hooks rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'dist-ssr/**',
      'storybook-static/**',
      'node_modules/**',
      'data/**',
      'src/api/generated/**',
      'schemas/generated/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The hooks rules (some run the React Compiler on every function: most of the lint's time) where
    // React code lives; the server, the tools and the server and browser tests have none.
    files: ['{src,renderers,schemas,.storybook,tests/unit,tests/schemas}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Unit, server and e2e test files share one module graph per worker (vitest.config.ts, isolate: false),
    // so a module replaced in one file would stay replaced, or never be, in the next: a file that
    // replaces modules is named *.isolated.test.* and gets a graph of its own.
    files: ['**/*.test.{ts,tsx}'],
    ignores: ['**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|resetModules)$/]",
          message:
            'Files share modules (isolate: false): name this file *.isolated.test.ts(x) to replace or reload a module.',
        },
      ],
    },
  },
  {
    // Browser tests wait on conditions (locators, waitForResponse, expect.poll), never on the clock:
    // a fixed sleep is too short on a busy machine and wasted time on an idle one.
    files: ['tests/e2e/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'waitForTimeout',
          message: 'Wait on a condition (locator.waitFor, waitForResponse, expect.poll), not a fixed time.',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']",
          message: 'No sleeps in e2e tests: wait on a condition (locator.waitFor, expect.poll).',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: ['timers/promises', 'node:timers/promises'].map((name) => ({
            name,
            message: 'No sleeps in e2e tests: wait on a condition (locator.waitFor, expect.poll).',
          })),
        },
      ],
    },
  },
);
