/**
 * The logic of a form screen, without its view: the mode (new, edit, view), loading the entity
 * schema, the record, run-time rules and attribute definitions, the rjsf schema and uiSchema of the
 * fields whose conditions hold, the current values, validation, and saving with spec §4's after-save
 * question. FormScreen is its thin antd view; tabs and wizard steps drive it through FormHost.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type Form from '@rjsf/core';
import type { UiSchema, ValidatorType } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useActionUi } from '../actions/action-ui.ts';
import { resolveQuery } from '../actions/params.ts';
import type { ActionUi } from '../actions/registry.ts';
import { useSessionScope } from '../actions/session-scope.tsx';
import { useRunAction } from '../actions/useRunAction.ts';
import { useDataSource, type DataSource } from '../data-source.tsx';
import { useRendererEnvironment } from '../environment/RendererEnvironment.tsx';
import { identityKey, useLoad } from '../environment/use-load.ts';
import { useMutation } from '../environment/use-mutation.ts';
import { evaluateCondition, type Scope } from '../expression/index.ts';
import { ScreenError } from '../screen-error.ts';
import {
  attributeForm,
  attributeValues,
  type AttributeDefinition,
  type AttributeForm,
} from './attributes.ts';
import { loadEntitySchema, type JsonSchema } from './entity-schemas.ts';
import type { FormHostValue } from './form-host.ts';
import { atPath, formModeOf, withoutNulls } from './form-mode.ts';
import { formValidator } from './form-validator.ts';
import { useFormulaChecks, useFormulaValues } from './form-formulas.ts';
import { buildFormSchema, buildUiSchema, EMPTY_SCHEMA, fieldStates, mergeBase } from './form-schema.ts';
import { loadFormValidators, type FormValidators } from './load-form-validators.ts';
import { runSave, type SaveFlow } from './save-flow.ts';
import { resolveTemplate } from './template-values.ts';
import type { FieldDefinition, FormBody, FormMode, SubmitDefinition } from './form-types.ts';

type Data = Record<string, unknown>;

interface Loaded {
  base: JsonSchema;
  record: Data | undefined;
  dynamic: Record<string, Record<string, unknown>>;
  attributes?: { defs: AttributeDefinition[]; form: AttributeForm };
  /** The validators the build compiled for this form body, else the interpreter (form-validator.ts). */
  validators: FormValidators;
}

export interface FormControllerOptions {
  /** Screen name, for error messages. */
  name: string;
  definition: FormBody;
  params: Record<string, unknown>;
  close?: (result?: unknown) => void;
  host?: FormHostValue | null;
}

export interface FormController {
  mode: FormMode;
  loading: boolean;
  /** Why the form cannot be shown (a broken screen file, a failed load). */
  failure: unknown;
  schema: JsonSchema;
  uiSchema: UiSchema;
  /** The form's validator (undefined while loading, and for a form with neither precompiled nor compiled ones). */
  validator: ValidatorType | undefined;
  formData: Data;
  onChange(data: Data): void;
  /** Changes when the form must start afresh (rjsf keeps its own state otherwise). */
  formKey: number;
  formRef: React.RefObject<Form | null>;
  /** Once the user has tried to save, errors follow every change. */
  liveValidate: boolean;
  scope: Scope;
  saving: boolean;
  validate(): boolean;
  value(): unknown;
  reset(): void;
  submit(definition: SubmitDefinition): Promise<void>;
  ui: ActionUi;
}

