import { useState } from 'react';
import { Button, Input, Result, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { formIdFromPath } from '@park/core';
import { FormDialog } from '../../form/FormDialog.tsx';

const RECORD_ID = /^[1-9]\d{0,17}$/;

/**
 * Menu component `FormCustom`, `/form/list/N`. The form id is the last path segment; without a
 * valid one the page stops here (spec 002 §2). The list itself comes with issue 8; until then
 * the page offers the form runtime's entries: 新增, and 编辑 / 查看 of a record by its id.
 */
export function FormListPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const parsed = formIdFromPath(pathname);
  const [dialog, setDialog] = useState<{ businessId: string | null } | null>(null);
  const [recordId, setRecordId] = useState('');
  if (!parsed.ok) {
    return (
      <div className="result-page">
        <Result status="error" title={parsed.message} />
      </div>
    );
  }
  const valid = RECORD_ID.test(recordId.trim());
  return (
    <div className="result-page">
      <Result
        status="info"
        title={`表单 ${parsed.formId} 的列表页将在表单模块中提供`}
        extra={
          <Space orientation="vertical" size={16} align="center">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ businessId: null })}>
              新增
            </Button>
            <Space.Compact>
              <Input
                aria-label="记录ID"
                placeholder="记录ID"
                value={recordId}
                onChange={(e) => setRecordId(e.target.value)}
                style={{ width: 140 }}
              />
              <Button disabled={!valid} onClick={() => setDialog({ businessId: recordId.trim() })}>
                编辑
              </Button>
              <Button
                disabled={!valid}
                onClick={() => void navigate(`/form/detail/${parsed.formId}/${recordId.trim()}`)}
              >
                查看
              </Button>
            </Space.Compact>
          </Space>
        }
      />
      <FormDialog
        formId={parsed.formId}
        businessId={dialog?.businessId}
        open={dialog !== null}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
