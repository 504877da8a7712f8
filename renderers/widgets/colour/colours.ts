/** Spec §9: the default colour, and the predefined colours offered beside the picker. */
export const DEFAULT_COLOUR = '#409EFF';

export const PRESET_COLOURS = [
  '#409EFF',
  '#1890FF',
  '#304156',
  '#212121',
  '#11A983',
  '#13C2C2',
  '#6959CD',
  '#F5222D',
] as const;
