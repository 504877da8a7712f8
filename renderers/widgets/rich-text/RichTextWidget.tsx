/**
 * richText: the message compose editor (Tiptap with its starter kit: paragraphs, headings, lists,
 * quotes, code, bold, italic, underline, strike, links). The value is HTML; the server sanitises it
 * with an allowlist of exactly these tags before storing it. Registered lazily in form-widgets.ts, so
 * Tiptap and ProseMirror load with the first form that shows this widget (the compose screen) only.
 */
import { useEffect, useRef } from 'react';
import { Button, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import './rich-text.css';

/** An editor with nothing typed holds '<p></p>': that is no content. */
const EMPTY = /^(<p>\s*<\/p>)*$/;

export default function RichTextWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const { t } = useTranslation();
  const editable = !(disabled || readonly);
  // What the editor handed to the form since the content was last set from outside: a value coming back
  // that is one of these is an echo, even when it arrives after more typing (a busy machine), and must not
  // undo the keys typed since; only another value (a reset, a load) replaces the content.
  const emitted = useRef(new Set<string | undefined>());
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: typeof value === 'string' ? value : '',
    editable,
    editorProps: { attributes: { id, 'aria-multiline': 'true', role: 'textbox', class: 'rich-text-body' } },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      const out = EMPTY.test(html) ? undefined : html;
      if (emitted.current.size > 200) emitted.current.clear();
      emitted.current.add(out);
      onChange(out);
    },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
    }),
  });
  // Tiptap's hook can hand over an editor it has just destroyed (on a slow machine its re-render and its
  // clean-up interleave; it makes a new one on the next render): that one has no schema, never touch it.
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(editable);
  }, [editor, editable]);
  // A value set from outside (a reset) replaces what the editor shows.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    // An echo of the editor's own (possibly older) content must not undo the keys typed since.
    if (emitted.current.has(value as string | undefined)) return;
    const html = typeof value === 'string' ? value : '';
    if (html !== editor.getHTML() && !(html === '' && EMPTY.test(editor.getHTML())))
      editor.commands.setContent(html, { emitUpdate: false });
    emitted.current.clear();
  }, [editor, value]);

  const tool = (key: string, on: boolean, icon: React.ReactNode, run: () => void) => (
    <Tooltip title={t(`form.richText.${key}`)} key={key}>
      <Button
        size="small"
        type={on ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`form.richText.${key}`)}
        aria-pressed={on}
        disabled={!editable}
        onClick={run}
      />
    </Tooltip>
  );
  const chain = () => editor!.chain().focus();
  return (
    <div className="rich-text">
      {editable && editor && (
        <Space size={2} className="rich-text-toolbar">
          {tool('bold', active?.bold ?? false, <BoldOutlined />, () => chain().toggleBold().run())}
          {tool('italic', active?.italic ?? false, <ItalicOutlined />, () => chain().toggleItalic().run())}
          {tool('underline', active?.underline ?? false, <UnderlineOutlined />, () =>
            chain().toggleUnderline().run(),
          )}
          {tool('strike', active?.strike ?? false, <StrikethroughOutlined />, () =>
            chain().toggleStrike().run(),
          )}
          {tool('bulletList', active?.bullet ?? false, <UnorderedListOutlined />, () =>
            chain().toggleBulletList().run(),
          )}
          {tool('orderedList', active?.ordered ?? false, <OrderedListOutlined />, () =>
            chain().toggleOrderedList().run(),
          )}
        </Space>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
