import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAsAdmin } from '../support/fixtures.ts';
import {
  bigXlsx,
  docxWithHeading,
  gbk,
  jpeg,
  multipagePdf,
  png,
  pptx,
  recordMp4,
  scriptedSvg,
  tiff,
  uploadFile,
  xlsxWorkbook,
} from '../support/previewFiles.ts';
import { zip } from '../../apps/server/test/sampleFiles.ts';

const SCREENS = 'test-results/screens';

interface Detail {
  fileId: string;
  suffix?: string;
  originalName?: string;
  files?: Array<{ fileId: string; suffix?: string; originalName?: string }>;
}

/** What an upload control does: dispatch the app-wide event on window. Returns whether it was handled. */
function openPreview(page: Page, detail: Detail) {
  return page.evaluate(
    (d) => !window.dispatchEvent(new CustomEvent('open-file-preview', { detail: d, cancelable: true })),
    detail,
  );
}

const dialog = (page: Page) => page.locator('.file-preview-modal');

/** Waits for antd's open and close animations, so screenshots show the settled screen. */
const settled = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-leave, .ant-fade-leave'));

/** Everything the page loads must come from our own server: nothing from a CDN or the internet. */
let foreign: string[] = [];
test.beforeEach(async ({ page }) => {
  foreign = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    const base = new URL(process.env.E2E_BASE_URL!);
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== base.origin) foreign.push(req.url());
  });
  await loginAsAdmin(page);
});
test.afterEach(() => {
  expect(foreign, 'requests that left the server').toEqual([]);
});

