/**
 * The search select (ui:widget searchSelect) of the co-party invite: nothing is asked under 2 characters;
 * a pause in typing asks the operation once with the keyword; the options read "name（统一社会信用代码）";
 * choosing one keeps its id in the form.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WidgetProps } from '@rjsf/utils';
import SearchSelectWidget from '../../renderers/widgets/search-select/SearchSelectWidget.tsx';
import { searchOptionsOf } from '../../renderers/widgets/search-select/search-options.ts';
import { setupTestI18n } from './support/i18n.ts';
import { renderWithPeople } from './support/people-harness.tsx';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});
afterEach(() => cleanup());

const TENANTS = [
  { id: 't1', name: '星辰新材料有限公司', creditCode: '91110108MA01ABCD0X' },
  { id: 't2', name: '星辰化工股份有限公司', creditCode: '91110108MA02ABCD1Y' },
];

const overrides = {
  'filing.member.tenantSearch': (request: { query?: unknown }) => {
    const keyword = String((request.query as { keyword: string }).keyword);
    return TENANTS.filter((x) => x.name.includes(keyword) || x.creditCode.startsWith(keyword.toUpperCase()));
  },
};

const OPTIONS = {
  operation: 'filing.member.tenantSearch',
  searchKey: 'keyword',
  minChars: 2,
  detailField: 'creditCode',
};

function widget(onChange: (v: unknown) => void) {
  const props = {
    id: 'tenantId',
    value: undefined,
    onChange,
    onBlur: () => undefined,
    options: OPTIONS,
    schema: { type: 'string' },
    placeholder: '',
    readonly: false,
    disabled: false,
  } as unknown as WidgetProps;
  return <SearchSelectWidget {...props} />;
}

describe('search select widget', () => {
  it('asks nothing under 2 characters, then once with the keyword, and keeps the chosen id', async () => {
    const chosen: unknown[] = [];
    const harness = renderWithPeople(
      widget((v) => chosen.push(v)),
      { overrides },
    );
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '星' } });
    await screen.findByText('请输入至少 2 个字符');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(harness.callsOf('filing.member.tenantSearch')).toHaveLength(0);

    fireEvent.change(input, { target: { value: '星辰' } });
    await waitFor(() => expect(harness.callsOf('filing.member.tenantSearch')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(harness.callsOf('filing.member.tenantSearch')[0].request.query).toEqual({ keyword: '星辰' });
    const option = await screen.findByText('星辰新材料有限公司（91110108MA01ABCD0X）', undefined, {
      timeout: 10_000,
    });
    await act(async () => fireEvent.click(option));
    expect(chosen).toEqual(['t1']);
  }, 30_000);

  it('names an option by label and detail, and reads a page as well as a list', () => {
    const config = { operation: 'x', detailField: 'creditCode' };
    expect(searchOptionsOf(TENANTS, config)[1]).toEqual({
      value: 't2',
      label: '星辰化工股份有限公司（91110108MA02ABCD1Y）',
    });
    expect(searchOptionsOf({ dataResult: [{ id: 1, name: 'A' }] }, { operation: 'x' })).toEqual([
      { value: '1', label: 'A' },
    ]);
    expect(searchOptionsOf(null, config)).toEqual([]);
  });
});
