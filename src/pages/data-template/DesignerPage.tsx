/**
 * 数据模板设计 (menu platform › dataTemplateDesigner, screen:configure): a configurator picks or starts a
 * template, edits its name, its fields (key, label in three languages, type, required, limits, options),
 * its computed fields and rules in the formula editor (the form's fields and functions listed, each
 * formula checked as typed), and who may read and write its rows; saving asks first when a field is
 * removed or retyped (its data is kept in a backup column). The saved template's generated form shows
 * below as the preview, drawn by the real renderer.
 */
import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '../../api/api-call-error.ts';
import { callApi } from '../../api/call.ts';
import type { Role } from '../../api/generated/operations.ts';
import { useLoad } from '../../../renderers/environment/use-load.ts';
import { FormulaEditor } from '../../../renderers/widgets/formula-editor/FormulaEditor.tsx';
import GeneratedScreen from './GeneratedScreen.tsx';
import {
  destructiveChanges,
  emptyTemplate,
  FIELD_TYPES,
  formulaFieldsOf,
  sameText,
  type FieldInput,
  type TemplateInput,
  type Texts,
} from './design-model.ts';

const LANGS: Array<keyof Texts> = ['zh-CN', 'zh-TW', 'en'];

function TextsInput({ value, onChange }: { value: Texts; onChange(v: Texts): void }) {
  const { t } = useTranslation();
  return (
    <Space.Compact block>
      {LANGS.map((lang) => (
        <Input
          key={lang}
          addonBefore={t(`common.languageName.${lang}`)}
          value={value[lang]}
          onChange={(e) => onChange({ ...value, [lang]: e.target.value })}
        />
      ))}
    </Space.Compact>
  );
}

