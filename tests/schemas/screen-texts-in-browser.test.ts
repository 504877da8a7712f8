/**
 * Every text key a screen names is in the translations the browser loads (src/i18n/packs/): a key of a
 * namespace only the server translates (filing, server, resource, publicity) passes the schema check,
 * which reads all of locales/, but the running screen would refuse to draw ("missing translation").
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeScreenProblem } from '../../renderers/screen-runtime-check.ts';
import type { ScreenDefinition } from '../../renderers/screen-types.ts';
import { SCHEMAS_DIR } from '../../schemas/catalogue.ts';
import { readScreenFile } from '../../schemas/option-set-files.ts';
import { operations } from '../../schemas/generated/operations.ts';
import signInTexts from '../../src/i18n/packs/zh-CN.ts';
import appTexts from '../../src/i18n/packs/zh-CN-app.ts';

const browserTexts: Record<string, unknown> = { ...signInTexts, ...appTexts };
const hasText = (key: string) => {
  let node: unknown = browserTexts;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
};

const dir = join(SCHEMAS_DIR, 'screens');
const screens = readdirSync(dir)
  .filter((name) => name.endsWith('.yaml'))
  .map((name) => [name, readScreenFile<ScreenDefinition>(join(dir, name))] as const);

describe('screen texts are in the browser’s translations', () => {
  it.each(screens)('%s', (name, screen) => {
    const problem = runtimeScreenProblem(name, screen, { isOperation: (id) => id in operations, hasText });
    expect(problem?.params).toBeUndefined();
  });
});
