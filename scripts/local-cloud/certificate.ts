import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface Certificate {
  key: string;
  cert: string;
}

/**
 * A self-signed certificate for localhost and 127.0.0.1, made on first start and kept in the data folder so
 * the browser's one-time exception keeps working. Renewed when it is about to expire.
 */
export async function localCertificate(dataDir: string): Promise<Certificate> {
  const directory = join(dataDir, 'tls');
  const keyFile = join(directory, 'localhost-key.pem');
  const certFile = join(directory, 'localhost-cert.pem');
  if (existsSync(keyFile) && existsSync(certFile)) {
    const stored = { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
    const validTo = new Date(new X509Certificate(stored.cert).validTo).getTime();
    if (validTo - Date.now() > 7 * 24 * 60 * 60 * 1000) return stored;
  }
  const generated = await newLocalhostCertificate();
  mkdirSync(directory, { recursive: true });
  writeFileSync(keyFile, generated.key, { mode: 0o600 });
  writeFileSync(certFile, generated.cert);
  return generated;
}

/** A new self-signed certificate for localhost, 127.0.0.1 and ::1, valid 800 days. */
export async function newLocalhostCertificate(): Promise<Certificate> {
  const notBeforeDate = new Date(Date.now() - 60 * 60 * 1000);
  const generated = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    // Browsers refuse server certificates valid for more than 825 days.
    notAfterDate: new Date(notBeforeDate.getTime() + 800 * 24 * 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  return { key: generated.private, cert: generated.cert };
}
