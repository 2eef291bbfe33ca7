import type { ControlType } from '@park/core';
import type { ControlText } from '../types.ts';
import { choiceText, switchText } from './options.ts';

/** A choice's card text: the labels of the design's options (a remote list's labels need its call; the card shows the design's). */
export const CHOICE_TEXTS = {
  radio: choiceText,
  checkbox: choiceText,
  select: choiceText,
  multiple_select: choiceText,
  cascade: choiceText,
  switch: switchText,
} satisfies Partial<Record<ControlType, ControlText>>;
