import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** EMF lines the handler wrote to stdout, where CloudWatch picks metrics up. */
function emfWritten(spy: { mock: { calls: unknown[][] } }): Array<Record<string, unknown>> {
  return spy.mock.calls
    .map(([chunk]) => String(chunk))
    .filter((line) => line.includes('"_aws"'))
    .map((line) => JSON.parse(line));
}

const event = (claims: Record<string, string>) =>
  ({ requestContext: { authorizer: { jwt: { claims, scopes: [] } } }, isBase64Encoded: false }) as never;
const context = {
  functionName: 'bloom-test',
  awsRequestId: 'r',
  getRemainingTimeInMillis: () => 1000,
} as never;

// Handlers alone, without a table: every account is open.
vi.mock('../src/account/closed-account', () => ({ refuseClosedAccount: async () => {} }));

describe('API handler metrics', () => {
  let stdout: { mock: { calls: unknown[][] } };
  let warn: { mock: { calls: unknown[][] } };
  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv('METRICS_DISABLED', 'false');
    stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('records a limit refusal as it happens, and nothing (not even a warning) for a quiet request', async () => {
    const { apiHandler } = await import('../src/http/api-handler');
    const { DomainError } = await import('../src/domain-error');
    const { ok } = await import('../src/http/responses');
    const refuse = apiHandler({
      run: async () => {
        throw new DomainError('edit_limit_reached');
      },
    });
    const quiet = apiHandler({ run: async () => ok({}) });

    await quiet(event({ sub: 'u1' }), context);
    expect(emfWritten(stdout)).toEqual([]);
    expect((await refuse(event({ sub: 'u1' }), context)).statusCode).toBe(403);
    await quiet(event({ sub: 'u1' }), context);

    const names = emfWritten(stdout).flatMap((emf) =>
      (
        (emf._aws as { CloudWatchMetrics: Array<{ Metrics: Array<{ Name: string }> }> }).CloudWatchMetrics ??
        []
      ).flatMap((group) => group.Metrics.map((metric) => metric.Name)),
    );
    expect(names).toEqual(['EditLimitReached']);
    const [line] = emfWritten(stdout);
    expect(line).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          {
            Namespace: 'Bloom',
            Dimensions: [['service']],
            Metrics: [{ Name: 'EditLimitReached', Unit: 'Count' }],
          },
        ],
      },
      service: 'bloom',
      EditLimitReached: 1,
    });
    expect(warn.mock.calls.flat().join(' ')).not.toContain('No application metrics');
  });
});

describe('API handler logs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('write a failure as one object, its message and the error, for Lambda to render as JSON', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { apiHandler } = await import('../src/http/api-handler');
    const bug = new TypeError('x is not a function');
    const failing = apiHandler({
      run: async () => {
        throw bug;
      },
    });

    expect((await failing(event({ sub: 'u1' }), context)).statusCode).toBe(500);
    expect(error.mock.calls).toEqual([
      [
        {
          msg: 'Unhandled error',
          error: {
            errorType: 'TypeError',
            errorMessage: 'x is not a function',
            stackTrace: expect.arrayContaining([expect.stringContaining('TypeError: x is not a function')]),
          },
        },
      ],
    ]);
  });

  it('leave out what an error carries besides its type, message, stack and cause (an item it refused)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { log } = await import('../src/observability/log');
    const refused = Object.assign(
      new Error('The conditional request failed', { cause: new Error('deeper') }),
      {
        Item: { text: { S: 'what she wrote' } },
      },
    );
    log.error('Could not save', { error: refused, attempt: 2 });

    const [[written]] = error.mock.calls as [[Record<string, unknown>]];
    expect(JSON.stringify(written)).not.toContain('what she wrote');
    expect(written).toMatchObject({
      msg: 'Could not save',
      attempt: 2,
      error: {
        errorType: 'Error',
        errorMessage: 'The conditional request failed',
        cause: { errorMessage: 'deeper' },
      },
    });
  });
});
