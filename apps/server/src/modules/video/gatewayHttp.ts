import http from 'node:http';
import https from 'node:https';

/*
 * The gateway's HTTP transport: node:http(s) with keep-alive agents. A wall opens up to 16 streams at
 * once, each one gateway call; reusing connections and skipping fetch's stream machinery makes a call
 * several times cheaper than global fetch on the same machine (docs/benchmarks.md, issue 25).
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }),
};

export interface HttpReply {
  status: number;
  text: string;
}

export function httpCall(url: URL, method: string, headers: Record<string, string>, body: string | undefined, timeoutMs: number): Promise<HttpReply> {
  const transport = url.protocol === 'https:' ? https : http;
  const agent = agents[url.protocol as keyof typeof agents];
  if (!agent) return Promise.reject(new Error(`unsupported protocol ${url.protocol}`));
  return new Promise((resolve, reject) => {
    const req = transport.request(
      url,
      { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}
