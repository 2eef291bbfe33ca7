import { NavBar, Result } from 'antd-mobile';
import { useNavigate, useParams } from 'react-router';

/**
 * The form pages of the mobile client: the list from a form's appSensorSettings, add, view and edit.
 * PLACEHOLDERS: the form engineer (mform, issue 37) replaces this file. The router imports these
 * three names only.
 */
function Placeholder({ title }: { title: string }) {
  const navigate = useNavigate();
  const { formId, id } = useParams();
  return (
    <div className="m-page">
      <NavBar onBack={() => void navigate(-1)}>{title}</NavBar>
      <Result status="info" title={title} description={`表单 ${formId ?? ''}${id ? ` · 记录 ${id}` : ''}：移动端表单页面建设中`} />
    </div>
  );
}

export function FormListPage() {
  return <Placeholder title="表单列表" />;
}

export function FormAddPage() {
  return <Placeholder title="新增记录" />;
}

export function FormRecordPage() {
  return <Placeholder title="记录详情" />;
}
