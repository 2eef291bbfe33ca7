/**
 * Field conditions on a form's record (spec 001 §2.5, §3.5, §3.6): condition groups joined by
 * 且/或, each with field rows and nested field groups. Shared by the automation's condition
 * branches and filters and the approval designer's condition branches.
 */
export { FieldCondEditor } from './FieldCondEditor.tsx';
export { FieldSelect } from './FieldSelect.tsx';
export { MatchTypeSelect } from './MatchTypeSelect.tsx';
export { conditionCounts } from './conditionCounts.ts';
