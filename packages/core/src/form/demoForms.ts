/**
 * The demo park's forms (issue 7): 危化品车辆入园登记, which uses every control type and two
 * sub-tables, and the small 危化品目录 it picks goods from. The server seeds both on first
 * start; the browser tests fill them in as a person would. Designs are in the original
 * designer's JSON shape (formType.config.json), so they exercise what real designs carry.
 */
import { BASE_PATH } from '../api/types.ts';
import type { FormControl, FormMeta, SensorSettings } from './types.ts';

export const HAZMAT_CATALOG_FORM_NAME = '危化品目录';
export const HAZMAT_VEHICLE_FORM_NAME = '危化品车辆入园登记';

type Options = Record<string, unknown>;

function control(
  type: string,
  key: string,
  name: string,
  model: string,
  options: Options = {},
  extra: Partial<FormControl> = {},
): FormControl {
  return { type, key, name, model, options: { width: '100%', ...options }, rules: [], ...extra };
}

/** The vehicle form's 审核意见 (named apart from the task page's own 审批意见 box), the field each approver node of the demo approval lets its approvers fill in. */
export const HAZMAT_APPROVAL_OPINION = 'approve_opinion';

const choices = (...labels: string[]) =>
  labels.map((label) => ({ value: label, label, relatedList: [] as string[] }));

/** The catalogue the vehicle form's sub-table and data pickers choose goods from. */
export function hazmatCatalogMeta(): FormMeta {
  return {
    list: [
      {
        type: 'grid',
        key: 'grid_catalog',
        model: '',
        options: { gutter: 16, justify: 'start', align: 'top' },
        columns: [
          { span: 12, list: [control('input', 'goods_name', '品名', 'goods_name', { required: true })] },
          { span: 12, list: [control('input', 'un_no', 'UN编号', 'un_no')] },
          {
            span: 12,
            list: [
              control('select', 'hazard_class', '危险类别', 'hazard_class', {
                showLabel: true,
                options: choices('易燃液体', '腐蚀品', '有毒品', '压缩气体'),
              }),
            ],
          },
          { span: 12, list: [control('input', 'cas_no', 'CAS号', 'cas_no')] },
        ],
      },
    ],
    config: { labelWidth: 100, labelPosition: 'right', size: 'small' },
  };
}

/** Rows for the catalogue, in stored shape. */
export const HAZMAT_CATALOG_ROWS: ReadonlyArray<Record<string, string>> = [
  { goods_name: '甲醇', un_no: '1230', hazard_class: '易燃液体', cas_no: '67-56-1' },
  { goods_name: '硫酸', un_no: '1830', hazard_class: '腐蚀品', cas_no: '7664-93-9' },
  { goods_name: '液氯', un_no: '1017', hazard_class: '有毒品', cas_no: '7782-50-5' },
  { goods_name: '乙醇', un_no: '1170', hazard_class: '易燃液体', cas_no: '64-17-5' },
  { goods_name: '氢氧化钠溶液', un_no: '1824', hazard_class: '腐蚀品', cas_no: '1310-73-2' },
  { goods_name: '液化石油气', un_no: '1075', hazard_class: '压缩气体', cas_no: '68476-85-7' },
];

const picker = (
  type: string,
  key: string,
  name: string,
  model: string,
  options: Options = {},
  extra: Partial<FormControl> = {},
) =>
  control(
    type,
    key,
    name,
    model,
    { placeholder: '请选择', ...options },
    { label_model: `${model}_label`, ...extra },
  );

const grid = (key: string, columns: Array<{ span: number; list: FormControl[] }>): FormControl => ({
  type: 'grid',
  key,
  model: '',
  options: { gutter: 16, justify: 'start', align: 'top' },
  columns,
});

const half = (...controls: FormControl[]) => controls.map((c) => ({ span: 12, list: [c] }));

