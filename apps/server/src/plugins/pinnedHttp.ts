import http from 'node:http';
import https from 'node:https';

export interface PostOutcome {
  status: number;
  text: string;
}

/**
 * An HTTP request to the URL that connects only to `address` (the host policy's answer, see
 * report's HostPolicy), so a second DNS lookup cannot point it at a protected address after the
 * check. The answer is read up to `maxChars`. Used by sync webhooks and 高级控件数据源.
 */
export function requestPinned(
  method: 'GET' | 'POST',
  url: URL,
  address: string,
  headers: Record<string, string>,
  body: string | null,
  timeoutMs: number,
  maxChars = 2000,
): Promise<PostOutcome> {
  const lib = url.protocol === 'https:' ? https : http;
  const sized = body === null ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString() };
  return new Promise((resolve, reject) => {
    const req = lib.request(
      url,
      {
        method,
        headers: { ...sized, ...headers },
        timeout: timeoutMs,
        lookup: (_host, options, cb) => {
          const family = address.includes(':') ? 6 : 4;
          if ((options as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
          else cb(null, address, family);
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          if (text.length < maxChars) text += c;
          else res.destroy(new Error('响应过大'));
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('请求超时')));
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}
