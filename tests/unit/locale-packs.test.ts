/**
 * The browser's texts come in two chunks per language (src/i18n/packs): the sign-in page's namespaces,
 * then the rest with the first page past sign-in. The code that runs on /login before that second
 * chunk may name only the first chunk's namespaces, or its texts would show as keys.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations } from '../../schemas/generated/operations.ts';
import { LOCALE_LANGUAGES } from '../../schemas/locale-files.ts';

const packText = (file: string) => readFileSync(`src/i18n/packs/${file}`, 'utf8');
const braceList = (text: string, language: string, nth = 0) =>
  [...text.matchAll(new RegExp(`locales/${language}/\\{([a-zA-Z,]+)\\}\\.yaml`, 'g'))][nth][1].split(',');

const SIGN_IN = braceList(packText('zh-CN.ts'), 'zh-CN');
const NAMESPACES = readdirSync('locales/zh-CN').map((f) => f.replace(/\.yaml$/, ''));

/** What runs on /login: the page, its lazy parts, the api client, the session and the route guard. */
const SIGN_IN_CODE = [
  'src/pages/LoginPage.tsx',
  'src/pages/LanguageLinks.tsx',
  'src/pages/login-validation.ts',
  'src/pages/auth/CaptchaDialog.tsx',
  'src/pages/auth/SmsLoginForm.tsx',
  'src/pages/auth/SmsCodeButton.tsx',
  'src/router/RequireAuth.tsx',
  'src/router/route-guard.ts',
  'src/app/PageLoading.tsx',
  ...readdirSync('src/api').map((f) => `src/api/${f}`),
  // The session's modules; its components (the acting banner, the switch-user dialog) show in the shell,
  // and so does acting as another user (acting.ts, session-actions.ts: the shell and screens load them).
  ...readdirSync('src/session')
    .filter((f) => !['acting.ts', 'session-actions.ts'].includes(f))
    .map((f) => `src/session/${f}`),
].filter(
  (f) => (f.startsWith('src/session/') ? /\.ts$/ : /\.tsx?$/).test(f) && !/\.(test|stories)\./.test(f),
);

/** The code without its comments (which name operation ids such as employee.query). */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

describe('locale packs', () => {
  it('split the three languages alike', () => {
    for (const language of LOCALE_LANGUAGES) {
      expect(braceList(packText(`${language}.ts`), language)).toEqual(SIGN_IN);
      const app = packText(`${language}-app.ts`);
      expect(braceList(app, language, 0)).toEqual([
        'server',
        'filing',
        'resource',
        'publicity',
        'publicCase',
        'publicReview',
        'publicFollow',
        'publicStats',
        'field',
      ]);
      expect(braceList(app, language, 1)).toEqual(SIGN_IN);
    }
  });

  it('hold only namespaces that exist', () => {
    for (const ns of SIGN_IN) expect(NAMESPACES).toContain(ns);
  });

  // The sign-in page shows them through texts.ts, which fills {{name}} and knows no i18next features.
  it('use nothing in the sign-in namespaces that only i18next understands', () => {
    for (const language of LOCALE_LANGUAGES) {
      for (const ns of SIGN_IN) {
        const text = readFileSync(`locales/${language}/${ns}.yaml`, 'utf8');
        expect(text, `${language}/${ns}`).not.toMatch(
          /_(zero|one|two|few|many|other)\s*:|\$t\(|\{\{[^}]*[,-]/,
        );
      }
    }
  });

  it('give the sign-in code every namespace it names', () => {
    const named = new Set<string>();
    for (const file of SIGN_IN_CODE) {
      for (const m of code(file).matchAll(/['`](([a-zA-Z]+)\.[a-zA-Z][\w.]*)(?:['`]|\$\{)/g)) {
        // An operation id (auth.resources.getMenuData) is no text.
        if (Object.prototype.hasOwnProperty.call(operations, m[1])) continue;
        if (NAMESPACES.includes(m[2])) named.add(m[2]);
      }
    }
    expect([...named].filter((ns) => !SIGN_IN.includes(ns))).toEqual([]);
    expect(named.size).toBeGreaterThan(3);
  });
});
