import { secretString } from '../aws/secrets-manager';
import { memoised } from '../memoised';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may reach Bloom's operators at (RFC 8292). */
  subject: string;
}

/**
 * The VAPID keys that sign Bloom's pushes, from the secret VAPID_SECRET_ARN names (JSON `{ publicKey,
 * privateKey, subject }`). Only the reminder functions are granted it (functions/src/routes.ts `webPush`).
 * Kept for 5 minutes per container, so rolled keys take effect.
 */
export const vapidKeys = memoised(
  async (): Promise<VapidKeys> => {
    const arn = process.env.VAPID_SECRET_ARN;
    if (!arn) throw new Error('VAPID_SECRET_ARN is not set');
    const parsed = JSON.parse(await secretString(arn)) as Partial<VapidKeys>;
    if (!parsed.publicKey || !parsed.privateKey || !parsed.subject) {
      throw new Error(`Secret ${arn} must hold JSON with publicKey, privateKey and subject`);
    }
    return { publicKey: parsed.publicKey, privateKey: parsed.privateKey, subject: parsed.subject };
  },
  { maxAgeMs: 5 * 60 * 1000 },
);
