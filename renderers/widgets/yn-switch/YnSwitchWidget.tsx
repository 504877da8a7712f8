/**
 * ynSwitch: a 'Y'/'N' string field (isSuper, isMulti…) shown as a Switch. ui:options trueValue and
 * falseValue change the stored pair; anything else stored counts as off.
 */
import { Switch } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

export default function YnSwitchWidget({ id, value, onChange, disabled, readonly, options }: WidgetProps) {
  const { t } = useTranslation();
  const on = String(options.trueValue ?? 'Y');
  const off = String(options.falseValue ?? 'N');
  return (
    <Switch
      id={id}
      checked={value === on}
      disabled={disabled || readonly}
      checkedChildren={t('common.yes')}
      unCheckedChildren={t('common.no')}
      onChange={(checked) => onChange(checked ? on : off)}
    />
  );
}
