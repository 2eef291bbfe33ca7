/*
 * Dictionaries every park needs from the first start (issue 4): the pickers, enterprise
 * registration and the park's own forms read them by type code. Administrators may edit them in
 * 数据字典; the seed step runs once, so their edits are kept.
 */

/** [code, name, children] */
export type DicEntrySeed = readonly [code: string, name: string, children?: readonly DicEntrySeed[]];

export interface DicTypeSeed {
  typeCode: string;
  typeName: string;
  remark: string;
  entries: readonly DicEntrySeed[];
}

/** Type codes the server itself relies on. */
export const DIC = {
  sex: 'sex',
  economicType: 'economic_type',
  /** 监管类型: the industry tree of enterprise registration (`/apc/company/getIndustryDic`). */
  supervisionType: 'supervision_type',
  industryCategory: 'industry_category',
  chemicalCategory: 'chemical_category',
  riskLevel: 'risk_level',
} as const;

export const DICTIONARIES: readonly DicTypeSeed[] = [
  {
    typeCode: DIC.sex,
    typeName: '性别',
    remark: '0 男，1 女',
    entries: [
      ['0', '男'],
      ['1', '女'],
    ],
  },
  {
    typeCode: DIC.economicType,
    typeName: '经济类型',
    remark: '企业登记注册类型（参照 GB/T 12402）',
    entries: [
      ['110', '国有企业'],
      ['120', '集体企业'],
      ['130', '股份合作企业'],
      ['140', '联营企业'],
      ['150', '有限责任公司'],
      ['160', '股份有限公司'],
      ['170', '私营企业'],
      ['190', '其他内资企业'],
      ['200', '港澳台投资企业'],
      ['300', '外商投资企业'],
      ['400', '个体经营'],
    ],
  },
  {
    typeCode: DIC.supervisionType,
    typeName: '监管类型',
    remark: '化工园区企业的安全监管类型，企业注册时选择',
    entries: [
      ['01', '危险化学品生产', [
        ['0101', '涉及重点监管危险化工工艺'],
        ['0102', '涉及重点监管危险化学品'],
        ['0103', '构成危险化学品重大危险源'],
        ['0104', '其他危险化学品生产'],
      ]],
      ['02', '危险化学品经营', [
        ['0201', '危险化学品经营（带储存）'],
        ['0202', '危险化学品经营（不带储存）'],
        ['0203', '加油加气站'],
      ]],
      ['03', '危险化学品使用', [
        ['0301', '危险化学品使用（需取得安全使用许可）'],
        ['0302', '危险化学品使用（其他）'],
      ]],
      ['04', '危险化学品储存', [
        ['0401', '危险化学品仓库'],
        ['0402', '危险化学品储罐区'],
        ['0403', '港口危险货物储存'],
      ]],
      ['05', '化工生产（非危化品）'],
      ['06', '物流运输', [
        ['0601', '危险货物道路运输'],
        ['0602', '普通货物道路运输'],
        ['0603', '管道输送'],
        ['0604', '铁路及水路运输'],
      ]],
      ['07', '公用工程', [
        ['0701', '供电'],
        ['0702', '供水'],
        ['0703', '供热（蒸汽）'],
        ['0704', '工业气体'],
        ['0705', '污水处理'],
        ['0706', '危险废物处置'],
      ]],
      ['08', '其他', [
        ['0801', '研发与检验检测'],
        ['0802', '配套服务'],
      ]],
    ],
  },
  {
    typeCode: DIC.industryCategory,
    typeName: '行业类别',
    remark: '国民经济行业分类（GB/T 4754-2017）中与化工园区相关的大类',
    entries: [
      ['C25', '石油、煤炭及其他燃料加工业'],
      ['C26', '化学原料和化学制品制造业'],
      ['C27', '医药制造业'],
      ['C28', '化学纤维制造业'],
      ['C29', '橡胶和塑料制品业'],
      ['C30', '非金属矿物制品业'],
      ['C31', '黑色金属冶炼和压延加工业'],
      ['C32', '有色金属冶炼和压延加工业'],
      ['D44', '电力、热力生产和供应业'],
      ['D45', '燃气生产和供应业'],
      ['D46', '水的生产和供应业'],
      ['F51', '批发业'],
      ['G54', '道路运输业'],
      ['G57', '管道运输业'],
      ['G59', '装卸搬运和仓储业'],
      ['M73', '研究和试验发展'],
      ['M74', '专业技术服务业'],
      ['N77', '生态保护和环境治理业'],
    ],
  },
  {
    typeCode: DIC.chemicalCategory,
    typeName: '危险化学品分类',
    remark: '化学品分类和标签规范（GB 30000.2～30000.29）的危险类别',
    entries: [
      ['P', '物理危险', [
        ['02', '爆炸物'],
        ['03', '易燃气体'],
        ['04', '气溶胶'],
        ['05', '氧化性气体'],
        ['06', '加压气体'],
        ['07', '易燃液体'],
        ['08', '易燃固体'],
        ['09', '自反应物质和混合物'],
        ['10', '自燃液体'],
        ['11', '自燃固体'],
        ['12', '自热物质和混合物'],
        ['13', '遇水放出易燃气体的物质和混合物'],
        ['14', '氧化性液体'],
        ['15', '氧化性固体'],
        ['16', '有机过氧化物'],
        ['17', '金属腐蚀物'],
      ]],
      ['H', '健康危害', [
        ['18', '急性毒性'],
        ['19', '皮肤腐蚀/刺激'],
        ['20', '严重眼损伤/眼刺激'],
        ['21', '呼吸道或皮肤致敏'],
        ['22', '生殖细胞致突变性'],
        ['23', '致癌性'],
        ['24', '生殖毒性'],
        ['25', '特异性靶器官毒性 一次接触'],
        ['26', '特异性靶器官毒性 反复接触'],
        ['27', '吸入危害'],
      ]],
      ['E', '环境危害', [
        ['28', '危害水生环境'],
        ['29', '危害臭氧层'],
      ]],
    ],
  },
  {
    typeCode: DIC.riskLevel,
    typeName: '风险等级',
    remark: '安全风险分级管控的四个等级',
    entries: [
      ['01', '重大风险'],
      ['02', '较大风险'],
      ['03', '一般风险'],
      ['04', '低风险'],
    ],
  },
];
