/** Adding or editing one entry of a dictionary type's tree, under a parent or at the top. */
import { Form, Input, InputNumber } from 'antd';
import { DIC_CODE_MESSAGE, DIC_CODE_PATTERN, type DicCatalog, type DicType } from '@park/core';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { addDicCatalog, keys, updateDicCatalog } from '../api.ts';

export interface EntryForm {
  code: string;
  name: string;
  orderIndex: number | null;
}

export type EntryEditing = { mode: 'add'; parent: DicCatalog | null } | { mode: 'edit'; entry: DicCatalog } | null;

export function EntryDialog({
  type,
  editing,
  onClose,
  onAdded,
}: {
  type: DicType;
  editing: Exclude<EntryEditing, null>;
  onClose: () => void;
  onAdded: (parentId: number | null) => void;
}) {
  const isEdit = editing.mode === 'edit';
  const dialog = useEditDialog({
    save: async (v: EntryForm) => {
      if (editing.mode === 'edit') {
        await updateDicCatalog({ id: editing.entry.id, name: v.name.trim(), orderIndex: v.orderIndex ?? undefined });
      } else {
        await addDicCatalog({
          typeId: type.id,
          parentId: editing.parent?.id ?? null,
          code: v.code.trim(),
          name: v.name.trim(),
          orderIndex: v.orderIndex ?? undefined,
        });
      }
    },
    onClose,
    // A new entry's parent opens, so the entry is seen.
    afterClose: () => {
      if (editing.mode === 'add') onAdded(editing.parent?.id ?? null);
    },
    refresh: [keys.dicCatalog],
  });
  const title = isEdit ? '编辑字典项' : editing.parent ? `新增下级字典项（上级：${editing.parent.name}）` : '新增字典项';
  return (
    <EditModal<EntryForm>
      title={title}
      {...dialog}
      name="dicEntry"
      layout="vertical"
      initialValues={editing.mode === 'edit' ? { code: editing.entry.code, name: editing.entry.name, orderIndex: editing.entry.orderIndex } : {}}
    >
      <Form.Item
        label="编码"
        name="code"
        extra={isEdit ? '记录中保存的是编码，创建后不能修改' : '同一类型内唯一'}
        rules={isEdit ? [] : [{ required: true, whitespace: true, message: '请输入编码' }, { pattern: DIC_CODE_PATTERN, message: DIC_CODE_MESSAGE }]}
      >
        <Input disabled={isEdit} maxLength={64} />
      </Form.Item>
      <Form.Item label="名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="排序" name="orderIndex">
        <InputNumber min={0} max={100000} precision={0} />
      </Form.Item>
    </EditModal>
  );
}
