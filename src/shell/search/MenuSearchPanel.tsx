/**
 * The menu search panel (Ctrl+Q): type a name or its pinyin initials, move with the arrows, Enter
 * opens the entry. Loaded on first use (it brings the pinyin dictionary).
 */
import { useMemo, useState } from 'react';
import { Empty, Input, Modal, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { menusAtom } from '../../session/atoms.ts';
import { useMenuLabel } from '../menu-label.ts';
import { useOpenRoute } from '../useOpenRoute.ts';
import { buildSearchIndex, searchMenu, type SearchItem } from './menu-search.ts';

const MAX_RESULTS = 12;

export default function MenuSearchPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const label = useMenuLabel();
  const openRoute = useOpenRoute();
  const menus = useAtomValue(menusAtom);
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  const index = useMemo(() => buildSearchIndex(menus ?? [], label), [menus, label]);
  const results = useMemo(() => searchMenu(index, query).slice(0, MAX_RESULTS), [index, query]);
  const selected = Math.min(cursor, Math.max(0, results.length - 1));

  function choose(item: SearchItem | undefined): void {
    if (!item) return;
    onClose();
    setQuery('');
    openRoute(item.route);
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      title={t('shellKit.search.title')}
      width={560}
      destroyOnHidden
      afterOpenChange={(visible) => !visible && setQuery('')}
      className="mf-search-modal"
    >
      <Input
        autoFocus
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('shellKit.search.placeholder')}
        aria-label={t('shellKit.search.placeholder')}
        value={query}
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls="mf-search-results"
        aria-activedescendant={results.length ? `mf-search-result-${selected}` : undefined}
        onChange={(e) => {
          setQuery(e.target.value);
          setCursor(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setCursor((selected + 1) % Math.max(1, results.length));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setCursor((selected - 1 + results.length) % Math.max(1, results.length));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            choose(results[selected]);
          }
        }}
        data-testid="menu-search-input"
      />
      {query.trim() && !results.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shellKit.search.none')} />
      ) : (
        <ul
          id="mf-search-results"
          role="listbox"
          className="mf-search-results"
          aria-label={t('shellKit.search.results')}
        >
          {results.map((item, i) => (
            <li
              key={item.route.entry.id}
              id={`mf-search-result-${i}`}
              role="option"
              aria-selected={i === selected}
              className={i === selected ? 'mf-active' : undefined}
              onMouseEnter={() => setCursor(i)}
              onClick={() => choose(item)}
            >
              <span>{item.title}</span>
              {item.trail.length > 0 && (
                <Typography.Text type="secondary">{item.trail.join(' / ')}</Typography.Text>
              )}
            </li>
          ))}
        </ul>
      )}
      <Typography.Text type="secondary" className="mf-search-hint">
        {t('shellKit.search.hint')}
      </Typography.Text>
    </Modal>
  );
}
