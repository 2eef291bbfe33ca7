import { useState } from 'react';
import { App, Button, DatePicker, Input, InputNumber, Popconfirm, Radio, Space, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { get, postJson } from '../../lib/http.ts';
import { ListPage } from '../../lib/ListPage.tsx';

interface Day {
  day: string;
  workday: boolean;
  name: string;
}

/** 系统管理 › 节假日: holidays and weekend working days that approval time limits count by. */
export function HolidayPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [year, setYear] = useState(new Date().getFullYear());
  const [day, setDay] = useState<Dayjs | null>(null);
  const [workday, setWorkday] = useState(false);
  const [name, setName] = useState('');
  const list = useQuery({ queryKey: ['holiday', year], queryFn: ({ signal }) => get<{ list: Day[] }>('/api/system/holiday/query', { year }, { signal }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['holiday'] });
  const save = useMutation({
    mutationFn: () => postJson('/api/system/holiday/save', { day: day!.format('YYYY-MM-DD'), workday, name }),
    onSuccess: async () => {
      void message.success('保存成功');
      setDay(null);
      setName('');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (d: string) => get('/api/system/holiday/delete', { day: d }),
    onSuccess: async () => {
      void message.success('删除成功');
      await refresh();
    },
  });
  return (
    <ListPage title="节假日" extra={<Space>年份<InputNumber aria-label="年份" min={2000} max={2100} value={year} onChange={(v) => setYear(Number(v ?? year))} /></Space>}>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker aria-label="日期" value={day} onChange={setDay} />
        <Radio.Group value={workday} onChange={(e) => setWorkday(e.target.value as boolean)}>
          <Radio value={false}>休息日</Radio>
          <Radio value={true}>调休上班</Radio>
        </Radio.Group>
        <Input aria-label="名称" placeholder="名称，如 国庆节" value={name} maxLength={50} onChange={(e) => setName(e.target.value)} style={{ width: 200 }} />
        <Button type="primary" disabled={!day} loading={save.isPending} onClick={() => save.mutate()}>
          保存
        </Button>
      </Space>
      <Table<Day>
        rowKey="day"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={false}
        columns={[
          { title: '日期', dataIndex: 'day', width: 160 },
          { title: '类型', dataIndex: 'workday', width: 120, render: (v: boolean) => (v ? <Tag color="blue">调休上班</Tag> : <Tag color="red">休息日</Tag>) },
          { title: '名称', dataIndex: 'name' },
          {
            title: '操作',
            key: 'op',
            width: 100,
            render: (_v, r) => (
              <Popconfirm title="确认删除该记录吗?" okText="确定" cancelText="取消" onConfirm={() => remove.mutate(r.day)}>
                <Button type="link" danger size="small">删除</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </ListPage>
  );
}
