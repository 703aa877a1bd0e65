import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  /** The DynamoDB operation, from X-Amz-Target (e.g. "Query", "TransactWriteItems"). */
  operation: string;
  startedAt: number;
  endedAt: number;
}

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems', 'BatchWriteItem']);
export const isWrite = (request: RecordedRequest) => WRITES.has(request.operation);

/**
 * An HTTP proxy in front of DynamoDB Local that records every request the handlers send, so tests can count
 * them and see which ran at the same time. It changes nothing on the way through.
 */
export async function startCountingProxy(target: string) {
  const recorded: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const startedAt = performance.now();
    const body = await readBody(req);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([name]) => !['host', 'connection', 'content-length'].includes(name),
      ),
    ) as Record<string, string>;
    const response = await fetch(`${target}${req.url}`, { method: req.method, headers, body });
    const payload = Buffer.from(await response.arrayBuffer());
    recorded.push({
      operation: String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? 'unknown',
      startedAt,
      endedAt: performance.now(),
    });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Runs `action` and returns the requests it caused. */
    async during(action: () => Promise<unknown>): Promise<RecordedRequest[]> {
      const from = recorded.length;
      await action();
      return recorded.slice(from);
    },
    all: () => [...recorded],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
