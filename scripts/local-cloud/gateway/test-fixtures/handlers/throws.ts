/** A handler that fails: the client must see API Gateway's bare 500, never the error. */
export async function handler(): Promise<never> {
  throw new Error('secret stack detail');
}
