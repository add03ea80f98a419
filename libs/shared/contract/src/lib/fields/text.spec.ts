import { z } from 'zod';
import { blankAsAbsent, MAX_LONG_TEXT_LENGTH, MAX_TEXT_LENGTH, searchParamSchema, textField } from './text';

const CONTROL = 'Remove the control characters (such as NUL) from this text.';

describe('textField', () => {
  it('trims and bounds one-line text', () => {
    const name = textField({ min: 3, max: 10, messages: { required: 'Enter a name.', tooShort: 'Too short.' } });
    expect(name.parse('  Mwila  ')).toBe('Mwila');
    expect(name.safeParse('   ').error?.issues[0].message).toBe('Enter a name.');
    expect(name.safeParse(undefined).error?.issues[0].message).toBe('Enter a name.');
    expect(name.safeParse('ab').error?.issues[0].message).toBe('Too short.');
    expect(name.safeParse('x'.repeat(11)).error?.issues[0].message).toBe('Use at most 10 characters.');
    expect(textField().safeParse('x'.repeat(MAX_TEXT_LENGTH + 1)).success).toBe(false);
    expect(textField({ multiline: true }).safeParse('x'.repeat(MAX_LONG_TEXT_LENGTH)).success).toBe(true);
  });

  it.each(['a\u0000b', '\u0000', 'a\u0007b', 'a\u001bb', 'a\u007fb', 'a\tb', 'a\nb', 'a\rb'])(
    'refuses control characters in one-line text: %j',
    (value) => {
      expect(
        textField()
          .safeParse(value)
          .error?.issues.map((i) => i.message),
      ).toEqual([CONTROL]);
    },
  );

  it('keeps tab and line breaks in multi-line text, and still refuses NUL there', () => {
    const body = textField({ multiline: true });
    expect(body.parse('Dear Mwila,\r\n\tthanks.\n')).toBe('Dear Mwila,\r\n\tthanks.');
    for (const bad of ['a\u0000b', 'a\u000bb', 'a\u000cb', 'a\u0008b', 'a\u007fb']) {
      expect(body.safeParse(bad).error?.issues.map((i) => i.message)).toEqual([CONTROL]);
    }
  });

  it('keeps leading and trailing spaces when asked', () => {
    expect(textField({ keepSpaces: true }).parse(' draft ')).toBe(' draft ');
  });

  it('takes any other unicode', () => {
    expect(textField().parse('Chúlu Mwansa — 名前 😀')).toBe('Chúlu Mwansa — 名前 😀');
  });
});

describe('searchParamSchema and blankAsAbsent', () => {
  it('trims, bounds, and treats a blank search as none', () => {
    expect(searchParamSchema.parse('  banda ')).toBe('banda');
    expect(searchParamSchema.parse('')).toBeUndefined();
    expect(searchParamSchema.parse(undefined)).toBeUndefined();
    expect(searchParamSchema.safeParse('x'.repeat(101)).success).toBe(false);
    expect(searchParamSchema.safeParse('ban\u0000da').success).toBe(false);
  });

  it('passes a present value to the inner schema', () => {
    const q = z.object({ n: blankAsAbsent(z.enum(['a', 'b'])) });
    expect(q.parse({ n: null })).toEqual({});
    expect(q.parse({ n: 'a' })).toEqual({ n: 'a' });
    expect(q.safeParse({ n: 'c' }).success).toBe(false);
  });
});
