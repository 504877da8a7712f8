/** The tabs kind's part of a screen file (schemas/meta/screen-kinds/tabs.schema.json is the authority). */
import type { FormButton, LoadDefinition, SubmitDefinition } from '../form/form-types.ts';
import type { ScreenDefinition } from '../screen-types.ts';

export interface TabDefinition {
  /** Names the tab's values in the save body: `form.<key>`. */
  key: string;
  /** Translation key. */
  title: string;
  /** The screen drawn in the tab (usually a form). */
  screen: string;
  /** Extra params for the tab's screen (expressions over session, params, mode, record). */
  params?: Record<string, unknown>;
  /** The tab's initial data from the loaded record (a template); absent → the tab loads its own. */
  data?: unknown;
  /** Translation key of an ⓘ tooltip beside the title. */
  tooltip?: string;
  visible?: string | boolean;
  /** Translation key shown when the tab does not validate at save (default form.tabInvalid). */
  invalidMessage?: string;
  /** error (default) or warning. */
  invalidLevel?: 'error' | 'warning';
}

export interface TabsScreenDefinition extends ScreenDefinition {
  kind: 'tabs';
  title: string;
  description?: string;
  idParam?: string;
  /** The record all tabs start from (employee.load): `record` in expressions. */
  load?: LoadDefinition;
  tabs: TabDefinition[];
  /** One save for every tab: the body sees `form.<tab key>`. */
  submit?: SubmitDefinition;
  buttons?: FormButton[];
  cancel?: boolean;
}
