import { useEffect, useState } from 'react';
import { Button, Card, Empty, Space, Spin, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CHECKPOINT_SHEET_URL, loadCheckpointCodes, type CheckpointCode } from './api.ts';

/*
 * 专项服务 › 巡检点二维码 (issue 41): each checkpoint's code, the one 巡检记录's 二维码设置 holds for
 * it — scanned on the phone it opens that checkpoint's record with the checkpoint preset — drawn
 * here for whoever hangs them up, and the A4 sheet of all of them to print.
 */

async function pngOf(address: string): Promise<string> {
  const qr = await import('qrcode');
  return qr.toDataURL(address, { width: 320, margin: 2, errorCorrectionLevel: 'M' });
}

function CodeCard({ code }: { code: CheckpointCode }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void pngOf(`${window.location.origin}${code.url}`).then((u) => live && setSrc(u));
    return () => {
      live = false;
    };
  }, [code.url]);
  return (
    <Card size="small" style={{ width: 220, textAlign: 'center' }} data-testid="checkpoint-code">
      {src ? <img src={src} width={180} height={180} alt={`${code.name}二维码`} /> : <Spin />}
      <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
        {code.name}
      </Typography.Text>
      {src && (
        <Button size="small" type="link" href={src} download={`${code.name}.png`}>
          下载二维码
        </Button>
      )}
    </Card>
  );
}

export function InspectionCodesPage() {
  const codes = useQuery({ queryKey: ['inspection-checkpoint-codes'], queryFn: loadCheckpointCodes });
  if (codes.isLoading) return <Spin />;
  if (codes.isError) return <Empty description="二维码加载失败" />;
  const list = codes.data?.codes ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', padding: 16 }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          巡检点二维码
        </Typography.Title>
        <Button icon={<FilePdfOutlined />} href={CHECKPOINT_SHEET_URL} download disabled={list.length === 0}>
          打印全部（PDF）
        </Button>
      </Space>
      <Typography.Text type="secondary">巡检员用手机扫描巡检点的二维码即可填写该点的巡检记录；新增巡检点后，在「巡检记录」的二维码设置中为它新增一个填报二维码并预置巡检点编号。</Typography.Text>
      {list.length === 0 ? (
        <Empty description="还没有巡检点二维码" />
      ) : (
        <Space wrap size="middle">
          {list.map((c) => (
            <CodeCard key={c.url} code={c} />
          ))}
        </Space>
      )}
    </Space>
  );
}
