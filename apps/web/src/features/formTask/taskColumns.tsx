import { Tag } from 'antd';

/**
 * The columns the task lists (表单任务, 待办事项) share. A task's status is 0 while open and 1 when
 * done; each list names the two states its own way, and an unknown code is shown as it came.
 */
export function taskStatusColumn(open: string, done: string) {
  return {
    title: '状态',
    dataIndex: 'status',
    width: 110,
    render: (status: number | string) => {
      const code = Number(status);
      if (code === 0) return <Tag color="processing">{open}</Tag>;
      if (code === 1) return <Tag color="success">{done}</Tag>;
      return <Tag>{String(status)}</Tag>;
    },
  };
}

export const formNameColumn = {
  title: '表单',
  dataIndex: 'formName',
  width: 200,
  ellipsis: true,
  render: (v: string | null) => v || '-',
};