async function loadEverything(
  definition: FormBody,
  dataSource: DataSource,
  scope: Scope,
  host: FormHostValue | null | undefined,
): Promise<Loaded> {
  const { load, attributes } = definition;
  const wantRecord =
    !host?.hasData && load !== undefined && evaluateCondition(load.when, scope, scope.mode !== 'new');
  const rules = (definition.dynamicRules ?? []).filter((rule) => evaluateCondition(rule.when, scope, true));
  const [entity, answer, ruleValues, defs, validators] = await Promise.all([
    definition.entity ? loadEntitySchema(definition.entity) : undefined,
    wantRecord
      ? dataSource(load.operation, {
          query: resolveQuery(load.query, scope),
          ...(load.body !== undefined ? { body: resolveTemplate(load.body, scope) } : {}),
        })
      : undefined,
    Promise.all(rules.map((rule) => dataSource(rule.operation, { query: resolveQuery(rule.query, scope) }))),
    attributes
      ? dataSource(attributes.operation, { query: resolveQuery(attributes.query, scope) })
      : undefined,
    loadFormValidators(definition),
  ]);
  const dynamic: Loaded['dynamic'] = {};
  rules.forEach((rule, index) => {
    if (ruleValues[index] === undefined || ruleValues[index] === null) return;
    dynamic[rule.field] = { ...dynamic[rule.field], [rule.keyword]: ruleValues[index] };
  });
  const given = host?.hasData
    ? host.data
    : wantRecord
      ? atPath(answer, load?.path)
      : scope.mode === 'new' && definition.initial
        ? resolveTemplate(definition.initial, scope)
        : undefined;
  const loaded: Loaded = {
    base: mergeBase(entity, definition.schema),
    record: given === undefined ? undefined : withoutNulls(given),
    dynamic,
    validators,
  };
  if (attributes) {
    const list = (Array.isArray(defs) ? defs : []) as AttributeDefinition[];
    loaded.attributes = { defs: list, form: attributeForm(list) };
  }
  return loaded;
}

