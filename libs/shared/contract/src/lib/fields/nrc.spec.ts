import { nrcField, nrcSchema } from './nrc';

describe('nrcSchema', () => {
  it.each([
    ['123456/78/9', '123456/78/9'],
    [' 123456/78/9 ', '123456/78/9'],
  ])('accepts %j', (input, out) => expect(nrcSchema.parse(input)).toBe(out));

  it.each(['', '12345/78/9', '123456/7/9', '123456/78/10', '123456-78-9', '123456/78/9\u0000', 123456789, null])(
    'refuses %j',
    (v) => expect(nrcSchema.safeParse(v).success).toBe(false),
  );

  it('speaks in the words it is given', () => {
    const f = nrcField({ required: 'Enter your NRC.', invalid: 'Like 123456/78/9.' });
    expect(f.safeParse('').error?.issues[0].message).toBe('Enter your NRC.');
    expect(f.safeParse('1/2/3').error?.issues[0].message).toBe('Like 123456/78/9.');
  });
});
