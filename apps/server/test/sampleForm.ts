/**
 * A form design with every control type and two sub-tables, in the original designer's JSON shape,
 * for the form engine's integration tests and benchmarks.
 */
type Json = Record<string, unknown>;

let seq = 0;
function control(type: string, name: string, model: string, options: Json = {}, extra: Json = {}): Json {
  seq += 1;
  return { type, name, key: `${type}_${seq}`, model, options, rules: [], ...extra };
}

const ab = { options: [{ value: 'a', label: '甲' }, { value: 'b', label: '乙' }, { value: 'c', label: '丙' }] };
const picker = (type: string, name: string, model: string) => control(type, name, model, {}, { label_model: `${model}_label` });

export function everyControlMeta(): Json {
  seq = 0;
  const list: Json[] = [
    control('input', '名称', 'f_input', { required: true }),
    control('text', '说明文字', ''),
    control('textarea', '备注', 'f_textarea'),
    control('number', '数量', 'f_number', { enableMinMax: true, min: 0, max: 1000 }),
    control('input_number', '金额', 'f_input_number'),
    control('input_int', '人数', 'f_input_int'),
    control('input_long', '编号', 'f_input_long'),
    control('input_mobile', '手机', 'f_mobile'),
    control('input_tel', '电话', 'f_tel'),
    control('input_mail', '邮箱', 'f_mail'),
    control('input_postal', '邮编', 'f_postal'),
    control('input_website', '网址', 'f_website'),
    control('radio', '级别', 'f_radio', ab),
    control('checkbox', '类别', 'f_checkbox', ab),
    control('select', '状态', 'f_select', ab),
    control('multiple_select', '标签', 'f_mselect', ab),
    control('switch', '启用', 'f_switch'),
    control('slider', '进度', 'f_slider', { min: 0, max: 100 }),
    control('time', '时间', 'f_time'),
    control('date', '日期', 'f_date'),
    control('datetime', '日期时间', 'f_datetime'),
    control('year', '年份', 'f_year'),
    control('month', '月份', 'f_month'),
    control('year_month', '年月', 'f_year_month'),
    control('cascade', '级联', 'f_cascade'),
    control('region_select', '行政区划', 'f_region'),
    control('gis_select', '位置', 'f_gis'),
    control('signature', '签名', 'f_signature'),
    control('file_upload', '附件', 'f_files', { length: 3, maxFileSize: 20 }),
    control('image_upload', '照片', 'f_images', { length: 3, maxFileSize: 5 }),
    picker('current_user', '填报人', 'f_current_user'),
    picker('org_select', '部门', 'f_org'),
    picker('user_select', '负责人', 'f_user'),
    picker('company_select', '企业', 'f_company'),
    picker('role_select', '角色', 'f_role'),
    picker('dic_select', '字典', 'f_dic'),
    picker('data_select', '关联数据', 'f_data'),
    control('m_org_select', '多部门', 'f_m_org'),
    control('m_user_select', '多用户', 'f_m_user'),
    control('m_company_select', '多企业', 'f_m_company'),
    control('m_role_select', '多角色', 'f_m_role'),
    control('m_dic_select', '多字典', 'f_m_dic'),
    control('m_data_select', '多数据', 'f_m_data'),
    control('m_data_ref', '数据引用', 'f_m_ref'),
    control('calculate_formula', '合计', 'f_total', { formula: { type: 'plus', exp: ['${f_number}', '+', '${f_input_int}'], decimal: 2 } }),
    control('blank', '空白', ''),
    {
      type: 'grid',
      key: 'grid_1',
      name: '栅格',
      model: '',
      options: { gutter: 8 },
      columns: [{ span: 12, list: [control('input', '栅格内文本', 'f_in_grid')] }, { span: 12, list: [] }],
    },
    control('table', '检查项', 'items', {}, {
      tableColumns: [control('input', '项目', 'item_name', { required: true }), control('number', '得分', 'score')],
    }),
    control('table', '整改记录', 'fixes', {}, {
      tableColumns: [control('textarea', '整改措施', 'measure'), control('date', '完成日期', 'done_on')],
    }),
  ];
  return { list, config: { labelWidth: 100, labelPosition: 'right', size: 'small' } };
}

/** Flat form-encoded fields for a valid record of everyControlMeta, as the browser posts them. */
export function everyControlRecord(files: { file: string; image: string; signature: string }, userId: number): Record<string, string> {
  return {
    f_input: '东区储罐巡检',
    f_textarea: '第一行\n第二行',
    f_number: '12.5',
    f_input_number: '99.95',
    f_input_int: '7',
    f_input_long: '1234567890123',
    f_mobile: '13800138000',
    f_tel: '0717-1234567',
    f_mail: 'safety@park.cn',
    f_postal: '443000',
    f_website: 'https://park.example.cn',
    f_radio: 'a',
    f_checkbox: 'a,b',
    f_select: 'b',
    f_mselect: 'a,c',
    f_switch: '0',
    f_slider: '30',
    f_time: '08:30:00',
    f_date: '2026-11-21',
    f_datetime: '2026-11-21 08:30:00',
    f_year: '2026',
    f_month: '11',
    f_year_month: '2026-11',
    f_cascade: 'a,b',
    province: '湖北省',
    province_code: '420000',
    city: '宜昌市',
    city_code: '420500',
    area: '西陵区',
    area_code: '420502',
    lat: '30.7',
    lng: '111.29',
    address: '湖北省宜昌市西陵区发展大道',
    f_signature: files.signature,
    f_files: files.file,
    f_images: files.image,
    f_current_user: String(userId),
    f_current_user_label: '系统管理员',
    f_org: '2',
    f_org_label: '安全监管科',
    f_user: '1',
    f_user_label: '系统管理员',
    f_company: '9',
    f_company_label: '示例化工有限公司',
    f_role: '1',
    f_role_label: '系统管理员',
    f_dic: '01',
    f_dic_label: '重大风险',
    f_data: '5',
    f_data_label: '一号罐区',
    f_m_org: JSON.stringify([{ k: '2', v: '安全监管科' }, { k: '3', v: '应急管理办' }]),
    f_m_user: JSON.stringify([{ k: '1', v: '系统管理员' }]),
    f_m_company: JSON.stringify([{ k: '9', v: '示例化工有限公司' }]),
    f_m_role: JSON.stringify([{ k: '1', v: '系统管理员' }]),
    f_m_dic: JSON.stringify([{ k: '01', v: '重大风险' }]),
    f_m_data: JSON.stringify([{ k: '5', v: '一号罐区' }]),
    f_m_ref: JSON.stringify([{ k: '6', v: '二号罐区' }]),
    f_in_grid: '栅格里的值',
  };
}
