import { act, render, screen } from '@testing-library/react';
import { Money } from './money';
import { CountUp, COUNT_UP_DURATION_MS, COUNT_UP_STEP_MS } from './count-up';
import { formatMoney } from '@loan/shared-util-format';

it('formats money through the one formatter', () => {
  render(
    <>
      <Money value="12500" />
      <Money value={null} />
    </>,
  );
  expect(screen.getByText('ZMW 12,500.00')).toBeInTheDocument();
  expect(screen.getByText('ZMW 0.00')).toBeInTheDocument();
});

it('writes the amount alone when bare (a table that names the currency once)', () => {
  render(<Money value="1234567.5" bare />);
  expect(screen.getByText('1,234,567.50')).toBeInTheDocument();
});

describe('CountUp', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts up in 25 ms steps and reaches the value at 500 ms', () => {
    expect([COUNT_UP_DURATION_MS, COUNT_UP_STEP_MS]).toEqual([500, 25]);
    const { container } = render(<CountUp value={200} />);
    expect(container.textContent).toBe('0');
    act(() => jest.advanceTimersByTime(25));
    expect(container.textContent).toBe('10');
    act(() => jest.advanceTimersByTime(250));
    expect(container.textContent).toBe('110');
    act(() => jest.advanceTimersByTime(225));
    expect(container.textContent).toBe('200');
  });

  it('uses a formatter and counts from the previous value', () => {
    const { container, rerender } = render(<CountUp value={100} format={formatMoney} />);
    act(() => jest.advanceTimersByTime(500));
    expect(container.textContent).toBe('ZMW 100.00');
    rerender(<CountUp value={300} format={formatMoney} />);
    act(() => jest.advanceTimersByTime(250));
    expect(container.textContent).toBe('ZMW 200.00');
    act(() => jest.advanceTimersByTime(250));
    expect(container.textContent).toBe('ZMW 300.00');
  });
});
