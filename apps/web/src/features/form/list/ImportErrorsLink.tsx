import { Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { errorFileUrl, importErrorsKey, loadImportErrors } from './api.ts';

/**
 * 下载错误数据 on the list page (issue 26): the rejected rows of the caller's recent imports stay
 * downloadable for as long as the server keeps the workbook, so a browser that blocked the
 * automatic download, or a dialog closed too soon, loses nothing.
 */
export function ImportErrorsLink({ formId }: { formId: number }) {
  const jobs = useQuery({ queryKey: importErrorsKey(formId), queryFn: ({ signal }) => loadImportErrors(formId, signal) });
  const list = jobs.data ?? [];
  if (list.length === 0) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: list.map((j) => ({
          key: j.code,
          label: (
            <a href={errorFileUrl(j.code)} download>
              {j.finishTime} 导入：{j.badRows} 条未导入
            </a>
          ),
        })),
      }}
    >
      <Button icon={<DownloadOutlined />} data-testid="import-errors">
        下载错误数据
      </Button>
    </Dropdown>
  );
}
