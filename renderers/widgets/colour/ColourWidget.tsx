/**
 * colour: antd's ColorPicker storing an upper-case hex string (#409EFF), with the predefined colours
 * of spec §9. An empty field shows the default colour but stores nothing until a colour is picked.
 * ui:options presets (list of hex strings) replaces the predefined list.
 */
import { ColorPicker } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COLOUR, PRESET_COLOURS } from './colours.ts';

export default function ColourWidget({ id, value, onChange, disabled, readonly, options }: WidgetProps) {
  const { t } = useTranslation();
  const presets = Array.isArray(options.presets) ? (options.presets as string[]) : [...PRESET_COLOURS];
  return (
    <span id={id}>
      <ColorPicker
        value={typeof value === 'string' && value ? value : DEFAULT_COLOUR}
        disabled={disabled || readonly}
        disabledAlpha
        showText
        format="hex"
        presets={[{ label: t('form.colour.presets'), colors: presets }]}
        onChangeComplete={(colour) => onChange(colour.toHexString().toUpperCase())}
      />
    </span>
  );
}
