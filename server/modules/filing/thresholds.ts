/**
 * "Must we file?" (State Council Order 773, 2024, art 3): in the fiscal year before signing, file when
 *   A. combined worldwide turnover of all parties > RMB 12 bn and at least two parties each > RMB 800 m in
 *      China, or
 *   B. combined China turnover of all parties > RMB 4 bn and at least two parties each > RMB 800 m in China.
 * A pure function; every step of the reasoning is returned as a translated line.
 */
import { yi, type ExplainLine } from './explain.ts';

export const WORLDWIDE_COMBINED_LIMIT = 12_000_000_000;
export const CHINA_COMBINED_LIMIT = 4_000_000_000;
export const CHINA_EACH_LIMIT = 800_000_000;
/** Days to file after the authority's written notice calling in a below-threshold deal (Order 773 art 4). */
export const CALLED_IN_FILING_DAYS = 120;

export interface ThresholdParty {
  name: string;
  /** Group turnover of the reference year in RMB yuan (already converted). */
  worldwide: number;
  china: number;
}

export interface ThresholdResult {
  mustFile: boolean;
  /** Which test is met: A (worldwide) or B (China), or none. */
  test: 'WORLDWIDE' | 'CHINA' | null;
  lines: ExplainLine[];
}

export function checkThresholds(parties: ThresholdParty[], referenceYear?: number): ThresholdResult {
  const lines: ExplainLine[] = [];
  if (referenceYear) lines.push({ key: 'threshold.referenceYear', params: { year: referenceYear } });
  for (const p of parties) {
    lines.push({
      key: 'threshold.party',
      params: { name: p.name, worldwide: yi(p.worldwide), china: yi(p.china) },
    });
  }
  const worldwide = parties.reduce((s, p) => s + p.worldwide, 0);
  const china = parties.reduce((s, p) => s + p.china, 0);
  const over = parties.filter((p) => p.china > CHINA_EACH_LIMIT);
  const eachMet = over.length >= 2;
  const worldwideMet = worldwide > WORLDWIDE_COMBINED_LIMIT;
  const chinaMet = china > CHINA_COMBINED_LIMIT;

  lines.push({
    key: worldwideMet ? 'threshold.worldwideOver' : 'threshold.worldwideNotOver',
    params: { total: yi(worldwide), limit: yi(WORLDWIDE_COMBINED_LIMIT) },
    ok: worldwideMet,
  });
  lines.push({
    key: chinaMet ? 'threshold.chinaOver' : 'threshold.chinaNotOver',
    params: { total: yi(china), limit: yi(CHINA_COMBINED_LIMIT) },
    ok: chinaMet,
  });
  lines.push({
    key: eachMet ? 'threshold.eachOver' : 'threshold.eachNotOver',
    params: {
      count: over.length,
      names: over.map((p) => p.name).join('、') || '—',
      limit: yi(CHINA_EACH_LIMIT),
    },
    ok: eachMet,
  });

  const test = eachMet && worldwideMet ? 'WORLDWIDE' : eachMet && chinaMet ? 'CHINA' : null;
  if (test === 'WORLDWIDE') lines.push({ key: 'threshold.resultWorldwide', ok: true });
  else if (test === 'CHINA') lines.push({ key: 'threshold.resultChina', ok: true });
  else lines.push({ key: 'threshold.resultBelow', params: { days: CALLED_IN_FILING_DAYS }, ok: false });
  lines.push({ key: 'threshold.groupNote' });
  return { mustFile: test !== null, test, lines };
}
