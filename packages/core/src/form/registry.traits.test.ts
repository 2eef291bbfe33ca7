/**
 * The traits other code reads instead of testing a type's name (issue 45 item 5): which types
 * have each one. Each list is what the `.type === '…'` tests it replaced named.
 */
import { describe, expect, it } from 'vitest';
import { CONTROL_DEFINITIONS, CONTROL_TYPES, holdsColumns, isCalculated, isSubTable, traitsOf, traitsOfType } from './registry.ts';
import type { ControlTraits } from './controls/define.ts';

const having = (pick: (t: ControlTraits) => unknown) =>
  CONTROL_TYPES.filter((type) => pick(CONTROL_DEFINITIONS[type].traits)).sort();

describe('control traits', () => {
  it('names the types that differ from a plain control', () => {
    expect(having((t) => t.holdsColumns)).toEqual(['grid']);
    expect(having((t) => t.optionRelations)).toEqual(['radio', 'select']);
    expect(having((t) => t.optionPath)).toEqual(['cascade']);
    expect(having((t) => t.upload === 'file')).toEqual(['file_upload']);
    expect(having((t) => t.upload === 'image')).toEqual(['image_upload']);
    expect(having((t) => t.upload === 'signature')).toEqual(['signature']);
    expect(having((t) => !t.imported)).toEqual(['current_user']);
    expect(having((t) => t.ownCompany)).toEqual(['company_select']);
    expect(having((t) => t.indexedDate)).toEqual(['date', 'datetime']);
    expect(having((t) => t.calendarDate)).toEqual(['date', 'datetime', 'year', 'year_month']);
    expect(having((t) => t.partColumns)).toEqual(['gis_select', 'region_select']);
    // The sets of names that stood outside the registry (action.ts, designerFields.ts, recipientTypes.tsx, listPage/settings.ts, formula.ts).
    expect(having((t) => t.numberEntry)).toEqual(['input_int', 'input_long', 'input_number', 'number']);
    expect(having((t) => !t.flowComparable)).toEqual(['m_data_ref', 'signature']);
    expect(having((t) => !t.recipientCondition)).toEqual(
      ['data_select', 'file_upload', 'gis_select', 'grid', 'image_upload', 'm_company_select', 'm_data_ref', 'm_data_select', 'm_dic_select', 'm_org_select', 'm_role_select', 'm_user_select', 'region_select', 'signature', 'table'],
    );
    expect(having((t) => t.dateKind)).toEqual(['date', 'datetime', 'month', 'time', 'year', 'year_month']);
    expect(having((t) => t.names === 'user')).toEqual(['current_user', 'm_user_select', 'user_select']);
    expect(having((t) => t.names === 'org')).toEqual(['m_org_select', 'org_select']);
    expect(having((t) => t.formSource === 'dsConf')).toEqual(['m_data_ref', 'table']);
    expect(having((t) => t.formSource === 'mapsSource')).toEqual(['data_select', 'm_data_select']);
    expect(having((t) => t.dictionary)).toEqual(['dic_select', 'm_dic_select']);
  });

  it('gives each date control its own kind', () => {
    for (const type of CONTROL_TYPES) {
      const kind = CONTROL_DEFINITIONS[type].traits.dateKind;
      expect(kind === null ? CONTROL_DEFINITIONS[type].family !== 'date' : kind === type, type).toBe(true);
    }
  });

  it('gives every upload its kind and only uploads one', () => {
    for (const type of CONTROL_TYPES) {
      expect(CONTROL_DEFINITIONS[type].traits.upload !== null, type).toBe(CONTROL_DEFINITIONS[type].family === 'upload');
    }
  });

  it('reads the traits of a control, and none of an unknown type', () => {
    expect(holdsColumns({ type: 'grid', options: {} })).toBe(true);
    expect(isCalculated({ type: 'calculate_formula', options: {} })).toBe(true);
    expect(isSubTable({ type: 'flow_table', options: {} })).toBe(true);
    expect(isSubTable({ type: 'grid', options: {} })).toBe(false);
    expect(traitsOf({ type: 'no_such_type', options: {} })).toMatchObject({ holdsColumns: false, upload: null, imported: true });
    expect(traitsOfType('input_int').numberEntry).toBe(true);
    expect(traitsOfType(undefined)).toMatchObject({ numberEntry: false, flowComparable: true, recipientCondition: true, dateKind: null, names: null });
  });
});
