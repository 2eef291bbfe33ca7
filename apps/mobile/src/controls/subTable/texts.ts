import { rowsText, type ControlType } from '@park/core';
import type { ControlText } from '../types.ts';

export const SUB_TABLE_TEXTS = {
  table: rowsText,
  flow_table: rowsText,
} satisfies Partial<Record<ControlType, ControlText>>;
