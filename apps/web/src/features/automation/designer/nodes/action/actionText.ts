/** The action drawer's labels (spec 001 §2.3; the action types' own are in actionTypes.tsx). */
export const FORM_ACTION_TEXT = { insert: '新增数据', update: '修改数据', delete: '删除数据' } as const;
export const CALCULATION_TEXT = { plus: '加', subtract: '减', multiply: '乘', divide: '除', equal: '等于' } as const;