test.describe('文件预览', () => {
  test('PDF 分页显示，可翻到第 2 页并缩放，文字可选', async ({ page }) => {
    const id = await uploadFile(page, '储罐区巡检报告.pdf', multipagePdf(3));
    await page.goto(`${BASE}/preview/${id}`);
    await expect(page.getByTestId('file-page-title')).toHaveText('储罐区巡检报告.pdf');
    const view = page.getByTestId('pdf-view');
    await expect(view.getByTestId('pdf-page-count')).toHaveText('/ 3');
    const first = view.locator('.pdf-page[data-page-number="1"]');
    await expect(first).toHaveAttribute('data-rendered', 'true');
    await expect(first.locator('.textLayer')).toContainText('Page 1');
    await page.getByRole('button', { name: '下一页' }).click();
    await expect(page.getByRole('spinbutton', { name: '页码' })).toHaveValue('2');
    const second = view.locator('.pdf-page[data-page-number="2"]');
    await expect(second).toHaveAttribute('data-rendered', 'true');
    await expect(second.locator('.textLayer')).toContainText('Page 2');
    await expect(second).toBeInViewport();
    await page.screenshot({ path: `${SCREENS}/preview-pdf.png` });
    const width = (await second.boundingBox())!.width;
    await page.getByRole('button', { name: '放大' }).click();
    await expect.poll(async () => (await second.boundingBox())!.width).toBeGreaterThan(width);
    await expect(second).toHaveAttribute('data-rendered', 'true');
  });

  test('Word 文档在对话框中显示标题和正文', async ({ page }) => {
    const id = await uploadFile(
      page,
      '安全生产责任书.docx',
      docxWithHeading('安全生产责任书', ['第一条 各企业是安全生产的责任主体。', '第二条 严格执行危险化学品管理制度。']),
    );
    expect(await openPreview(page, { fileId: id, suffix: 'docx', originalName: '安全生产责任书.docx' })).toBe(true);
    await expect(dialog(page).getByTestId('file-preview-title')).toHaveText('安全生产责任书.docx');
    const doc = dialog(page).getByTestId('docx-view');
    await expect(doc.getByText('安全生产责任书', { exact: true })).toBeVisible();
    await expect(doc.getByText('第二条 严格执行危险化学品管理制度。')).toBeVisible();
    // Full screen: the dialog covers the window (measured once its opening animation has finished).
    const box = () => dialog(page).locator('.ant-modal-container').boundingBox();
    await expect.poll(async () => (await box())?.width ?? 0).toBeGreaterThanOrEqual(1360);
    await expect.poll(async () => (await box())?.height ?? 0).toBeGreaterThanOrEqual(790);
    await page.screenshot({ path: `${SCREENS}/preview-docx.png` });
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
  });

  test('Excel 工作表按标签页显示，表头冻结，第二个工作表的单元格可见', async ({ page }) => {
    const book = xlsxWorkbook([
      {
        name: '人员',
        rows: [
          ['姓名', '岗位', '持证'],
          ...Array.from({ length: 80 }, (_, i): Array<string | number> => [`员工${i + 1}`, i % 2 ? '操作工' : '巡检员', i % 3 ? '是' : '否']),
        ],
      },
      {
        name: '设备',
        rows: [
          ['设备名称', '位号', '容积（立方米）'],
          ['二号储罐', 'T-102', 500],
          ['三号储罐', 'T-103', 1000],
        ],
      },
    ]);
    const id = await uploadFile(page, '园区台账.xlsx', book);
    await openPreview(page, { fileId: id, suffix: 'xlsx', originalName: '园区台账.xlsx' });
    const sheet = dialog(page).getByTestId('sheet-view');
    await expect(sheet.getByRole('tab', { name: '人员' })).toBeVisible();
    await expect(sheet.getByRole('tab', { name: '设备' })).toBeVisible();
    await expect(sheet.locator('[data-cell="A2"]')).toHaveText('员工1');
    // The header row stays in place while the rows scroll under it.
    const frozen = sheet.getByTestId('sheet-frozen');
    await expect(frozen.locator('[data-cell="A1"]')).toHaveText('姓名');
    await sheet.locator('.sheet-body').evaluate((el) => (el.scrollTop = 1200));
    await expect(sheet.locator('[data-cell="A60"]')).toBeVisible();
    await expect(frozen.locator('[data-cell="A1"]')).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/preview-xlsx.png` });
    await sheet.getByRole('tab', { name: '设备' }).click();
    await expect(sheet.getByText('二号储罐')).toBeVisible();
    await expect(sheet.locator('[data-sheet="设备"] [data-cell="C3"]')).toHaveText('1000');
  });

  test('大表格先显示前面的行，随后加载全部，滚动到最后一行', async ({ page }) => {
    const id = await uploadFile(page, '车辆台账.xlsx', bigXlsx(20_000));
    await openPreview(page, { fileId: id, suffix: 'xlsx', originalName: '车辆台账.xlsx' });
    const sheet = dialog(page).getByTestId('sheet-view');
    await expect(sheet.locator('[data-cell="B2"]')).toHaveText('企业1');
    await expect(sheet).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
    await sheet.locator('.sheet-body').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(sheet.locator('[data-cell="H20001"]')).toHaveText('备注20000');
    // Only the rows in view are in the page, not 20,000.
    expect(await sheet.locator('.sheet-body .sheet-cell').count()).toBeLessThan(2000);
  });

  test('图片查看器：缩放、旋转、上一张下一张，标题随之变化', async ({ page }) => {
    const a = await uploadFile(page, '现场照片.png', png([30, 120, 200]));
    const b = await uploadFile(page, '消防通道.jpg', jpeg());
    const files = [
      { fileId: a, suffix: 'png', originalName: '现场照片.png' },
      { fileId: b, suffix: 'jpg', originalName: '消防通道.jpg' },
    ];
    await openPreview(page, { ...files[0]!, files });
    const viewer = dialog(page).getByTestId('image-viewer');
    await expect(viewer.locator('img')).toHaveAttribute('src', `/api/file/image/${a}`);
    await expect.poll(() => viewer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await expect(viewer.getByTestId('image-counter')).toHaveText('1 / 2');
    await viewer.getByRole('button', { name: '放大' }).click();
    await expect(viewer.getByTestId('image-scale')).toHaveText('125%');
    await viewer.getByRole('button', { name: '向右旋转' }).click();
    await expect(viewer.locator('img')).toHaveAttribute('data-rotate', '90');
    await viewer.getByRole('button', { name: '下一张' }).click();
    await expect(viewer.getByTestId('image-counter')).toHaveText('2 / 2');
    await expect(dialog(page).getByTestId('file-preview-title')).toHaveText('消防通道.jpg');
    await expect(viewer.locator('img')).toHaveAttribute('src', `/api/file/image/${b}`);
    await expect.poll(() => viewer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    await viewer.getByRole('button', { name: '原始大小' }).click();
    await expect(viewer.getByTestId('image-scale')).toHaveText('100%');
    await page.screenshot({ path: `${SCREENS}/preview-image.png` });
  });

  test('TIFF 在浏览器中解码后显示', async ({ page }) => {
    const id = await uploadFile(page, '扫描件.tif', tiff(4, 3));
    await openPreview(page, { fileId: id, suffix: 'tif', originalName: '扫描件.tif' });
    const img = dialog(page).getByTestId('image-viewer').locator('img');
    await expect(img).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([4, 3]);
  });

  test('SVG 作为图片显示，其中的脚本不会执行', async ({ page }) => {
    const id = await uploadFile(page, '厂区示意图.svg', scriptedSvg());
    await openPreview(page, { fileId: id, suffix: 'svg', originalName: '厂区示意图.svg' });
    const img = dialog(page).getByTestId('image-viewer').locator('img');
    await expect(img).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(120);
    // Never inline: no SVG element from the file is in the page, and its script never ran.
    await expect(page.locator('circle')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __svgRan?: boolean }).__svgRan)).toBeUndefined();
    // Opened directly, the server still only offers it as a download.
    const res = await page.request.get(`/api/file/image/${id}`);
    expect(res.headers()['content-type']).toBe('application/octet-stream');
    expect(res.headers()['content-disposition']).toMatch(/^attachment/);
    await page.screenshot({ path: `${SCREENS}/preview-svg.png` });
  });

  test('MP4 视频可以播放', async ({ page }) => {
    const id = await uploadFile(page, '巡检视频.mp4', await recordMp4(page));
    await openPreview(page, { fileId: id, suffix: 'mp4', originalName: '巡检视频.mp4' });
    const video = dialog(page).getByTestId('video-view').locator('video');
    await expect(video).toHaveAttribute('src', `/api/file/download/${id}?inline=1`);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(320);
    await page.screenshot({ path: `${SCREENS}/preview-video.png` });
  });

  test('GBK 编码的中文文本正确显示', async ({ page }) => {
    const text = '危险化学品重大危险源检查记录\r\n一号罐区：液位正常，压力正常。\r\n检查人：张三\r\n';
    const id = await uploadFile(page, '检查记录.txt', gbk(text));
    await openPreview(page, { fileId: id, suffix: 'txt', originalName: '检查记录.txt' });
    const view = dialog(page).getByTestId('code-view');
    await expect(view).toHaveAttribute('data-encoding', 'gb18030');
    await expect(view.getByTestId('text-encoding')).toHaveText('编码：GBK');
    await expect(view.locator('.cm-content')).toContainText('危险化学品重大危险源检查记录');
    await expect(view.locator('.cm-content')).toContainText('一号罐区：液位正常，压力正常。');
    await page.screenshot({ path: `${SCREENS}/preview-gbk.png` });
  });

  test('JSON 与 JS 在代码面板中以对应模式只读显示，JSON 可格式化', async ({ page }) => {
    const json = await uploadFile(page, '报警阈值.json', Buffer.from('{"tank":"T-102","limits":{"level":0.85,"pressure":1.6}}'));
    await openPreview(page, { fileId: json, suffix: 'json', originalName: '报警阈值.json' });
    const panel = dialog(page).getByTestId('code-panel');
    await expect(panel).toHaveAttribute('data-mode', 'json');
    await expect(panel.locator('.cm-content')).toContainText('"tank":"T-102"');
    await expect(panel.locator('.cm-content')).toHaveAttribute('contenteditable', 'false');
    await panel.getByRole('button', { name: '格式化' }).click();
    await expect(panel.locator('.cm-line').nth(1)).toHaveText('  "tank": "T-102",');
    await page.screenshot({ path: `${SCREENS}/preview-json.png` });
    await page.keyboard.press('Escape');

    const js = await uploadFile(page, 'gate.js', Buffer.from('// 道闸联动\nexport function open(gate) {\n  return gate.id;\n}\n'));
    await openPreview(page, { fileId: js, suffix: 'js', originalName: 'gate.js' });
    const jsPanel = dialog(page).getByTestId('code-panel');
    await expect(jsPanel).toHaveAttribute('data-mode', 'js');
    await expect(jsPanel.locator('.cm-content')).toContainText('export function open(gate)');
    await expect(jsPanel.getByRole('button', { name: '格式化' })).toHaveCount(0);
  });

  test('Markdown 渲染显示，其中的 HTML 只作为文字', async ({ page }) => {
    const md = '# 应急预案\n\n1. 发现泄漏立即**报警**\n2. 疏散人员\n\n| 岗位 | 电话 |\n|---|---|\n| 值班室 | 8001 |\n\n<script>window.__mdRan = true</script>\n';
    const id = await uploadFile(page, '应急预案.md', Buffer.from(md));
    await openPreview(page, { fileId: id, suffix: 'md', originalName: '应急预案.md' });
    const view = dialog(page).getByTestId('markdown-view');
    await expect(view.getByRole('heading', { level: 1, name: '应急预案' })).toBeVisible();
    await expect(view.locator('ol > li')).toHaveCount(2);
    await expect(view.locator('strong')).toHaveText('报警');
    await expect(view.getByRole('cell', { name: '8001' })).toBeVisible();
    await expect(view.getByText('<script>window.__mdRan = true</script>')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __mdRan?: boolean }).__mdRan)).toBeUndefined();
    await page.screenshot({ path: `${SCREENS}/preview-markdown.png` });
    await dialog(page).getByText('源码').click();
    await expect(dialog(page).getByTestId('code-panel')).toHaveAttribute('data-mode', 'md');
  });

  test('没有 LibreOffice 时 pptx 被拒绝，对话框不打开', async ({ page }) => {
    const capability = await (await page.request.get('/api/file/previewCapability')).json();
    test.skip(capability.officeConversion === true, '服务器安装了 LibreOffice，pptx 会被转换预览');
    const id = await uploadFile(page, '园区介绍.pptx', pptx());
    await openPreview(page, { fileId: id, suffix: 'pptx', originalName: '园区介绍.pptx' });
    const note = page.locator('.ant-notification-notice');
    await expect(note.getByText('不支持.pptx格式的在线预览，请下载后预览或转换为支持的格式')).toBeVisible();
    await expect(note).toContainText('文档：pdf、docx');
    await expect(note).toContainText('图片：gif、jpg、jpeg、bmp、tiff、tif、png、svg');
    await expect(dialog(page)).toHaveCount(0);
    await page.screenshot({ path: `${SCREENS}/preview-pptx-refused.png` });
    // The page of record cannot "not open": it shows the same refusal.
    await page.goto(`${BASE}/preview/${id}`);
    await expect(page.getByText('不支持.pptx格式的在线预览，请下载后预览或转换为支持的格式')).toBeVisible();
  });

  test('其他类型显示不支持的提示和支持的格式列表', async ({ page }) => {
    const id = await uploadFile(page, '资料包.zip', zip({ 'a.txt': 'hello' }));
    await openPreview(page, { fileId: id, suffix: 'zip', originalName: '资料包.zip' });
    const refusal = dialog(page).getByTestId('preview-unsupported');
    await expect(refusal.getByText('不支持.zip格式的在线预览，请下载后预览或转换为支持的格式')).toBeVisible();
    await expect(refusal).toContainText('支持在线预览的格式');
    await expect(refusal).toContainText('文本与代码：txt、json、js、css、java、py、html、jsx、ts、tsx、xml、md、log');
    await expect(refusal.getByRole('link', { name: /下载文件/ })).toHaveAttribute('href', `/api/file/download/${id}`);
    await settled(page);
    await page.screenshot({ path: `${SCREENS}/preview-unsupported.png` });
  });

  test('没有文件时提示预览失败；只给文件编号时从服务器取文件信息', async ({ page }) => {
    await openPreview(page, { fileId: '' });
    await expect(page.getByText('预览失败,未上传任何文件')).toBeVisible();
    const id = await uploadFile(page, '说明.txt', Buffer.from('只有编号'));
    await openPreview(page, { fileId: id });
    await expect(dialog(page).getByTestId('file-preview-title')).toHaveText('说明.txt');
    await expect(dialog(page).locator('.cm-content')).toContainText('只有编号');
  });
});

test.describe('在线文档页', () => {
  test('写模式编辑文本并保存为新版本：文件编号不变，旧版本仍可下载', async ({ page }) => {
    const id = await uploadFile(page, '交接班记录.txt', Buffer.from('夜班：一切正常', 'utf8'));
    await page.goto(`${BASE}/static/wps.html?_w_fileId=${id}&_w_type=write`);
    await expect(page).toHaveURL(`${BASE}/document/${id}/write`);
    await expect(page.getByTestId('file-page-title')).toHaveText('交接班记录.txt');
    await expect(page.getByTestId('file-version')).toHaveText('V1');
    const editor = page.getByTestId('document-editor').locator('.cm-content');
    await expect(editor).toContainText('夜班：一切正常');
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type('。已交接给白班。');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText('确认保存吗？');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(page.getByTestId('file-version')).toHaveText('V2');
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENS}/document-write.png` });

    // Same id, new content; the first version is still there.
    expect(await (await page.request.get(`/api/file/download/${id}`)).text()).toBe('夜班：一切正常。已交接给白班。');
    expect(await (await page.request.get(`/api/file/download/${id}?version=1`)).text()).toBe('夜班：一切正常');
    await page.getByRole('button', { name: '历史版本' }).click();
    await expect(page.getByTestId('version-download-1')).toHaveAttribute('href', `/api/file/download/${id}?version=1`);
    await expect(page.getByTestId('version-download-2')).toHaveAttribute('href', `/api/file/download/${id}`);
    await expect(page.getByTestId('version-download-1')).toBeInViewport({ ratio: 1 });
    await page.waitForTimeout(300); // the drawer's slide-in
    await page.screenshot({ path: `${SCREENS}/document-versions.png` });

    // Read mode shows the preview of the saved text.
    await page.goto(`${BASE}/static/wps.html?_w_fileId=${id}&_w_type=read`);
    await expect(page).toHaveURL(`${BASE}/document/${id}/read`);
    await expect(page.getByTestId('code-view').locator('.cm-content')).toContainText('已交接给白班');
  });

  test('写模式下 Office 文档说明需要 Office 连接器，并提供下载', async ({ page }) => {
    const id = await uploadFile(page, '应急演练方案.docx', docxWithHeading('应急演练方案', ['演练时间：每季度一次。']));
    await page.goto(`${BASE}/document/${id}/write`);
    const note = page.getByTestId('document-no-editor');
    await expect(note).toContainText('在线编辑 Office 文档需要 Office 文档服务连接器，当前未配置');
    await expect(note.getByRole('link', { name: '下载文件' })).toHaveAttribute('href', `/api/file/download/${id}`);
    await page.screenshot({ path: `${SCREENS}/document-office-write.png` });
    await note.getByRole('button', { name: '只读查看' }).click();
    await expect(page).toHaveURL(`${BASE}/document/${id}/read`);
    await expect(page.getByTestId('docx-view').getByText('演练时间：每季度一次。')).toBeVisible();
  });

  test('缺少文件编号时提示编辑失败', async ({ page }) => {
    await page.goto(`${BASE}/static/wps.html?_w_type=write`);
    await expect(page.getByText('编辑失败,未上传任何文件')).toBeVisible();
  });
});
