import { appColLabel, appSlotText, decodeRecord, listColumnChoices, type AppSensorSettings, type AppSlot, type AppSlotEntry, type FormControl, type FormMeta } from '@park/core';
import { controlTextOf } from '../controls/texts.ts';
import { textOf } from '../controls/common/values.ts';

/** A list card's texts, slot by slot, as AppPreview lays them out (screens-round3 §2.6). */
export interface CardTexts {
  title: string;
  rightTop: string;
  cols: Array<{ label: string; text: string }>;
  leftBottom: string;
  rightBottom: string;
}

/**
 * Reads one listed row for its card: the row is decoded by core's codecs and each slot's value
 * turned into text by its control's mobile entry (a picker's label, a choice's option label, a
 * date in its format); system columns (创建时间, 编号) are shown as they come.
 */
export function cardReader(meta: FormMeta, settings: AppSensorSettings): (row: Record<string, unknown>) => CardTexts {
  const controls = new Map<string, FormControl>();
  for (const c of listColumnChoices(meta)) if (c.control) controls.set(c.key, c.control);
  const one = (slot: Exclude<AppSlot, 'cols'>) => settings.tableItem[slot][0];
  return (row) => {
    const values = decodeRecord(meta, row);
    const valueText = (entry: AppSlotEntry): string => {
      const control = controls.get(entry.key);
      const text = control ? controlTextOf(String(control.type)) : undefined;
      return control && text ? text(values[entry.key], control) : textOf(row[entry.key]);
    };
    const slotText = (entry: AppSlotEntry | undefined) => (entry ? appSlotText(entry, valueText(entry)) : '');
    return {
      title: slotText(one('title')),
      rightTop: slotText(one('rightTop')),
      cols: settings.tableItem.cols.map((e) => ({ label: appColLabel(e), text: appSlotText(e, valueText(e)) })),
      leftBottom: slotText(one('leftBottom')),
      rightBottom: slotText(one('rightBottom')),
    };
  };
}
