import { maskDigits, maskRecipient } from './mask';

describe('masks', () => {
  it('hides every digit but the last ones, keeping separators', () => {
    expect(maskDigits('123456/78/9', 5)).toBe('****56/78/9');
    expect(maskDigits('12', 5)).toBe('12');
  });
  it('masks a mobile recipient, never an e-mail address', () => {
    expect(maskRecipient('+260971234567')).toBe('+*********567');
    expect(maskRecipient('0971234567')).toBe('*******567');
    expect(maskRecipient('ann@example.zm')).toBe('ann@example.zm');
  });
});
