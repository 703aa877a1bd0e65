/** Answers with the event and the parts of the context a test can check. */
export async function handler(
  event: unknown,
  context: { functionName: string; memoryLimitInMB: string; getRemainingTimeInMillis(): number },
) {
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      event,
      context: {
        functionName: context.functionName,
        memoryLimitInMB: context.memoryLimitInMB,
        remainingMs: context.getRemainingTimeInMillis(),
      },
    }),
  };
}
