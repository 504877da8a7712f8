/** What the colours of the year view mean: the screen's categories, then weekends and today. */
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDesignToken } from '../environment/use-design-token.ts';
import type { CalendarCategory } from './calendar-types.ts';
import { categoryStyle } from './category-style.ts';

export function CalendarLegend({ categories = [] }: { categories?: CalendarCategory[] }) {
  const { t } = useTranslation();
  const token = useDesignToken();
  const swatch = { display: 'inline-block', width: 14, height: 14, borderRadius: 3, border: '1px solid' };
  const items = [
    ...categories.map((c) => ({
      key: c.value,
      label: t(c.label),
      style: { ...swatch, ...categoryStyle(token, c) },
    })),
    {
      key: '__weekend',
      label: t('calendarView.weekend'),
      style: { ...swatch, background: token.colorFillTertiary, borderColor: 'transparent' },
    },
    {
      key: '__today',
      label: t('calendarView.today'),
      style: { ...swatch, border: `2px solid ${token.colorPrimary}` },
    },
  ];
  return (
    <Flex wrap gap={16} data-testid="calendar-legend" role="list">
      {items.map((item) => (
        <Flex key={item.key} align="center" gap={6} role="listitem">
          <span style={item.style} aria-hidden />
          <span>{item.label}</span>
        </Flex>
      ))}
    </Flex>
  );
}
