import type { Pluggable } from '@smithy/types';

/** Middleware on an AWS SDK client's stack (instrumentation.ts adds it to every client the functions make). */
// biome-ignore lint/suspicious/noExplicitAny: one middleware serves clients of every input and output type.
export type ClientMiddleware = Pluggable<any, any>;
