import fs from 'node:fs';
import ExcelJS from 'exceljs';
const N = 120000;
const size = () => { try { return fs.statSync('/tmp/iebench/out3.xlsx').size } catch { return -1 } };
const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: '/tmp/iebench/out3.xlsx', useStyles: false, useSharedStrings: false, zip: { zlib: { level: 1 } } });
const ws = wb.addWorksheet('S');
for (let i = 0; i < N; i++) {
  const row = [];
  for (let c = 1; c <= 20; c++) row[c] = c % 3 === 0 ? i * 1.5 + c : `文本${c}-${i}`;
  const r = ws.getRow(i + 2); r.values = row; r.commit();
  if (i % 5000 === 0) { await new Promise(r => setTimeout(r, 20)); if (i % 40000 === 0) { const m = process.memoryUsage(); const st = ws.stream; console.log(i, 'ab', (m.arrayBuffers/1e6).toFixed(0), 'file', size(), 'pipes', st.pipes.length, 'bufs', st.buffers.length, 'paused', st.paused); } }
}
ws.commit(); await wb.commit(); console.log('end', size());
