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
  const faults = new Faults();
  const proxy = createServer((client) => faults.connect(client, target.host ?? '127.0.0.1', target.port));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    pause: () => {
      faults.paused = true;
    },
    resume: () => faults.resume(),
    slow: (ms) => {
      faults.delayMs = ms;
    },
    dropAnswers: (rate, chance = Math.random) => {
      faults.dropRate = rate;
      faults.random = chance;
    },
    refuse: () => {
      faults.refusing = true;
    },
    reset: () => faults.closeAll(),
    heal: () => {
      faults.delayMs = 0;
      faults.dropRate = 0;
      faults.refusing = false;
      faults.resume();
    },
    droppedAnswers: () => faults.dropped,
    heldChunks: () => faults.heldChunks(),
    settled: () => faults.settled(),
    stop: () =>
      new Promise<void>((resolve) => {
        faults.closeAll();
        proxy.close(() => resolve());
      }),
  };
}

/** The proxy's open connections and the faults it has been told to make. */
class Faults {
  paused = false;
  delayMs = 0;
  dropRate = 0;
  random = Math.random;
  refusing = false;
  dropped = 0;
  private readonly pipes = new Set<Pipe>();
  /** Connections whose client gave up while a pause held its request: the server will still get it. */
  private readonly orphans = new Set<Pipe>();
  private readonly whenSettled: Array<() => void> = [];

  /** A new client: refused, or piped to the server with the faults applied both ways. */
  connect(client: Socket, host: string, port: number): void {
    if (this.refusing) {
      client.destroy();
      return;
    }
    const server = connect({ host, port });
    const pipe: Pipe = { client, server, held: [], awaitingAnswer: false, droppingAnswer: false };
    this.pipes.add(pipe);
    client.on('data', (chunk: Buffer) => {
      pipe.awaitingAnswer = true;
      this.deliver(pipe, server, chunk);
    });
    server.on('data', (chunk: Buffer) => this.answer(pipe, chunk));
    // A side that goes away takes the other with it, unless a pause still holds bytes for the server: a
    // stopped process reads what reached its socket once it runs again, even from a client that gave up.
    client.on('close', () => {
      if (this.paused && pipe.held.some((held) => held.to === server)) {
        this.orphans.add(pipe);
        return;
      }
      this.close(pipe);
    });
    server.on('close', () => this.close(pipe));
    client.on('error', () => {});
    server.on('error', () => {});
  }

  /** Delivers what was held while paused; a client that gave up meanwhile leaves the server its request. */
  resume(): void {
    this.paused = false;
    for (const pipe of [...this.pipes]) {
      const held = pipe.held.splice(0);
      for (const { to, chunk } of held) this.deliver(pipe, to, chunk);
      if (pipe.client.destroyed && !pipe.server.destroyed) pipe.server.end();
    }
  }

  closeAll(): void {
    for (const pipe of [...this.pipes]) this.close(pipe);
  }

  heldChunks(): number {
    return [...this.pipes].reduce(
      (count, pipe) => count + pipe.held.filter((held) => held.to === pipe.server).length,
      0,
    );
  }

  settled(): Promise<void> {
    if (this.orphans.size === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.whenSettled.push(resolve);
    });
  }

  /** A chunk of the server's answer: whether the answer is dropped is decided at its first byte. */
  private answer(pipe: Pipe, chunk: Buffer): void {
    if (this.orphans.has(pipe)) this.settle(pipe);
    if (pipe.awaitingAnswer) {
      pipe.awaitingAnswer = false;
      pipe.droppingAnswer = this.dropRate > 0 && this.random() < this.dropRate;
      if (pipe.droppingAnswer) this.dropped++;
    }
    // The server has done the work; the client only sees its connection close.
    if (pipe.droppingAnswer) this.close(pipe);
    else this.deliver(pipe, pipe.client, chunk);
  }

  private deliver(pipe: Pipe, to: Socket, chunk: Buffer): void {
    if (this.paused) {
      pipe.held.push({ to, chunk });
      return;
    }
    const write = () => {
      if (!to.destroyed) to.write(chunk);
    };
    if (this.delayMs > 0) setTimeout(write, this.delayMs);
    else write();
  }

  private close(pipe: Pipe): void {
    pipe.client.destroy();
    pipe.server.destroy();
    this.pipes.delete(pipe);
    this.settle(pipe);
  }

  /** An orphan's request was answered (or its connection closed): wakes `settled()` once none is left. */
  private settle(pipe: Pipe): void {
    this.orphans.delete(pipe);
    if (this.orphans.size > 0) return;
    for (const resolve of this.whenSettled.splice(0)) resolve();
  }
}