/**
 * 危化品车辆入园登记: every control type of the runtime and two sub-tables (a `table` of the goods
 * carried, choosing from the catalogue, and a `flow_table` of entry checks).
 */
export function hazmatVehicleMeta(catalogFormId: number | string): FormMeta {
  const catalog = String(catalogFormId);
  const catalogSource = {
    datasource: '',
    table: `form_${catalog}`,
    columns: [
      { column: 'goods_name', name: '品名' },
      { column: 'un_no', name: 'UN编号' },
      { column: 'hazard_class', name: '危险类别' },
    ],
  };
  const list: FormControl[] = [
    control('text', 'intro', '填报说明', '', {
      defaultValue:
        '请如实填写危化品运输车辆入园信息，带 * 的为必填项；危化品车辆须经安全监管科审核后方可入园。',
    }),
    grid('grid_vehicle', [
      ...half(
        control(
          'input',
          'plate_no',
          '车牌号码',
          'plate_no',
          { required: true, placeholder: '如：皖A12345' },
          {
            rules: [{ pattern: '/^[\\u4e00-\\u9fa5][A-Z][A-Z0-9]{5,6}$/', message: '车牌号码格式不正确' }],
          },
        ),
        control('select', 'vehicle_type', '车辆类型', 'vehicle_type', {
          showLabel: true,
          required: true,
          placeholder: '请选择',
          options: choices('罐式货车', '厢式货车', '平板货车', '牵引车'),
        }),
      ),
      ...half(
        control('radio', 'cargo_kind', '运输类别', 'cargo_kind', {
          showLabel: true,
          inline: true,
          defaultValue: '危险化学品',
          options: [
            { value: '危险化学品', label: '危险化学品', relatedList: ['hazard_types', 'need_escort'] },
            { value: '普通货物', label: '普通货物', relatedList: ['cargo_note'] },
          ],
        }),
        control('checkbox', 'hazard_types', '危险类别', 'hazard_types', {
          showLabel: true,
          inline: true,
          options: choices('易燃液体', '腐蚀品', '有毒品', '压缩气体'),
        }),
      ),
      ...half(
        control('radio', 'need_escort', '是否押运', 'need_escort', {
          showLabel: true,
          inline: true,
          defaultValue: '是',
          options: [
            { value: '是', label: '是', relatedList: ['escort_name'] },
            { value: '否', label: '否', relatedList: [] },
          ],
        }),
        control('input', 'escort_name', '押运员姓名', 'escort_name', { placeholder: '请输入押运员姓名' }),
      ),
      ...half(
        control('input', 'cargo_note', '货物说明', 'cargo_note', { placeholder: '请输入普通货物说明' }),
        control('multiple_select', 'documents', '随车证件', 'documents', {
          showLabel: true,
          placeholder: '请选择',
          options: choices('道路运输证', '驾驶证', '押运员证', '安全告知卡'),
        }),
      ),
      ...half(
        control('switch', 'loaded', '是否重车', 'loaded', {
          openMsg: '重车',
          closeMsg: '空车',
          defaultValue: true,
        }),
        control('slider', 'fill_rate', '罐体充装率(%)', 'fill_rate', {
          min: 0,
          max: 100,
          step: 5,
          showInput: true,
          defaultValue: 80,
        }),
      ),
      ...half(
        control('input_number', 'rated_load', '核定载重(吨)', 'rated_load', {
          required: true,
          enableMinMax: true,
          min: 0,
          max: 100,
          placeholder: '请输入',
        }),
        control('input_number', 'actual_load', '实际装载(吨)', 'actual_load', {
          enableMinMax: true,
          min: 0,
          max: 100,
          placeholder: '请输入',
        }),
      ),
      ...half(
        control('calculate_formula', 'spare_load', '剩余载重(吨)', 'spare_load', {
          formula: { type: 'number', exp: ['${rated_load}', '-', '${actual_load}'], decimal: 2 },
        }),
        control('input_int', 'crew_count', '随车人数', 'crew_count', {
          enableMinMax: true,
          min: 1,
          max: 5,
          placeholder: '请输入',
        }),
      ),
      ...half(
        control('number', 'axle_count', '车轴数', 'axle_count', { min: 2, max: 8, step: 1, defaultValue: 2 }),
        control('input_long', 'waybill_no', '电子运单号', 'waybill_no', { placeholder: '请输入' }),
      ),
    ]),
    grid('grid_contact', [
      ...half(
        control('input_mobile', 'driver_mobile', '驾驶员手机', 'driver_mobile', {
          required: true,
          placeholder: '请输入11位手机号',
        }),
        control('input_tel', 'company_tel', '企业电话', 'company_tel', { placeholder: '如：0551-12345678' }),
      ),
      ...half(
        control('input_mail', 'contact_mail', '联系邮箱', 'contact_mail', { placeholder: '请输入' }),
        control('input_postal', 'postal_code', '邮政编码', 'postal_code', { placeholder: '请输入' }),
      ),
      ...half(
        control('input_website', 'company_site', '企业网址', 'company_site', { placeholder: '请输入' }),
        control('blank', 'blank_1', '空白', ''),
      ),
    ]),
    grid('grid_time', [
      ...half(
        control('date', 'entry_date', '入园日期', 'entry_date', {
          required: true,
          defaultType: 1,
          format: 'yyyy-MM-dd',
          placeholder: '请选择',
        }),
        control('time', 'arrive_time', '预计到达', 'arrive_time', {
          format: 'HH:mm:ss',
          placeholder: '请选择',
        }),
      ),
      ...half(
        control('datetime', 'register_time', '登记时间', 'register_time', {
          defaultType: 1,
          format: 'yyyy-MM-dd HH:mm:ss',
          placeholder: '请选择',
        }),
        control('year', 'made_year', '出厂年份', 'made_year', { format: 'yyyy', placeholder: '请选择' }),
      ),
      ...half(
        control('month', 'check_month', '年检月份', 'check_month', { format: 'MM', placeholder: '请选择' }),
        control('year_month', 'valid_until', '证件有效期', 'valid_until', {
          format: 'yyyy-MM',
          placeholder: '请选择',
        }),
      ),
      ...half(
        control('cascade', 'unload_area', '装卸区域', 'unload_area', {
          placeholder: '请选择',
          options: [
            {
              value: 'east',
              label: '东区',
              children: [
                { value: 'e1', label: '1号罐区' },
                { value: 'e2', label: '2号罐区' },
              ],
            },
            {
              value: 'west',
              label: '西区',
              children: [
                { value: 'w1', label: '装卸站台' },
                { value: 'w2', label: '危化品仓库' },
              ],
            },
          ],
        }),
        control(
          'region_select',
          'plate_region',
          '车籍所在地',
          'plate_region',
          { placeholder: '请选择省/市/区县' },
          {
            modelExt: {
              province: 'province',
              provinceCode: 'province_code',
              city: 'city',
              cityCode: 'city_code',
              area: 'area',
              areaCode: 'area_code',
            },
          },
        ),
      ),
    ]),
    grid('grid_place', [
      {
        span: 24,
        list: [
          control(
            'gis_select',
            'park_position',
            '停车位置',
            'park_position',
            { zoom: 13, positionScope: true, placeholder: '请选择' },
            {
              modelExt: { lat: 'lat', lnt: 'lng', address: 'address', positionScope: 'position_scope' },
            },
          ),
        ],
      },
    ]),
    grid('grid_people', [
      ...half(
        picker('current_user', 'registrar', '登记人', 'registrar'),
        picker('org_select', 'accept_org', '受理部门', 'accept_org', { displayModel: 'tree' }),
      ),
      ...half(
        picker('user_select', 'reviewer', '审核人', 'reviewer', { displayModel: 'table' }),
        picker('company_select', 'carrier', '承运企业', 'carrier', { displayModel: 'table' }),
      ),
      ...half(
        picker('role_select', 'notify_role', '通知角色', 'notify_role', { displayModel: 'tree' }),
        picker(
          'dic_select',
          'risk_level',
          '风险等级',
          'risk_level',
          { displayModel: 'tree' },
          { typeCode: 'risk_level' },
        ),
      ),
      ...half(
        picker('data_select', 'main_goods', '主要货物', 'main_goods', {
          displayModel: 'table',
          dataSelectType: '0',
          maps: {
            key: 'id',
            name: 'goods_name',
            title: '选择货物',
            mapping: [{ selectKey: 'un_no', model: 'main_goods_un' }],
            source: catalogSource,
          },
        }),
        control('input', 'main_goods_un', '主要货物UN号', 'main_goods_un', {
          placeholder: '选择主要货物后自动带出',
        }),
      ),
      ...half(
        control('m_org_select', 'cc_orgs', '抄送部门', 'cc_orgs', {
          displayModel: 'tree',
          placeholder: '请选择',
        }),
        control('m_user_select', 'escorts', '陪同人员', 'escorts', {
          displayModel: 'table',
          placeholder: '请选择',
        }),
      ),
      ...half(
        control('m_company_select', 'related_companies', '收货企业', 'related_companies', {
          displayModel: 'table',
          placeholder: '请选择',
        }),
        control('m_role_select', 'visible_roles', '可见角色', 'visible_roles', {
          displayModel: 'tree',
          placeholder: '请选择',
        }),
      ),
      ...half(
        control(
          'm_dic_select',
          'chemical_classes',
          '化学品分类',
          'chemical_classes',
          { displayModel: 'tree', placeholder: '请选择' },
          { typeCode: 'chemical_category' },
        ),
        control('m_data_select', 'other_goods', '其他货物', 'other_goods', {
          displayModel: 'table',
          placeholder: '请选择',
          maps: { key: 'id', name: 'goods_name', title: '选择货物', mapping: [], source: catalogSource },
        }),
      ),
      ...half(
        control('m_data_ref', 'msds_ref', '安全技术说明书', 'msds_ref', {
          placeholder: '请选择',
          dsConf: {
            formId: catalog,
            formName: HAZMAT_CATALOG_FORM_NAME,
            key: 'goods_name',
            subKey: '',
            mapping: {},
            columns: catalogSource.columns,
            condFilters: [],
            defaultSelect: false,
          },
        }),
        control('textarea', 'remark', '备注', 'remark', { placeholder: '请输入' }),
        // Filled by the approvers of the demo flow (its approveItems), not when registering.
        control('textarea', HAZMAT_APPROVAL_OPINION, '审核意见', HAZMAT_APPROVAL_OPINION, { placeholder: '请输入审核意见', showFields: true }),
      ),
    ]),
    grid('grid_files', [
      {
        span: 12,
        list: [
          control('image_upload', 'vehicle_photos', '车辆照片', 'vehicle_photos', {
            action: '/api/file/upload',
            length: 2,
            maxFileSize: 5,
            presetImgs: '',
          }),
        ],
      },
      {
        span: 12,
        list: [
          control('signature', 'driver_sign', '驾驶员签名', 'driver_sign', {
            action: '/api/file/upload',
            maxFileSize: 1,
          }),
        ],
      },
      {
        span: 24,
        list: [
          control('file_upload', 'documents_files', '随车单据', 'documents_files', {
            action: '/api/file/upload',
            length: 3,
            maxFileSize: 20,
          }),
        ],
      },
    ]),
    control(
      'table',
      'goods_items',
      '装载明细',
      'goods_items',
      {
        gutter: 0,
        justify: 'start',
        align: 'top',
        dsConf: {
          formId: catalog,
          formName: HAZMAT_CATALOG_FORM_NAME,
          subKey: '',
          columns: catalogSource.columns,
          conditions: [{ key: 'goods_name', label: '品名' }],
          mapping: [
            { key: 'goods_name', value: 'goods_name' },
            { key: 'un_no', value: 'un_no' },
          ],
          condFilters: [],
          defaultSelect: false,
        },
      },
      {
        tableColumns: [
          control('input', 'goods_name', '品名', 'goods_name', { required: true }),
          control('input', 'un_no', 'UN编号', 'un_no'),
          control('input_number', 'quantity', '数量(吨)', 'quantity', {
            enableMinMax: true,
            min: 0,
            max: 100,
          }),
          control('select', 'packing', '包装方式', 'packing', {
            showLabel: true,
            options: choices('罐装', '桶装', '袋装', '瓶装'),
          }),
          control('date', 'produced_on', '生产日期', 'produced_on', { format: 'yyyy-MM-dd' }),
        ],
      },
    ),
    control(
      'flow_table',
      'entry_checks',
      '入园检查',
      'entry_checks',
      { gutter: 0, justify: 'start', align: 'top' },
      {
        tableColumns: [
          control('input', 'check_item', '检查项目', 'check_item', { required: true }),
          control('radio', 'check_result', '检查结果', 'check_result', {
            showLabel: true,
            inline: true,
            options: choices('合格', '不合格'),
          }),
          control('textarea', 'check_note', '检查说明', 'check_note'),
        ],
      },
    ),
  ];
  return {
    list,
    config: { labelWidth: 120, labelPosition: 'right', size: 'default', labelSuffix: '：', isBorder: false },
  };
}

