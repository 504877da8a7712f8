/**
 * Published screens over the files (issue 26): the versions a configurator published (screenConfig.effective:
 * the platform's, shadowed by the session's tenant's overrides) are drawn instead of schemas/screens/*.yaml,
 * without a rebuild. The app installs where they come from once at start (installScreenOverrides: the call,
 * whose session it is, the environment's look-ups); renderers never reach the API themselves.
 *
 * - They are read after sign-in, when the first screen opens, and again when a screen opens and what was
 *   read is older than 30 s or a pushed event said a version changed (expireScreenOverrides, from the
 *   bell's stream). Another account or tenant starts afresh; signed out, the files are drawn.
 * - An opening screen waits for that read at most WAIT_MS; a read that fails keeps what was read before.
 * - A published version that is not a screen this build can draw (not an object with a known kind, an
 *   unknown operation or action, an expression that does not parse, a text key no language has) is not
 *   drawn: the last good version this tab drew in its place, else the file, with a notice the screen's
 *   panel shows (screenOverrideNotice).
 */
import { registeredScreenKinds } from './registry.ts';
import { runtimeScreenProblem } from './screen-runtime-check.ts';
import type { ScreenDefinition } from './screen-types.ts';

export interface EffectiveScreen {
  name: string;
  scope: string;
  version: number;
  content: unknown;
}

/** The answer of screenConfig.effective. */
export interface EffectiveScreens {
  revision: string;
  screens: EffectiveScreen[];
}

export interface ScreenOverrideSource {
  /** screenConfig.effective for the current session. */
  load(): Promise<EffectiveScreens>;
  /** Whose screens they are (account and tenant); null while nobody is signed in. */
  sessionKey(): string | null;
  /** The renderer environment's look-ups (screen-runtime-check.ts); without them only the shape is judged. */
  isOperation?(id: string): boolean;
  hasText?(key: string): boolean | undefined;
}

/** What a screen's panel says when a published version could not be drawn. */
export interface OverrideNotice {
  name: string;
  /** The published version that was not drawn. */
  version: number;
  scope: string;
  /** The version drawn instead (0: the file). */
  shownVersion: number;
  /** What is wrong with it (for the console and tests, not the user). */
  detail: string;
}

/** Older than this, the published versions are read again before the next screen opens. */
export const MAX_AGE_MS = 30_000;
/** The longest an opening screen waits for that read. */
export const WAIT_MS = 2_000;
/** After a failed read, the next try comes this much later. */
const RETRY_MS = 5_000;

interface Drawn {
  scope: string;
  version: number;
  screen: ScreenDefinition;
}

let source: ScreenOverrideSource | null = null;
let sessionKey: string | null = null;
let revision: string | null = null;
/** When the versions were read (0: never, or expired). */
let readAt = 0;
let published = new Map<string, EffectiveScreen>();
/** The last version of each screen this tab found drawable. */
const drawn = new Map<string, Drawn>();
const notices = new Map<string, OverrideNotice>();
let reading: Promise<void> | null = null;

function forget(key: string | null): void {
  sessionKey = key;
  revision = null;
  readAt = 0;
  published = new Map();
  drawn.clear();
  notices.clear();
}

/** Where the published versions come from (the app, at start); null: only the files are drawn. */
export function installScreenOverrides(given: ScreenOverrideSource | null): void {
  source = given;
  reading = null;
  forget(null);
}

/** A published version changed (a pushed event): the next screen opened reads them again first. */
export function expireScreenOverrides(): void {
  readAt = 0;
}

/** The revision last read (null before the first read). */
export function screenOverridesRevision(): string | null {
  return revision;
}

function read(from: ScreenOverrideSource, key: string): Promise<void> {
  reading ??= from
    .load()
    .then(
      (answer) => {
        if (source !== from || sessionKey !== key) return;
        revision = answer.revision;
        published = new Map(answer.screens.map((s) => [s.name, s]));
        readAt = Date.now();
      },
      () => {
        // Kept what was read before; tried again a little later.
        if (source === from && sessionKey === key) readAt = Date.now() - MAX_AGE_MS + RETRY_MS;
      },
    )
    .finally(() => (reading = null));
  return reading;
}

/** Reads the published versions again when they are missing, stale or another session's. */
export function refreshScreenOverrides(): Promise<void> {
  const from = source;
  if (!from) return Promise.resolve();
  const key = from.sessionKey();
  if (key !== sessionKey) {
    forget(key);
    reading = null;
  }
  if (key === null || (readAt > 0 && Date.now() - readAt < MAX_AGE_MS)) return Promise.resolve();
  return read(from, key);
}

function withDeadline(pending: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([pending, deadline]).finally(() => clearTimeout(timer));
}

/** Why stored content cannot be drawn as the screen `name`, or null. */
function problemOf(name: string, content: unknown): string | null {
  if (!content || typeof content !== 'object' || Array.isArray(content)) return 'not an object';
  const kind = (content as { kind?: unknown }).kind;
  if (typeof kind !== 'string') return 'kind';
  // The kinds are registered with the screen host; before it loads there is nothing to compare with.
  const kinds = registeredScreenKinds();
  if (kinds.length > 0 && !kinds.includes(kind)) return `unknown kind ${kind}`;
  const problem = runtimeScreenProblem(name, content as ScreenDefinition, {
    isOperation: (id) => source?.isOperation?.(id) ?? true,
    hasText: (key) => source?.hasText?.(key),
  });
  return problem ? (problem.params.detail ?? problem.message) : null;
}

/** The published version of `name` to draw now, or undefined for the file. */
export function currentOverride(name: string): ScreenDefinition | undefined {
  const entry = published.get(name);
  if (!entry) {
    notices.delete(name);
    return undefined;
  }
  const last = drawn.get(name);
  if (last && last.version === entry.version && last.scope === entry.scope) return last.screen;
  const problem = problemOf(name, entry.content);
  if (problem === null) {
    const screen = entry.content as ScreenDefinition;
    drawn.set(name, { scope: entry.scope, version: entry.version, screen });
    notices.delete(name);
    return screen;
  }
  if (notices.get(name)?.version !== entry.version)
    console.warn(`screen ${name}: published version ${entry.version} cannot be drawn (${problem})`);
  notices.set(name, {
    name,
    version: entry.version,
    scope: entry.scope,
    shownVersion: last?.version ?? 0,
    detail: problem,
  });
  return last?.screen;
}

/** The notice of a screen whose published version could not be drawn, if any. */
export function screenOverrideNotice(name: string): OverrideNotice | undefined {
  return notices.get(name);
}

/**
 * screen-loader.ts's hook: the published version of `name` when there is one to draw, else the file
 * (already loading beside the read).
 */
export function withOverride(name: string, file: Promise<ScreenDefinition>): Promise<ScreenDefinition> {
  if (!source) return file;
  return withDeadline(refreshScreenOverrides(), WAIT_MS).then(() => currentOverride(name) ?? file);
}
