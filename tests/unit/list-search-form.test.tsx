/**
 * The list's search form (renderers/list/SearchForm.tsx), a plain form since antd's Form left the
 * list page: each input is labelled by its field, search hands on every field's value (unset ones
 * undefined), Enter in an input searches, reset clears the inputs.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchForm } from '../../renderers/list/SearchForm.tsx';
import type { SearchField } from '../../renderers/list/list-types.ts';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(cleanup);

const FIELDS: SearchField[] = [
  { field: 'name', label: 'employee.field.name', type: 'STRING' },
  {
    field: 'status',
    label: 'employee.field.account',
    type: 'OPTION',
    options: [
      { value: 'A', label: 'common.yes' },
      { value: 'B', label: 'common.no' },
    ],
  },
];

describe('list search form', () => {
  it('hands on the values typed and chosen, and clears them on reset', async () => {
    const onSearch = vi.fn();
    const onReset = vi.fn();
    render(<SearchForm fields={FIELDS} onSearch={onSearch} onReset={onReset} />);
    const form = screen.getByRole('search');
    const name = within(form).getByLabelText('姓名') as HTMLInputElement;
    fireEvent.change(name, { target: { value: '王伟' } });
    // The Select is labelled too (its input carries the field's id).
    expect(within(form).getByLabelText('账号').getAttribute('id')).toBe('status');
    // Pressing the stand-in loads antd's Select and opens it (renderers/list/LazySelect.tsx).
    await act(async () => fireEvent.mouseDown(within(form).getByLabelText('账号')));
    const option = await waitFor(
      () => {
        const found = [...document.querySelectorAll('.ant-select-item-option')].find(
          (o) => o.textContent === '是',
        );
        expect(found).toBeTruthy();
        return found!;
      },
      { timeout: 10_000 },
    );
    await act(async () => fireEvent.click(option));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /查\s*询/ })));
    expect(onSearch).toHaveBeenLastCalledWith({ name: '王伟', status: 'A' });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: /重\s*置/ })));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(name.value).toBe('');
    await act(async () => fireEvent.submit(form));
    expect(onSearch).toHaveBeenLastCalledWith({ name: undefined, status: undefined });
  });

  it('searches on Enter in an input (the form submits)', async () => {
    const onSearch = vi.fn();
    render(<SearchForm fields={FIELDS.slice(0, 1)} onSearch={onSearch} onReset={() => undefined} />);
    const name = screen.getByLabelText('姓名');
    fireEvent.change(name, { target: { value: '李' } });
    await act(async () => fireEvent.submit(name.closest('form')!));
    expect(onSearch).toHaveBeenCalledWith({ name: '李' });
  });
});
