import { request } from 'node:https';
import type { Fetch } from './sign-in';

/**
 * A minimal `fetch` over node:https that trusts one extra certificate (the local cloud's self-signed one),
 * verifying it rather than switching verification off. Enough for the sign-in flow and JSON calls.
 */
export function trustingFetch(ca: string): Fetch {
  return (url, init = {}) =>
    new Promise((resolve, reject) => {
      const headers = new Headers(init.headers);
      const req = request(
        url,
        { method: init.method ?? 'GET', headers: Object.fromEntries(headers), ca },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const item of [value ?? []].flat()) responseHeaders.append(name, item);
            }
            const status = res.statusCode ?? 0;
            // Response refuses a body on "null body" statuses such as 204 and 304.
            const body = [101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, headers: responseHeaders }));
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (init.body !== undefined && init.body !== null) req.write(String(init.body));
      req.end();
    });
}
