import { Col, Row } from 'antd';
import type { FormControl } from '@park/core';
import type { ControlWidget, DisplayProps, EditorProps } from '../types.ts';
import { fixedText, noText } from '../common/text.ts';
import { isObject, num, optionsOf, textOf } from '../common/values.ts';

/** text: fixed wording of the design, the same in every mode. */
function FixedText({ control }: { control: FormControl }) {
  return <div className="form-fixed-text">{fixedText(null, control)}</div>;
}

export function fixedTextWidget(): ControlWidget {
  return {
    frame: 'field',
    Editor: ({ control }: EditorProps) => <FixedText control={control} />,
    Display: ({ control }: DisplayProps) => <FixedText control={control} />,
    text: fixedText,
  };
}

/** blank: empty space that keeps a grid cell's place. */
function Blank() {
  return <div className="form-blank" aria-hidden="true" />;
}

export function blankWidget(): ControlWidget {
  return { frame: 'bare', Editor: Blank, Display: Blank, text: noText };
}

const JUSTIFY: Record<
  string,
  'start' | 'end' | 'center' | 'space-around' | 'space-between' | 'space-evenly'
> = {
  start: 'start',
  end: 'end',
  center: 'center',
  'space-around': 'space-around',
  'space-between': 'space-between',
  'space-evenly': 'space-evenly',
};
const ALIGN: Record<string, 'top' | 'middle' | 'bottom' | 'stretch'> = {
  top: 'top',
  middle: 'middle',
  bottom: 'bottom',
  stretch: 'stretch',
};

/** grid: rows and columns with span, gutter, justify and align; its columns hold controls. */
function Grid({ control, ctx }: EditorProps | DisplayProps) {
  const options = optionsOf(control);
  const columns = Array.isArray(control.columns) ? control.columns.filter(isObject) : [];
  return (
    <Row
      gutter={num(options.gutter) ?? 0}
      justify={JUSTIFY[textOf(options.justify)] ?? 'start'}
      align={ALIGN[textOf(options.align)] ?? 'top'}
      className="form-grid"
    >
      {columns.map((column, i) => (
        <Col key={i} span={Math.min(24, Math.max(1, num(column.span) ?? 12))}>
          {ctx.renderControls(Array.isArray(column.list) ? (column.list as FormControl[]) : [])}
        </Col>
      ))}
    </Row>
  );
}

export function gridWidget(): ControlWidget {
  return { frame: 'container', Editor: Grid, Display: Grid, text: noText };
}
