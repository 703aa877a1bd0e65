import { ERRORS, type ErrorCode } from '@bloom/shared/errors/catalogue';

/** An error meant for the caller: its code picks the status and message from the shared error catalogue. */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
  ) {
    super(ERRORS[code].message);
    this.name = 'ApiError';
    this.status = ERRORS[code].status;
  }
}
