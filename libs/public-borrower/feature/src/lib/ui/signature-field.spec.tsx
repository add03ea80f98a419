import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { SignatureField, type SignatureHandle } from './signature-field';

jest.mock('signature_pad', () => jest.requireActual('../testing/signature-pad-mock'));

// jsdom has no canvas: a 2D context that records the names painted on it.
const painted: string[] = [];
beforeEach(() => {
  painted.length = 0;
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        scale: jest.fn(),
        fillText: (text: string) => painted.push(text),
      }) as unknown as CanvasRenderingContext2D,
  );
});
afterEach(() => jest.restoreAllMocks());

it('keeps the adopted typed name on the canvas when the window resizes (phone keyboard, rotation)', async () => {
  const ref = createRef<SignatureHandle>();
  render(<SignatureField ref={ref} typedName="Mwila Banda" />);
  await userEvent.click(screen.getByRole('button', { name: 'Use my typed name as my signature' }));
  expect(painted).toEqual(['Mwila Banda']);
  expect(ref.current?.isEmpty()).toBe(false);

  // Resizing the canvas wipes its pixels; the name must be painted again, or a blank signature is sent.
  fireEvent(window, new Event('resize'));
  expect(painted).toEqual(['Mwila Banda', 'Mwila Banda']);

  await userEvent.click(screen.getByRole('button', { name: 'Clear signature' }));
  fireEvent(window, new Event('resize'));
  expect(painted).toEqual(['Mwila Banda', 'Mwila Banda']);
  expect(ref.current?.isEmpty()).toBe(true);
});
