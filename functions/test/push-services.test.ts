import { describe, expect, it } from 'vitest';
import { extraPushServiceOrigins } from '../src/reminders/push-services';

describe('EXTRA_PUSH_SERVICE_ORIGINS', () => {
  const read = (value: string | undefined) => extraPushServiceOrigins({ EXTRA_PUSH_SERVICE_ORIGINS: value });

  it('adds nothing when unset, as in the stack', () => {
    expect(read(undefined)).toEqual([]);
    expect(read('')).toEqual([]);
  });

  it('reads a comma-separated list of https origins', () => {
    expect(read('https://localhost:4443')).toEqual(['https://localhost:4443']);
    expect(read(' https://localhost:4443, https://push.internal.example/ ')).toEqual([
      'https://localhost:4443',
      'https://push.internal.example',
    ]);
  });

  it('fails loudly on a setting that is not an https origin', () => {
    for (const value of [
      'http://localhost:4443',
      'https://localhost:4443/push',
      'localhost:4443',
      'https://',
    ]) {
      expect(() => read(value), value).toThrow(/EXTRA_PUSH_SERVICE_ORIGINS/);
    }
  });
});
