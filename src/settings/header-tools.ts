/**
 * The header's tools: menu search, error log, base-address switcher, message bell and fullscreen.
 * The spec shows them only in development; here each is a setting (settings drawer, per user) whose
 * default follows that rule. A deployment can turn tools on by default at build time with
 * VITE_HEADER_TOOLS=search,bell,… (or `all`).
 */
export const HEADER_TOOLS = ['search', 'errorLog', 'environment', 'bell', 'fullscreen'] as const;
export type HeaderTool = (typeof HEADER_TOOLS)[number];
export type HeaderToolChoice = Record<HeaderTool, boolean>;

export function isHeaderTool(value: unknown): value is HeaderTool {
  return typeof value === 'string' && (HEADER_TOOLS as readonly string[]).includes(value);
}

/** The defaults: every tool in development, the configured ones (none unless set) otherwise. */
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
    HEADER_TOOLS.map((tool) => [tool, development || named.has('all') || named.has(tool)]),
  ) as HeaderToolChoice;
}
