import { changePasswordBodySchema, passwordResetBodySchema } from './auth';
import { isCommonPassword, newPasswordField, passwordIsIdentifier, PASSWORD_IS_IDENTIFIER, PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from './password-rule';

const error = (value: string) => {
  const r = newPasswordField.safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('the password rule (NOTES.md "Users and roles", issue 11 item 15)', () => {
  it('needs at least 12 characters', () => {
    expect(error('Kz#9q!vB2mT')).toBe(PASSWORD_TOO_SHORT); // 11
    expect(error('Kz#9q!vB2mTx')).toBeUndefined(); // 12
  });

  it('refuses common passwords however long, with the usual disguises', () => {
    for (const p of ['password1234', 'Password@2026', 'P@ssw0rd12345', 'qwertyuiop12', '123456789012', 'aaaaaaaaaaaa',
      'Welcome2026!!', 'LoanPortal2026', 'iloveyou1234', 'zambia123456', '0987654321098', 'passwordpassword', 'Demo#2026Demo']) {
      expect([p, isCommonPassword(p)]).toEqual([p, true]);
      expect(error(p)).toBe(PASSWORD_TOO_COMMON);
    }
    for (const p of ['Kalulu runs at dawn 7', 'mutinta-plants-maize', 'Chongwe#river#2026']) expect([p, isCommonPassword(p)]).toEqual([p, false]);
  });

  it('refuses control characters', () => {
    expect(error('Kalulu runs\u0000at dawn')).toMatch(/control characters/);
  });

  it('refuses the identifier as the password', () => {
    expect(passwordIsIdentifier('officer@demo.zm', ['officer@demo.zm'])).toBe(true);
    expect(passwordIsIdentifier('Officer.Demo.zm!', ['officer@demo.zm'])).toBe(true);
    expect(passwordIsIdentifier('EMP-0002-2026', ['officer@demo.zm', 'EMP-0002'])).toBe(true);
    expect(passwordIsIdentifier('Kalulu runs at dawn 7', ['officer@demo.zm', 'EMP-0002'])).toBe(false);
    const reset = passwordResetBodySchema.safeParse({
      token: 't',
      email: 'chanda.mwila@lender.zm',
      password: 'chanda.mwila@lender.zm',
      password_confirmation: 'chanda.mwila@lender.zm',
    });
    expect(reset.success).toBe(false);
    expect(reset.error?.issues.map((i) => i.message)).toContain(PASSWORD_IS_IDENTIFIER);
  });

  it('applies to reset and change, not to sign-in', () => {
    const change = changePasswordBodySchema.safeParse({ current_password: 'Demo#2026', password: 'short', password_confirmation: 'short' });
    expect(change.error?.issues.map((i) => i.message)).toContain(PASSWORD_TOO_SHORT);
    expect(changePasswordBodySchema.safeParse({ current_password: 'Demo#2026', password: 'Kalulu runs at dawn 7', password_confirmation: 'Kalulu runs at dawn 7' }).success).toBe(true);
  });
});
