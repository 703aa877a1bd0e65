/** Outlives its route's 1-second timeout. */
export async function handler() {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return { statusCode: 200, body: 'too late' };
}
