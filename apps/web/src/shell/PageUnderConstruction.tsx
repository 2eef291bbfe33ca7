import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';

/** A menu whose component has no page in the registry yet. */
export function PageUnderConstruction({ name }: { name?: string }) {
  return (
    <div className="result-page">
      <Result
        icon={<ToolOutlined style={{ color: 'var(--park-primary)' }} />}
        title="页面建设中"
        subTitle={name ? `「${name}」页面正在建设中，敬请期待` : '该页面正在建设中，敬请期待'}
      />
    </div>
  );
}
