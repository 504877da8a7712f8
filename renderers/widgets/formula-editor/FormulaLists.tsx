/**
 * The formula editor's two lists, each entry a button that inserts at the cursor: the form's fields
 * (label and key; a sub-table's columns as `items.amount`) and the functions by category (name,
 * signature and a one-line description, translated).
 */
import { Button, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FUNCTION_LIST, type FormulaField, type FunctionCategory } from '../../../schemas/formulas/index.ts';
import { functionInsertion } from './editor-model.ts';

const CATEGORIES: FunctionCategory[] = ['logic', 'math', 'text', 'date'];

const ENTRY = { height: 'auto', padding: '2px 8px', textAlign: 'start', whiteSpace: 'normal' } as const;
const LIST = { maxHeight: 320, overflowY: 'auto' } as const;

interface ListProps {
  onInsert(text: string, back?: number): void;
  disabled?: boolean;
}

function FieldEntry({ label, id, ...props }: ListProps & { label?: string; id: string }) {
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      block
      style={ENTRY}
      disabled={props.disabled}
      title={t('formula.editor.insert')}
      onClick={() => props.onInsert(id)}
      data-testid={`formula-field-${id}`}
    >
      {label ? <span>{t(label)} </span> : null}
      <Typography.Text code>{id}</Typography.Text>
    </Button>
  );
}

export function FieldList({ fields, ...props }: ListProps & { fields: readonly FormulaField[] }) {
  const { t } = useTranslation();
  if (!fields.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('formula.editor.noFields')} />;
  return (
    <div style={LIST} aria-label={t('formula.editor.fields')}>
      {fields.map((field) => (
        <div key={field.key}>
          <FieldEntry {...props} label={field.label} id={field.key} />
          {field.type === 'table'
            ? (field.columns ?? []).map((column) => (
                <div key={column.key} style={{ paddingInlineStart: 16 }}>
                  <FieldEntry {...props} label={column.label} id={`${field.key}.${column.key}`} />
                </div>
              ))
            : null}
        </div>
      ))}
    </div>
  );
}

export function FunctionList(props: ListProps) {
  const { t } = useTranslation();
  return (
    <div style={LIST} aria-label={t('formula.editor.functions')}>
      {CATEGORIES.map((category) => (
        <section key={category}>
          <Typography.Text type="secondary" strong style={{ display: 'block', padding: '4px 8px' }}>
            {t(`formula.category.${category}`)}
          </Typography.Text>
          {FUNCTION_LIST.filter((spec) => spec.category === category).map((spec) => (
            <Button
              key={spec.name}
              type="text"
              block
              style={ENTRY}
              disabled={props.disabled}
              title={t('formula.editor.insert')}
              onClick={() => {
                const { text, back } = functionInsertion(spec.name, spec.max);
                props.onInsert(text, back);
              }}
              data-testid={`formula-function-${spec.name}`}
            >
              <span style={{ display: 'block' }}>
                <Typography.Text code>{t(`formula.function.${spec.name}.signature`)}</Typography.Text>
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`formula.function.${spec.name}.description`)}
              </Typography.Text>
            </Button>
          ))}
        </section>
      ))}
    </div>
  );
}
