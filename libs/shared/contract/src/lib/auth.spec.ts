import { forgotPasswordBodySchema, passwordResetBodySchema } from './auth';

function emailError(value: unknown): string | undefined {
  const r = forgotPasswordBodySchema.safeParse({ email: value });
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe('e-mail fields', () => {
  it('say in plain words what is wrong: empty, missing or malformed', () => {
    expect(emailError('')).toBe('Enter your e-mail address.');
    expect(emailError('   ')).toBe('Enter your e-mail address.');
    expect(emailError(undefined)).toBe('Enter your e-mail address.');
    expect(emailError('chanda@')).toBe('Enter a valid e-mail address, like name@example.com.');
  });

  it('accept a real address, trimmed', () => {
    expect(forgotPasswordBodySchema.parse({ email: ' officer@demo.zm ' })).toEqual({ email: 'officer@demo.zm' });
    const reset = passwordResetBodySchema.safeParse({
      token: 't',
      email: 'officer@demo.zm',
      password: 'Kalulu runs at dawn 7',
      password_confirmation: 'Kalulu runs at dawn 7',
    });
    expect(reset.success).toBe(true);
  });
});
