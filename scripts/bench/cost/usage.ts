import { ROUTES } from '@bloom/functions/routes';
import type { HandlerLoader, LambdaHandler } from '../../local-cloud/gateway/gateway';
import type { AwsUsage } from '../../local-cloud/metering/usage-meter';

/** What one route's function did during a scripted month, as the local cloud measured it. */
export interface RouteUsage {
  route: string;
  memoryMb: number;
  invocations: number;
  /** Durations of the invocations, ms (the handler's own run, as Lambda bills it, without the gateway). */
  durationsMs: number[];
  readUnits: number;
  writeUnits: number;
  bedrockCalls: number;
  inputTokens: number;
  outputTokens: number;
  guardedChars: number;
  /** Bytes of the responses the function sent back (they leave through CloudFront). */
  responseBytes: number;
}

const routeKeyOf = (route: (typeof ROUTES)[number]) => `${route.method} ${route.path}`;

/** Collects invocations, durations and metered AWS usage per route, and can be reset between scripted users. */
export class UsageLedger {
  private routes = new Map<string, RouteUsage>();

  private of(route: string): RouteUsage {
    let usage = this.routes.get(route);
    if (!usage) {
      const definition = ROUTES.find((candidate) => routeKeyOf(candidate) === route);
      usage = {
        route,
        memoryMb: definition?.memoryMb ?? 0,
        invocations: 0,
        durationsMs: [],
        readUnits: 0,
        writeUnits: 0,
        bedrockCalls: 0,
        inputTokens: 0,
        outputTokens: 0,
        guardedChars: 0,
        responseBytes: 0,
      };
      this.routes.set(route, usage);
    }
    return usage;
  }

  /** For installUsageMeter: capacity and tokens as the services reported them. */
  readonly recordAws = (usage: AwsUsage): void => {
    const route = this.of(usage.route);
    if (usage.service === 'dynamodb') {
      if (usage.kind === 'read') route.readUnits += usage.capacityUnits;
      else route.writeUnits += usage.capacityUnits;
    } else {
      route.bedrockCalls += 1;
      route.inputTokens += usage.inputTokens;
      route.outputTokens += usage.outputTokens;
      route.guardedChars += usage.guardedChars;
    }
  };

  /** Wraps the gateway's handler loader so every invocation is counted and timed. */
  timing(load: HandlerLoader): HandlerLoader {
    return async (handlerName) => {
      const handler = await load(handlerName);
      const definition = ROUTES.find((route) => route.handler === handlerName);
      if (!definition) return handler;
      const usage = this.of(routeKeyOf(definition));
      const timed: LambdaHandler = async (event, context) => {
        const started = performance.now();
        try {
          const result = await handler(event, context);
          const body = (result as { body?: unknown } | undefined)?.body;
          if (typeof body === 'string') usage.responseBytes += Buffer.byteLength(body);
          return result;
        } finally {
          usage.invocations += 1;
          usage.durationsMs.push(performance.now() - started);
        }
      };
      return timed;
    };
  }

  /** The month so far, and a fresh ledger for the next user. */
  take(): RouteUsage[] {
    const taken = [...this.routes.values()].filter((usage) => usage.invocations > 0);
    this.routes = new Map();
    return taken;
  }
}
