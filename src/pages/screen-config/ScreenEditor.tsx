/**
 * One screen in the schema editor: the toolbar (scope, YAML or JSON, check, save a draft, publish,
 * versions), the CodeMirror editor with its problems on the left, the live preview on the right. Every
 * act that would drop unsaved edits (another scope or version, a restore, back to the list, leaving
 * the page) asks first.
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Modal, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useRendererEnvironment } from '../../../renderers/environment/RendererEnvironment.tsx';
import { completionSchema } from './completion-schema.ts';
import { ProblemList } from './ProblemList.tsx';
import { SaveDraftDialog } from './SaveDraftDialog.tsx';
import { SchemaCodeEditor, type SchemaCodeEditorHandle } from './SchemaCodeEditor.tsx';
import { useScreenConfigApi, type ScreenRow, type ScreenScope } from './screen-config-api.ts';
import { ScreenPreview } from './ScreenPreview.tsx';
import type { SchemaMode } from './schema-text.ts';
import { useScreenDocument } from './use-screen-document.ts';
import { useUnsavedGuard } from './use-unsaved-guard.ts';
import { VersionDiff } from './VersionDiff.tsx';
import { isGeneratedScreen, stateKey, useVersionName } from './VersionLabel.tsx';
import { VersionsDrawer } from './VersionsDrawer.tsx';
import './screen-config.css';

interface Comparison {
  left: unknown;
  right: unknown;
  leftLabel: string;
  rightLabel: string;
}

const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

export interface ScreenEditorProps {
  name: string;
  /** The list's row of the screen, when opened from the list. */
  row?: ScreenRow;
  scopes: readonly ScreenScope[];
  initialScope: ScreenScope;
  onBack(): void;
}

