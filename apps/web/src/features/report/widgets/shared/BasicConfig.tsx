import type { ReactNode } from 'react';
import { Form } from 'antd';
import type { WidgetConfigProps } from '../types.ts';
import { FrameStyle } from './config/StylePanel.tsx';

/** The config panel of widgets without data: their own fields, then the frame's style. */
export function BasicConfig({ widget, onChange, children }: Pick<WidgetConfigProps, 'widget' | 'onChange'> & { children?: ReactNode }) {
  return (
    <Form layout="vertical" size="small">
      {children}
      <FrameStyle widget={widget} onChange={onChange} />
    </Form>
  );
}
