import { useEffect } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space } from 'antd';

/*
 * The notice's rich text (issue 38): tiptap with the starter kit, as a form control (value/onChange
 * of HTML). The server sanitises what it receives; this editor only writes starter-kit markup.
 */
export function RichTextEditor({ value, onChange }: { value?: string; onChange?: (html: string) => void }) {
  const editor = useEditor({
    extensions: [StarterKit],
    content: value ?? '',
    onUpdate: ({ editor: e }) => onChange?.(e.getHTML()),
    editorProps: { attributes: { 'aria-label': '公告内容', style: 'min-height:200px;padding:8px 11px;outline:none' } },
  });
  // A dialog opened on another notice replaces the content.
  useEffect(() => {
    if (editor && value !== undefined && value !== editor.getHTML()) editor.commands.setContent(value);
  }, [editor, value]);
  const mark = (label: string, run: () => void, active: boolean) => (
    <Button size="small" type={active ? 'primary' : 'default'} onMouseDown={(e) => e.preventDefault()} onClick={run}>
      {label}
    </Button>
  );
  if (!editor) return null;
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space size={4} wrap style={{ padding: 6, borderBottom: '1px solid #f0f0f0' }}>
        {mark('加粗', () => editor.chain().focus().toggleBold().run(), editor.isActive('bold'))}
        {mark('斜体', () => editor.chain().focus().toggleItalic().run(), editor.isActive('italic'))}
        {mark('标题', () => editor.chain().focus().toggleHeading({ level: 2 }).run(), editor.isActive('heading', { level: 2 }))}
        {mark('无序列表', () => editor.chain().focus().toggleBulletList().run(), editor.isActive('bulletList'))}
        {mark('有序列表', () => editor.chain().focus().toggleOrderedList().run(), editor.isActive('orderedList'))}
        {mark('引用', () => editor.chain().focus().toggleBlockquote().run(), editor.isActive('blockquote'))}
      </Space>
      <EditorContent editor={editor} />
    </div>
  );
}
