/**
 * The ajv string formats of spec §5. Names are what schemas write in `format:`; each maps to one
 * translation key in messages.ts (FORMAT_MESSAGE_KEYS).
 */
import type { FormatDefinition } from 'ajv';
import { isEmail, isHttpUrl, isMobile, isPhone, isZip } from './contact.ts';
import { compareFixedWidth, isCalendarDate, isDateTime } from './dates.ts';
import { isIdCard } from './idcard.ts';
import { isFloatString, isIntegerString } from './numbers.ts';
import { isUscc } from './uscc.ts';
import { hasNoWhitespace, isKey, isKeyAlias, isYesNo, startsWithUpperCase } from './text.ts';

function stringFormat(validate: (value: string) => boolean, compare?: (a: string, b: string) => number) {
  const format: FormatDefinition<string> = { type: 'string', validate };
  if (compare) format.compare = compare;
  return format;
}

export const FORMATS: Record<string, FormatDefinition<string>> = {
  mobile: stringFormat(isMobile),
  'email-local': stringFormat(isEmail),
  idcard: stringFormat(isIdCard),
  zip: stringFormat(isZip),
  phone: stringFormat(isPhone),
  url: stringFormat(isHttpUrl),
  date: stringFormat(isCalendarDate, compareFixedWidth),
  datetime: stringFormat(isDateTime, compareFixedWidth),
  key: stringFormat(isKey),
  'key-alias': stringFormat(isKeyAlias),
  'no-whitespace': stringFormat(hasNoWhitespace),
  'boolean-yn': stringFormat(isYesNo),
  'upper-first-name': stringFormat(startsWithUpperCase),
  'integer-string': stringFormat(isIntegerString),
  'float-string': stringFormat(isFloatString),
  uscc: stringFormat(isUscc),
};
