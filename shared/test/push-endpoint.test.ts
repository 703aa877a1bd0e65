import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint, MAX_PUSH_ENDPOINT_LENGTH } from '../src/reminders/push-endpoint';

/** Endpoints as each vendor's browser hands them out (tokens shortened). */
const REAL = {
  chrome: 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bGmP1x-Yv2_fQ7',
  chromeVapid: 'https://fcm.googleapis.com/wp/dQw4w9WgXcQ:APA91bGmP1x-Yv2_fQ7',
  firefox: 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABkX1y2Z3_-aBcD',
  safari: 'https://web.push.apple.com/QGuQyavXutnMvZ2dYkBk-9K_Lfp4',
  edge: 'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD%2bx0l7Y%2fq%3d',
};

/** Those of the endpoints the rule accepts. */
const accepted = (endpoints: string[]) => endpoints.filter((endpoint) => isAllowedPushEndpoint(endpoint));

describe('isAllowedPushEndpoint', () => {
  it("accepts the endpoints of Chrome's, Firefox's, Safari's and Edge's push services", () => {
    expect(accepted(Object.values(REAL))).toEqual(Object.values(REAL));
  });

  it('refuses any other host, however close its name', () => {
    expect(
      accepted([
        'https://push.example/x',
        'https://fcm.googleapis.com.evil.example/fcm/send/x',
        'https://evilfcm.googleapis.com/fcm/send/x',
        'https://evil-push.apple.com/x',
        'https://push.apple.com.evil.example/x',
        'https://notify.windows.com.evil.example/w/',
        'https://push.apple.com/x',
        'https://fcm.googleapis.com./fcm/send/x',
        // Google Cloud Messaging's old address: shut down, no browser hands it out any more.
        'https://android.googleapis.com/gcm/send/x',
      ]),
    ).toEqual([]);
  });

  it('refuses IP literals, however written, the instance metadata address included', () => {
    expect(
      accepted([
        'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
        'https://127.0.0.1/x',
        'https://2130706433/x',
        'https://0x7f.1/x',
        'https://[::1]/x',
        'https://[fd00:ec2::254]/x',
      ]),
    ).toEqual([]);
  });

  it('refuses plain http, another port, a user name or password, and text that is not a URL', () => {
    expect(
      accepted([
        'http://fcm.googleapis.com/fcm/send/x',
        'https://fcm.googleapis.com:8443/fcm/send/x',
        'https://fcm.googleapis.com:443/fcm/send/x',
        'https://user:secret@fcm.googleapis.com/fcm/send/x',
        'https://user@web.push.apple.com/x',
        'not a url',
        '',
      ]),
    ).toEqual([]);
  });

  it('refuses what URL parsers could read two ways: anything not written as the WHATWG parser writes it back', () => {
    expect(
      accepted([
        'https://FCM.googleapis.com/fcm/send/x',
        'https://fcm.googleapis.com\\@169.254.169.254/x',
        'https://fcm.googleapis.com/fcm/send/x y',
        'https://fcm.googleapis.com/fcm/send/x\n',
        'https://fcm.googleapis.com/fcm/send/é',
        'https://fcm.googleapis.com/fcm/send/\ud800',
      ]),
    ).toEqual([]);
  });

  it('refuses an endpoint over 2,048 characters', () => {
    const long = `${REAL.chrome}${'a'.repeat(MAX_PUSH_ENDPOINT_LENGTH)}`.slice(
      0,
      MAX_PUSH_ENDPOINT_LENGTH + 1,
    );
    expect(isAllowedPushEndpoint(long)).toBe(false);
    expect(isAllowedPushEndpoint(long.slice(0, MAX_PUSH_ENDPOINT_LENGTH))).toBe(true);
  });

  it('accepts a push service the deployment adds, at exactly its origin', () => {
    const local = 'https://localhost:4443';
    expect(isAllowedPushEndpoint(`${local}/push/abc`)).toBe(false);
    expect(isAllowedPushEndpoint(`${local}/push/abc`, [local])).toBe(true);
    expect(isAllowedPushEndpoint('https://localhost:4444/push/abc', [local])).toBe(false);
    expect(isAllowedPushEndpoint('http://localhost:4443/push/abc', [local])).toBe(false);
    expect(isAllowedPushEndpoint('https://me@localhost:4443/push/abc', [local])).toBe(false);
    expect(isAllowedPushEndpoint('https://127.0.0.1:4443/push/abc', ['https://127.0.0.1:4443'])).toBe(false);
    // The browsers' services stay allowed beside it.
    expect(isAllowedPushEndpoint(REAL.safari, [local])).toBe(true);
  });
});
