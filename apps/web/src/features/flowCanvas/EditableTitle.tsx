import { useState } from 'react';
import { Input } from 'antd';

/** A node's title: text until clicked, then an input; Enter or leaving the field keeps a non-empty name. */
export function EditableTitle({ value, readOnly, onChange }: { value: string; readOnly: boolean; onChange: (name: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  if (!editing || readOnly) {
    return (
      <span
        className="flow-node-title"
        title={readOnly ? value : '点击修改名称'}
        onClick={(e) => {
          if (readOnly) return;
          e.stopPropagation();
          setDraft(value);
          setEditing(true);
        }}
      >
        {value}
      </span>
    );
  }
  const commit = () => {
    const name = draft.trim();
    if (name && name !== value) onChange(name.slice(0, 50));
    setEditing(false);
  };
  return (
    <Input
      size="small"
      autoFocus
      className="flow-node-title-input"
      aria-label="节点名称"
      value={draft}
      maxLength={50}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setEditing(false);
      }}
    />
  );
}
