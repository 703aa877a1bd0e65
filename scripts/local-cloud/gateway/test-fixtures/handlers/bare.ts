/** A result without statusCode: API Gateway sends it as a 200 JSON body. */
export async function handler() {
  return { hello: 'world', count: 2 };
}
