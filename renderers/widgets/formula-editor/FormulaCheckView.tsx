/**
 * The check of the formula as it is typed: each problem in words with the characters it is about,
 * marked in a copy of the formula; or that the formula is correct, with the type of its result.
 */
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  describeFormulaError,
  type FormulaCheck,
  type FormulaError,
} from '../../../schemas/formulas/index.ts';

/** Characters as a person counts them (an emoji is one), 1-based, for the start and end of a problem. */
function characters(source: string, error: FormulaError): { from: number; to: number } {
  const from = Array.from(source.slice(0, error.start)).length + 1;
  return { from, to: Math.max(Array.from(source.slice(0, error.end)).length, from) };
}

function Marked({ source, error }: { source: string; error: FormulaError }) {
  const before = source.slice(0, error.start);
  const part = source.slice(error.start, error.end);
  const after = source.slice(error.end);
  return (
    <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {before}
      <mark style={{ background: '#ffccc7', padding: 0 }}>{part || '\u00a0'}</mark>
      {after}
    </code>
  );
}

export function FormulaCheckView({ source, check }: { source: string; check: FormulaCheck }) {
  const { t } = useTranslation();
  const translate = (key: string, params: Record<string, unknown>) => t(key, params);
  if (!source.trim()) return null;
  if (!check.errors.length)
    return (
      <Alert
        type="success"
        showIcon
        data-testid="formula-check"
        title={t('formula.editor.ok')}
        description={
          check.type ? t('formula.editor.resultType', { type: t(`formula.type.${check.type}`) }) : null
        }
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      data-testid="formula-check"
      title={
        <ul style={{ margin: 0, paddingInlineStart: 16 }}>
          {check.errors.map((error, index) => (
            <li key={index}>
              <Typography.Text type="secondary">
                {t('formula.editor.problemAt', characters(source, error))}
              </Typography.Text>{' '}
              {describeFormulaError(error, translate)}
              <div>
                <Marked source={source} error={error} />
              </div>
            </li>
          ))}
        </ul>
      }
    />
  );
}
