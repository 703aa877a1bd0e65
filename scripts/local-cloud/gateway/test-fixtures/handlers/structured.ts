/** A structured result with cookies, a custom status and a base64 body. */
export async function handler() {
  return {
    statusCode: 201,
    headers: { 'Content-Type': 'text/plain', 'X-Custom': 'yes' },
    cookies: ['a=1; Path=/', 'b=2; Path=/'],
    body: Buffer.from('created').toString('base64'),
    isBase64Encoded: true,
  };
}
