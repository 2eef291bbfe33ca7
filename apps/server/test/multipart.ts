import crypto from 'node:crypto';

export interface FormPart {
  name: string;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/**
 * A multipart/form-data body built by hand, as a browser sends it: file names are raw UTF-8 in a
 * quoted filename parameter.
 */
export function multipart(parts: FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----parkTest${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename.replace(/"/g, '%22')}"`;
    head += '\r\n';
    if (p.filename !== undefined || p.contentType)
      head += `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`, 'utf8'),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
