import type { RefObject } from 'react';
import { Button, type ButtonProps } from './button';

/**
 * Prints one part of a screen (a receipt, a statement) instead of the whole page: copies
 * the element's markup and the page's stylesheets into a hidden frame, prints the frame
 * and removes it. Light colours are forced so a dark-mode screen prints on white.
 */
export function printElement(element: HTMLElement, title: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.title = title;
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;';
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return;
  }
  const styles = Array.from(document.querySelectorAll('link[rel="stylesheet"], style'))
    .map((n) => n.outerHTML)
    .join('');
  doc.open();
  doc.write(
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${styles}` +
      '<style>html,body{background:#fff!important;color:#111!important}body{padding:16px}[data-print-hidden]{display:none!important}</style>' +
      `</head><body>${element.innerHTML}</body></html>`,
  );
  doc.close();
  const done = () => setTimeout(() => frame.remove(), 1000);
  win.addEventListener('afterprint', done, { once: true });
  win.focus();
  win.print();
  done();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface PrintButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The element whose content is printed (it may be hidden on screen). */
  target: RefObject<HTMLElement | null>;
  /** The printed document's title. */
  title: string;
}

/** A "Print" button for one part of a screen (see printElement). */
export function PrintButton({ target, title, children = 'Print', variant = 'secondary', ...rest }: PrintButtonProps) {
  return (
    <Button
      variant={variant}
      onClick={() => target.current && printElement(target.current, title)}
      {...rest}
    >
      {children}
    </Button>
  );
}
