/**
 * Every user-facing text of the form runtime in one place, so browser and server show the
 * same words. Texts marked "original" are the Chinese of the platform this one continues
 * (the spec gives them in English); the rest are ours.
 */

/** Original: rejection when any field fails (spec 000 §5 "form data validation failed"). */
export const FORM_VALIDATION_FAILED = '表单数据校验失败';

/** Ours, used when a required flag has no message of its own. */
export const requiredInput = (name: string) => `请输入${name}`;
export const requiredChoice = (name: string) => `请选择${name}`;
export const requiredUpload = (name: string) => `请上传${name}`;

/** Original: the designer's default message of a pattern rule. */
export const patternMismatch = (name: string) => `${name}格式不匹配`;

/** Original (spec 000 §5 "please enter a number between {min} and {max}"). */
export const numberRange = (min: string | number, max: string | number) => `请输入${min}到${max}之间的数字`;

export const notNumber = (name: string) => `${name}必须是数字`;
export const notInteger = (name: string) => `${name}必须是整数`;
export const integerOverflow = (name: string) => `${name}超出整数范围`;
export const badShape = (name: string) => `${name}的数据格式不正确`;
export const invalidDate = (name: string) => `${name}不是有效的日期`;
export const invalidTime = (name: string) => `${name}不是有效的时间`;
export const invalidOption = (name: string) => `${name}的选项无效`;
export const invalidRegion = (name: string) => `${name}的行政区划代码不正确`;
export const regionTooShallow = (name: string, level: string) => `${name}请选择到${level}`;
export const invalidLocation = (name: string) => `${name}的经纬度不正确`;
export const notCurrentUser = (name: string) => `${name}必须是当前用户`;
export const notOwnCompany = (name: string) => `${name}只能选择本企业`;
export const tooManyFiles = (name: string, limit: number) => `${name}最多上传${limit}个文件`;
export const unknownFile = (name: string) => `${name}中的文件不存在`;
export const subTableRow = (tableName: string, row: number, message: string) => `${tableName}第${row}行：${message}`;

/** Original (spec 000 §5 "the associated data selected must not exceed one"). */
export const PICKER_SINGLE_ONLY = '选择关联的数据不允许超过一条';
/** Original (spec 000 §5 "only jpg/png files can be uploaded"). */
export const IMAGE_TYPE_ONLY = '只能上传jpg/png文件';
/** Original (spec 000 §5 "upload file size cannot exceed {n}M"). */
export const fileTooLarge = (maxMb: string | number) => `上传文件大小不能超过 ${maxMb}M`;
/** Original: the upload widget's warning when a choice goes over options.length (spec 000 §5). */
export const uploadExceed = (limit: number, chosenNow: number, alreadyChosen: number) =>
  `当前限制选择 ${limit}个文件，本次选择了 ${chosenNow} 个文件，共选择了 ${chosenNow + alreadyChosen} 个文件`;
/** Original: file actions with nothing uploaded (spec 000 §5). */
export const FILE_REMOVE_NONE = '请选择移除的文件';
export const FILE_DOWNLOAD_NONE = '下载失败,未上传任何文件';
export const FILE_PREVIEW_NONE = '预览失败,未上传任何文件';
export const FILE_EDIT_NONE = '编辑失败,未上传任何文件';
/** Original: picker configuration warnings (spec 000 §5). */
export const PICKER_URL_EMPTY = '接口地址为空';
export const PICKER_NO_CONFIG = '未选择任何的数据配置项';

// ---- design validation (saveformdesign) ----------------------------------------------------

const control = (name: string) => `控件“${name}”`;
const subTable = (name: string) => `子表单“${name}”`;

export const FORM_META_MALFORMED = '表单设计格式不正确';
export const design = {
  unknownType: (name: string, type: string) => `${control(name)}的类型 ${type} 不受支持`,
  missingModel: (name: string) => `${control(name)}缺少字段名`,
  invalidColumn: (name: string, column: string) => `${control(name)}的字段名 ${column} 不合法`,
  reservedColumn: (name: string, column: string) => `${control(name)}的字段名 ${column} 是系统保留字段`,
  sqlKeyword: (name: string, column: string) => `${control(name)}的字段名 ${column} 是SQL关键字`,
  sqlKeywordSubKey: (name: string, subKey: string) => `${subTable(name)}的子表标识 ${subKey} 是SQL关键字`,
  duplicateColumn: (name: string, column: string, other: string) =>
    `${control(name)}的字段名 ${column} 与${control(other)}重复`,
  duplicateKey: (name: string, key: string) => `${control(name)}的标识 ${key} 重复`,
  missingSubKey: (name: string) => `${subTable(name)}缺少子表标识`,
  invalidSubKey: (name: string, subKey: string) => `${subTable(name)}的子表标识 ${subKey} 不合法`,
  duplicateSubKey: (name: string, subKey: string) => `${subTable(name)}的子表标识 ${subKey} 重复`,
  nestedSubTable: (name: string) => `${subTable(name)}中不能再包含子表单`,
  invalidPattern: (name: string, pattern: string) => `${control(name)}的正则表达式 ${pattern} 不合法`,
  unknownRelated: (name: string, key: string) => `${control(name)}关联的控件 ${key} 不存在`,
  relatedCycle: (name: string) => `${control(name)}的关联控制存在循环`,
  commaInOption: (name: string, value: string) => `${control(name)}的选项值 ${value} 不能包含逗号`,
  /** Original text of the formula designer, prefixed with the control. */
  formulaSyntax: (name: string) => `${control(name)}：编辑的公式不符合计算法则，无法计算`,
  /** Original text of the formula designer, prefixed with the control. */
  formulaDateShape: (name: string) => `${control(name)}：时间类型只能两控件相减,请重新编辑`,
  formulaType: (name: string, type: string) => `${control(name)}的计算类型 ${type} 不受支持`,
  formulaUnknownField: (name: string, model: string) => `${control(name)}的计算公式引用的字段 ${model} 不存在`,
  formulaFieldType: (name: string, model: string) => `${control(name)}的计算公式引用的字段 ${model} 类型不匹配`,
};