export function ScreenEditor({ name, row, scopes, initialScope, onBack }: ScreenEditorProps) {
  const { t } = useTranslation();
  const api = useScreenConfigApi();
  const { notify } = useRendererEnvironment();
  const versionName = useVersionName(name);
  const [scope, setScope] = useState(initialScope);
  const doc = useScreenDocument(name, scope);
  const editor = useRef<SchemaCodeEditorHandle>(null);
  const [saving, setSaving] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  useUnsavedGuard(doc.dirty);

  const kind = (doc.reading.value as { kind?: unknown } | undefined)?.kind ?? doc.opened?.content.kind;
  const schema = useMemo(() => completionSchema(kind) as Record<string, unknown>, [kind]);

  /** Goes on when nothing unsaved would be lost, or the user agrees to lose it. */
  const leaveEdits = async (question = t('screenEditor.unsaved.confirm')) =>
    !doc.dirty || (await notify.confirm(question));

  const changeScope = async (next: ScreenScope) => {
    if (next !== scope && (await leaveEdits())) setScope(next);
  };
  const back = async () => {
    if (await leaveEdits()) onBack();
  };
  const openVersion = async (version: number) => {
    if (!(await leaveEdits())) return;
    setVersionsOpen(false);
    await doc.openVersion(version);
  };
  const restore = async (version: number) => {
    const question = t(doc.dirty ? 'screenEditor.restore.confirmUnsaved' : 'screenEditor.restore.confirm', {
      version: versionName(version),
    });
    if (!(await notify.confirm(question))) return;
    if (await doc.restore(version)) setVersionsOpen(false);
  };
  const compare = async (left: number, right?: number) => {
    try {
      const [older, newer] = await Promise.all([
        api.get(name, scope, left),
        right === undefined ? Promise.resolve(undefined) : api.get(name, scope, right),
      ]);
      if (right === undefined && doc.reading.value === undefined)
        return notify.warning(t('screenEditor.unparsed'));
      setComparison({
        left: older.content,
        right: newer ? newer.content : doc.reading.value,
        leftLabel: versionName(left),
        rightLabel: right === undefined ? t('screenEditor.diff.editor') : versionName(right),
      });
    } catch {
      // the client has shown why
    }
  };
  /** The tenant's override against the platform's current version (the platform changed under it). */
  const compareWithPlatform = async () => {
    try {
      // A data template's screen has no platform version: its override is compared with what the
      // template generates now.
      const generated = isGeneratedScreen(name);
      const [platform, override] = await Promise.all([
        generated ? api.get(name, 'tenant', 0) : api.get(name, 'platform'),
        api.get(name, 'tenant'),
      ]);
      setComparison({
        left: platform.content,
        right: override.content,
        leftLabel: generated
          ? versionName(0)
          : t('screenEditor.diff.platform', { version: versionName(platform.version) }),
        rightLabel: t('screenEditor.diff.override', { version: versionName(override.version) }),
      });
    } catch {
      // the client has shown why
    }
  };

  const opened = doc.opened;
  const busy = doc.busy !== null;
  return (
    <div data-testid="screen-editor">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => void back()}>
          {t('screenEditor.back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {name}
        </Typography.Title>
        {opened ? (
          <Tag data-testid="screen-editor-opened">
            {t('screenEditor.editing', {
              version: versionName(opened.version),
              state: t(stateKey(opened.state, name)),
              scope: t(`screenEditor.scope.${opened.scope}`),
            })}
          </Tag>
        ) : null}
        {doc.dirty ? <Tag color="orange">{t('screenEditor.unsaved.tag')}</Tag> : null}
      </Space>
      <Space wrap style={{ marginBottom: 12, display: 'flex' }}>
        {scopes.length > 1 ? (
          <Segmented<ScreenScope>
            aria-label={t('screenEditor.scope.label')}
            value={scope}
            options={scopes.map((value) => ({ value, label: t(`screenEditor.scope.${value}`) }))}
            onChange={(next) => void changeScope(next)}
          />
        ) : null}
        <Segmented<SchemaMode>
          aria-label={t('screenEditor.mode.label')}
          value={doc.mode}
          options={[
            { value: 'yaml', label: 'YAML' },
            { value: 'json', label: 'JSON' },
          ]}
          onChange={doc.switchMode}
        />
        <Button onClick={() => void doc.check()} loading={doc.busy === 'check'} disabled={!opened || busy}>
          {t('screenEditor.check.action')}
        </Button>
        <Button onClick={() => setSaving(true)} disabled={!opened || busy}>
          {t('screenEditor.save.action')}
        </Button>
        <Button
          type="primary"
          onClick={() => void doc.publish()}
          loading={doc.busy === 'publish'}
          disabled={!opened || busy}
        >
          {t('screenEditor.publish.action')}
        </Button>
        <Button onClick={() => setVersionsOpen(true)}>{t('screenEditor.versions.action')}</Button>
      </Space>
      {scope === 'tenant' && opened && opened.scope === 'platform' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('screenEditor.tenant.noOverride')}
        />
      ) : null}
      {scope === 'tenant' && row?.platformChangedUnderOverride ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('screenEditor.tenant.platformChanged')}
          action={
            <Button size="small" onClick={() => void compareWithPlatform()}>
              {t('screenEditor.tenant.compare')}
            </Button>
          }
        />
      ) : null}
      {doc.openFailed !== undefined && !opened ? (
        <Alert type="warning" showIcon title={t('screenEditor.openFailed')} />
      ) : (
        <Spin spinning={doc.busy === 'open' || doc.busy === 'restore'}>
          <div className="mf-screen-editor-split">
            <section aria-label={t('screenEditor.editor.label')}>
              <SchemaCodeEditor
                ref={editor}
                value={doc.text}
                onChange={doc.setText}
                mode={doc.mode}
                problems={doc.reading.problems}
                problemsText={doc.problemsText}
                schema={schema}
              />
              <ProblemList
                problems={doc.reading.problems}
                onReveal={(offset) => editor.current?.reveal(offset)}
              />
            </section>
            <section aria-label={t('screenEditor.preview.title')} className="mf-screen-editor-preview">
              <ScreenPreview name={name} definition={doc.reading.value} />
            </section>
          </div>
        </Spin>
      )}
      <SaveDraftDialog
        open={saving}
        saving={doc.busy === 'save'}
        onCancel={() => setSaving(false)}
        onSave={(note) =>
          void doc.saveDraft(note).then((saved) => {
            if (!saved) return;
            setSaving(false);
            notify.success(t('screenEditor.save.done', { version: saved.version }));
          })
        }
      />
      <VersionsDrawer
        name={name}
        open={versionsOpen}
        onClose={() => setVersionsOpen(false)}
        rows={doc.versions.data ?? []}
        loading={doc.versions.loading}
        editing={opened?.scope === scope ? opened.version : undefined}
        onOpenVersion={(version) => void openVersion(version)}
        onRestore={(version) => void restore(version)}
        onCompare={(left, right) => void compare(left, right)}
        formatTime={formatTime}
      />
      <Modal
        open={comparison !== null}
        title={t('screenEditor.diff.title')}
        width={960}
        footer={null}
        onCancel={() => setComparison(null)}
        destroyOnHidden
      >
        {comparison ? <VersionDiff {...comparison} /> : null}
      </Modal>
    </div>
  );
}
