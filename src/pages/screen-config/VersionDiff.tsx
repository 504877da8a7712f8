/**
 * What changed between two versions of a screen, readable: jsondiffpatch's HTML view of the structural
 * difference (added, removed, changed and moved fields; columns, fields and actions matched by their
 * names, so a column moved is a move, not a removal and an addition), with the unchanged parts folded
 * away unless asked for. The HTML is jsondiffpatch's own, every key and value escaped by it; its script
 * for the move arrows is left out (the Content Security Policy would refuse it anyway), so the arrows
 * are hidden and a moved item names its new place.
 */
import { useMemo, useState } from 'react';
import { Empty, Space, Switch, Typography } from 'antd';
import canonicalize from 'canonicalize';
import { create } from 'jsondiffpatch';
import { format } from 'jsondiffpatch/formatters/html';
import 'jsondiffpatch/formatters/styles/html.css';
import './screen-config.css';
import { useTranslation } from 'react-i18next';

/**
 * How items of a list are known across versions: by the name a screen gives them, else by their
 * content with its keys in a canonical order (a stored version comes back from the database's jsonb
 * with its keys reordered, and is still the same item).
 */
function itemIdentity(item: object, index?: number): string {
  const named = item as Record<string, unknown>;
  for (const key of ['name', 'field', 'key', 'id', 'action', 'title']) {
    if (typeof named[key] === 'string') return `${key}:${String(named[key])}`;
  }
  return `#${index ?? ''}:${canonicalize(item) ?? ''}`;
}

const differ = create({ objectHash: itemIdentity, arrays: { detectMove: true } });

/** The HTML of the difference, or null when there is none. */
export function diffHtml(left: unknown, right: unknown): string | null {
  const delta = differ.diff(left, right);
  if (!delta) return null;
  // jsondiffpatch escapes every key and value it writes; the one piece of markup of its own that is not
  // layout is the script that draws the move arrows, which goes.
  return (format(delta, left) ?? '').replace(/<script\b[\s\S]*?<\/script>/gi, '');
}

export interface VersionDiffProps {
  left: unknown;
  right: unknown;
  leftLabel: string;
  rightLabel: string;
}

export function VersionDiff({ left, right, leftLabel, rightLabel }: VersionDiffProps) {
  const { t } = useTranslation();
  const [showUnchanged, setShowUnchanged] = useState(false);
  const html = useMemo(() => diffHtml(left, right), [left, right]);
  return (
    <div className="mf-version-diff" data-testid="version-diff">
      <Space wrap style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text>
          {t('screenEditor.diff.between', { left: leftLabel, right: rightLabel })}
        </Typography.Text>
        {html ? (
          <Space>
            <Switch size="small" checked={showUnchanged} onChange={setShowUnchanged} id="mf-diff-unchanged" />
            <label htmlFor="mf-diff-unchanged">{t('screenEditor.diff.showUnchanged')}</label>
          </Space>
        ) : null}
      </Space>
      {html ? (
        <div
          data-testid="version-diff-body"
          className={showUnchanged ? 'jsondiffpatch-unchanged-visible' : 'jsondiffpatch-unchanged-hidden'}
          // diffHtml: jsondiffpatch's markup, every key and value escaped, no script.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <Empty description={t('screenEditor.diff.same')} />
      )}
      <div className="mf-version-diff-legend">
        <span className="mf-diff-added">{t('screenEditor.diff.added')}</span>
        <span className="mf-diff-deleted">{t('screenEditor.diff.deleted')}</span>
        <span className="mf-diff-moved">{t('screenEditor.diff.moved')}</span>
      </div>
    </div>
  );
}
