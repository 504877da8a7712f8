/**
 * The audit log's entries as people read them: the object named in words and the detail as labelled,
 * translated lines. The stored detail stays the hash-covered JSON; this is only its reading. Ids and
 * digests are left out (the object column and the hash name the entry), and so is any key without a label,
 * so a new key never reaches the screen as a raw code.
 */
import { translate, type Language } from '../../http/i18n.ts';

/** Detail keys that hold ids or digests: not for reading. */
const HIDDEN_KEY = /(Id|Ids|^sha256|^refiledFrom|^actingAs)$/;

/** Where a value of a key may have a label (first found wins); otherwise it is shown as stored. */
const VALUE_LABELS: Record<string, string[]> = {
  from: ['review.state'],
  to: ['review.state'],
  was: ['review.state'],
  decision: ['review.state'],
  ground: ['review.ground'],
  proposed: ['review.step'],
  taken: ['review.step'],
  proposedAction: ['review.step'],
  kind: ['filing.documentKind', 'auditTrail.value'],
  section: ['auditTrail.section'],
  triage: ['auditTrail.value'],
  stage: ['auditTrail.value'],
  outcome: ['auditTrail.value'],
};

const known = (lang: Language, key: string): string | null => {
  const text = translate(lang, key);
  return text === key ? null : text;
};

function valueText(lang: Language, key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean')
    return translate(lang, value ? 'auditTrail.answerYes' : 'auditTrail.answerNo');
  if (Array.isArray(value)) {
    return value
      .map((v) =>
        v && typeof v === 'object'
          ? // Calendar days: the day and its name.
            [(v as { day?: unknown }).day, (v as { name?: unknown }).name].filter(Boolean).join(' ')
          : valueText(lang, key, v),
      )
      .filter(Boolean)
      .join('、');
  }
  if (typeof value === 'object') return '';
  const text = String(value);
  for (const prefix of VALUE_LABELS[key] ?? []) {
    const label = known(lang, `${prefix}.${text}`);
    if (label) return label;
  }
  return text;
}

/** The detail as "label：value" lines joined by "；" (empty values and unlabelled keys left out). */
export function auditDetailText(lang: Language, detail: unknown): string {
  if (!detail || typeof detail !== 'object') return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(detail as Record<string, unknown>)) {
    if (HIDDEN_KEY.test(key)) continue;
    const label = known(lang, `auditTrail.detail.${key}`);
    if (!label) continue;
    const text = valueText(lang, key, value);
    if (text) parts.push(`${label}: ${text}`);
  }
  return parts.join('; ');
}

/**
 * The object as words: its kind, and for a case its number (a draft has none yet: its name), else the id's
 * first characters.
 */
export function auditObjectText(
  lang: Language,
  objectType: string | null,
  objectId: string | null,
  caseNo: string | null,
  caseTitle: string | null = null,
): string {
  if (!objectType) return '';
  const kind = known(lang, `auditTrail.object.${objectType}`) ?? objectType;
  if (objectType === 'case' && (caseNo || caseTitle)) return `${kind} ${caseNo ?? caseTitle}`;
  if (objectType === 'calendar_year' || objectType === 'calendar_day')
    return `${kind} ${objectId ?? ''}`.trim();
  return objectId ? `${kind} ${objectId.slice(0, 8)}` : kind;
}