// ---- list pages (issue 8) -------------------------------------------------------------------

/** The catalogue's list page: search by name and class, every standard button. */
export function hazmatCatalogListSettings(): SensorSettings {
  return {
    queryConditions: [
      { key: 'goods_name', opt: '$like', label: '品名' },
      { key: 'hazard_class', opt: '$eq', label: '危险类别' },
    ],
    queryLayout: { columnCount: 3 },
    queryResults: [
      { key: 'goods_name', name: '品名' },
      { key: 'un_no', name: 'UN编号' },
      { key: 'hazard_class', name: '危险类别' },
      { key: 'cas_no', name: 'CAS号' },
    ],
  };
}

/**
 * The vehicle form's list page: text, select, date-range, multi-select and switch conditions;
 * columns of every family the list draws; and two custom row buttons, 车辆档案 (the record's
 * detail in a dialog) and 危化品目录 (the catalogue's list in a new window).
 */
export function hazmatVehicleListSettings(vehicleFormId: number | string, catalogFormId: number | string): SensorSettings {
  return {
    queryConditions: [
      { key: 'plate_no', opt: '$like', label: '车牌号码' },
      { key: 'vehicle_type', opt: '$eq', label: '车辆类型' },
      { key: 'entry_date', opt: '$in', label: '入园日期' },
      { key: 'documents', opt: '$all', label: '随车证件' },
      { key: 'loaded', opt: '$eq', label: '是否重车' },
      { key: 'accept_org', opt: '$like', label: '受理部门' },
    ],
    queryLayout: { columnCount: 3 },
    queryResults: [
      { key: 'plate_no', name: '车牌号码' },
      { key: 'vehicle_type', name: '车辆类型' },
      { key: 'documents', name: '随车证件' },
      { key: 'loaded', name: '是否重车' },
      { key: 'rated_load', name: '核定载重(吨)' },
      { key: 'entry_date', name: '入园日期' },
      { key: 'plate_region', name: '车籍所在地' },
      { key: 'park_position', name: '停车位置' },
      { key: 'accept_org', name: '受理部门' },
      { key: 'cc_orgs', name: '抄送部门' },
      { key: 'vehicle_photos', name: '车辆照片' },
      { key: 'create_time', name: '登记时间' },
    ],
    functionButtons: [{ key: 'add' }, { key: 'delete' }, { key: 'import' }, { key: 'export' }],
    optButtons: [
      { key: 'edit', name: '编辑' },
      { key: 'view', name: '详情' },
      {
        key: 'custom',
        name: '车辆档案',
        jumpInfo: {
          type: 0,
          urlType: 0,
          url: `${BASE_PATH}/form/detail/${vehicleFormId}/{id}`,
          params: [{ model: 'id', paramName: 'id', type: 0 }],
          dialogTitle: '车辆档案',
          dialogWidth: 80,
          dialogFullscreen: false,
        },
      },
      {
        key: 'custom',
        name: '危化品目录',
        jumpInfo: {
          type: 0,
          urlType: 2,
          url: `${BASE_PATH}/form/list/${catalogFormId}`,
          params: [{ model: 'plate_no', paramName: 'plate', type: 0 }],
        },
      },
      { key: 'delete', name: '删除' },
    ],
    addShowType: 'dialog',
  };
}

