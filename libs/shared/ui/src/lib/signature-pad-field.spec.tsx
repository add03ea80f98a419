import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { SignaturePadField, type SignaturePadHandle } from './signature-pad-field';

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
  const ref = createRef<SignaturePadHandle>();
  render(<SignaturePadField ref={ref} label="Your signature" adoptText={{ text: 'Mwila Banda', label: 'Use my typed name as my signature' }} />);
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

it('names the canvas and shows the error beside it; Clear is off until something is drawn', () => {
  render(<SignaturePadField label="Representative's signature" error="Add the signature." />);
  const canvas = screen.getByLabelText("Representative's signature: draw it here");
  expect(canvas).toHaveAccessibleDescription(/Add the signature\./);
  expect(screen.getByRole('button', { name: 'Clear signature' })).toBeDisabled();
  expect(screen.queryByRole('button', { name: /typed name/ })).toBeNull();
});
