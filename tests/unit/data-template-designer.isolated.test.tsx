/**
 * The data template designer (src/pages/data-template/DesignerPage.tsx): a new template typed in (code,
 * name, a field) is sent to dataTemplate.save as the catalogue
 * shapes it; a refusal shows the server's messages per field; and the model says which field changes
 * need a confirmation (removed or retyped fields), as the server's storage planner does.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../src/api/api-call-error.ts';
import DesignerPage from '../../src/pages/data-template/DesignerPage.tsx';
import { destructiveChanges, sameText, type FieldInput } from '../../src/pages/data-template/design-model.ts';
import { setupTestI18n } from './support/i18n.ts';

const api = vi.hoisted(() => ({ callApi: vi.fn() }));
vi.mock('../../src/api/call.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/call.ts')>()),
  callApi: api.callApi,
}));

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});
afterEach(() => {
  cleanup();
  api.callApi.mockReset();
});

const field = (key: string, type: FieldInput['type']): FieldInput => ({ key, label: sameText(key), type });

describe('the data template designer', () => {
  it('asks to confirm removed and retyped fields only', () => {
    const saved = [
      field('title', 'string'),
      field('count', 'integer'),
      field('kind', 'option'),
      field('place', 'string'),
    ];
    const edited = [
      field('title', 'option'),
      field('count', 'string'),
      field('kind', 'person'),
      field('extra', 'date'),
    ];
    expect(destructiveChanges(saved, edited)).toEqual(['count', 'place']);
    expect(destructiveChanges(saved, saved)).toEqual([]);
  });

  it('sends a new template with its field and formula, and shows a refusal per field', async () => {
    api.callApi.mockImplementation(async (id: string) => {
      if (id === 'dataTemplate.list') return { rows: [] };
      if (id === 'dataTemplate.save')
        throw new ApiCallError({
          kind: 'state',
          text: '数据模板定义有误，未保存',
          url: '/dataTemplate/save',
          state: 6010101,
          envelope: {
            state: 6010101,
            message: '数据模板定义有误，未保存',
            cause: [{ field: 'formulas.computed.total', message: '没有字段 price' }],
            data: null,
          },
        });
      throw new Error(`unexpected ${id}`);
    });
    render(
      <ConfigProvider theme={{ hashed: false, token: { motion: false } }}>
        <DesignerPage />
      </ConfigProvider>,
    );
    const inputs = () => [...document.querySelectorAll<HTMLInputElement>('input.ant-input')];
    await act(async () => {
      fireEvent.change(inputs()[0]!, { target: { value: 'meetingMinutes' } });
      fireEvent.change(inputs()[1]!, { target: { value: '会议纪要' } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /添加字段/ }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    });
    await waitFor(() => expect(api.callApi).toHaveBeenCalledWith('dataTemplate.save', expect.anything()));
    const sent = api.callApi.mock.calls.find(([id]) => id === 'dataTemplate.save')![1] as {
      body: { template: Record<string, unknown>; confirm: boolean };
    };
    expect(sent.body.confirm).toBe(false);
    expect(sent.body.template).toMatchObject({
      code: 'meetingMinutes',
      name: { 'zh-CN': '会议纪要' },
      fields: [{ key: 'field1', type: 'string' }],
    });
    expect(await screen.findByText(/没有字段 price/)).toBeTruthy();
  });
});
