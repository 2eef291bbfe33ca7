/**
 * The widgets' other user actions and refusals beyond the one value-out action of the case table
 * (apps/web/test/widgetCases.tsx): clearing a picker, removing a chosen item or file, the upload
 * checks, picker configuration warnings, the search keys of the picker dialogs, the map dialog.
 * The network under lib/http.ts is stubbed; e2e/specs/form-runtime.spec.ts uses the real server.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  definitionOf,
  FILE_DOWNLOAD_NONE,
  FILE_REMOVE_NONE,
  IMAGE_TYPE_ONLY,
  PICKER_NO_CONFIG,
  PICKER_URL_EMPTY,
  uploadExceed,
  type FormControl,
} from '@park/core';
import { stubHttp } from '../../test/http.ts';
import { controlOf, renderEditor, visibleText, type EditorView } from '../../test/render.tsx';
import { clickButton, dialog, editorInput } from '../../test/widgetCases.tsx';

/** The columns the editor's current value stores as. */
function storedNow(view: EditorView, control: FormControl) {
  return definitionOf(control)!.codec.toStored(view.current(), control);
}

/** A message (antd message.warning / error) with this text appears. */
const toast = (text: string) =>
  waitFor(() => {
    const hit = [...document.querySelectorAll('.ant-message-notice')].find((n) => visibleText(n) === text);
    if (!hit) throw new Error(`no message ${text}`);
    return hit;
  });

const mv = (...items: Array<[string, string]>) => JSON.stringify(items.map(([k, v]) => ({ k, v })));

