import type { ControlType } from '@park/core';
import type { ControlText } from '../types.ts';

/** A sub-table in a card: how many rows it holds. */
const rowsText = (value: unknown) => (Array.isArray(value) && value.length > 0 ? `${value.length}条` : '');

export const SUB_TABLE_TEXTS = {
  table: rowsText,
  flow_table: rowsText,
} satisfies Partial<Record<ControlType, ControlText>>;
