/**
 * The official public holidays and 调休 working weekends the calendar table is seeded with. An administrator
 * adds later years through the calendar service when the State Council publishes them (each November).
 *
 * 2025: 国务院办公厅关于2025年部分节假日安排的通知（国办发明电〔2024〕12号，2024-11-12）.
 * 2026: 国务院办公厅关于2026年部分节假日安排的通知（2025-11-04，新华社全文）; number 国办发明电〔2025〕7号.
 */
import { addDays, type PlainDate } from './dates.ts';
import type { CalendarDay } from './calendar.ts';

interface Festival {
  name: string;
  from: PlainDate;
  to: PlainDate;
  workdays: PlainDate[];
}

export const HOLIDAY_SOURCES: Record<number, string> = {
  2025: '国务院办公厅关于2025年部分节假日安排的通知（国办发明电〔2024〕12号）',
  2026: '国务院办公厅关于2026年部分节假日安排的通知（国办发明电〔2025〕7号）',
};

const FESTIVALS: Record<number, Festival[]> = {
  2025: [
    { name: '元旦', from: '2025-01-01', to: '2025-01-01', workdays: [] },
    { name: '春节', from: '2025-01-28', to: '2025-02-04', workdays: ['2025-01-26', '2025-02-08'] },
    { name: '清明节', from: '2025-04-04', to: '2025-04-06', workdays: [] },
    { name: '劳动节', from: '2025-05-01', to: '2025-05-05', workdays: ['2025-04-27'] },
    { name: '端午节', from: '2025-05-31', to: '2025-06-02', workdays: [] },
    { name: '国庆节、中秋节', from: '2025-10-01', to: '2025-10-08', workdays: ['2025-09-28', '2025-10-11'] },
  ],
  2026: [
    { name: '元旦', from: '2026-01-01', to: '2026-01-03', workdays: ['2026-01-04'] },
    { name: '春节', from: '2026-02-15', to: '2026-02-23', workdays: ['2026-02-14', '2026-02-28'] },
    { name: '清明节', from: '2026-04-04', to: '2026-04-06', workdays: [] },
    { name: '劳动节', from: '2026-05-01', to: '2026-05-05', workdays: ['2026-05-09'] },
    { name: '端午节', from: '2026-06-19', to: '2026-06-21', workdays: [] },
    { name: '中秋节', from: '2026-09-25', to: '2026-09-27', workdays: [] },
    { name: '国庆节', from: '2026-10-01', to: '2026-10-07', workdays: ['2026-09-20', '2026-10-10'] },
  ],
};

/** Every holiday and 调休 working day of the seeded years, one row per day. */
export function officialCalendarDays(): (CalendarDay & { source: string })[] {
  const days: (CalendarDay & { source: string })[] = [];
  for (const [year, festivals] of Object.entries(FESTIVALS)) {
    const source = HOLIDAY_SOURCES[Number(year)];
    for (const f of festivals) {
      for (let d = f.from; d <= f.to; d = addDays(d, 1))
        days.push({ day: d, kind: 'HOLIDAY', name: f.name, source });
      for (const w of f.workdays) days.push({ day: w, kind: 'WORKDAY', name: `${f.name}调休上班`, source });
    }
  }
  return days;
}
