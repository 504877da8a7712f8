/**
 * The formula editor: the formula in a text area, the form's fields and the functions beside it
 * (a click inserts at the cursor), the check run as one types (problems with where they are), and the
 * result on sample values typed for the fields the formula names. The language is schemas/formulas,
 * so what the editor accepts and computes is what the form and the server will.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Col, Input, Row, Space, Tabs } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { checkFormula, evaluateFormula, type FormulaField } from '../../../schemas/formulas/index.ts';
import { insertAt, sampleSlots, sampleValues } from './editor-model.ts';
import { FormulaCheckView } from './FormulaCheckView.tsx';
import { FieldList, FunctionList } from './FormulaLists.tsx';
import { SamplePanel } from './SamplePanel.tsx';

export interface FormulaEditorProps {
  value: string | undefined;
  onChange(value: string): void;
  /** The fields the formula may name. */
  fields: readonly FormulaField[];
  /** The clock of TODAY() and NOW() in the sample result (default: when the editor opened). */
  now?: Date;
  id?: string;
  disabled?: boolean;
  readOnly?: boolean;
}

export function FormulaEditor({
  value = '',
  onChange,
  fields,
  now,
  id,
  disabled,
  readOnly,
}: FormulaEditorProps) {
  const { t } = useTranslation();
  const area = useRef<TextAreaRef>(null);
  // Where the cursor goes once an insertion has been rendered.
  const [cursor, setCursor] = useState<number | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [openedAt] = useState(() => new Date());
  const clock = now ?? openedAt;

  useEffect(() => {
    const element = area.current?.resizableTextArea?.textArea;
    if (cursor === null || !element) return;
    element.focus();
    element.setSelectionRange(cursor, cursor);
  }, [cursor, value]);

  const check = useMemo(() => checkFormula(value, fields), [value, fields]);
  const slots = useMemo(() => sampleSlots(value, fields), [value, fields]);
  const result = useMemo(
    () => (value.trim() ? evaluateFormula(value, sampleValues(slots, texts), { now: clock }) : undefined),
    [value, slots, texts, clock],
  );

  const locked = disabled || readOnly;
  const insert = (text: string, back = 0) => {
    const element = area.current?.resizableTextArea?.textArea;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const next = insertAt(value, start, end, text, back);
    onChange(next.value);
    setCursor(next.cursor);
  };

  return (
    <Row gutter={16} data-testid="formula-editor">
      <Col xs={24} md={15}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            ref={area}
            id={id}
            value={value}
            disabled={disabled}
            readOnly={readOnly}
            placeholder={t('formula.editor.placeholder')}
            autoSize={{ minRows: 3, maxRows: 10 }}
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
            onChange={(event) => {
              setCursor(null);
              onChange(event.target.value);
            }}
          />
          <FormulaCheckView source={value} check={check} />
          <SamplePanel
            slots={slots}
            texts={texts}
            onText={(slot, text) => setTexts((current) => ({ ...current, [slot]: text }))}
            result={result}
          />
        </Space>
      </Col>
      <Col xs={24} md={9}>
        <Tabs
          size="small"
          items={[
            {
              key: 'fields',
              label: t('formula.editor.fields'),
              children: <FieldList fields={fields} onInsert={insert} disabled={locked} />,
            },
            {
              key: 'functions',
              label: t('formula.editor.functions'),
              children: <FunctionList onInsert={insert} disabled={locked} />,
            },
          ]}
        />
      </Col>
    </Row>
  );
}