export default function DesignerPage() {
  const { t, i18n } = useTranslation();
  const lang = (LANGS.includes(i18n.language as keyof Texts) ? i18n.language : 'zh-CN') as keyof Texts;
  const [round, setRound] = useState(0);
  const list = useLoad(`list${round}`, (signal) => callApi('dataTemplate.list', { signal }));
  // The tenant's roles by name, for who may read and who may write the template's rows.
  const roles = useLoad('roles', (signal) =>
    callApi('role.query', {
      body: { parameters: [], requestPage: { pageNo: 1, limit: 1000 }, sorts: [] },
      silent: true,
      signal,
    }),
  );
  const roleOptions = ((roles.data?.dataResult ?? []) as Role[]).map((role) => ({
    value: role.id as string,
    label: role.alias ? `${role.name}（${role.alias}）` : role.name,
  }));
  const [draft, setDraft] = useState<TemplateInput>(emptyTemplate);
  const [saved, setSaved] = useState<{ fields: FieldInput[]; version: number } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const fields = formulaFieldsOf(draft.fields, lang);
  const computed = Object.entries(draft.formulas?.computed ?? {});
  const rules = draft.formulas?.rules ?? [];

  const patch = (p: Partial<TemplateInput>) => setDraft((d) => ({ ...d, ...p }));
  const setField = (i: number, p: Partial<FieldInput>) =>
    patch({ fields: draft.fields.map((f, j) => (j === i ? ({ ...f, ...p } as FieldInput) : f)) });
  const setFormulas = (p: Partial<NonNullable<TemplateInput['formulas']>>) =>
    patch({ formulas: { ...draft.formulas, ...p } });

  const open = (code: string) => {
    const row = (list.data?.rows ?? []).find((r) => r.code === code) as
      (TemplateInput & { version: number }) | undefined;
    if (!row) return;
    const { code: c, name, fields: f, formulas, readRoles, writeRoles } = row;
    setDraft({ code: c, name, fields: f, formulas, readRoles, writeRoles });
    setSaved({ fields: f, version: row.version });
    setProblems([]);
  };

  const send = async (confirm: boolean) => {
    try {
      const answer = await callApi('dataTemplate.save', { body: { template: draft, confirm }, silent: true });
      const template = answer.template as TemplateInput & { version: number };
      setSaved({ fields: template.fields, version: template.version });
      setProblems([]);
      setRound((r) => r + 1);
    } catch (error) {
      const cause = error instanceof ApiCallError ? error.envelope?.cause : undefined;
      setProblems(
        Array.isArray(cause)
          ? cause.map((c: { field?: string; message?: string }) => `${c.field ?? ''}: ${c.message ?? ''}`)
          : [error instanceof ApiCallError ? error.text : String(error)],
      );
    }
  };
  const save = () => {
    const lost = saved ? destructiveChanges(saved.fields, draft.fields) : [];
    if (lost.length === 0) return void send(false);
    Modal.confirm({
      title: t('dataTemplate.designer.confirmTitle'),
      content: t('dataTemplate.designer.confirmText', { keys: lost.join(', ') }),
      onOk: () => send(true),
    });
  };

  return (
    <Space direction="vertical" style={{ width: '100%', padding: 16 }} size="middle">
      <Space wrap>
        <Select
          style={{ width: 260 }}
          placeholder={t('dataTemplate.designer.pick')}
          value={saved ? draft.code : undefined}
          options={(list.data?.rows ?? []).map((r) => ({
            value: String(r.code),
            label: `${(r.name as Texts)[lang]} (${String(r.code)})`,
          }))}
          onChange={open}
        />
        <Button
          onClick={() => {
            setDraft(emptyTemplate());
            setSaved(null);
            setProblems([]);
          }}
        >
          {t('dataTemplate.designer.new')}
        </Button>
        <Button type="primary" onClick={save}>
          {t('dataTemplate.designer.save')}
        </Button>
      </Space>
      {problems.length > 0 && (
        <Alert type="error" showIcon message={t('dataTemplate.invalid')} description={problems.join('\n')} />
      )}
      <Card title={t('dataTemplate.designer.template')} size="small">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input
            addonBefore={t('dataTemplate.designer.code')}
            value={draft.code}
            disabled={saved !== null}
            onChange={(e) => patch({ code: e.target.value })}
          />
          <TextsInput value={draft.name} onChange={(name) => patch({ name })} />
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            placeholder={t('dataTemplate.designer.readRoles')}
            options={roleOptions}
            optionFilterProp="label"
            loading={roles.loading}
            value={draft.readRoles}
            onChange={(readRoles: string[]) => patch({ readRoles })}
          />
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            placeholder={t('dataTemplate.designer.writeRoles')}
            options={roleOptions}
            optionFilterProp="label"
            loading={roles.loading}
            value={draft.writeRoles}
            onChange={(writeRoles: string[]) => patch({ writeRoles })}
          />
        </Space>
      </Card>
      <Card
        title={t('dataTemplate.designer.fields')}
        size="small"
        extra={
          <Button
            onClick={() =>
              patch({
                fields: [
                  ...draft.fields,
                  { key: `field${draft.fields.length + 1}`, label: sameText(''), type: 'string' },
                ],
              })
            }
          >
            {t('dataTemplate.designer.addField')}
          </Button>
        }
      >
        <Table<FieldInput>
          rowKey={(_, i) => String(i)}
          size="small"
          pagination={false}
          dataSource={draft.fields}
          columns={[
            {
              title: t('dataTemplate.designer.key'),
              width: 140,
              render: (_, f, i) => (
                <Input value={f.key} onChange={(e) => setField(i, { key: e.target.value })} />
              ),
            },
            {
              title: t('dataTemplate.designer.label'),
              render: (_, f, i) => (
                <TextsInput value={f.label} onChange={(label) => setField(i, { label })} />
              ),
            },
            {
              title: t('dataTemplate.designer.type'),
              width: 130,
              render: (_, f, i) => (
                <Select
                  style={{ width: '100%' }}
                  value={f.type}
                  options={FIELD_TYPES.map((type) => ({
                    value: type,
                    label: t(`dataTemplate.type.${type}`),
                  }))}
                  onChange={(type) =>
                    setField(i, {
                      type,
                      minLength: undefined,
                      maxLength: undefined,
                      minimum: undefined,
                      maximum: undefined,
                      options: type === 'option' ? [] : undefined,
                    })
                  }
                />
              ),
            },
            {
              title: t('dataTemplate.designer.required'),
              width: 70,
              render: (_, f, i) => (
                <Checkbox
                  checked={f.required === true}
                  onChange={(e) => setField(i, { required: e.target.checked })}
                />
              ),
            },
            {
              title: t('dataTemplate.designer.limits'),
              width: 220,
              render: (_, f, i) =>
                f.type === 'string' || f.type === 'number' || f.type === 'integer' ? (
                  <Space.Compact>
                    <InputNumber
                      placeholder={t('dataTemplate.designer.min')}
                      value={f.type === 'string' ? f.minLength : f.minimum}
                      onChange={(v) =>
                        setField(
                          i,
                          f.type === 'string' ? { minLength: v ?? undefined } : { minimum: v ?? undefined },
                        )
                      }
                    />
                    <InputNumber
                      placeholder={t('dataTemplate.designer.max')}
                      value={f.type === 'string' ? f.maxLength : f.maximum}
                      onChange={(v) =>
                        setField(
                          i,
                          f.type === 'string' ? { maxLength: v ?? undefined } : { maximum: v ?? undefined },
                        )
                      }
                    />
                  </Space.Compact>
                ) : f.type === 'option' ? (
                  <Select
                    mode="tags"
                    style={{ width: '100%' }}
                    placeholder={t('dataTemplate.designer.options')}
                    value={(f.options ?? []).map((o) => o.value)}
                    onChange={(values: string[]) =>
                      setField(i, { options: values.map((value) => ({ value, label: sameText(value) })) })
                    }
                  />
                ) : null,
            },
            {
              width: 70,
              render: (_, _f, i) => (
                <Button
                  danger
                  size="small"
                  onClick={() => patch({ fields: draft.fields.filter((_x, j) => j !== i) })}
                >
                  {t('dataTemplate.designer.remove')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Card
        title={t('dataTemplate.designer.computed')}
        size="small"
        extra={
          <Select
            style={{ width: 200 }}
            placeholder={t('dataTemplate.designer.addComputed')}
            value={null}
            options={fields
              .filter((f) => !draft.formulas?.computed?.[f.key])
              .map((f) => ({ value: f.key, label: f.label }))}
            onChange={(key: string) => setFormulas({ computed: { ...draft.formulas?.computed, [key]: ' ' } })}
          />
        }
      >
        {computed.map(([key, formula]) => (
          <Space key={key} direction="vertical" style={{ width: '100%' }}>
            <Space>
              <strong>{fields.find((f) => f.key === key)?.label ?? key}</strong>
              <Button
                size="small"
                onClick={() =>
                  setFormulas({
                    computed: Object.fromEntries(computed.filter(([k]) => k !== key)) as Record<
                      string,
                      string
                    >,
                  })
                }
              >
                {t('dataTemplate.designer.remove')}
              </Button>
            </Space>
            <FormulaEditor
              value={formula}
              fields={fields}
              onChange={(value) => setFormulas({ computed: { ...draft.formulas?.computed, [key]: value } })}
            />
          </Space>
        ))}
      </Card>
      <Card
        title={t('dataTemplate.designer.rules')}
        size="small"
        extra={
          <Button
            onClick={() =>
              setFormulas({
                rules: [...rules, { field: fields[0]?.key ?? '', check: ' ', message: sameText('') }],
              })
            }
          >
            {t('dataTemplate.designer.addRule')}
          </Button>
        }
      >
        {rules.map((rule, i) => {
          const setRule = (p: Partial<typeof rule>) =>
            setFormulas({ rules: rules.map((r, j) => (j === i ? { ...r, ...p } : r)) });
          return (
            <Space key={i} direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
              <Space>
                <Select
                  style={{ width: 200 }}
                  value={rule.field}
                  options={fields.map((f) => ({ value: f.key, label: f.label }))}
                  onChange={(field: string) => setRule({ field })}
                />
                <Button size="small" onClick={() => setFormulas({ rules: rules.filter((_r, j) => j !== i) })}>
                  {t('dataTemplate.designer.remove')}
                </Button>
              </Space>
              <FormulaEditor value={rule.check} fields={fields} onChange={(check) => setRule({ check })} />
              <TextsInput value={rule.message} onChange={(message) => setRule({ message })} />
            </Space>
          );
        })}
      </Card>
      {saved && (
        <Card title={t('dataTemplate.designer.preview')} size="small">
          <GeneratedScreen key={`${draft.code}/${saved.version}`} code={draft.code} kind="form" preview />
        </Card>
      )}
    </Space>
  );
}
