/**
 * The CodeMirror 6 editor of a screen definition, YAML or JSON: syntax colours, folding, search, undo,
 * completion of the meta-schema's fields and values (codemirror-json-schema, fed the bundled schema of
 * the screen's kind), and the problems the page found marked in the text and the gutter. The text is
 * the page's: every change goes up through onChange, and a text that comes down (another version
 * opened) replaces the document.
 */
import { useEffect, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json, jsonLanguage } from '@codemirror/lang-json';
import { yaml, yamlLanguage } from '@codemirror/lang-yaml';
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  foldKeymap,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { jsonCompletion, stateExtensions, updateSchema } from 'codemirror-json-schema';
import { yamlCompletion } from 'codemirror-json-schema/yaml';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { EditorProblem } from './editor-problems.ts';
import { editorPhrases } from './editor-phrases.ts';
import type { SchemaMode } from './schema-text.ts';

type CompletionSchema = Parameters<typeof stateExtensions>[0];

export interface SchemaCodeEditorHandle {
  /** Puts the cursor at an offset of the text and shows it. */
  reveal(offset: number): void;
}

export interface SchemaCodeEditorProps {
  value: string;
  onChange(text: string): void;
  mode: SchemaMode;
  /** The problems found in `problemsText` (shown only while the document is that text). */
  problems: readonly EditorProblem[];
  problemsText: string;
  /** The meta-schema the completion offers fields and values from. */
  schema: Record<string, unknown>;
  readOnly?: boolean;
  ref?: Ref<SchemaCodeEditorHandle>;
}

function languageOf(mode: SchemaMode): Extension {
  return mode === 'yaml'
    ? [yaml(), yamlLanguage.data.of({ autocomplete: yamlCompletion() })]
    : [json(), jsonLanguage.data.of({ autocomplete: jsonCompletion() })];
}

/** CodeMirror's own texts (search panel, folding, lint panel) and the editor's name, in the user's language. */
function editorTexts(t: TFunction): Extension {
  return [
    EditorState.phrases.of(editorPhrases(t)),
    EditorView.contentAttributes.of({ 'aria-label': t('screenEditor.editor.label') }),
  ];
}

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
});

export function SchemaCodeEditor({
  value,
  onChange,
  mode,
  problems,
  problemsText,
  schema,
  readOnly = false,
  ref,
}: SchemaCodeEditorProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const slots = useMemo(
    () => ({ language: new Compartment(), readOnly: new Compartment(), texts: new Compartment() }),
    [],
  );

  // The view is made once; what changes later is reconfigured below. The first values come from the
  // render that mounted it.
  const initial = useRef({ value, mode, schema, readOnly, texts: editorTexts(t) });
  useEffect(() => {
    const first = initial.current;
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: first.value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          foldGutter(),
          lintGutter(),
          history(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          highlightActiveLine(),
          highlightSelectionMatches(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          autocompletion(),
          keymap.of([
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...searchKeymap,
            ...historyKeymap,
            ...foldKeymap,
            ...completionKeymap,
            ...lintKeymap,
            indentWithTab,
          ]),
          stateExtensions(first.schema as CompletionSchema),
          slots.language.of(languageOf(first.mode)),
          slots.readOnly.of(EditorState.readOnly.of(first.readOnly)),
          slots.texts.of(first.texts),
          EditorView.lineWrapping,
          theme,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [slots]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: slots.language.reconfigure(languageOf(mode)) });
  }, [mode, slots]);

  useEffect(() => {
    view.current?.dispatch({ effects: slots.readOnly.reconfigure(EditorState.readOnly.of(readOnly)) });
  }, [readOnly, slots]);

  useEffect(() => {
    view.current?.dispatch({ effects: slots.texts.reconfigure(editorTexts(t)) });
  }, [t, slots]);

  useEffect(() => {
    if (view.current) updateSchema(view.current, schema as CompletionSchema);
  }, [schema]);

  useEffect(() => {
    const editor = view.current;
    // Problems of another text would point at the wrong places; the next reading brings the right ones.
    if (!editor || editor.state.doc.toString() !== problemsText) return;
    const sources = {
      syntax: t('screenEditor.problems.syntax'),
      schema: t('screenEditor.problems.schema'),
      check: t('screenEditor.problems.check'),
    };
    const diagnostics: Diagnostic[] = problems.map((problem) => ({
      from: problem.from,
      to: problem.to,
      severity: 'error',
      source: sources[problem.source],
      message: problem.message,
    }));
    editor.dispatch(setDiagnostics(editor.state, diagnostics));
  }, [problems, problemsText, t]);

  useImperativeHandle(
    ref,
    () => ({
      reveal(offset) {
        const editor = view.current;
        if (!editor) return;
        const at = Math.min(offset, editor.state.doc.length);
        editor.dispatch({
          selection: { anchor: at },
          effects: EditorView.scrollIntoView(at, { y: 'center' }),
        });
        editor.focus();
      },
    }),
    [],
  );

  return <div ref={host} className="mf-screen-editor-code" data-testid="screen-editor-code" />;
}
