import type { ErrorCode } from '@bloom/shared/errors/catalogue';

/**
 * A refusal Bloom expects (a limit reached, something not found, a bad signature), named by its code in the
 * shared error catalogue. Domain code throws it without knowing who asked: an HTTP route answers it with the
 * catalogue's status and message (functions/src/http/api-handler.ts), a scheduled or queued worker decides
 * for itself. `fields` names the inputs at fault, for a form to highlight; `cause` keeps the failure behind a
 * server-side code (5xx), for the log.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
    options?: { cause?: unknown },
  ) {
    // The code, not the catalogue's message: the message is written for a person, a log reader wants the code.
    super(code, options);
    this.name = 'DomainError';
  }
}
