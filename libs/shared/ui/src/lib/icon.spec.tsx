import { render, screen } from '@testing-library/react';
import { Icon } from './icon';
import { cx } from './cx';

it('is decorative without a title and labelled with one', () => {
  const { container } = render(
    <>
      <Icon name="menu" />
      <Icon name="sun" title="Light mode" />
    </>,
  );
  expect(container.querySelector('[data-icon="menu"]')).toHaveAttribute('aria-hidden', 'true');
  expect(screen.getByRole('img', { name: 'Light mode' })).toBeInTheDocument();
});

it('joins class names skipping falsy parts', () => {
  expect(cx('a', false, null, undefined, 'b')).toBe('a b');
});
