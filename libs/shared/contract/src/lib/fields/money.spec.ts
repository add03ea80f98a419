import { fromNgwee, MONEY_MAX_NGWEE, moneyField, moneySchema, monthlyInstalment, monthlyInstalmentNgwee, parseTypedMoney, sumMoney, toNgwee, typedMoneyField } from './money';

describe('toNgwee / fromNgwee', () => {
  it.each([
    ['0', 0n, '0.00'],
    ['0.1', 10n, '0.10'],
    ['0.2', 20n, '0.20'],
    ['0.05', 5n, '0.05'],
    ['12500', 1250000n, '12500.00'],
    ['12500.5', 1250050n, '12500.50'],
    ['-3.07', -307n, '-3.07'],
    ['999999999999.99', MONEY_MAX_NGWEE, '999999999999.99'],
    ['123456789012345678.99', 12345678901234567899n, '123456789012345678.99'],
  ])('%s is %s ngwee and back %s', (decimal, ngwee, wire) => {
    expect(toNgwee(decimal)).toBe(ngwee);
    expect(fromNgwee(ngwee)).toBe(wire);
  });

  it('adds exactly where floats do not (0.1 + 0.2)', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(fromNgwee(toNgwee('0.1') + toNgwee('0.2'))).toBe('0.30');
    expect(fromNgwee(toNgwee('999999999999.99') + toNgwee('0.01'))).toBe('1000000000000.00');
  });

  it('takes whole ngwee as a safe number too', () => {
    expect(fromNgwee(1250050)).toBe('12500.50');
    expect(fromNgwee(-5)).toBe('-0.05');
    expect(() => fromNgwee(1.5)).toThrow(RangeError);
    expect(() => fromNgwee(2 ** 53)).toThrow(RangeError);
  });

  it.each(['', '1.234', '12,500.00', '1e3', ' 1', '.5', '5.', 'NaN', 'Infinity', '--1'])('refuses %j', (decimal) => {
    expect(() => toNgwee(decimal)).toThrow(RangeError);
  });
});

describe('sumMoney', () => {
  it('adds wire amounts exactly, past 2^53 ngwee and with negatives', () => {
    expect(sumMoney('0.10', '0.20')).toBe('0.30');
    expect(sumMoney('99999999999.99', '0.01')).toBe('100000000000.00');
    expect(sumMoney('-1.05', '1.00')).toBe('-0.05');
    expect(sumMoney('999999999999.99', '999999999999.99')).toBe('1999999999999.98');
  });
  it('sums nothing to zero and refuses what is not an amount', () => {
    expect(sumMoney()).toBe('0.00');
    expect(() => sumMoney('1e5')).toThrow(RangeError);
  });
});

describe('moneySchema (answers)', () => {
  it.each(['0.00', '12500.00', '-3.07'])('accepts %j', (v) => expect(moneySchema.safeParse(v).success).toBe(true));
  it.each(['12500', '12500.5', '12,500.00', 12500, '1.234'])('refuses %j', (v) =>
    expect(moneySchema.safeParse(v).success).toBe(false),
  );
});

