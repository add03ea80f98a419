import { useRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PrintButton, printElement } from './print';

describe('printElement / PrintButton', () => {
  let print: jest.Mock;
  beforeEach(() => {
    print = jest.fn();
    // jsdom has no printing: catch the frame's print() call.
    jest.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockImplementation(function (this: HTMLIFrameElement) {
      const win = this.ownerDocument.defaultView as Window;
      return Object.assign(Object.create(win), { print, focus: jest.fn(), addEventListener: jest.fn() }) as Window;
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('prints only the element, in a frame carrying the page styles, with its title', () => {
    const style = document.createElement('style');
    style.textContent = '.x{color:red}';
    document.head.appendChild(style);
    const el = document.createElement('div');
    el.innerHTML = '<h2>Receipt RP-1</h2><p data-print-hidden>screen only</p>';
    printElement(el, 'Receipt <RP-1>');
    const frame = document.querySelector('iframe') as HTMLIFrameElement;
    expect(frame).not.toBeNull();
    const doc = frame.contentDocument as Document;
    expect(doc.title).toBe('Receipt <RP-1>');
    expect(doc.body.querySelector('h2')?.textContent).toBe('Receipt RP-1');
    expect(doc.head.innerHTML).toContain('.x{color:red}');
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('PrintButton prints its target, which may be hidden on screen', async () => {
    function Receipt() {
      const ref = useRef<HTMLDivElement>(null);
      return (
        <>
          <div ref={ref} hidden>
            <p>Amount ZMW 1,500.00</p>
          </div>
          <PrintButton target={ref} title="Receipt">
            Print receipt
          </PrintButton>
        </>
      );
    }
    render(<Receipt />);
    await userEvent.click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledTimes(1);
    const frames = document.querySelectorAll('iframe');
    expect(frames[frames.length - 1].contentDocument?.body.textContent).toContain('Amount ZMW 1,500.00');
  });
});
