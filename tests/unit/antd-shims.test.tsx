/**
 * The stand-ins the built app puts in place of a few antd imports (tools/vite-antd-shims.ts,
 * src/app/antd-shims/): each helper answers as antd's own does, and the lazy filter menu shows the
 * column title at once and antd's filter menu once loaded.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { AggregationColor } from 'antd/es/color-picker/color';
import { isBright as antdIsBright } from 'antd/es/color-picker/components/ColorPresets';
import { toNamePathStr as antdToNamePathStr } from 'antd/es/form/hooks/useForm';
import enUS from 'antd/es/locale/en_US';
import { flattenKeys as antdFlattenKeys } from 'antd/es/table/hooks/useFilter/FilterDropdown';
import { afterEach, describe, expect, it } from 'vitest';
import { isBright } from '../../src/app/antd-shims/is-bright.ts';
import LazyFilterDropdown, { flattenKeys } from '../../src/app/antd-shims/LazyFilterDropdown.tsx';
import { toNamePathStr } from '../../src/app/antd-shims/to-name-path-str.ts';

afterEach(cleanup);

/** Dark, light, saturated and translucent colours (below half opacity the background decides). */
const COLOURS = [
  '#000000',
  '#ffffff',
  '#1677ff',
  '#fadb14',
  '#52c41a',
  '#ff4d4f',
  'rgba(255,255,255,0.3)',
  'rgba(0,0,0,0.4)',
  'rgba(250,219,20,0.6)',
];

describe('antd stand-ins', () => {
  it('isBright judges colours as antd does, on light and dark backgrounds', () => {
    for (const colour of COLOURS)
      for (const background of ['#ffffff', '#141414']) {
        const value = new AggregationColor(colour);
        expect(isBright(value, background), `${colour} on ${background}`).toBe(
          antdIsBright(value, background),
        );
      }
  });

  it('toNamePathStr names fields as antd does', () => {
    for (const name of [undefined, 'a', ['a', 'b'], ['list', 0, 'name'], 3])
      expect(toNamePathStr(name)).toBe(antdToNamePathStr(name as never));
  });

  it('flattenKeys lists nested filter values as antd does', () => {
    const filters = [
      { text: 'A', value: 'a', children: [{ text: 'B', value: 'b' }] },
      { text: 'C', value: 'c' },
    ];
    expect(flattenKeys(filters)).toEqual(antdFlattenKeys(filters));
    expect(flattenKeys(undefined)).toEqual([]);
  });

  it('the lazy filter menu shows the title at once and the filter trigger once loaded', async () => {
    const column = { title: 'Name', dataIndex: 'name', filters: [{ text: 'A', value: 'a' }] };
    render(
      <LazyFilterDropdown
        tablePrefixCls="ant-table"
        prefixCls="ant-table-filter"
        dropdownPrefixCls="ant-dropdown"
        column={column}
        columnKey="name"
        filterState={undefined}
        filterOnClose
        filterMultiple
        filterMode="menu"
        filterSearch={false}
        triggerFilter={() => undefined}
        locale={enUS.Table!}
        getPopupContainer={undefined}
        rootClassName=""
      >
        <span>Name</span>
      </LazyFilterDropdown>,
    );
    expect(screen.getByText('Name')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-table-filter-trigger')).not.toBeNull());
    expect(screen.getByText('Name')).toBeTruthy();
  });
});