describe('moneyField (requests)', () => {
  const field = moneyField();

  it.each([
    ['12500', '12500.00'],
    ['12500.5', '12500.50'],
    ['12,500.50', '12500.50'],
    ['1,234,567.00', '1234567.00'],
    [' 0.05 ', '0.05'],
    ['007', '7.00'],
    [1500.25, '1500.25'],
    [12500, '12500.00'],
    ['999999999999.99', '999999999999.99'],
    [999999999999.99, '999999999999.99'],
  ])('reads %j as %j', (input, out) => {
    expect(field.parse(input)).toBe(out);
  });

  it.each([
    ['-1', 'Must not be negative.'],
    [-1, 'Must not be negative.'],
    ['1.234', 'Enter an amount such as 12500.00, with at most two decimals.'],
    [0.1 + 0.2, 'Enter an amount such as 12500.00, with at most two decimals.'],
    ['12,50.00', 'Enter an amount such as 12500.00, with at most two decimals.'],
    ['1e5', 'Enter an amount such as 12500.00, with at most two decimals.'],
    [1e21, 'Enter an amount such as 12500.00, with at most two decimals.'],
    ['NaN', 'Enter an amount such as 12500.00, with at most two decimals.'],
    ['Infinity', 'Enter an amount such as 12500.00, with at most two decimals.'],
    [NaN, 'Enter an amount such as 12500.00, with at most two decimals.'],
    [Infinity, 'Enter an amount such as 12500.00, with at most two decimals.'],
    ['', 'Enter an amount such as 12500.00, with at most two decimals.'],
    [true, 'Enter an amount such as 12500.00, with at most two decimals.'],
    ['1000000000000.00', 'Must be at most 999999999999.99.'],
  ])('refuses %j: %s', (input, message) => {
    const r = field.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(message);
  });

  it('applies its own bounds and words', () => {
    const loan = moneyField({
      min: 500_00n,
      max: 500_000_00n,
      messages: { required: 'Enter the amount.', tooSmall: 'Too small.' },
    });
    expect(loan.parse('500')).toBe('500.00');
    expect(loan.safeParse('499.99').error?.issues[0].message).toBe('Too small.');
    expect(loan.safeParse('500000.01').error?.issues[0].message).toBe('Must be at most 500000.00.');
    expect(loan.safeParse('  ').error?.issues[0].message).toBe('Enter the amount.');
    expect(moneyField({ min: -500n }).parse('-1.5')).toBe('-1.50');
  });
});

describe('typedMoneyField (form inputs)', () => {
  it('reads what a person types and refuses anything but text', () => {
    const typed = typedMoneyField({ messages: { required: 'Enter the amount.' } });
    expect(typed.parse('12,500.5')).toBe('12500.50');
    expect(typed.safeParse(12500).error?.issues[0].message).toBe('Enter the amount.');
    expect(typed.safeParse('').error?.issues[0].message).toBe('Enter the amount.');
  });
});

describe('parseTypedMoney', () => {
  it('reads what a person types into the wire form, or null', () => {
    expect(parseTypedMoney('12,500')).toBe('12500.00');
    expect(parseTypedMoney(' 1,250,000.5 ')).toBe('1250000.50');
    expect(parseTypedMoney('5000')).toBe('5000.00');
    expect(parseTypedMoney('12,50')).toBeNull();
    expect(parseTypedMoney('abc')).toBeNull();
    expect(parseTypedMoney(undefined)).toBeNull();
  });
});

describe('monthlyInstalment (one rule: rounded up to the ngwee, as the schedule)', () => {
  it('rounds up where nearest-ngwee rounding would round down', () => {
    expect(monthlyInstalment('1000.00', 3)).toBe('333.34');
    expect(monthlyInstalment('3575.00', 6)).toBe('595.84');
    expect(monthlyInstalment('6500.00', 12)).toBe('541.67');
    expect(monthlyInstalment('100.01', 2)).toBe('50.01');
    expect(monthlyInstalment('0.05', 3)).toBe('0.02');
  });
  it('is exact when the tenure divides the total, and never below the total over the tenure', () => {
    expect(monthlyInstalment('6000.00', 6)).toBe('1000.00');
    for (const [total, n] of [[123_456_789n, 7], [1n, 12], [99_999_999_999_999n, 11]] as const) {
      const i = monthlyInstalmentNgwee(total, n);
      expect(i * BigInt(n)).toBeGreaterThanOrEqual(total);
      expect((i - 1n) * BigInt(n)).toBeLessThan(total);
    }
    expect(monthlyInstalment('0.00', 6)).toBe('0.00');
    expect(monthlyInstalment('1200.00', 0)).toBe('1200.00');
  });
});
