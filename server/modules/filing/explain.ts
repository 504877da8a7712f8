/** A line of an explanation: a translation key under `filing.` with its parameters. */
export interface ExplainLine {
  key: string;
  params?: Record<string, string | number | boolean>;
  /** Whether this line's test passed (absent for plain notes). */
  ok?: boolean;
}

/** Yuan as 亿元 (100 million) with at most two decimals, the unit the thresholds are written in. */
export function yi(yuan: number): number {
  return Math.round(yuan / 1e6) / 100;
}
