/**
 * One screen open in the editor, in one scope: what was opened (its draft if it has one, else what the
 * scope shows now), the text being edited and whether it differs from what was saved, its problems,
 * and the acts on it — check, save a draft, publish, open or restore another version. Every act that
 * would drop unsaved edits is the page's to confirm first.
 */
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiCallError } from '../../api/api-call-error.ts';
import { useRendererEnvironment } from '../../../renderers/environment/RendererEnvironment.tsx';
import { useLoad } from '../../../renderers/environment/use-load.ts';
import { readSchemaText } from './editor-problems.ts';
import { formatSchemaText, parseSchemaText, type SchemaMode } from './schema-text.ts';
import {
  useScreenConfigApi,
  type CheckProblem,
  type ScreenConfigApi,
  type ScreenScope,
  type ScreenVersion,
} from './screen-config-api.ts';

export type Busy = 'open' | 'check' | 'save' | 'publish' | 'restore' | null;

interface Opened {
  version: ScreenVersion;
  /** The text of what was opened or last saved, in the current mode. */
  savedText: string;
}

/** The problems a refused publish carries (its cause), when the server sent them along. */
export function refusalProblems(error: unknown): CheckProblem[] | null {
  if (!isApiCallError(error)) return null;
  const cause = error.envelope?.cause as unknown;
  const list = Array.isArray(cause) ? cause : (cause as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(list)) return null;
  const problems = list.filter(
    (item): item is CheckProblem =>
      !!item &&
      typeof (item as CheckProblem).path === 'string' &&
      typeof (item as CheckProblem).message === 'string',
  );
  return problems.length ? problems : null;
}

/** The version a scope opens with: its draft, else what it shows now. */
async function openingVersion(api: ScreenConfigApi, name: string, scope: ScreenScope, signal: AbortSignal) {
  const rows = await api.versions(name, scope, signal);
  const draft = rows.find((row) => row.state === 'DRAFT');
  return api.get(name, scope, draft?.version, signal);
}

