/** One detail field's value: the list formatters, plus multi-line text, rich text and attachments. */
import { lazy, Suspense, type ReactNode } from 'react';
import { Space, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useRunAction } from '../actions/useRunAction.ts';
import { formatCell, isEmptyValue } from '../list/formatters.tsx';
import type { DetailField } from './detail-types.ts';
import type { DetailRecord } from './useDetailController.ts';

// DOMPurify loads only when a record really carries markup.
const HtmlContent = lazy(() => import('./HtmlContent.tsx'));
const MARKUP = /<[a-z][^>]*>/i;

function Attachments({ field, files, refresh }: { field: DetailField; files: unknown; refresh(): void }) {
  const run = useRunAction();
  const list = Array.isArray(files) ? (files as DetailRecord[]) : [];
  if (!list.length) return null;
  const labelField = field.itemLabel ?? 'title';
  return (
    <Space direction="vertical" size={2}>
      {list.map((file, index) => {
        const name = String(file[labelField] ?? file.src ?? index + 1);
        return field.action ? (
          <Typography.Link key={index} onClick={() => void run(field.action!, { record: file, refresh })}>
            <PaperClipOutlined /> {name}
          </Typography.Link>
        ) : (
          <span key={index}>
            <PaperClipOutlined /> {name}
          </span>
        );
      })}
    </Space>
  );
}

export function fieldValue(field: DetailField, value: unknown, t: TFunction, refresh: () => void): ReactNode {
  switch (field.formatter) {
    case 'multiline':
      return isEmptyValue(value) ? null : <span style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</span>;
    case 'html':
      if (isEmptyValue(value)) return null;
      // Plain text (most messages) keeps its line breaks; markup is sanitised first.
      return MARKUP.test(String(value)) ? (
        <Suspense fallback={null}>
          <HtmlContent html={String(value)} />
        </Suspense>
      ) : (
        <span style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</span>
      );
    case 'attachments':
      return Array.isArray(value) && value.length ? (
        <Attachments field={field} files={value} refresh={refresh} />
      ) : (
        <Typography.Text type="secondary">{t('screenKit.noAttachments')}</Typography.Text>
      );
    default: {
      const shown = formatCell(value, field, t);
      return shown === '' ? null : shown;
    }
  }
}
