import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import TitleIcon from '@mui/icons-material/Title';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ReactNode } from 'react';

interface ToolProps {
  readonly editor: Editor;
  readonly title: string;
  readonly active: boolean;
  readonly onClick: () => void;
  readonly children: ReactNode;
}

// A press keeps the focus in the text: TipTap gives it back only on the next frame, so a key typed
// right after a click would otherwise press the button again (Enter toggled bold back on).
const Tool = ({ title, active, onClick, children }: ToolProps) => (
  <Tooltip title={title}>
    <IconButton
      size="small"
      aria-label={title}
      aria-pressed={active}
      color={active ? 'primary' : 'default'}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </IconButton>
  </Tooltip>
);

export interface RichTextEditorProps {
  readonly value: string;
  readonly onChange: (html: string) => void;
  readonly label: string;
}

/**
 * The version history's rich-text editor: TipTap's StarterKit (paragraphs, headings, lists, bold,
 * italic, underline, links). It emits HTML; the server keeps only these tags (sanitize-html).
 */
export const RichTextEditor = ({ value, onChange, label }: RichTextEditorProps) => {
  const editor = useEditor({
    extensions: [StarterKit],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      heading: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
    }),
  });
  if (!editor || !state) return null;
  const chain = () => editor.chain().focus();
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Stack direction="row" spacing={0.5} sx={{ borderBottom: 1, borderColor: 'divider', p: 0.5 }}>
        <Tool editor={editor} title="Жирный" active={state.bold} onClick={() => chain().toggleBold().run()}>
          <FormatBoldIcon fontSize="small" />
        </Tool>
        <Tool editor={editor} title="Курсив" active={state.italic} onClick={() => chain().toggleItalic().run()}>
          <FormatItalicIcon fontSize="small" />
        </Tool>
        <Tool editor={editor} title="Подчеркнутый" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
          <FormatUnderlinedIcon fontSize="small" />
        </Tool>
        <Tool editor={editor} title="Заголовок" active={state.heading} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          <TitleIcon fontSize="small" />
        </Tool>
        <Tool editor={editor} title="Маркированный список" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
          <FormatListBulletedIcon fontSize="small" />
        </Tool>
        <Tool editor={editor} title="Нумерованный список" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
          <FormatListNumberedIcon fontSize="small" />
        </Tool>
      </Stack>
      <Box sx={{ px: 1.5, minHeight: 160, '& .tiptap': { outline: 'none', minHeight: 150 } }}>
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
};