export function useScreenDocument(name: string, scope: ScreenScope) {
  const { t } = useTranslation();
  const api = useScreenConfigApi();
  const { notify } = useRendererEnvironment();
  const [mode, setMode] = useState<SchemaMode>('yaml');
  const [opened, setOpened] = useState<Opened | null>(null);
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<CheckProblem[]>([]);
  const [busy, setBusy] = useState<Busy>(null);
  const [versionsRound, setVersionsRound] = useState(0);
  const versions = useLoad(`${name}\n${scope}\n${versionsRound}`, (signal) =>
    api.versions(name, scope, signal),
  );
  const refreshVersions = useCallback(() => setVersionsRound((round) => round + 1), []);

  const show = (version: ScreenVersion, shownMode: SchemaMode) => {
    const savedText = formatSchemaText(version.content, shownMode);
    setOpened({ version, savedText });
    setText(savedText);
    setChecked([]);
  };

  // What the scope opens with, shown once when it arrives (the mode only says how it is written).
  const opening = useLoad(`${name}\n${scope}`, (signal) => openingVersion(api, name, scope, signal));
  const [shownOpening, setShownOpening] = useState<ScreenVersion>();
  if (opening.data && opening.data !== shownOpening) {
    setShownOpening(opening.data);
    show(opening.data, mode);
  }

  const problemsText = useDeferredValue(text);
  const isOpen = opened !== null;
  // Nothing is read before a version has been opened: an empty text is no screen's problem.
  const reading = useMemo(
    () => (isOpen ? readSchemaText(t, problemsText, mode, checked) : { problems: [] }),
    [isOpen, t, problemsText, mode, checked],
  );
  const dirty = opened !== null && text !== opened.savedText;

  /** The definition the text stands for now (not deferred), or undefined with a warning. */
  const currentValue = (): unknown => {
    const parsed = parseSchemaText(text, mode);
    if (parsed.ok) return parsed.value;
    notify.warning(t('screenEditor.unparsed'));
    return undefined;
  };

  /** Shows the text in the other language; a text that does not parse stays as it is. */
  const switchMode = (next: SchemaMode) => {
    if (next === mode || !opened) return;
    const parsed = parseSchemaText(text, mode);
    if (!parsed.ok) return notify.warning(t('screenEditor.mode.cannotSwitch'));
    setOpened({ ...opened, savedText: formatSchemaText(opened.version.content, next) });
    setText(formatSchemaText(parsed.value, next));
    setMode(next);
  };

  const runCheck = async (value: unknown): Promise<CheckProblem[] | undefined> => {
    setBusy('check');
    try {
      const problems = await api.check(name, value);
      setChecked(problems);
      return problems;
    } catch {
      return undefined; // the client has shown why
    } finally {
      setBusy(null);
    }
  };

  const check = async () => {
    const value = currentValue();
    if (value === undefined) return;
    const problems = await runCheck(value);
    if (problems?.length === 0) notify.success(t('screenEditor.check.passed'));
    else if (problems) notify.warning(t('screenEditor.check.failed', { count: problems.length }));
  };

  /** Saves the text as the scope's draft; the saved version, or undefined when it was not saved. */
  const saveDraft = async (note: string | null): Promise<ScreenVersion | undefined> => {
    const value = currentValue();
    if (value === undefined) return undefined;
    setBusy('save');
    try {
      const saved = await api.saveDraft(name, scope, value, note);
      const version = { ...saved, content: value as Record<string, unknown> };
      setOpened({ version, savedText: text });
      refreshVersions();
      return version;
    } catch {
      return undefined;
    } finally {
      setBusy(null);
    }
  };

  /** Publishes the text: saved as the draft first when it is not the draft already. */
  const publish = async (): Promise<boolean> => {
    if (!opened) return false;
    let draft: ScreenVersion | undefined = opened.version;
    if (!dirty && draft.state !== 'DRAFT' && draft.scope === scope) {
      notify.warning(t('screenEditor.publish.nothing'));
      return false;
    }
    if (dirty || draft.state !== 'DRAFT' || draft.scope !== scope) draft = await saveDraft(null);
    if (!draft) return false;
    setBusy('publish');
    try {
      const published = await api.publish(name, scope, draft.version);
      setOpened({ version: { ...published, content: draft.content }, savedText: text });
      setChecked([]);
      refreshVersions();
      notify.success(t('screenEditor.publish.done', { version: published.version }));
      return true;
    } catch (error) {
      notify.error(isApiCallError(error) ? error.text : t('screenEditor.publish.failed'));
      const carried = refusalProblems(error);
      setBusy(null);
      if (carried) setChecked(carried);
      else if (isApiCallError(error) && error.kind === 'state') await runCheck(draft.content);
      return false;
    } finally {
      setBusy((now) => (now === 'publish' ? null : now));
    }
  };

  /** Opens a version of this scope in the editor (the caller has confirmed dropping any edits). */
  const openVersion = async (version?: number) => {
    setBusy('open');
    try {
      show(await api.get(name, scope, version), mode);
    } catch {
      // the client has shown why; the text stays
    } finally {
      setBusy(null);
    }
  };

  /** Publishes a copy of an earlier version and opens it (the caller has confirmed). */
  const restore = async (version: number): Promise<boolean> => {
    setBusy('restore');
    try {
      const restored = await api.restore(name, scope, version);
      refreshVersions();
      show(await api.get(name, scope, restored.version), mode);
      notify.success(t('screenEditor.restore.done', { version: restored.version }));
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  };

  return {
    mode,
    switchMode,
    opened: opened?.version ?? null,
    openFailed: opening.error,
    text,
    setText,
    dirty,
    reading,
    problemsText,
    versions,
    busy: opening.loading ? ('open' as const) : busy,
    check,
    saveDraft,
    publish,
    openVersion,
    restore,
  };
}

export type ScreenDocument = ReturnType<typeof useScreenDocument>;
