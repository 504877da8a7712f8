/**
 * The logic of a tabs screen: the mode, the record every tab starts from, each tab's params and
 * data, the forms the tabs register, and the one save that validates every tab in order and, on the
 * first that fails, returns to it with its message (spec §5 'Employee save').
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionUi } from '../actions/action-ui.ts';
import { resolveQuery } from '../actions/params.ts';
import type { ActionUi } from '../actions/registry.ts';
import { useSessionScope } from '../actions/session-scope.tsx';
import { useRunAction } from '../actions/useRunAction.ts';
import { useDataSource } from '../data-source.tsx';
import { useLoad } from '../environment/use-load.ts';
import { useMutation } from '../environment/use-mutation.ts';
import { evaluateCondition, type Scope } from '../expression/index.ts';
import type { FormHandle, FormHostValue } from '../form/form-host.ts';
import { atPath, formModeOf, withoutNulls } from '../form/form-mode.ts';
import type { FormMode, SubmitDefinition } from '../form/form-types.ts';
import { runSave, type SaveFlow } from '../form/save-flow.ts';
import { resolveTemplate } from '../form/template-values.ts';
import type { TabDefinition, TabsScreenDefinition } from './tabs-types.ts';

const NOTHING_LOADED: { value: Record<string, unknown> | undefined } = { value: undefined };

export interface TabsController {
  mode: FormMode;
  loading: boolean;
  failure: unknown;
  record: Record<string, unknown> | undefined;
  tabs: TabDefinition[];
  activeKey: string;
  setActiveKey(key: string): void;
  /** The FormHost of each tab (stable while the record is the same). */
  hostOf(key: string): FormHostValue;
  paramsOf(key: string): Record<string, unknown>;
  /** Values of every registered tab, by key. */
  values(): Record<string, unknown>;
  scope: Scope;
  saving: boolean;
  submit(definition: SubmitDefinition): Promise<void>;
  ui: ActionUi;
}

export function useTabsController(
  screen: TabsScreenDefinition,
  params: Record<string, unknown>,
  close?: (result?: unknown) => void,
): TabsController {
  const { t } = useTranslation();
  const dataSource = useDataSource();
  const session = useSessionScope();
  const runAction = useRunAction();
  const ui = useActionUi();
  const mode = formModeOf(params, screen.idParam);

  const [activeKey, setActiveKey] = useState('');
  // The forms of the tabs, registered as they mount; read and written only in callbacks.
  const [handles] = useState(() => new Map<string, FormHandle>());
  // Aborted on unmount; `running` spans the call, its `then` actions and the after-save question.
  const { run: save, running: saving } = useMutation((signal, flow: SaveFlow) =>
    runSave({ ...flow, signal }),
  );

  const scope0 = { session, params, mode };
  const load = screen.load;
  const wantLoad = load !== undefined && evaluateCondition(load.when, scope0, mode !== 'new');
  const query = wantLoad ? resolveQuery(load.query, scope0) : undefined;
  const body = wantLoad && load.body !== undefined ? resolveTemplate(load.body, scope0) : undefined;
  // Compared by value: a new user context object or equal params do not load the record again.
  const loaded = useLoad(
    wantLoad ? JSON.stringify({ operation: load.operation, query, body, mode }) : null,
    (signal) => dataSource(load!.operation, { query, ...(body !== undefined ? { body } : {}), signal }),
  );
  const answered = wantLoad && !loaded.loading && loaded.error === undefined;
  const path = load?.path;
  const loadedRecord = useMemo(
    () => (answered ? { value: withoutNulls(atPath(loaded.data, path)) } : null),
    [answered, loaded.data, path],
  );
  // Nothing to load (a new record): the tabs start empty at once.
  const record = wantLoad ? loadedRecord : NOTHING_LOADED;
  const failure = wantLoad ? (loaded.error ?? null) : null;

  const baseScope: Scope = useMemo(
    () => ({ session, params, mode, record: record?.value }),
    [session, params, mode, record],
  );
  const tabs = useMemo(
    () => screen.tabs.filter((tab) => evaluateCondition(tab.visible, baseScope, true)),
    [screen.tabs, baseScope],
  );
  const firstKey = tabs[0]?.key ?? '';
  const shownKey = tabs.some((tab) => tab.key === activeKey) ? activeKey : firstKey;

  // Params and hosts are made once per record: a new object would make the tab's form load again.
  const perTab = useMemo(() => {
    const result = new Map<string, { params: Record<string, unknown>; host: FormHostValue }>();
    if (!record) return result;
    for (const tab of screen.tabs) {
      const extra = tab.params ? (resolveTemplate(tab.params, baseScope) as Record<string, unknown>) : {};
      const hasData = tab.data !== undefined;
      const data = hasData ? resolveTemplate(tab.data, baseScope) : undefined;
      result.set(tab.key, {
        params: { ...params, ...extra },
        host: {
          hasData,
          data,
          register: (handle) => {
            handles.set(tab.key, handle);
            return () => {
              if (handles.get(tab.key) === handle) handles.delete(tab.key);
            };
          },
        },
      });
    }
    return result;
    // baseScope changes with the record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record, screen.tabs, params, handles]);

  const values = useCallback(() => {
    const out: Record<string, unknown> = {};
    for (const tab of tabs) {
      const handle = handles.get(tab.key);
      if (handle) out[tab.key] = handle.value();
    }
    return out;
  }, [tabs, handles]);

  const reset = useCallback(() => {
    for (const handle of handles.values()) handle.reset();
    setActiveKey(firstKey);
  }, [firstKey, handles, setActiveKey]);

  const submit = useCallback(
    async (definition: SubmitDefinition) => {
      if (saving) return;
      if (definition.validate !== false) {
        for (const tab of tabs) {
          const handle = handles.get(tab.key);
          // Every tab is drawn at once (forceRender); one still loading cannot be checked yet.
          if (!handle) {
            ui.warning(t('form.notReady', { tab: t(tab.title) }));
            setActiveKey(tab.key);
            return;
          }
          if (!handle.validate()) {
            setActiveKey(tab.key);
            const text = t(tab.invalidMessage ?? 'form.tabInvalid', { tab: t(tab.title) });
            if (tab.invalidLevel === 'warning') ui.warning(text);
            else ui.error(text);
            return;
          }
        }
      }
      if (definition.confirm && !(await ui.confirm(t(definition.confirm)))) return;
      await save({
        definition,
        mode,
        scope: { ...baseScope, form: values() },
        dataSource,
        ui,
        t,
        runAction,
        close,
        reset,
      });
    },
    [
      saving,
      save,
      tabs,
      handles,
      setActiveKey,
      ui,
      t,
      mode,
      baseScope,
      values,
      dataSource,
      runAction,
      close,
      reset,
    ],
  );

  return {
    mode,
    loading: !record && !failure,
    failure,
    record: record?.value,
    tabs,
    activeKey: shownKey,
    setActiveKey,
    hostOf: (key) => perTab.get(key)!.host,
    paramsOf: (key) => perTab.get(key)!.params,
    values,
    scope: baseScope,
    saving,
    submit,
    ui,
  };
}
