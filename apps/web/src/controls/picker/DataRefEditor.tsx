import { useState } from 'react';
import { App } from 'antd';
import { PICKER_NO_CONFIG, readMultiPicker, type DsConf } from '@park/core';
import type { ControlWidget, EditorProps } from '../types.ts';
import { FormDataChooser, dsColumns } from './FormDataChooser.tsx';
import { MultiPickerBox } from './MultiPickerBox.tsx';
import { multiPickerText } from '../common/text.ts';
import { makeTextDisplay } from '../common/TextDisplay.tsx';
import { isObject, modelOf, nameOf, optionsOf, textOf } from '../common/values.ts';

/** m_data_ref: records of another form chosen through the form-data chooser, kept as [{k, v}]. */
function DataRefEditor({ control, value, onChange, onBlur, disabled, id, compact, ctx }: EditorProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const dsConf = (isObject(optionsOf(control).dsConf) ? optionsOf(control).dsConf : undefined) as
    DsConf | undefined;
  const items = readMultiPicker(value) ?? [];
  const labelKey = textOf(dsConf?.key) || dsColumns(dsConf)[0]?.key || 'id';
  const show = () => {
    if (textOf(dsConf?.formId) === '') {
      void message.warning(PICKER_NO_CONFIG);
      return;
    }
    setOpen(true);
  };
  return (
    <>
      <MultiPickerBox control={control} items={items} onChange={onChange} show={show} disabled={disabled} id={id} compact={compact} />
      {open && (
        <FormDataChooser
          open
          title={`选择${nameOf(control)}`}
          dsConf={dsConf}
          formId={ctx.formId}
          controlKey={textOf(control.key) || modelOf(control)}
          keyType={0}
          onCancel={() => setOpen(false)}
          onOk={(rows) => {
            const next = new Map(items.map((i) => [i.k, i]));
            for (const row of rows) next.set(textOf(row.id), { k: textOf(row.id), v: textOf(row[labelKey]) });
            onChange([...next.values()]);
            onBlur?.();
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

export function dataRefWidget(): ControlWidget {
  const text = (value: unknown) => multiPickerText(value);
  return { frame: 'field', Editor: DataRefEditor, Display: makeTextDisplay(text), text };
}
