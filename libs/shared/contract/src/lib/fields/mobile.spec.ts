import { maskMobile, mobileField, mobileSchema, normalizeMobile } from './mobile';

describe('mobileSchema', () => {
  it.each([
    ['0971234567', '+260971234567'],
    ['+260971234567', '+260971234567'],
    ['+260 97 123 4567', '+260971234567'],
    ['097-123-4567', '+260971234567'],
  ])('reads %j as %j', (input, out) => expect(mobileSchema.parse(input)).toBe(out));

  it.each([
    '',
    '097123456',
    '09712345678',
    '+26097123456',
    '260971234567',
    '+2600971234567',
    '+1 555 123 4567',
    '097123456\u0000',
    971234567,
  ])('refuses %j', (v) => expect(mobileSchema.safeParse(v).success).toBe(false));

  it('says "required" for an empty number when told how', () => {
    expect(mobileField({ required: 'Enter your mobile.' }).safeParse(' ').error?.issues[0].message).toBe(
      'Enter your mobile.',
    );
  });

  it('normalises and masks', () => {
    expect(normalizeMobile('0971234567')).toBe('+260971234567');
    expect(normalizeMobile('not a number')).toBe('notanumber');
    expect(maskMobile('0971234567')).toBe('+260 97 *** 4567');
  });
});
