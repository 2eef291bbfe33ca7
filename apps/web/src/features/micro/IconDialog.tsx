import { useMemo, useState } from 'react';
import { Input, Modal } from 'antd';
import { MICRO_ICON_COLORS } from '@park/core';
import { KH_ICONS } from '../../lib/khIcons.ts';
import { renderMenuIcon } from '../../lib/menuIconSet.tsx';
import { AppIcon } from './parts.tsx';

/** 图标设置: a font icon of the menu icon set and one of the five colours. */
export function IconDialog({ iconName, color, onOk, onClose }: { iconName: string | null; color: string | null; onOk: (iconName: string, color: string) => void; onClose: () => void }) {
  const [name, setName] = useState(iconName ?? 'cheliangguanli');
  const [bg, setBg] = useState<string>(color ?? MICRO_ICON_COLORS[0]);
  const [search, setSearch] = useState('');
  const icons = useMemo(() => KH_ICONS.filter(([cls, label]) => !search || label.includes(search) || cls.includes(search)).slice(0, 200), [search]);
  return (
    <Modal open title="图标设置" width={720} okText="确定" cancelText="取消" onOk={() => onOk(name, bg)} onCancel={onClose} destroyOnHidden>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 12 }}>
        <AppIcon iconName={name} color={bg} size={56} />
        <Input.Search placeholder="输入图标名称搜索" allowClear onSearch={setSearch} onChange={(e) => setSearch(e.target.value)} style={{ maxWidth: 280 }} />
      </div>
      <div className="micro-colors" role="group" aria-label="图标颜色">
        {MICRO_ICON_COLORS.map((c) => (
          <button key={c} type="button" className="micro-color" style={{ background: c }} aria-label={`颜色 ${c}`} aria-pressed={bg === c} onClick={() => setBg(c)} />
        ))}
      </div>
      <div className="micro-icon-grid" role="group" aria-label="图标">
        {icons.map(([cls, label]) => (
          <button key={cls} type="button" className="micro-icon-cell" aria-pressed={name === cls} title={label} onClick={() => setName(cls)}>
            <span style={{ fontSize: 22, color: name === cls ? bg : '#555' }} aria-hidden="true">
              {renderMenuIcon(cls)}
            </span>
            <span className="name">{label}</span>
          </button>
        ))}
      </div>
    </Modal>
  );
}
