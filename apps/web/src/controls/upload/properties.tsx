import { traitsOf } from '@park/core';
import { Form, Input } from 'antd';
import { optionsOf, textOf, withOption } from '../common/properties/edit.ts';
import { OptionNumber } from '../common/properties/fields.tsx';
import type { PropertySection, SectionProps } from '../common/properties/types.ts';

/** The runtime uploads only to our own paths; anything else falls back to /api/file/upload. */
const ACTION = /^\/api\/[A-Za-z0-9/_-]+$/;

function UploadOptions(props: SectionProps) {
  const { control, onChange } = props;
  const action = textOf(optionsOf(control).action).trim();
  const image = traitsOf(control).upload === 'image';
  return (
    <>
      <OptionNumber {...props} name="length" label="最多文件数" min={1} max={100} precision={0} />
      <OptionNumber {...props} name="maxFileSize" label="单个文件大小上限(MB)" min={0.1} max={1024} step={1} />
      {image && <div className="props-note">图片只接受 jpg / png 格式</div>}
      <Form.Item
        label="上传地址"
        validateStatus={action !== '' && !ACTION.test(action) ? 'warning' : undefined}
        help={action !== '' && !ACTION.test(action) ? '只能是本系统的 /api/ 地址，否则使用 /api/file/upload' : undefined}
      >
        <Input aria-label="上传地址" value={action} placeholder="/api/file/upload" onChange={(e) => onChange(withOption(control, 'action', e.target.value))} />
      </Form.Item>
      {image && (
        <Form.Item label="预置图片" help="图片编号或本系统图片地址，多个用逗号分隔">
          <Input.TextArea
            aria-label="预置图片"
            rows={2}
            value={textOf(optionsOf(control).presetImgs)}
            onChange={(e) => onChange(withOption(control, 'presetImgs', e.target.value))}
          />
        </Form.Item>
      )}
    </>
  );
}

export const uploadSections: PropertySection[] = [{ key: 'upload', title: '上传设置', Body: UploadOptions }];
