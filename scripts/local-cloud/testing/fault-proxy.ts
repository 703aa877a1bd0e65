import type { AddressInfo } from 'node:net';
import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy that misbehaves on command, put between a client and a server to show what an outage does:
 * between the handlers and DynamoDB Local (the table stops answering), or between a test's client and the API
 * (her answer is lost on the way back). It knows nothing of HTTP: it forwards bytes, and
 *
 * - `pause()` holds every byte in both directions until `resume()`, as a stopped process (SIGSTOP) does: the
 *   client waits, and what it sent before giving up is still delivered once the pause ends;
 * - `slow(ms)` delays each chunk by `ms`;
 * - `dropAnswers(rate)` lets each request through but, with that probability, closes the connection instead of
 *   forwarding the server's answer: the server did the work, the client never hears of it;
 * - `reset()` closes every open connection at once (a crash or a network reset), and `refuse()` closes each new
 *   one as it arrives (nothing listening).
 *
 * `heldChunks()` and `settled()` let a test wait on what the pause did rather than on the clock: what reached the
 * proxy and is held, and when every request held for a client that gave up has reached the server and been answered.
 */
export interface FaultProxy {
  /** `http://127.0.0.1:<port>` of the proxy. */
  endpoint: string;
  port: number;
  pause(): void;
  resume(): void;
  slow(delayMs: number): void;
  dropAnswers(rate: number, random?: () => number): void;
  refuse(): void;
  reset(): void;
  /** Back to forwarding everything at once (also resumes a pause). */
  heal(): void;
  /** How many answers were dropped so far. */
  droppedAnswers(): number;
  /** How many chunks a pause holds now on their way to the server. */
  heldChunks(): number;
  /**
   * Resolves once no request held for a client that gave up is still waiting: each reached the server after the
   * pause and was answered (or its connection closed). Whatever such a request wrote has been written by then.
   */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

interface Pipe {
  client: Socket;
  server: Socket;
  /** Bytes held by a pause, in arrival order, with the side they are going to. */
  held: { to: Socket; chunk: Buffer }[];
  /** True while the client has sent a request whose answer has not started yet. */
  awaitingAnswer: boolean;
  /** Decided at the first byte of each answer: forward it or drop the connection. */
  droppingAnswer: boolean;
}

export async function startFaultProxy(target: { host?: string; port: number }): Promise<FaultProxy> {
  const host = target.host ?? '127.0.0.1';
  const pipes = new Set<Pipe>();
  let paused = false;
  let delayMs = 0;
  let dropRate = 0;
  let random = Math.random;
  let refusing = false;
  let dropped = 0;
  /** Connections whose client gave up while a pause held its request: the server will still get it. */
  const orphans = new Set<Pipe>();
  const whenSettled: Array<() => void> = [];
  const settle = (pipe: Pipe) => {
    orphans.delete(pipe);
    if (orphans.size > 0) return;
    for (const resolve of whenSettled.splice(0)) resolve();
  };

  const deliver = (pipe: Pipe, to: Socket, chunk: Buffer) => {
    if (paused) {
      pipe.held.push({ to, chunk });
      return;
    }
    const write = () => {
      if (!to.destroyed) to.write(chunk);
    };
    if (delayMs > 0) setTimeout(write, delayMs);
    else write();
  };

  const close = (pipe: Pipe) => {
    pipe.client.destroy();
    pipe.server.destroy();
    pipes.delete(pipe);
    settle(pipe);
  };

  const proxy = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const server = connect({ host, port: target.port });
    const pipe: Pipe = { client, server, held: [], awaitingAnswer: false, droppingAnswer: false };
    pipes.add(pipe);
    client.on('data', (chunk: Buffer) => {
      pipe.awaitingAnswer = true;
      deliver(pipe, server, chunk);
    });
    server.on('data', (chunk: Buffer) => {
      if (orphans.has(pipe)) settle(pipe);
      if (pipe.awaitingAnswer) {
        pipe.awaitingAnswer = false;
        pipe.droppingAnswer = dropRate > 0 && random() < dropRate;
        if (pipe.droppingAnswer) dropped++;
      }
      if (pipe.droppingAnswer) {
        // The server has done the work; the client only sees its connection close.
        close(pipe);
        return;
      }
      deliver(pipe, client, chunk);
    });
    // A side that goes away takes the other with it, unless a pause still holds bytes for the server: a
    // stopped process reads what reached its socket once it runs again, even from a client that gave up.
    const ended = () => {
      if (paused && pipe.held.some((held) => held.to === server)) {
        orphans.add(pipe);
        return;
      }
      close(pipe);
    };
    client.on('close', ended);
    server.on('close', () => close(pipe));
    client.on('error', () => {});
    server.on('error', () => {});
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as AddressInfo).port;

  const resume = () => {
    paused = false;
    for (const pipe of [...pipes]) {
      const held = pipe.held.splice(0);
      for (const { to, chunk } of held) deliver(pipe, to, chunk);
      if (pipe.client.destroyed && !pipe.server.destroyed) pipe.server.end();
    }
  };

  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    pause: () => {
      paused = true;
    },
    resume,
    slow: (ms) => {
      delayMs = ms;
    },
    dropAnswers: (rate, chance = Math.random) => {
      dropRate = rate;
      random = chance;
    },
    refuse: () => {
      refusing = true;
    },
    reset: () => {
      for (const pipe of [...pipes]) close(pipe);
    },
    heal: () => {
      delayMs = 0;
      dropRate = 0;
      refusing = false;
      resume();
    },
    droppedAnswers: () => dropped,
    heldChunks: () =>
      [...pipes].reduce(
        (count, pipe) => count + pipe.held.filter((held) => held.to === pipe.server).length,
        0,
      ),
    settled: () =>
      orphans.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            whenSettled.push(resolve);
          }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const pipe of [...pipes]) close(pipe);
        proxy.close(() => resolve());
      }),
  };
}
