/**
 * Simplified-case criteria (SAMR Order 67, 2023, art 19) checked from market shares, with the art 20
 * exclusion for criterion 6. Pure: the form calls it to warn, the submit guard calls it to refuse.
 *   (1) same relevant market: combined share of all parties < 15 %;
 *   (2) upstream/downstream: each party < 25 % in the up- and downstream markets;
 *   (3) neither: each party < 25 % in every market related to the deal;
 *   (4) a JV set up outside China with no economic activity in China;
 *   (5) acquiring equity or assets of a foreign undertaking with no economic activity in China;
 *   (6) a jointly controlled JV becoming controlled by one (or more) of its parents — excluded when that
 *       parent and the JV compete in the same relevant market with a combined share > 15 % (art 20(1)).
 */
import type { ExplainLine } from './explain.ts';

export const HORIZONTAL_LIMIT = 15;
export const VERTICAL_LIMIT = 25;
export const OTHER_LIMIT = 25;

export type MarketRelation = 'HORIZONTAL' | 'UPSTREAM' | 'DOWNSTREAM' | 'ADJACENT';

export interface SimplifiedMarket {
  name: string;
  relation: MarketRelation;
  /** Shares of the parties to the concentration (competitors are not counted), in percent. */
  partyShares: { party: string; share: number }[];
}

export interface SimplifiedFacts {
  markets: SimplifiedMarket[];
  /** (4) a JV outside China with no activity in China. */
  jvAbroadWithoutChinaActivity?: boolean;
  /** (5) the target is a foreign undertaking with no activity in China. */
  foreignTargetWithoutChinaActivity?: boolean;
  /** (6) a jointly controlled JV becomes solely controlled. */
  jointToSoleControl?: boolean;
  /** The reasons (1–6) the filer ticks. */
  claimed?: number[];
}

export type CriterionStatus = 'MET' | 'NOT_MET' | 'NOT_APPLICABLE';

export interface CriterionResult {
  criterion: 1 | 2 | 3 | 4 | 5 | 6;
  status: CriterionStatus;
  lines: ExplainLine[];
}

export interface SimplifiedResult {
  eligible: boolean;
  /** The criteria the facts support. */
  supported: number[];
  criteria: CriterionResult[];
  /** A ticked reason the facts do not support, or eligibility without any ticked reason. */
  warnings: ExplainLine[];
}

const round = (n: number) => Math.round(n * 100) / 100;

export function checkSimplified(facts: SimplifiedFacts): SimplifiedResult {
  const horizontal = facts.markets.filter((m) => m.relation === 'HORIZONTAL');
  const vertical = facts.markets.filter((m) => m.relation === 'UPSTREAM' || m.relation === 'DOWNSTREAM');
  const others = facts.markets.filter((m) => m.relation === 'ADJACENT');

  const c1: CriterionResult = { criterion: 1, status: 'NOT_APPLICABLE', lines: [] };
  if (horizontal.length === 0) c1.lines.push({ key: 'simplified.noHorizontal' });
  else {
    let all = true;
    for (const m of horizontal) {
      const sum = round(m.partyShares.reduce((s, p) => s + p.share, 0));
      const ok = sum < HORIZONTAL_LIMIT;
      all &&= ok;
      c1.lines.push({
        key: ok ? 'simplified.horizontalUnder' : 'simplified.horizontalOver',
        params: { market: m.name, sum, limit: HORIZONTAL_LIMIT },
        ok,
      });
    }
    c1.status = all ? 'MET' : 'NOT_MET';
  }

  const eachUnder = (markets: SimplifiedMarket[], limit: number, result: CriterionResult) => {
    let all = true;
    for (const m of markets) {
      for (const p of m.partyShares) {
        const ok = p.share < limit;
        all &&= ok;
        result.lines.push({
          key: ok ? 'simplified.partyUnder' : 'simplified.partyOver',
          params: { market: m.name, party: p.party, share: round(p.share), limit },
          ok,
        });
      }
    }
    result.status = all ? 'MET' : 'NOT_MET';
  };

  const c2: CriterionResult = { criterion: 2, status: 'NOT_APPLICABLE', lines: [] };
  if (vertical.length === 0) c2.lines.push({ key: 'simplified.noVertical' });
  else eachUnder(vertical, VERTICAL_LIMIT, c2);

  const c3: CriterionResult = { criterion: 3, status: 'NOT_APPLICABLE', lines: [] };
  if (horizontal.length || vertical.length) c3.lines.push({ key: 'simplified.overlapExists' });
  else if (others.length === 0) c3.lines.push({ key: 'simplified.noMarkets' });
  else eachUnder(others, OTHER_LIMIT, c3);

  const fact = (criterion: 4 | 5, value: boolean | undefined): CriterionResult => ({
    criterion,
    status: value ? 'MET' : 'NOT_APPLICABLE',
    lines: [{ key: `simplified.fact${criterion}${value ? 'Yes' : 'No'}`, ok: !!value }],
  });
  const c4 = fact(4, facts.jvAbroadWithoutChinaActivity);
  const c5 = fact(5, facts.foreignTargetWithoutChinaActivity);

  const c6: CriterionResult = { criterion: 6, status: 'NOT_APPLICABLE', lines: [] };
  if (!facts.jointToSoleControl) c6.lines.push({ key: 'simplified.fact6No', ok: false });
  else {
    const excluded = horizontal.find(
      (m) => m.partyShares.reduce((s, p) => s + p.share, 0) > HORIZONTAL_LIMIT,
    );
    if (excluded) {
      c6.status = 'NOT_MET';
      c6.lines.push({
        key: 'simplified.fact6Excluded',
        params: {
          market: excluded.name,
          sum: round(excluded.partyShares.reduce((s, p) => s + p.share, 0)),
          limit: HORIZONTAL_LIMIT,
        },
        ok: false,
      });
    } else {
      c6.status = 'MET';
      c6.lines.push({ key: 'simplified.fact6Yes', ok: true });
    }
  }

  const criteria = [c1, c2, c3, c4, c5, c6];
  // Shares: every overlap that exists must satisfy its own criterion (a deal with horizontal and
  // vertical overlaps needs both (1) and (2)); (4)–(6) stand on their own facts.
  const shareCriteria = [c1, c2, c3].filter((c) => c.status !== 'NOT_APPLICABLE');
  const sharesMet = shareCriteria.length > 0 && shareCriteria.every((c) => c.status === 'MET');
  const supported = criteria
    .filter((c) => c.status === 'MET' && (c.criterion > 3 || sharesMet))
    .map((c) => c.criterion);
  const eligible = supported.length > 0;

  const warnings: ExplainLine[] = [];
  for (const claimed of facts.claimed ?? []) {
    if (!(supported as number[]).includes(claimed)) {
      warnings.push({ key: 'simplified.claimNotSupported', params: { criterion: claimed } });
    }
  }
  if (eligible && facts.claimed && facts.claimed.length === 0) {
    warnings.push({ key: 'simplified.eligibleNotClaimed', params: { criteria: supported.join('、') } });
  }
  if (!eligible) warnings.push({ key: 'simplified.notEligible' });
  return { eligible, supported, criteria, warnings };
}
