/**
 * A `calendarChange` move (calendar-recompute.ts) keeps the dates it moved as data; the case's history
 * shows them as a sentence in the reader's language, in the reason column the other moves fill.
 */
import { translate, type Language } from '../../http/i18n.ts';

interface Change {
  clockKind: string;
  before: string;
  after: string;
}

export function calendarNote(lang: Language, changes: Change[]): string {
  const moved = changes
    .map((c) =>
      translate(lang, 'holidayCalendar.note.change', {
        clock: translate(lang, `holidayCalendar.clock.${c.clockKind}`),
        before: c.before,
        after: c.after,
      }),
    )
    .join(translate(lang, 'holidayCalendar.note.separator'));
  return translate(lang, 'holidayCalendar.note.text', { moved });
}

/** The case view with each calendar change's reason written out. */
export function withCalendarNotes<T>(lang: Language, caseView: T): T {
  const v = caseView as { transitions?: Record<string, unknown>[] };
  if (!Array.isArray(v.transitions)) return caseView;
  return {
    ...caseView,
    transitions: v.transitions.map((t) => {
      const detail = (typeof t.detail === 'string' ? JSON.parse(t.detail) : t.detail) as
        { changes?: Change[] } | undefined;
      return t.action === 'calendarChange' && Array.isArray(detail?.changes)
        ? { ...t, reason: calendarNote(lang, detail.changes) }
        : t;
    }),
  } as T;
}
