/** CodeMirror's phrases (its search panel, folding, lint and completion texts) by translation key. */
import type { TFunction } from 'i18next';

const PHRASES: Record<string, string> = {
  Find: 'find',
  Replace: 'replace',
  next: 'next',
  previous: 'previous',
  all: 'all',
  'match case': 'matchCase',
  regexp: 'regexp',
  'by word': 'byWord',
  replace: 'replaceOne',
  'replace all': 'replaceAll',
  close: 'close',
  'current match': 'currentMatch',
  'on line': 'onLine',
  'Go to line': 'goToLine',
  go: 'go',
  'Folded lines': 'foldedLines',
  'Unfolded lines': 'unfoldedLines',
  'folded code': 'foldedCode',
  unfold: 'unfold',
  'Fold line': 'foldLine',
  'Unfold line': 'unfoldLine',
  Diagnostics: 'diagnostics',
  'No diagnostics': 'noDiagnostics',
  Completions: 'completions',
};

export function editorPhrases(t: TFunction): Record<string, string> {
  return Object.fromEntries(
    Object.entries(PHRASES).map(([phrase, key]) => [phrase, t(`screenEditor.codemirror.${key}`)]),
  );
}
