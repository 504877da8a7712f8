/**
 * 新建申报 as a wizard (schemas/screens/filing-case-wizard.yaml, issue 12) with fixture operations:
 * step 1 creates the draft (filing.case.create) and carries its id to the later steps, step 2 adds the
 * filer's own party (filing.party.add with that id; a wrong 统一社会信用代码 check character stops the
 * step with the translated message and sends nothing), step 3 saves the 公示表's 交易概况 (simplified
 * filings only: a normal filing passes it over and its steps bar leaves it out), and the last step shows the 检查 list of that draft
 * and opens the filing's own screen.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAllScreenDialogs } from '../../renderers/dialogs/dialog-store.ts';
import { createFixtureDataSource } from '../../renderers/fixtures/index.ts';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { stepBar } from '../../renderers/wizard/step-bar.ts';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => {
  closeAllScreenDialogs();
  cleanup();
});

const CHECK_ROWS = [
  {
    section: 'parties',
    sectionName: '参与方',
    complete: false,
    problems: '至少需要一个被收购方',
    warnings: '',
  },
  {
    section: 'documents',
    sectionName: '申报文件',
    complete: false,
    problems: '缺少文件：申报书',
    warnings: '',
  },
];

function setup() {
  const dataSource = createFixtureDataSource({
    overrides: {
      'filing.case.create': () => ({ id: 'case-9' }),
      'filing.party.add': () => ({ id: 'party-1' }),
      'filing.noticeForm.save': () => null,
      'filing.case.section': () => ({
        dataResult: CHECK_ROWS,
        pageResult: { totalCount: CHECK_ROWS.length, totalPages: 1, page: 1, limit: 20 },
      }),
    },
  });
  const { ui, shown } = recordingUi(true);
  const close = vi.fn();
  render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false, token: { motion: false } }}>
      <MemoryRouter>
        <ScreenFixtures dataSource={dataSource} ui={ui}>
          <ScreenRenderer name="filing-case-wizard" frame="dialog" close={close} />
        </ScreenFixtures>
      </MemoryRouter>
    </ConfigProvider>,
  );
  return { dataSource, shown, close };
}

const wizard = () => screen.getByTestId('wizard-filing-case-wizard');
const field = (name: string) => wizard().querySelector<HTMLInputElement>(`#root_${name}`)!;
const explain = (name: string) =>
  field(name).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';
const callsOf = (dataSource: ReturnType<typeof setup>['dataSource'], operation: string) =>
  dataSource.calls.filter((c) => c.operation === operation);

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const button = (name: RegExp) => within(wizard()).getByRole('button', { name });

/** The titles in the wizard's steps bar, and the one it marks as current. */
const stepTitles = () =>
  [...wizard().querySelectorAll('.ant-steps-item-title')].map((e) => e.textContent?.trim() ?? '');
const currentTitle = () =>
  wizard().querySelector('.ant-steps-item-process .ant-steps-item-title')?.textContent?.trim() ?? '';

async function reach(step: string) {
  await waitFor(() => expect(wizard().dataset.step).toBe(step));
  await screen.findByTestId(`form-filing-case-wizard.${step}`);
}

/** Step 1 filled and sent; the wizard stands on step 2. */
async function createDraft(dataSource: ReturnType<typeof setup>['dataSource'], procedure?: RegExp) {
  await screen.findByTestId('form-filing-case-wizard.case', {}, { timeout: 15_000 });
  expect(wizard().dataset.step).toBe('case');
  // Nothing is created while the step is not valid.
  await click(button(/创建草稿/));
  expect(explain('title')).not.toBe('');
  expect(callsOf(dataSource, 'filing.case.create')).toHaveLength(0);

  type('title', '甲科技收购乙公司股权案');
  if (procedure) await click(within(wizard()).getByLabelText(procedure));
  type('referenceYear', '2025');
  type('dealCurrency', 'CNY');
  await click(button(/创建草稿/));
  await reach('party');
}

