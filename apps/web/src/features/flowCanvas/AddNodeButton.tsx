import { useState } from 'react';
import { Button, Popover } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useCanvas } from './canvasContext.ts';

/** The + on the line after a node: offers the registry's addable kinds (automation: 动作, 条件分支). */
export function AddNodeButton({ afterId }: { afterId: string }) {
  const canvas = useCanvas();
  const [open, setOpen] = useState(false);
  return (
    <div className="flow-add">
      {!canvas.readOnly && (
        <Popover
          open={open}
          onOpenChange={setOpen}
          trigger="click"
          placement="rightTop"
          content={
            <div className="flow-add-menu">
              {canvas.addable.map(({ type, kind }) => (
                <button
                  key={type}
                  type="button"
                  className="flow-add-entry"
                  onClick={() => {
                    setOpen(false);
                    canvas.add(afterId, type);
                  }}
                >
                  <span className="flow-add-icon" style={{ color: kind.color }}>
                    {kind.addEntry?.icon}
                  </span>
                  <span>{kind.addEntry?.label}</span>
                </button>
              ))}
            </div>
          }
        >
          <Button type="primary" shape="circle" size="small" icon={<PlusOutlined />} aria-label="添加节点" data-after={afterId} className="flow-add-btn" />
        </Popover>
      )}
    </div>
  );
}
