/**
 * The form kind's view: rjsf with the antd theme on the screen's entity and fields, and the footer.
 * All logic is in useFormController. Inside a tabs or wizard screen (a FormHost around it) the form
 * shows no footer and hands its validate/value/reset to the host instead.
 */
import { useEffect } from 'react';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import '../widgets/form-widgets.ts';
import type { ScreenProps } from '../screen-types.ts';
import { ScreenErrorPanel } from '../ScreenErrorPanel.tsx';
import { allWidgets } from '../widgets/registry.ts';
import { FormFooter } from './FormFooter.tsx';
import { useFormHost, type FormHandle } from './form-host.ts';
import type { FormScreenDefinition } from './form-types.ts';
import { fieldErrorsOnly } from './form-validator.ts';
import { RjsfForm } from './rjsf-form.ts';
import type { FormTemplateContext } from './templates.tsx';
import { useFormController } from './useFormController.ts';
import { useScreenLoadFailure } from '../screen-host-context.tsx';

const NO_PARAMS: Record<string, unknown> = {};

export default function FormScreen({
  name,
  screen,
  params = NO_PARAMS,
  frame = 'page',
  close,
}: ScreenProps<FormScreenDefinition>) {
  const { t } = useTranslation();
  const host = useFormHost();
  // The ref apart: the rest is plain render data.
  const { formRef, ...form } = useFormController({ name, definition: screen, params, close, host });
  useScreenLoadFailure(form.failure);

  // Inside a tabs or wizard screen, the host validates and reads this form.
  const { validate, value, reset } = form;
  useEffect(() => {
    if (!host) return;
    const handle: FormHandle = { validate, value, reset };
    return host.register(handle);
  }, [host, validate, value, reset]);

  if (form.failure) return <ScreenErrorPanel error={form.failure} />;
  if (form.loading || !form.validator) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }} data-testid="form-loading">
        <Spin />
      </div>
    );
  }

  // An attribute form for a party type without definitions has nothing to show but that.
  const nothingToShow =
    screen.attributes !== undefined &&
    Object.keys((form.schema.properties as object | undefined) ?? {}).length === 0;

  // formData lets a widget read a sibling field (the SMS code button reads the phone).
  const formContext: FormTemplateContext = { layout: screen.layout, formData: form.formData };
  const body = (
    <RjsfForm
      key={form.formKey}
      ref={formRef}
      schema={form.schema}
      uiSchema={form.uiSchema}
      formData={form.formData}
      onChange={(event) => form.onChange((event.formData ?? {}) as Record<string, unknown>)}
      validator={form.validator}
      widgets={allWidgets()}
      formContext={formContext}
      readonly={form.mode === 'view'}
      disabled={form.saving}
      liveValidate={form.liveValidate ? 'onChange' : undefined}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      transformErrors={fieldErrorsOnly}
      // Errors are shown beside the fields; rjsf would also log them to the console.
      onError={() => undefined}
      onSubmit={() => screen.submit && void form.submit(screen.submit)}
    >
      {/* Our footer has the buttons; rjsf's own submit button is not wanted. */}
      <></>
    </RjsfForm>
  );
  const footer = host ? null : (
    <FormFooter
      submit={screen.submit}
      buttons={screen.buttons}
      showCancel={Boolean(close) && screen.cancel !== false}
      mode={form.mode}
      scope={form.scope}
      saving={form.saving}
      onSubmit={form.submit}
      actionInput={() => ({
        form: form.value() as Record<string, unknown>,
        record: form.scope.record as Record<string, unknown> | undefined,
      })}
      close={close}
      sticky={frame === 'dialog'}
    />
  );
  const content = (
    <div data-testid={`form-${name}`} data-mode={form.mode}>
      {nothingToShow ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.noAttributes')} />
      ) : (
        body
      )}
      {footer}
    </div>
  );
  // The screen host draws the page frame and title.
  return content;
}
