/**
 * The header's tools: menu search, error log, base-address switcher, message bell and fullscreen.
 * The spec shows them only in development; here each is a setting (settings drawer, per user) whose
 * default follows that rule — but for the bell, which is on for everyone: it is how served notices and
 * messages reach people. A deployment can turn the other tools on by default at build time with
 * VITE_HEADER_TOOLS=search,errorLog,… (or `all`).
 */
/** On by default in every build: how notices and messages reach the people they are for. */
const ALWAYS_ON: ReadonlySet<string> = new Set(['bell']);
export const HEADER_TOOLS = ['search', 'errorLog', 'environment', 'bell', 'fullscreen'] as const;
export type HeaderTool = (typeof HEADER_TOOLS)[number];
export type HeaderToolChoice = Record<HeaderTool, boolean>;

export function isHeaderTool(value: unknown): value is HeaderTool {
  return typeof value === 'string' && (HEADER_TOOLS as readonly string[]).includes(value);
}

/** The defaults: every tool in development, the bell and the configured ones otherwise. */
export function defaultHeaderTools(
  development: boolean = import.meta.env.DEV,
  configured: string | undefined = import.meta.env.VITE_HEADER_TOOLS as string | undefined,
): HeaderToolChoice {
  const named = new Set(
    (configured ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  return Object.fromEntries(
    HEADER_TOOLS.map((tool) => [
      tool,
      ALWAYS_ON.has(tool) || development || named.has('all') || named.has(tool),
    ]),
  ) as HeaderToolChoice;
}
