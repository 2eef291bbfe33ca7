export * from './types.ts';
export * from './messages.ts';
export type { ControlCodec, ControlDefinition, ControlFamily, ControlTraits, RowInput, UploadKind } from './controls/define.ts';
export { isRequired, requiredMessage } from './controls/define.ts';
export { allowedValues, holdsList } from './controls/choiceControls.ts';
export { dateEditorValue, readDateValue, valueFormatOf } from './controls/dateControls.ts';
export { SWITCH_OFF, SWITCH_ON } from './controls/switchControl.ts';
export { fileIdOf, uploadItems } from './controls/uploadControls.ts';
export { labelColumnOf, pickerKindOf, pickerLookupOf, readMultiPicker, readPicker, type PickerKind } from './controls/pickerControls.ts';
export * from './controls/sheet.ts';
export { escapeFormula, unescapeFormula } from './lib/formulaEscape.ts';
export {
  CITIES_WITHOUT_COUNTIES,
  gisColumnsOf,
  POSITION_SCOPE_MAX,
  POSITION_SCOPE_MIN,
  regionColumnsOf,
  regionLevelOf,
  REGION_LEVEL_NAMES,
  type RegionLevel,
} from './controls/placeControls.ts';
export { formatDateParts, PARK_UTC_OFFSET_MINUTES, STORED_FORMAT, type DateKind, type DateParts } from './lib/dateText.ts';
export { CONTROL_DEFINITIONS, CONTROL_TYPES, definitionOf, holdsColumns, isCalculated, isControlType, isSubTable, traitsOf, traitsOfType, type ControlType } from './registry.ts';
export type { PaletteEntry } from './controls/palette.ts';
export { gisText, multiPickerText, numberRangeText, pickerText, plainText, regionText, rowsText, signatureText, uploadText } from './valueText.ts';
export * from './walk.ts';
export * from './conditions.ts';
export * from './formula.ts';
export * from './record.ts';
export * from './designValidation.ts';
export * from './chosenRecordChecks.ts';
export * from './demoForms.ts';
export * from './patterns.ts';
