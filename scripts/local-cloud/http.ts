import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo, Server } from 'node:net';

/** What the emulators answer on: an HTTP/1 response, or HTTP/2's compatibility response (Bedrock's). */
export interface AnyServerResponse {
  writeHead(status: number, headers: OutgoingHttpHeaders): unknown;
  end(body: string): unknown;
}

/** Reads a request body (HTTP/1 or HTTP/2) whole; `limit` guards the emulators against runaway uploads. */
export async function readBody(req: AsyncIterable<unknown>, limit = 10 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export class BodyTooLargeError extends Error {
  constructor() {
    super('Request body too large');
  }
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams((await readBody(req, 1024 * 1024)).toString('utf8'));
}

export function sendJson(
  res: AnyServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
  });
  res.end(html);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

/** The answer to a form POST: 303 See Other, so the browser GETs `location` next (reloading it posts nothing). */
export function seeOther(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

/** The path of a request without its query string, e.g. `/api/me`. */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function queryOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? '' : url.slice(query + 1);
}

/** Starts an emulator's server on its own port (0: a free one) and answers its plain-http loopback origin. */
export async function listenOnLoopback(
  server: Server,
  options: { port?: number; host?: string },
): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
