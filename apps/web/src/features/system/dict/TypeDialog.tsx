/** 新增/编辑字典类型: code, name and remark. */
import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { ADMIN_TEXT, DIC_TYPE_CODE_MESSAGE, DIC_TYPE_CODE_PATTERN, type DicType } from '@park/core';
import { EditModal, useEditDialog } from '../../../lib/EditModal.tsx';
import { addDicType, checkDicType, keys, updateDicType } from '../api.ts';
import { uniqueNameValidator } from '../common.tsx';

export interface TypeForm {
  typeCode: string;
  typeName: string;
  remark: string;
}

export function TypeDialog({ type, onClose }: { type: DicType | null; onClose: () => void }) {
  const uniqueCode = useMemo(() => uniqueNameValidator((code) => checkDicType(code), ADMIN_TEXT.dicTypeTaken), []);
  const dialog = useEditDialog({
    save: async (v: TypeForm) => {
      if (type) await updateDicType({ id: type.id, typeName: v.typeName.trim(), remark: v.remark?.trim() || null });
      else await addDicType({ typeCode: v.typeCode.trim(), typeName: v.typeName.trim(), remark: v.remark?.trim() || null });
    },
    onClose,
    refresh: [keys.dicTypes],
  });
  return (
    <EditModal<TypeForm>
      title={type ? '编辑字典类型' : '新增字典类型'}
      {...dialog}
      name="dicType"
      layout="vertical"
      initialValues={type ? { typeCode: type.typeCode, typeName: type.typeName, remark: type.remark ?? '' } : {}}
    >
      <Form.Item
        label="类型编码"
        name="typeCode"
        hasFeedback={!type}
        validateDebounce={0}
        extra={type ? '表单按编码引用字典，创建后不能修改' : '以字母开头，如 hazard_class'}
        rules={
          type
            ? []
            : [
                { required: true, whitespace: true, message: '请输入类型编码' },
                { pattern: DIC_TYPE_CODE_PATTERN, message: DIC_TYPE_CODE_MESSAGE },
                { validator: uniqueCode },
              ]
        }
      >
        <Input disabled={Boolean(type)} maxLength={64} autoComplete="off" />
      </Form.Item>
      <Form.Item label="类型名称" name="typeName" rules={[{ required: true, whitespace: true, message: '请输入类型名称' }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item label="备注" name="remark">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </EditModal>
  );
}