describe('filing-case-wizard', () => {
  it('creates the draft, adds the filer party, saves the summary and shows what is missing', async () => {
    const { dataSource, close } = setup();
    await createDraft(dataSource);

    // A simplified filing goes through all four steps: the bar shows them all.
    expect(stepTitles()).toEqual(['案件与交易', '申报方', '交易概况', '检查并继续']);
    expect(currentTitle()).toBe('申报方');
    const created = callsOf(dataSource, 'filing.case.create');
    expect(created).toHaveLength(1);
    expect(created[0].request.body).toEqual({
      title: '甲科技收购乙公司股权案',
      procedure: 'SIMPLIFIED',
      referenceYear: 2025,
      dealCurrency: 'CNY',
    });

    // Step 2: a wrong check character stops the step with the translated message; nothing is sent.
    type('nameZh', '甲科技有限公司');
    type('uscc', '91110108MA01ABCD1X');
    type('ultimateController', '张某');
    await click(button(/下一步/));
    await waitFor(() => expect(explain('uscc')).toBe('请输入正确的18位统一社会信用代码'));
    expect(wizard().dataset.step).toBe('party');
    expect(callsOf(dataSource, 'filing.party.add')).toHaveLength(0);

    type('uscc', '91110108MA01ABCD1E');
    await click(button(/下一步/));
    await reach('summary');
    const party = callsOf(dataSource, 'filing.party.add');
    expect(party).toHaveLength(1);
    // The id step 1 got is carried: the party goes to that draft.
    expect(party[0].request.query).toEqual({ caseId: 'case-9' });
    expect(party[0].request.body).toEqual({
      role: 'ACQUIRER',
      nameZh: '甲科技有限公司',
      uscc: '91110108MA01ABCD1E',
      ultimateController: '张某',
    });

    // Step 3: the 交易概况, at most 200 characters.
    type('summary', '甲'.repeat(201));
    await click(button(/下一步/));
    await waitFor(() => expect(explain('summary')).not.toBe(''));
    expect(callsOf(dataSource, 'filing.noticeForm.save')).toHaveLength(0);
    type('summary', '甲科技有限公司拟收购乙公司100%股权。');
    await click(button(/下一步/));
    await waitFor(() => expect(wizard().dataset.step).toBe('check'));
    expect(stepTitles()).toEqual(['案件与交易', '申报方', '交易概况', '检查并继续']);
    expect(currentTitle()).toBe('检查并继续');
    const notice = callsOf(dataSource, 'filing.noticeForm.save');
    expect(notice).toHaveLength(1);
    expect(notice[0].request.query).toEqual({ caseId: 'case-9' });
    expect(notice[0].request.body).toEqual({
      title: '甲科技收购乙公司股权案',
      summary: '甲科技有限公司拟收购乙公司100%股权。',
    });

    // Last step: the 检查 list of this draft, then the filing's own screen.
    await within(wizard()).findByText('缺少文件：申报书', {}, { timeout: 15_000 });
    expect(wizard().textContent).toContain('至少需要一个被收购方');
    const check = callsOf(dataSource, 'filing.case.section').at(-1)!;
    expect((check.request.body as { parameters: unknown[] }).parameters).toEqual(
      expect.arrayContaining([
        { key: 'caseId', value: 'case-9' },
        { key: 'section', value: 'check' },
      ]),
    );
    expect(close).not.toHaveBeenCalled();
    await click(button(/打开申报继续填写/));
    expect(close).toHaveBeenCalledWith(true);
    await screen.findByTestId('screen-dialog-filing-case-detail', {}, { timeout: 15_000 });
    await waitFor(() =>
      expect(
        callsOf(dataSource, 'filing.case.get').some(
          (c) => (c.request.query as { caseId?: string } | undefined)?.caseId === 'case-9',
        ),
      ).toBe(true),
    );
  }, 60_000);

  it('passes the 公示表 step over for a normal filing and leaves it out of the steps bar', async () => {
    const { dataSource } = setup();
    await screen.findByTestId('form-filing-case-wizard.case', {}, { timeout: 15_000 });
    // Before the procedure is given, the default (simplified) path is shown.
    expect(stepTitles()).toEqual(['案件与交易', '申报方', '交易概况', '检查并继续']);
    expect(currentTitle()).toBe('案件与交易');
    await createDraft(dataSource, /普通程序|普通案件/);
    expect(callsOf(dataSource, 'filing.case.create')[0].request.body).toMatchObject({ procedure: 'NORMAL' });
    // A normal filing skips 交易概况: the bar no longer shows it.
    expect(stepTitles()).toEqual(['案件与交易', '申报方', '检查并继续']);
    expect(currentTitle()).toBe('申报方');

    type('nameZh', '丙能源集团');
    await click(button(/下一步/));
    await waitFor(() => expect(wizard().dataset.step).toBe('check'));
    expect(callsOf(dataSource, 'filing.party.add')[0].request).toMatchObject({
      query: { caseId: 'case-9' },
      body: { role: 'ACQUIRER', nameZh: '丙能源集团' },
    });
    expect(callsOf(dataSource, 'filing.noticeForm.save')).toHaveLength(0);
    expect(stepTitles()).toEqual(['案件与交易', '申报方', '检查并继续']);
    expect(currentTitle()).toBe('检查并继续');
  }, 60_000);
});

describe('the wizard steps bar', () => {
  const steps = [
    { key: 'a', title: 'A' },
    { key: 'b', title: 'B', skip: "params.kind == 'short'" },
    { key: 'c', title: 'C', skip: true },
    { key: 'd', title: 'D', skip: 'record.a.more != true' },
  ];
  const keys = (bar: ReturnType<typeof stepBar>) => bar.steps.map((s) => s.step.key);

  it('leaves out the steps whose skip holds for what is known, always keeping the step shown', () => {
    const bar = stepBar(steps, 0, { params: {}, record: {} });
    expect(keys(bar)).toEqual(['a', 'b']);
    expect(bar.current).toBe(0);
    const short = stepBar(steps, 0, { params: { kind: 'short' }, record: { a: { more: true } } });
    expect(keys(short)).toEqual(['a', 'd']);
    // The step shown is drawn even when its own condition holds (it was reached), and marked current.
    const onC = stepBar(steps, 2, { params: {}, record: { a: { more: true } } });
    expect(keys(onC)).toEqual(['a', 'b', 'c', 'd']);
    expect(onC.current).toBe(2);
    const onD = stepBar(steps, 3, { params: { kind: 'short' }, record: { a: { more: true } } });
    expect(keys(onD)).toEqual(['a', 'd']);
    expect(onD.current).toBe(1);
    expect(onD.steps[1].index).toBe(3);
  });
});