export function useFormController({
  name,
  definition,
  params,
  close,
  host,
}: FormControllerOptions): FormController {
  const { t } = useTranslation();
  const dataSource = useDataSource();
  const session = useSessionScope();
  const runAction = useRunAction();
  const ui = useActionUi();
  const mode = formModeOf(params, definition.idParam);

  const [formData, setFormData] = useState<Data>({});
  const [formKey, setFormKey] = useState(0);
  // Aborted on unmount; `running` spans the call, its `then` actions and the after-save question.
  const { run: save, running: saving } = useMutation((signal, flow: SaveFlow) =>
    runSave({ ...flow, signal }),
  );
  const [liveValidate, setLiveValidate] = useState(false);
  const formRef = useRef<Form | null>(null);
  // Computed fields and a new record's defaults (form-formulas.ts); the data as it is without formulas.
  const withFormulas = useFormulaValues(definition.formulas, mode);

  // Everything the form needs, once per screen and params (by identity: new params load again, a new
  // user context object does not); a host's data counts as given at mount.
  const [hostAtMount] = useState(host);
  const key = useMemo(
    () => identityKey(definition, dataSource, params, mode),
    [definition, dataSource, params, mode],
  );
  const answer = useLoad(key, async (signal) => {
    const source: DataSource = (operation, request) => dataSource(operation, { ...request, signal });
    const result = await loadEverything(definition, source, { session, params, mode }, hostAtMount);
    // A new answer starts the form again from its record (or its attributes' values).
    if (!signal.aborted) {
      setFormData(result.attributes ? result.attributes.form.data : withFormulas(result.record ?? {}));
      setFormKey((key) => key + 1);
    }
    return result;
  });
  const loaded = answer.data;
  const failure = answer.error ?? null;

  const fields: readonly FieldDefinition[] = useMemo(
    () => (loaded?.attributes ? loaded.attributes.form.fields : (definition.fields ?? [])),
    [loaded, definition.fields],
  );
  const scope: Scope = useMemo(
    () => ({ session, params, mode, record: loaded?.record, form: formData }),
    [session, params, mode, loaded, formData],
  );
  const states = fieldStates(fields, scope);
  // Conditions may read the form's values: the schema is rebuilt only when their outcome changes.
  const statesKey = JSON.stringify(states);

  const built = useMemo(() => {
    if (!loaded) return { schema: EMPTY_SCHEMA, uiSchema: {}, problem: null as unknown };
    try {
      const base = loaded.attributes ? loaded.attributes.form.schema : loaded.base;
      const schema = buildFormSchema({
        base,
        fields,
        states: JSON.parse(statesKey),
        dynamic: loaded.dynamic,
        screen: name,
      });
      const layout = loaded.attributes
        ? { ...definition.layout, columns: definition.attributes?.columns ?? definition.layout?.columns }
        : definition.layout;
      return {
        schema,
        uiSchema: buildUiSchema(fields, JSON.parse(statesKey), schema, layout, t),
        problem: null,
      };
    } catch (problem) {
      return { schema: EMPTY_SCHEMA, uiSchema: {}, problem };
    }
  }, [loaded, fields, statesKey, name, definition.layout, definition.attributes, t]);

  // Precompiled (the screen files' forms), or compiled in the browser where the environment allows it.
  const { translate, compileFormValidator } = useRendererEnvironment();
  const checking = useMemo(() => {
    if (!loaded) return { validator: undefined, problem: null };
    const validator = formValidator({
      translate,
      ...loaded.validators,
      dynamicRules: definition.dynamicRules,
      dynamic: loaded.dynamic,
      compile: compileFormValidator,
    });
    const problem = validator
      ? null
      : new ScreenError('invalid', { name, detail: 'the build precompiled no validator for this form' });
    return { validator, problem };
  }, [loaded, translate, definition.dynamicRules, compileFormValidator, name]);

  const formulaChecks = useFormulaChecks(
    definition.formulas,
    mode,
    formData,
    built.uiSchema,
    checking.validator,
  );
  const onChange = useCallback((data: Data) => setFormData(withFormulas(data)), [withFormulas]);

  const currentData = useCallback((): Data => {
    // rjsf's own state has the schema defaults filled in, which onChange may not have reported yet.
    const state = (formRef.current as unknown as { state?: { formData?: Data } } | null)?.state;
    return state?.formData ?? formData;
  }, [formData, formRef]);

  const value = useCallback((): unknown => {
    const data = currentData();
    return loaded?.attributes ? attributeValues(loaded.attributes.defs, data) : withFormulas(data);
  }, [currentData, loaded, withFormulas]);

  const validate = useCallback((): boolean => {
    setLiveValidate(true);
    const form = formRef.current;
    return form ? form.validateForm() : true;
  }, [formRef]);

  const reset = useCallback(() => {
    setFormData(
      loaded?.attributes
        ? loaded.attributes.form.data
        : withFormulas(mode === 'new' ? {} : (loaded?.record ?? {})),
    );
    setLiveValidate(false);
    setFormKey((key) => key + 1);
  }, [loaded, mode, withFormulas]);

  const submit = useCallback(
    async (submitDef: SubmitDefinition) => {
      if (saving) return;
      if (submitDef.validate !== false && !validate()) {
        ui.warning(t('form.invalid'));
        return;
      }
      if (submitDef.confirm && !(await ui.confirm(t(submitDef.confirm)))) return;
      const current = value();
      await save({
        definition: submitDef,
        mode,
        scope: { session, params, mode, record: loaded?.record, form: current },
        dataSource,
        ui,
        t,
        runAction,
        close,
        reset,
      });
    },
    [
      saving,
      save,
      validate,
      ui,
      t,
      value,
      session,
      params,
      mode,
      loaded,
      dataSource,
      runAction,
      close,
      reset,
    ],
  );

  return {
    mode,
    loading: !loaded && !failure,
    failure: failure ?? built.problem ?? checking.problem,
    schema: built.schema,
    uiSchema: formulaChecks.uiSchema,
    validator: formulaChecks.validator,
    formData,
    onChange,
    formKey,
    formRef,
    liveValidate,
    scope,
    saving,
    validate,
    value,
    reset,
    submit,
    ui,
  };
}
