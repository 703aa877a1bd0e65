import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localCertificate } from './certificate';

const dataDir = mkdtempSync(join(tmpdir(), 'bloom-tls-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('local https certificate', () => {
  it('is made once for localhost and 127.0.0.1, browser-acceptable, and reused afterwards', async () => {
    const first = await localCertificate(dataDir);
    const certificate = new X509Certificate(first.cert);
    expect(certificate.checkHost('localhost')).toBe('localhost');
    expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(
      certificate.checkPrivateKey(await import('node:crypto').then((c) => c.createPrivateKey(first.key))),
    ).toBe(true);
    const days = (new Date(certificate.validTo).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(700);
    expect(days).toBeLessThan(825);

    const again = await localCertificate(dataDir);
    expect(again.cert).toBe(first.cert);
  });
});
