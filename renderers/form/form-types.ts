/**
 * The form kind's part of a screen file (schemas/meta/screen-kinds/form.schema.json is the authority;
 * schemas/screens/README.md shows an example of each feature). Strings in `query`, `body` and the
 * conditions are expressions over the form's scope: session, params, mode, record, form.
 */
import type { FormRules } from '../../schemas/formulas/index.ts';
import type { ActionDefinition } from '../actions/registry.ts';
import type { ScreenDefinition } from '../screen-types.ts';

/** new: no record yet; edit: a record is loaded; view: read-only (params.readonly). */
export type FormMode = 'new' | 'edit' | 'view';

export interface FieldOption {
  value: string | number | boolean;
  /** Translation key. */
  label: string;
}

export interface FieldDefinition {
  /** Property of the entity (or of `schema` below). */
  name: string;
  /** Translation key of the label; no label when absent. */
  label?: string;
  /** A label already in the user's words (attribute names typed by an administrator); not in screen files. */
  labelText?: string;
  /** rjsf widget name (text, password, textarea, select, radio…) or a registered one (photoUpload…). */
  widget?: string;
  /** Translated labels of an enum's values. */
  options?: FieldOption[];
  /** Labels of enum values already in the user's words (attribute options); not in screen files. */
  optionTexts?: Record<string, string>;
  placeholder?: string;
  /** Translation key of the ⓘ tooltip beside the label. */
  tooltip?: string;
  /** Translation key of a hint below the field. */
  help?: string;
  /** Grid columns the field spans (default 1; capped at the layout's columns). */
  span?: number;
  /** Expressions (or booleans): shown (default true), greyed out, read-only, required beyond the entity. */
  visible?: string | boolean;
  disabled?: string | boolean;
  readonly?: string | boolean;
  required?: string | boolean;
  /** JSON Schema keywords added to the entity's property (maxLength, format, regexp…). */
  rules?: Record<string, unknown>;
  /** The property's whole schema, for a field the entity does not have. */
  schema?: Record<string, unknown>;
  /** The widget's ui:options (operation, valueField, extraData…), taken as written. */
  widgetOptions?: Record<string, unknown>;
}

export interface LayoutSection {
  /** Translation key of the group or tab title. */
  title?: string;
  fields: string[];
}

export interface FormLayout {
  /** Grid columns (default 1). */
  columns?: number;
  /** Fields in titled groups, one after another. */
  groups?: LayoutSection[];
  /** Fields in tabs inside the form. */
  tabs?: LayoutSection[];
}

export interface LoadDefinition {
  operation: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Dot path of the record inside the answer (employee.load → data). */
  path?: string;
  /** Expression: load only when true (default: when the form is not new). */
  when?: string | boolean;
}

/** A JSON Schema keyword whose value comes from an operation (the server's password policy). */
export interface DynamicRule {
  field: string;
  keyword: string;
  operation: string;
  query?: Record<string, unknown>;
  when?: string | boolean;
}

/** Extended attributes: fields built from attribute definitions; the value is [{attrId, value}]. */
export interface AttributesDefinition {
  operation: string;
  query?: Record<string, unknown>;
  /** Grid columns of the generated fields (default the layout's). */
  columns?: number;
}

export type AfterSave = 'ask' | 'close' | 'stay' | 'reset';

export interface SubmitDefinition {
  /** Translation key of the button (default form.save). */
  label?: string;
  /** Operation of a new record (and of every mode without updateOperation). */
  operation: string;
  /** Operation when editing a loaded record. */
  updateOperation?: string;
  query?: Record<string, unknown>;
  /** The body; default the form's values. */
  body?: unknown;
  /** Check the form first (default true). */
  validate?: boolean;
  /** Translation key of a question asked first. */
  confirm?: string;
  /**
   * ask (default, spec §4): "saved — continue?"; continuing resets a new form, keeps an edited one,
   * otherwise the dialog closes. close: close at once. stay: keep the form. reset: empty it.
   */
  afterSave?: AfterSave;
  /** Translation key of the success message (default form.saved); false for none. */
  success?: string | false;
  /** Actions run after success (e.g. log out after a password change). */
  then?: ActionDefinition[];
  visible?: string | boolean;
  danger?: boolean;
}

export interface SubmitButton extends SubmitDefinition {
  type: 'submit';
}

export type FormButton = SubmitButton | ActionDefinition;

export interface FormBody {
  /** Entity $id whose JSON Schema gives the fields' types and rules (schemas/entities). */
  entity?: string;
  /** Inline JSON Schema (object) when there is no entity, or fields beyond it. */
  schema?: Record<string, unknown>;
  attributes?: AttributesDefinition;
  fields?: FieldDefinition[];
  layout?: FormLayout;
  /** Field holding the record's id in params (default id): present → edit mode. */
  idParam?: string;
  load?: LoadDefinition;
  /** A new record's starting values: a template over params (the day a calendar was clicked on). */
  initial?: Record<string, unknown>;
  dynamicRules?: DynamicRule[];
  /**
   * Form formulas over the fields (schemas/formulas/README.md): computed fields (read-only, following
   * the values), defaults of a new record, visibility, and rules whose failure shows on the field and
   * blocks saving. The server applies the same ones (applyFormRules).
   */
  formulas?: FormRules;
}

export interface FormScreenDefinition extends ScreenDefinition, FormBody {
  kind: 'form';
  title: string;
  description?: string;
  /** The save button; absent → a form without save (read-only or embedded). */
  submit?: SubmitDefinition;
  /** Other footer buttons: more submits or any registered action. */
  buttons?: FormButton[];
  /** Show a cancel button when in a dialog (default true). */
  cancel?: boolean;
}
