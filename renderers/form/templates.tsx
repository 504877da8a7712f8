/**
 * Our rjsf templates on top of the antd theme: a field with an ⓘ tooltip (ui:options.tooltip), the
 * root object laid out on the screen's grid, groups and in-form tabs, and WidgetField, which hands
 * an object or union value (an organisation, say) to a registered widget as it is.
 */
import { createElement, type ReactNode } from 'react';
import { Badge, Col, Divider, Form, Row, Tabs } from 'antd';
import { Templates } from '@rjsf/antd';
import type {
  ErrorSchema,
  FieldProps,
  FieldTemplateProps,
  ObjectFieldTemplatePropertyType,
  ObjectFieldTemplateProps,
  WidgetProps,
} from '@rjsf/utils';
import { getTemplate, getUiOptions } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { FormLayout } from './form-types.ts';
import { columnsOf } from './form-schema.ts';

/** What our templates read from rjsf's formContext. */
export interface FormTemplateContext {
  layout?: FormLayout;
  /** The form's current values, for widgets that read a sibling field. */
  formData?: Record<string, unknown>;
}

const FULL = { span: 24 };

export function FieldTemplate(props: FieldTemplateProps) {
  const {
    children,
    displayLabel,
    errors,
    help,
    rawHelp,
    hidden,
    id,
    label,
    rawErrors,
    required,
    schema,
    uiSchema,
    registry,
  } = props;
  const options = getUiOptions(uiSchema);
  if (hidden) return <div className="rjsf-field-hidden">{children}</div>;
  const Wrap = getTemplate('WrapIfAdditionalTemplate', registry, options);
  const showLabel = (displayLabel || options.field === 'widgetField') && options.widget !== 'checkbox';
  const failed = Boolean(rawErrors?.length);
  return createElement(
    Wrap,
    props,
    <Form.Item
      label={showLabel ? label : undefined}
      tooltip={typeof options.tooltip === 'string' ? options.tooltip : undefined}
      required={required}
      htmlFor={id}
      labelCol={FULL}
      wrapperCol={FULL}
      validateStatus={failed ? 'error' : undefined}
      help={failed ? errors : undefined}
      extra={rawHelp ? help : undefined}
      // Constant: toggling it adds or removes the input's suffix, which would take the focus away.
      hasFeedback={schema.type !== 'array' && schema.type !== 'object'}
      style={{ marginBottom: 16 }}
    >
      {children}
    </Form.Item>,
  );
}

function spanOf(element: ObjectFieldTemplatePropertyType): number {
  const uiSchema = (element.content.props as { uiSchema?: Record<string, unknown> }).uiSchema;
  const span = getUiOptions(uiSchema).span;
  return typeof span === 'number' && span > 0 ? span : 1;
}

function hasErrors(errorSchema: ErrorSchema | undefined, names: readonly string[]): boolean {
  const failing = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    const own = (node as { __errors?: unknown[] }).__errors;
    if (Array.isArray(own) && own.length) return true;
    return Object.entries(node).some(([key, child]) => key !== '__errors' && failing(child));
  };
  return names.some((name) => failing((errorSchema as Record<string, unknown> | undefined)?.[name]));
}

/** The root object on the screen's layout; nested objects keep the antd theme's template. */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { t } = useTranslation();
  if (props.fieldPathId.path.length > 0) return createElement(Templates.ObjectFieldTemplate!, props);
  const layout = (props.registry.formContext as FormTemplateContext | undefined)?.layout;
  const columns = columnsOf(layout);
  const byName = new Map(props.properties.map((p) => [p.name, p]));
  const placed = new Set([...(layout?.groups ?? []), ...(layout?.tabs ?? [])].flatMap((s) => s.fields));

  const grid = (names: readonly string[]): ReactNode => {
    const cells = names.flatMap((name) => {
      const element = byName.get(name);
      if (!element || element.hidden) return [];
      const span = Math.min(spanOf(element), columns);
      return [
        <Col key={name} xs={24} md={Math.round((24 / columns) * span)}>
          {element.content}
        </Col>,
      ];
    });
    return cells.length ? <Row gutter={24}>{cells}</Row> : null;
  };

  const loose = props.properties.map((p) => p.name).filter((name) => !placed.has(name));
  return (
    <fieldset id={props.fieldPathId.$id} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {grid(loose)}
      {(layout?.groups ?? []).map((group, index) => {
        const content = grid(group.fields);
        if (!content) return null;
        return (
          <section key={group.title ?? index}>
            {group.title ? (
              <Divider titlePlacement="start" style={{ marginTop: 0 }}>
                {t(group.title)}
              </Divider>
            ) : null}
            {content}
          </section>
        );
      })}
      {layout?.tabs?.length ? (
        <Tabs
          items={layout.tabs.map((tab, index) => ({
            key: String(index),
            // A tab with an error shows a dot: its field is not in sight.
            label: (
              <Badge dot={hasErrors(props.errorSchema, tab.fields)} offset={[6, 0]}>
                {tab.title ? t(tab.title) : String(index + 1)}
              </Badge>
            ),
            children: grid(tab.fields),
            forceRender: true,
          }))}
        />
      ) : null}
    </fieldset>
  );
}

/**
 * For a property that is an object or a union (anyOf with null…): rjsf has no widget slot there,
 * so this field passes the whole value to the widget named by ui:widget.
 */
export function WidgetField(props: FieldProps) {
  const { schema, uiSchema, formData, onChange, onBlur, onFocus, registry, fieldPathId, name } = props;
  const options = getUiOptions(uiSchema);
  const Widget = registry.widgets[String(options.widget)] as React.ComponentType<WidgetProps> | undefined;
  if (!Widget) {
    return createElement(getTemplate('UnsupportedFieldTemplate', registry, options), {
      schema,
      fieldPathId,
      reason: String(options.widget),
      registry,
    });
  }
  const widgetProps: WidgetProps = {
    id: fieldPathId.$id,
    name,
    htmlName: fieldPathId.name,
    schema,
    uiSchema,
    value: formData,
    required: props.required,
    disabled: props.disabled,
    readonly: props.readonly,
    autofocus: props.autofocus,
    hideError: props.hideError,
    placeholder: typeof options.placeholder === 'string' ? options.placeholder : '',
    label: typeof options.title === 'string' ? options.title : name,
    options: options as WidgetProps['options'],
    rawErrors: props.errorSchema?.__errors as string[] | undefined,
    registry,
    onChange: (value: unknown) => onChange(value, fieldPathId.path),
    onBlur,
    onFocus,
  };
  return createElement(Widget, widgetProps);
}
