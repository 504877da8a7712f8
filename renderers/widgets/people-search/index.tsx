/**
 * `ui:widget: peopleSearch`: choose people by typing part of a name, for tenants of any size. Each
 * search asks the server (employee.query with a `name` filter) for one page of 20, and scrolling to the
 * end of the list asks for the next; nothing is read before the user types. Chosen people the page
 * does not hold are named through employee.transfer. ui:options: `shape` — `commaList` (default for a
 * string field: 'id1,id2'), `ids` or `people` ([{id, name, account}], default for an array of objects);
 * `operation` (default employee.query), `searchKey` (default name), `pageSize` (default 20), `maxCount`
 * (how many may be chosen; 1 for a field that names one person).
 */
import { useEffect, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useDataSource } from '../../data-source.tsx';
import { useLoad } from '../../environment/use-load.ts';
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

function withPeople(map: Map<string, Person>, people: Person[]): Map<string, Person> {
  const next = new Map(map);
  for (const p of people) next.set(String(p.id), { ...p, id: String(p.id) });
  return next;
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
  const maxCount =
    typeof options.maxCount === 'number' && options.maxCount > 0 ? options.maxCount : undefined;

  const ids = idsOf(value);
  // People the value names, as far as known (kept when the user chooses; search results come and go).
  const [chosenKnown, setChosenKnown] = useState<Map<string, Person>>(() => knownPeople(value));
  const [text, setText] = useState('');
  // What was typed, once typing paused (a name typed quickly is one call), and how many pages are shown.
  const [words, setWords] = useState('');
  const [pageNo, setPageNo] = useState(1);

  useEffect(() => {
    const typed = text.trim();
    const timer = setTimeout(
      () => {
        setWords(typed);
        setPageNo(1);
      },
      typed ? 300 : 0,
    );
    return () => clearTimeout(timer);
  }, [text]);

  // The pages shown for the current words (scrolling to the end asks for the next one).
  const [pages, setPages] = useState<{ words: string; rows: Person[][]; total: number }>();
  const search = useLoad(
    words ? JSON.stringify([operation, searchKey, words, pageNo, pageSize]) : null,
    (signal) =>
      dataSource(operation, {
        body: { parameters: [{ key: searchKey, value: words }], requestPage: { pageNo, limit: pageSize } },
        signal,
      }).then((answer) => {
        const page = pageOf(answer);
        setPages((shown) => {
          const rows = shown?.words === words ? [...shown.rows] : [];
          rows[pageNo - 1] = page.rows;
          return { words, rows, total: page.total };
        });
      }),
  );
  const current = words && pages?.words === words ? pages : undefined;
  const found = useMemo(() => current?.rows.flat() ?? [], [current]);
  const total = current?.total ?? 0;
  const busy = search.loading;

  // Chosen people not yet named (ids from the server): one lookup for all of them.
  const unnamed = ids.filter((i) => !chosenKnown.has(i)).join(',');
  const named = useLoad(unnamed || null, (signal) =>
    dataSource('employee.transfer', { query: { ids: unnamed }, signal, silent: true }).then(
      (rows) => (Array.isArray(rows) ? (rows as Person[]) : []),
      (): Person[] => [],
    ),
  );
  const known = useMemo(
    () => withPeople(withPeople(chosenKnown, named.data ?? []), found),
    [chosenKnown, named.data, found],
  );

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
      maxCount={maxCount}
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
      onChange={(chosen: string[]) => {
        setChosenKnown(known);
        onChange(storedPeople(chosen, shape, known));
      }}
      onPopupScroll={(e) => {
        const el = e.currentTarget;
        if (busy || found.length >= total || !words || words !== text.trim()) return;
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24)
          setPageNo(Math.floor(found.length / pageSize) + 1);
      }}
      data-testid="people-search"
    />
  );
}
