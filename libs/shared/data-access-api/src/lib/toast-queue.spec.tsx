import { act, render, screen, waitFor } from '@testing-library/react';
import { closeToast, showToast, useToasts } from './toast-queue';
import { ToastArea } from './toast-area';

// A fresh module registry per test file: no toast area has been mounted before this test.
it('keeps toasts asked for before the toast area is there, shows them once it mounts, and closes by key', async () => {
  showToast('Asked early', { variant: 'warning', key: 'early', persist: true });
  showToast('Asked early too', { variant: 'info' });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
  expect(screen.queryByText('Asked early')).not.toBeInTheDocument();

  render(<ToastArea maxSnack={5} />);
  expect(await screen.findByText('Asked early')).toBeInTheDocument();
  expect(await screen.findByText('Asked early too')).toBeInTheDocument();

  act(() => closeToast('early'));
  await waitFor(() => expect(screen.queryByText('Asked early')).not.toBeInTheDocument());
});

it('gives components the same two functions on every render', () => {
  const seen: unknown[] = [];
  function Probe() {
    seen.push(useToasts());
    return null;
  }
  const { rerender } = render(<Probe />);
  rerender(<Probe />);
  expect(seen[0]).toBe(seen[1]);
  expect(seen[0]).toEqual({ enqueueSnackbar: showToast, closeSnackbar: closeToast });
});
