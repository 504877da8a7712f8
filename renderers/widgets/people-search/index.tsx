/**
 * `ui:widget: peopleSearch`: choose people by typing part of a name, for tenants of any size. Each
 * search asks the server (employee.query with a `name` filter) for one page of 20, and scrolling to the
 * end of the list asks for the next; nothing is read before the user types. Chosen people the page
 * does not hold are named through employee.transfer. ui:options: `shape` — `commaList` (default for a
 * string field: 'id1,id2'), `ids` or `people` ([{id, name, account}], default for an array of objects);
 * `operation` (default employee.query), `searchKey` (default name), `pageSize` (default 20).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useDataSource } from '../../data-source.tsx';
import {
  idsOf,
  knownPeople,
  personLabel,
  storedPeople,
  type PeopleShape,
  type Person,
} from './people-value.ts';

interface Page {
  rows: Person[];
  total: number;
}

function pageOf(answer: unknown): Page {
  const a = (answer ?? {}) as { dataResult?: unknown; pageResult?: { totalCount?: number } };
  const rows = Array.isArray(a.dataResult) ? (a.dataResult as Person[]) : [];
  return { rows, total: a.pageResult?.totalCount ?? rows.length };
}

export default function PeopleSearchWidget({
  id,
  value,
  onChange,
  readonly,
  disabled,
  options,
  schema,
  placeholder,
}: WidgetProps) {
  const { t } = useTranslation();
  const dataSource = useDataSource();
  const shape: PeopleShape =
    options.shape === 'ids' || options.shape === 'people' || options.shape === 'commaList'
      ? options.shape
      : schema.type === 'array'
        ? 'people'
        : 'commaList';
  const operation = typeof options.operation === 'string' ? options.operation : 'employee.query';
  const searchKey = typeof options.searchKey === 'string' ? options.searchKey : 'name';
  const pageSize = typeof options.pageSize === 'number' ? options.pageSize : 20;

  const ids = idsOf(value);
  const [known, setKnown] = useState<Map<string, Person>>(() => knownPeople(value));
  const [text, setText] = useState('');
  const [found, setFound] = useState<Person[]>([]);
  const [total, setTotal] = useState(0);
  const [busy, setBusy] = useState(false);
  const round = useRef(0);

  const remember = (people: Person[]) =>
    setKnown((map) => {
      const next = new Map(map);
      for (const p of people) next.set(String(p.id), { ...p, id: String(p.id) });
      return next;
    });

  // Chosen people not yet named (ids from the server): one lookup for all of them.
  const unnamed = ids.filter((i) => !known.has(i)).join(',');
  useEffect(() => {
    if (!unnamed) return;
    const abort = new AbortController();
    void dataSource('employee.transfer', { query: { ids: unnamed }, signal: abort.signal, silent: true })
      .then((rows) => Array.isArray(rows) && remember(rows as Person[]))
      .catch(() => undefined);
    return () => abort.abort();
  }, [dataSource, unnamed]);

  const search = async (words: string, pageNo: number) => {
    const mine = ++round.current;
    setBusy(true);
    try {
      const answer = await dataSource(operation, {
        body: {
          parameters: words ? [{ key: searchKey, value: words }] : [],
          requestPage: { pageNo, limit: pageSize },
        },
      });
      if (mine !== round.current) return;
      const page = pageOf(answer);
      remember(page.rows);
      setFound((rows) => (pageNo === 1 ? page.rows : [...rows, ...page.rows]));
      setTotal(page.total);
    } finally {
      if (mine === round.current) setBusy(false);
    }
  };

  // Typing waits a moment before asking, so a name typed quickly is one call.
  useEffect(() => {
    const words = text.trim();
    if (!words) return;
    const timer = setTimeout(() => void search(words, 1), 300);
    return () => clearTimeout(timer);
    // search reads the latest options; the text alone decides when to ask.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const choices = useMemo(() => {
    const shown = new Map<string, Person>();
    for (const i of ids) shown.set(i, known.get(i) ?? { id: i });
    if (text.trim()) for (const p of found) shown.set(String(p.id), p);
    return [...shown.values()].map((p) => ({ value: String(p.id), label: personLabel(p) }));
  }, [ids, known, found, text]);

  return (
    <Select
      id={id}
      mode="multiple"
      showSearch
      filterOption={false}
      searchValue={text}
      onSearch={setText}
      disabled={disabled || readonly}
      placeholder={placeholder || t('resourceAdmin.peopleSearch.placeholder')}
      notFoundContent={
        busy ? (
          <Spin size="small" />
        ) : text.trim() ? (
          t('resourceAdmin.peopleSearch.none')
        ) : (
          t('resourceAdmin.peopleSearch.typeName')
        )
      }
      options={choices}
      value={ids}
      onChange={(chosen: string[]) => onChange(storedPeople(chosen, shape, known))}
      onPopupScroll={(e) => {
        const el = e.currentTarget;
        if (busy || found.length >= total || !text.trim()) return;
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24)
          void search(text.trim(), Math.floor(found.length / pageSize) + 1);
      }}
      data-testid="people-search"
    />
  );
}