describe('pickers', () => {
  const USERS = {
    datas: [
      { id: 7, realName: '张三', username: 'zhangsan' },
      { id: 8, realName: '李四', username: 'lisi' },
    ],
    totalCount: 2,
  };

  it('a single picker clears with its clear icon', async () => {
    const control = controlOf('user_select', { label_model: 'f_label' });
    const view = renderEditor(control, { id: '7', label: '张三' });
    await view.user.click(view.container.querySelector<HTMLElement>('.ant-input-clear-icon')!);
    expect(storedNow(view, control)).toEqual({ f: null, f_label: null });
    expect(editorInput(view).value).toBe('');
    // Clearing is not choosing: no dialog opens.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an m_ picker drops a chosen item with the tag close, without opening the dialog', async () => {
    const control = controlOf('m_user_select');
    const value = definitionOf(control)!.codec.fromStored({ f: mv(['7', '张三'], ['8', '李四']) }, control);
    const view = renderEditor(control, value);
    const tag = [...view.container.querySelectorAll('.ant-select-selection-item')].find(
      (t) => visibleText(t) === '张三',
    )!;
    await view.user.click(tag.querySelector('.ant-select-selection-item-remove')!);
    expect(storedNow(view, control)).toEqual({ f: mv(['8', '李四']) });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a data reference drops a chosen record the same way', async () => {
    const control = controlOf('m_data_ref', { options: { dsConf: { formId: '9', key: 'goods_name' } } });
    const value = definitionOf(control)!.codec.fromStored({ f: mv(['11', '甲醇'], ['12', '乙醇']) }, control);
    const view = renderEditor(control, value);
    const tag = [...view.container.querySelectorAll('.ant-select-selection-item')].find(
      (t) => visibleText(t) === '乙醇',
    )!;
    await view.user.click(tag.querySelector('.ant-select-selection-item-remove')!);
    expect(storedNow(view, control)).toEqual({ f: mv(['11', '甲醇']) });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('users are searched by wd, 10 to a page; urlParams t=0 come from the form, t=1 are fixed', async () => {
    const http = stubHttp({ 'GET /api/user/listUser': USERS });
    const control = controlOf('user_select', {
      label_model: 'f_label',
      options: {
        urlParams: [
          { t: 0, k: 'orgId', v: 'org' },
          { t: 1, k: 'status', v: '1' },
        ],
      },
    });
    const view = renderEditor(control, null, { values: { org: { id: '5', label: '安全监管科' } } });
    await view.user.click(screen.getByRole('button', { name: /^选择/ }));
    const box = await waitFor(() => dialog('选择字段'));
    await within(box).findByText('李四');
    await view.user.type(within(box).getByPlaceholderText('请输入关键字'), '李{Enter}');
    await waitFor(() => expect(http.to('GET /api/user/listUser').at(-1)?.query.get('wd')).toBe('李'));
    const query = http.to('GET /api/user/listUser').at(-1)!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      pageNum: '1',
      pageSize: '10',
      orgId: '5',
      status: '1',
    });
    // The column labels of the user table.
    expect(within(box).getAllByRole('columnheader').map(visibleText)).toEqual(
      expect.arrayContaining(['序号', '用户名', '姓名']),
    );
  });

  it('users in tree form: the organisation tree narrows the list by orgId; pages of 10', async () => {
    const http = stubHttp({
      'GET /api/user/listUser': { ...USERS, totalCount: 25 },
      'GET /api/user/listOrgTree': {
        departManage: [{ id: 1, orgName: '园区管委会', children: [{ id: 5, orgName: '安全监管科' }] }],
      },
    });
    const view = renderEditor(controlOf('m_user_select', { options: { displayModel: 'tree' } }), []);
    await view.user.click(screen.getByRole('button', { name: /^选择/ }));
    const box = await waitFor(() => dialog('选择字段'));
    await view.user.click(await within(box).findByText('安全监管科'));
    await waitFor(() => expect(http.to('GET /api/user/listUser').at(-1)?.query.get('orgId')).toBe('5'));
    expect(within(box).getByText('共 25 条')).toBeTruthy();
    await view.user.click(within(box).getByTitle('2'));
    await waitFor(() => expect(http.to('GET /api/user/listUser').at(-1)?.query.get('pageNum')).toBe('2'));
    expect(http.to('GET /api/user/listUser').at(-1)?.query.get('orgId')).toBe('5');
  });

  it('companies are searched by companyName; a company administrator is locked to their own', async () => {
    const http = stubHttp({
      'GET /api/company/queryAllCompanyInfo': {
        datas: [{ id: 3, companyName: '示例化工有限公司' }],
        totalCount: 1,
      },
    });
    const control = controlOf('company_select', { label_model: 'f_label' });
    const view = renderEditor(control, null);
    await view.user.click(screen.getByRole('button', { name: /^选择/ }));
    const box = await waitFor(() => dialog('选择字段'));
    await view.user.type(within(box).getByPlaceholderText('请输入关键字'), '化工{Enter}');
    await waitFor(() =>
      expect(http.to('GET /api/company/queryAllCompanyInfo').at(-1)?.query.get('companyName')).toBe('化工'),
    );

    const locked = renderEditor(
      control,
      { id: '3', label: '示例化工有限公司' },
      {
        form: { currentUser: { id: '9', realName: '企业管理员', userType: 1 } },
      },
    );
    const input = locked.container.querySelector<HTMLInputElement>('input')!;
    expect(input.value).toBe('示例化工有限公司');
    expect(input.disabled).toBe(true);
    expect(within(locked.container).getByRole('button', { name: /^选择/ })).toHaveProperty('disabled', true);
  });

  it('remote custom data: a form-encoded POST with condition, rows read at a dotted path', async () => {
    const http = stubHttp({
      'POST /api/custom/goods': {
        data: { records: [{ id: 21, goods_name: '液氨', un_no: '1005' }] },
        totalCount: 1,
        desc: { goods_name: '品名', un_no: 'UN编号' },
      },
    });
    const control = controlOf('data_select', {
      label_model: 'f_label',
      options: {
        dataSelectType: '1',
        remoteUrl: '/api/custom/goods',
        remoteDataPoint: 'data.records',
        maps: {
          key: 'id',
          name: 'goods_name',
          title: '选择货物',
          mapping: [{ selectKey: 'un_no', model: 'un' }],
        },
      },
    });
    const view = renderEditor(control, null);
    await view.user.click(screen.getByRole('button', { name: /^选择/ }));
    const box = await waitFor(() => dialog('选择货物字段'));
    await view.user.click(await within(box).findByText('液氨', { selector: 'td' }));
    // Column labels from the reply's desc.
    expect(within(box).getAllByRole('columnheader').map(visibleText)).toEqual(
      expect.arrayContaining(['品名', 'UN编号']),
    );
    await clickButton(box, view, '确定');
    await waitFor(() => expect(storedNow(view, control)).toEqual({ f: '21', f_label: '液氨' }));
    expect(view.ctx.setStored).toHaveBeenCalledWith({ un: '1005' });
    // A single picker closes once the choice is saved.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = http.to('POST /api/custom/goods')[0]!;
    expect(call.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(call.body as URLSearchParams)).toMatchObject({
      pageNum: '1',
      pageSize: '10',
      condition: '',
    });
  });

  it('warn 未选择任何的数据配置项 and 接口地址为空 instead of opening', async () => {
    const none = renderEditor(
      controlOf('data_select', { label_model: 'f_label', options: { dataSelectType: '0' } }),
      null,
    );
    await none.user.click(within(none.container).getByRole('button', { name: /^选择/ }));
    await toast(PICKER_NO_CONFIG);
    none.unmount();

    const noUrl = renderEditor(
      controlOf('m_data_select', { options: { dataSelectType: '1', remoteUrl: '' } }),
      [],
    );
    await noUrl.user.click(within(noUrl.container).getByRole('button', { name: /^选择/ }));
    await toast(PICKER_URL_EMPTY);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('uploads', () => {
  const files = {
    'GET /api/file/info/1': { fileId: '1', originalName: '行驶证.pdf', suffix: 'pdf', size: 2048 },
    'GET /api/file/info/2': { fileId: '2', originalName: '运输许可.docx', suffix: 'docx', size: 1536 },
  };

  it('a file is removed once chosen in the list; 移除 with none chosen says 请选择移除的文件', async () => {
    stubHttp(files);
    const control = controlOf('file_upload');
    const view = renderEditor(control, ['1', '2']);
    await view.user.click(screen.getByRole('button', { name: /移除/ }));
    await toast(FILE_REMOVE_NONE);
    expect(view.onChange).not.toHaveBeenCalled();
    await view.user.click(await screen.findByText('行驶证.pdf'));
    await view.user.click(screen.getByRole('button', { name: /移除/ }));
    expect(storedNow(view, control)).toEqual({ f: '2' });
  });

  it('download with no file says 下载失败,未上传任何文件', async () => {
    const view = renderEditor(controlOf('file_upload'), []);
    await view.user.click(screen.getByRole('button', { name: /下载/ }));
    await toast(FILE_DOWNLOAD_NONE);
  });

  it('an image is deleted from its thumbnail', async () => {
    const control = controlOf('image_upload');
    const view = renderEditor(control, ['3', '4']);
    await view.user.click(screen.getAllByRole('button', { name: '删除图片' })[0]!);
    expect(storedNow(view, control)).toEqual({ f: '4' });
  });

  it('images: jpg/png only, and a count limit that names the numbers; nothing is sent', async () => {
    const http = stubHttp({});
    const control = controlOf('image_upload', { options: { length: 3 } });
    const view = renderEditor(control, ['3'], { user: { applyAccept: false } });
    const input = () => view.container.querySelector<HTMLInputElement>('input[type=file]')!;
    await view.user.upload(input(), new File(['x'], '说明.txt', { type: 'text/plain' }));
    await toast(IMAGE_TYPE_ONLY);
    const png = (name: string) => new File([new Uint8Array([137, 80])], name, { type: 'image/png' });
    await view.user.upload(input(), [png('a.png'), png('b.png'), png('c.png')]);
    await toast(uploadExceed(3, 3, 1));
    expect(http.to('POST /api/file/upload')).toHaveLength(0);
    expect(view.onChange).not.toHaveBeenCalled();
  });

  it('a preset image is taken with a click; at the limit the upload button goes', async () => {
    const control = controlOf('image_upload', { options: { length: 2, presetImgs: 'p1,p2' } });
    const view = renderEditor(control, ['3']);
    const presets = screen.getAllByRole('button', { name: '预置图片' });
    expect(presets.map((b) => b.querySelector('img')?.getAttribute('src'))).toEqual([
      '/api/file/image/p1',
      '/api/file/image/p2',
    ]);
    await view.user.click(presets[1]!);
    expect(storedNow(view, control)).toEqual({ f: '3,p2' });
    expect(screen.queryByRole('button', { name: '上传图片' })).toBeNull();
    expect(screen.queryByRole('button', { name: '预置图片' })).toBeNull();
  });

  it('a signature is cleared', async () => {
    const control = controlOf('signature');
    const view = renderEditor(control, '12');
    await view.user.click(screen.getByRole('button', { name: '清除' }));
    expect(storedNow(view, control)).toEqual({ f: null });
    expect(screen.getByRole('button', { name: /点击签名/ })).toBeTruthy();
  });
});

describe('choices and dates', () => {
  it('a switch turned off stores 1', async () => {
    const control = controlOf('switch');
    const view = renderEditor(control, true);
    expect(visibleText(view.container)).toBe('开启');
    await view.user.click(screen.getByRole('switch'));
    expect(storedNow(view, control)).toEqual({ f: '1' });
    expect(visibleText(view.container)).toBe('关闭');
  });

  it('a range slider moves one end', async () => {
    const control = controlOf('slider', { options: { range: true, min: 0, max: 100, step: 10 } });
    const value = definitionOf(control)!.codec.fromStored({ f: '10,80' }, control);
    renderEditor(control, value);
    const [low, high] = screen.getAllByRole('slider');
    expect([low!.getAttribute('aria-valuenow'), high!.getAttribute('aria-valuenow')]).toEqual(['10', '80']);
    // rc-slider reads keyCode, which user-event leaves at 0.
    high!.focus();
    fireEvent.keyDown(high!, { key: 'ArrowLeft', keyCode: 37 });
    await waitFor(() => expect(high!.getAttribute('aria-valuenow')).toBe('70'));
  });

  it('remote options (remote: false with a remoteUrl) are loaded and shown by label', async () => {
    stubHttp({
      'GET /api/dic/vehicleTypes': {
        datas: [
          { code: 'tank', name: '罐式货车' },
          { code: 'van', name: '厢式货车' },
        ],
      },
    });
    const control = controlOf('radio', {
      options: { remote: false, remoteUrl: '/api/dic/vehicleTypes', props: { value: 'code', label: 'name' } },
    });
    const view = renderEditor(control, 'van');
    expect(await screen.findByRole('radio', { name: '厢式货车' })).toHaveProperty('checked', true);
    await view.user.click(screen.getByRole('radio', { name: '罐式货车' }));
    expect(storedNow(view, control)).toEqual({ f: 'tank' });
  });

  it('a time range holds both ends', async () => {
    const control = controlOf('time', { options: { isRange: true, format: 'HH:mm' } });
    const value = definitionOf(control)!.codec.fromStored({ f: '08:00,17:30' }, control);
    const view = renderEditor(control, value);
    const [start, end] = view.container.querySelectorAll('input');
    expect([start!.value, end!.value]).toEqual(['08:00', '17:30']);
    // As antd's range picker goes: the start is confirmed, then the end is typed.
    await view.user.click(start!);
    await view.user.keyboard('{Enter}');
    await view.user.clear(end!);
    await view.user.type(end!, '18:00{Enter}');
    await waitFor(() => expect(view.current()).toEqual(['08:00', '18:00']));
    // Stored in the stored time format, whatever the design's format.
    expect(storedNow(view, control)).toEqual({ f: '08:00:00,18:00:00' });
  });

  it('a timestamp date holds milliseconds at park time and stores the day', async () => {
    const control = controlOf('date', { options: { timestamp: true, format: 'yyyy-MM-dd' } });
    const view = renderEditor(control, Date.UTC(2026, 10, 24, 16, 0, 0));
    expect(editorInput(view).value).toBe('2026-11-25');
    await view.user.clear(editorInput(view));
    await view.user.type(editorInput(view), '2026-12-01{Enter}');
    // 2026-12-01 00:00 in the park (UTC+8) is 2026-11-30 16:00 UTC.
    await waitFor(() => expect(view.current()).toBe(Date.UTC(2026, 10, 30, 16)));
    expect(storedNow(view, control)).toEqual({ f: '2026-12-01' });
  });
});

describe('map location (gis_select)', () => {
  it('地图定位: coordinates typed in the search box, 无法获取地址 when the geocoder fails, the radius kept', async () => {
    const http = stubHttp({
      'GET /api/form/gisConfig': {
        gisConfig: { reverseGeocodeUrl: 'http://geo.invalid/rgc?lat={lat}&lng={lng}' },
      },
    });
    const control = controlOf('gis_select', {
      options: { positionScope: true },
      modelExt: { lat: 'lat', lnt: 'lng', address: 'address', positionScope: 'position_scope' },
    });
    const view = renderEditor(control, null);
    await waitFor(() => expect(http.to('GET /api/form/gisConfig')).toHaveLength(1));
    await view.user.click(screen.getByRole('button', { name: /地图定位/ }));
    const box = await waitFor(() => dialog('地图定位'));
    await view.user.type(within(box).getByRole('searchbox', { name: '搜索地址' }), '31.82,118.47{Enter}');
    await waitFor(() => expect(visibleText(box)).toContain('纬度： 31.82 经度： 118.47'));
    // The reverse geocoder answers nothing usable here.
    await waitFor(() =>
      expect(visibleText(document.querySelector('.ant-notification'))).toContain('无法获取地址'),
    );
    await clickButton(box, view, '确定');
    await waitFor(() =>
      expect(storedNow(view, control)).toMatchObject({ lat: '31.82', lng: '118.47', position_scope: '100' }),
    );
  });
});
