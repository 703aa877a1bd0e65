import { randomUUID } from 'node:crypto';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { JsonFile } from '../json-file';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public half as the JWKS publishes it. */
  publicJwk: JWK;
}

interface StoredKey {
  kid: string;
  privateJwk: JWK;
}

/**
 * The user pool's RS256 key. Generated on first start and kept in the data folder, so tokens issued before
 * a restart still verify after it; in memory when no file is given.
 */
export async function loadSigningKey(file: string | undefined): Promise<SigningKey> {
  const stored = new JsonFile<StoredKey | null>(file, () => null);
  let value = stored.value;
  if (!value) {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    value = { kid: randomUUID(), privateJwk: await exportJWK(privateKey) };
    stored.value = value;
    stored.save();
  }
  const { kty, n, e } = value.privateJwk;
  const publicJwk: JWK = { alg: 'RS256', e, kid: value.kid, kty, n, use: 'sig' };
  return {
    kid: value.kid,
    privateKey: (await importJWK(value.privateJwk, 'RS256')) as CryptoKey,
    publicKey: (await importJWK(publicJwk, 'RS256')) as CryptoKey,
    publicJwk,
  };
}
