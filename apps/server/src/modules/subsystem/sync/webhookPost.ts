import http from 'node:http';
import https from 'node:https';

export interface PostOutcome {
  status: number;
  text: string;
}

/**
 * POSTs JSON to the URL, connecting only to `address` (the host policy's answer), so a second DNS
 * lookup cannot point the request at a protected address after the check.
 */
export function postTo(url: URL, address: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<PostOutcome> {
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString(), ...headers },
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
          if (text.length < 2000) text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('推送超时')));
    req.on('error', reject);
    req.end(body);
  });
}
