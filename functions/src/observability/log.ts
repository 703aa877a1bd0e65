/** What a log line says besides its message: plain values, and an `error` where something failed. */
export type LogFields = Readonly<Record<string, unknown>>;

/**
 * Bloom's log lines, written with the console. In Lambda the function's JSON log format
 * (infra/lib/bloom-function.ts) turns each into one JSON line with its timestamp, level and request id, writes an
 * Error among the fields as its type, message and stack, and drops lines below the function's log level. A logging
 * library would do the same work again, and building one cost every cold start a few milliseconds
 * (scripts/bench/bundles.ts).
 */
export const log = {
  info: (msg: string, fields?: LogFields) => console.info(line(msg, fields)),
  warn: (msg: string, fields?: LogFields) => console.warn(line(msg, fields)),
  error: (msg: string, fields?: LogFields) => console.error(line(msg, fields)),
};

/** One object per line: Lambda writes it whole under `message`, fields kept apart for CloudWatch Logs Insights. */
function line(msg: string, fields: LogFields | undefined): LogFields {
  return { msg, ...fields };
}
