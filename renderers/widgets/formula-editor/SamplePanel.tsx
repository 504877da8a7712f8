/**
 * Sample values for the fields the formula names (a sub-table's column as comma-separated rows), and
 * the formula's result on them, computed as the form and the server would.
 */
import { Descriptions, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeFormulaError, type FormulaResult } from '../../../schemas/formulas/index.ts';
import type { SampleSlot } from './editor-model.ts';

interface SamplePanelProps {
  slots: readonly SampleSlot[];
  texts: Readonly<Record<string, string>>;
  onText(id: string, text: string): void;
  result: FormulaResult | undefined;
}

function SampleInput({ slot, text, onText }: { slot: SampleSlot; text: string; onText(text: string): void }) {
  const { t } = useTranslation();
  const type = (slot.column ?? slot.field).type;
  if (type === 'boolean' && !slot.column)
    return (
      <Switch
        size="small"
        checked={text === 'TRUE'}
        onChange={(on) => onText(on ? 'TRUE' : 'FALSE')}
        aria-label={slot.id}
      />
    );
  return (
    <Input
      size="small"
      value={text}
      onChange={(event) => onText(event.target.value)}
      placeholder={slot.column ? t('formula.editor.tableHint') : type === 'date' ? 'YYYY-MM-DD' : undefined}
      aria-label={slot.id}
      data-testid={`formula-sample-${slot.id}`}
    />
  );
}

function ResultText({ result }: { result: FormulaResult }) {
  const { t } = useTranslation();
  if ('error' in result)
    return (
      <Typography.Text type="danger">
        {describeFormulaError(result.error, (key, params) => t(key, params))}
      </Typography.Text>
    );
  const { value } = result;
  if (value === null || value === '')
    return <Typography.Text type="secondary">{t('formula.editor.blank')}</Typography.Text>;
  return (
    <Typography.Text strong>
      {typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : String(value)}
    </Typography.Text>
  );
}

export function SamplePanel({ slots, texts, onText, result }: SamplePanelProps) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      title={<Typography.Text strong>{t('formula.editor.samples')}</Typography.Text>}
      items={[
        ...(slots.length
          ? slots.map((slot) => {
              const label = (slot.column ?? slot.field).label;
              return {
                key: slot.id,
                label: (
                  <span>
                    {label ? `${t(label)} ` : ''}
                    <Typography.Text code>{slot.id}</Typography.Text>
                  </span>
                ),
                children: (
                  <SampleInput
                    slot={slot}
                    text={texts[slot.id] ?? ''}
                    onText={(text) => onText(slot.id, text)}
                  />
                ),
              };
            })
          : [
              {
                key: 'none',
                label: t('formula.editor.samples'),
                children: <Typography.Text type="secondary">{t('formula.editor.noSamples')}</Typography.Text>,
              },
            ]),
        {
          key: 'result',
          label: t('formula.editor.result'),
          children: (
            <span data-testid="formula-result">{result ? <ResultText result={result} /> : null}</span>
          ),
        },
      ]}
    />
  );
}
