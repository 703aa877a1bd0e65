/** Only reached when the gateway prefers a literal path over a parameterised one. */
export async function handler() {
  return {
    statusCode: 200,
    body: JSON.stringify({ route: 'literal' }),
    headers: { 'content-type': 'application/json' },
  };
}
