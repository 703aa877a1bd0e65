/** What a log line says besides its message: plain values, and an `error` where something failed. */
export type LogFields = Readonly<Record<string, unknown>>;

/**
 * Bloom's log lines, written with the console. In Lambda the function's JSON log format
 * (infra/lib/bloom-function.ts) turns each into one JSON line with its timestamp, level and request id, and drops
 * lines below the function's log level. A logging library would do the same work again, and building one cost
 * every cold start a few milliseconds (scripts/bench/bundles.ts).
 */
export const log = {
  info: (msg: string, fields?: LogFields) => console.info(line(msg, fields)),
  warn: (msg: string, fields?: LogFields) => console.warn(line(msg, fields)),
  error: (msg: string, fields?: LogFields) => console.error(line(msg, fields)),
};

/** One object per line: Lambda writes it whole under `message`, fields kept apart for CloudWatch Logs Insights. */
function line(msg: string, fields: LogFields | undefined): LogFields {
  const entry: Record<string, unknown> = { msg };
  for (const [name, value] of Object.entries(fields ?? {})) {
    entry[name] = value instanceof Error ? errorFields(value) : value;
  }
  return entry;
}

/** How deep a chain of causes is followed. */
const MAX_CAUSES = 3;

/**
 * An error as its type, message, stack and causes, and nothing else. Lambda would copy every property of the error
 * into the line, and an SDK error can carry the item a condition refused (a stored answer, a planned activity):
 * the privacy policy says the logs hold account identifiers, not her plans, and docs/safety.md that no message text
 * is logged.
 */
function errorFields(error: Error, depth = 0): Record<string, unknown> {
  return {
    errorType: error.name,
    errorMessage: error.message,
    stackTrace: error.stack?.split('\n') ?? [],
    ...(error.cause instanceof Error && depth < MAX_CAUSES
      ? { cause: errorFields(error.cause, depth + 1) }
      : {}),
  };
}
