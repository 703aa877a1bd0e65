import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  /** The DynamoDB operation, from X-Amz-Target (e.g. "Query", "TransactWriteItems"). */
  operation: string;
  /** The request's JSON as sent, to tell apart requests of one operation (which item a GetItem asked for). */
  body: string;
  startedAt: number;
  endedAt: number;
}

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems', 'BatchWriteItem']);
export const isWrite = (request: RecordedRequest) => WRITES.has(request.operation);
/** Every signed-in request's read of the closed-account mark (docs/rules.md#closed-accounts). */
export const isClosedAccountCheck = (request: RecordedRequest) =>
  request.operation === 'GetItem' && request.body.includes('CLOSED#');

/**
 * An HTTP proxy in front of DynamoDB Local that records every request the handlers send, so tests can count
 * them and see which ran at the same time. It changes nothing on the way through, though a test may hold one
 * request back for a while (`holdNext`) or make requests fail as in an outage (`fail`).
 */
export async function startCountingProxy(target: string) {
  const recorded: RecordedRequest[] = [];
  const holds: Hold[] = [];
  const outages: Outage[] = [];
  const server = createServer(async (req, res) => {
    const startedAt = performance.now();
    const body = await readBody(req);
    const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? 'unknown';
    if (
      outages.some((outage) => outage.operation === operation && body.toString('utf8').includes(outage.text))
    ) {
      // DynamoDB's own answer to a failure on its side: the SDK retries it, then gives up.
      res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(
        JSON.stringify({
          __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
          message: 'Internal server error',
        }),
      );
      return;
    }
    const hold = holds.find((candidate) => candidate.matches(operation, body.toString('utf8')));
    if (hold) {
      holds.splice(holds.indexOf(hold), 1);
      hold.arrived();
      await hold.released;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([name]) => !['host', 'connection', 'content-length'].includes(name),
      ),
    ) as Record<string, string>;
    const response = await fetch(`${target}${req.url}`, { method: req.method, headers, body });
    const payload = Buffer.from(await response.arrayBuffer());
    recorded.push({
      operation,
      body: body.toString('utf8'),
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
    /**
     * Holds the next request of this operation whose body contains `text` until `release()` is called, so a
     * test can let another request overtake it: `arrived` resolves once the held request is waiting.
     */
    holdNext(operation: string, text: string) {
      let arrived = () => {};
      let release = () => {};
      const hold: Hold = {
        matches: (op, body) => op === operation && body.includes(text),
        arrived: () => arrived(),
        released: new Promise<void>((resolve) => {
          release = resolve;
        }),
      };
      const waiting = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      holds.push(hold);
      return { arrived: waiting, release: () => release() };
    },
    /** Every request of this operation whose body contains `text` fails with a 500 until `end()` is called. */
    fail(operation: string, text = '') {
      const outage = { operation, text };
      outages.push(outage);
      return { end: () => outages.splice(outages.indexOf(outage), 1) };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Outage {
  operation: string;
  text: string;
}

interface Hold {
  matches(operation: string, body: string): boolean;
  arrived(): void;
  released: Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
