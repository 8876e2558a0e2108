import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
}

/**
 * The tiptap editor (lazy-loaded with its styles). Its output is only a suggestion: the server
 * sanitizes it with an allow-list on write.
 */
export default function RichTextInput({ id, label, value, onChange, error }: RichTextInputProps) {
  const { t } = useTranslation('help');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
    ],
    content: value,
    // Created after the component has mounted, never during render. A render-time editor is
    // destroyed by useEditor when its component has not mounted within 1 ms, and a render that
    // React time-slices (the one after this lazy chunk arrives, the first edit after a page load)
    // often takes longer: the effects then got a destroyed editor ("reading 'cached'" in getHTML).
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // a value loaded after the editor started (editing an existing post)
  useEffect(() => {
    if (editor && value && editor.getHTML() !== value && editor.isEmpty) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ htmlFor: id, onClick: () => editor?.commands.focus() }}
      error={error}
      errorProps={{ id: `${id}-error` }}
    >
      <RichTextEditor
        editor={editor}
        labels={{
          boldControlLabel: t('editor.bold'),
          italicControlLabel: t('editor.italic'),
          underlineControlLabel: t('editor.underline'),
          strikeControlLabel: t('editor.strike'),
          h2ControlLabel: t('editor.h2'),
          bulletListControlLabel: t('editor.bulletList'),
          orderedListControlLabel: t('editor.orderedList'),
          blockquoteControlLabel: t('editor.blockquote'),
          codeControlLabel: t('editor.code'),
          linkControlLabel: t('editor.link'),
          unlinkControlLabel: t('editor.unlink'),
          undoControlLabel: t('editor.undo'),
          redoControlLabel: t('editor.redo'),
          clearFormattingControlLabel: t('editor.clear'),
        }}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.Blockquote />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={200} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