/** A few registered vehicles in stored shape, so the demo list has something to show. */
export function hazmatVehicleDemoRows(orgs: ReadonlyArray<{ id: string; name: string }>): Array<Record<string, string | null>> {
  const org = (i: number) => orgs[i % Math.max(1, orgs.length)] ?? { id: '', name: '' };
  const base = [
    ['皖A12345', '罐式货车', '道路运输证,驾驶证,押运员证', '0', '30', '2026-11-02', '合肥市', '340100', '蜀山区', '340104', '化工大道1号'],
    ['皖A67890', '厢式货车', '道路运输证,驾驶证', '1', '12', '2026-11-05', '合肥市', '340100', '庐阳区', '340103', '园区北门停车场'],
    ['鄂E32100', '罐式货车', '道路运输证,驾驶证,押运员证,安全告知卡', '0', '28', '2026-11-09', '宜昌市', '420500', '西陵区', '420502', '2号罐区装卸站'],
    ['苏E88661', '牵引车', '驾驶证', '1', '40', '2026-11-12', '苏州市', '320500', '虎丘区', '320505', '危化品停车场A区'],
    ['皖A55221', '平板货车', '道路运输证,安全告知卡', '0', '18', '2026-11-16', '合肥市', '340100', '蜀山区', '340104', '西区装卸站台'],
    ['鄂E70086', '罐式货车', '道路运输证,驾驶证,押运员证', '0', '32', '2026-11-20', '宜昌市', '420500', '西陵区', '420502', '1号罐区'],
  ] as const;
  const provinces: Record<string, string> = { '340100': '安徽省', '420500': '湖北省', '320500': '江苏省' };
  return base.map(([plate, type, docs, loaded, load, day, city, cityCode, area, areaCode, address], i) => ({
    plate_no: plate,
    vehicle_type: type,
    cargo_kind: '危险化学品',
    hazard_types: i % 2 ? '腐蚀品' : '易燃液体',
    need_escort: '是',
    escort_name: ['张伟', '李强', '王芳', '赵磊', '陈静', '刘洋'][i]!,
    documents: docs,
    loaded,
    fill_rate: '80',
    rated_load: load,
    actual_load: String(Number(load) - 5),
    spare_load: '5',
    crew_count: '2',
    axle_count: '3',
    driver_mobile: `1385510${String(1000 + i * 37)}`,
    entry_date: day,
    register_time: `${day} 08:${String(10 + i).padStart(2, '0')}:00`,
    province: provinces[cityCode] ?? '',
    province_code: `${cityCode.slice(0, 2)}0000`,
    city,
    city_code: cityCode,
    area,
    area_code: areaCode,
    lat: (31.81 + i * 0.004).toFixed(6),
    lng: (118.46 + i * 0.003).toFixed(6),
    address,
    accept_org: org(i).id || null,
    accept_org_label: org(i).name || null,
    cc_orgs: JSON.stringify([org(i + 1), org(i + 2)].filter((o) => o.id).map((o) => ({ k: o.id, v: o.name }))),
  }));
}
