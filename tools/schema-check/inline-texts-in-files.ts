/**
 * A screen file names its texts by locale key: every user-facing string lives in locales/, where the
 * locale tests hold the three languages to the same keys. Inline texts (renderers/inline-texts.ts) are
 * for screens stored at run time only, which have no locale file to add keys to. A form's formulas are
 * the exception: a rule's message may be written in the three languages (schemas/formulas/README.md).
 */
import { isInlineText } from '../../schemas/inline-texts.ts';
import { joinPointer, type SchemaError } from './report.ts';
import type { ParsedFile } from './yaml-files.ts';

export function inlineTextsInFile(parsed: ParsedFile): SchemaError[] {
  const errors: SchemaError[] = [];
  const visit = (node: unknown, pointer: string) => {
    if (isInlineText(node)) {
      errors.push({
        file: parsed.file,
        path: pointer || '/',
        message:
          'a screen file names its texts by locale key (inline texts are for screens stored at run time)',
      });
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node))
      if (key !== 'formulas') visit(value, joinPointer(pointer, key));
  };
  visit(parsed.data, '');
  return errors;
}
