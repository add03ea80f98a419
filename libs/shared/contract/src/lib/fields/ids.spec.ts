import { idListSchema, idSchema, idsBodySchema } from './ids';

describe('idSchema', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    [42, 42],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %j as %j', (input, out) => {
    expect(idSchema.parse(input)).toBe(out);
  });

  it.each([
    true,
    false,
    null,
    undefined,
    '0x10',
    '1e1',
    '01',
    '-1',
    -1,
    '1.0',
    '',
    ' 1',
    '+1',
    0,
    '0',
    1.5,
    NaN,
    Infinity,
    '9999999999999999999',
    '999999999999999999',
    2 ** 53,
    [1],
    { id: 1 },
  ])('refuses %j with one plain message', (input) => {
    const r = idSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Must be an id: a whole number from 1.']);
  });
});

describe('idListSchema', () => {
  it('takes an array, one id or a comma-separated query value, and counts repeats once', () => {
    expect(idListSchema.parse([3, '4', 3])).toEqual([3, 4]);
    expect(idListSchema.parse(7)).toEqual([7]);
    expect(idListSchema.parse('1,2,2')).toEqual([1, 2]);
  });

  it.each([
    [[]],
    [undefined],
    ['1,,2'],
    ['1, 2'],
    [[1, true]],
    [['0x10']],
    [Array.from({ length: 501 }, (_, i) => i + 1)],
  ])('refuses %j', (input) => {
    expect(idListSchema.safeParse(input).success).toBe(false);
  });

  it('is the body of a bulk delete, and nothing else is', () => {
    expect(idsBodySchema.parse({ ids: [1, 2] })).toEqual({ ids: [1, 2] });
    expect(idsBodySchema.safeParse({ ids: [1], all: true }).success).toBe(false);
  });
});
