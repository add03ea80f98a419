/**
 * @jest-environment jsdom
 */
import { DEMO_INBOX_PAGE, DEMO_INBOX_SCRIPT } from './demo-inbox-page';
import type { DemoInboxMessage } from './demo-inbox';

// The page's script in a browser-like document: what a person sees, and that an update keeps
// the nodes (and so the focus) it already showed.
const message = (seq: number, over: Partial<DemoInboxMessage> = {}): DemoInboxMessage => ({
  seq,
  channel: 'sms',
  to: `+26097100000${seq}`,
  subject: null,
  body: `Message ${seq}`,
  purpose: 'communication',
  at: '2026-11-29T07:00:00.000Z',
  status: 'sent',
  ...over,
});

let answers: DemoInboxMessage[][] = [];
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeAll(() => {
  const doc = new DOMParser().parseFromString(DEMO_INBOX_PAGE, 'text/html');
  document.head.innerHTML = doc.head.innerHTML;
  document.body.innerHTML = doc.body.innerHTML;
  window.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ messages: answers.shift() ?? [], capacity: 200 }) })) as unknown as typeof fetch;
});

it('lists messages newest first, links clickable, text never interpreted; an update keeps the shown nodes', async () => {
  const link = 'http://localhost:4300/loan-offer-letter/AbCdEf0123456789';
  answers = [
    [
      message(2, { channel: 'email', to: 'new.user@example.zm', subject: 'Set your password', body: `Open ${link}.\nThanks <b>x</b>`, purpose: 'password_reset' }),
      message(1, { body: 'Your code is 123456' }),
    ],
  ];
  new Function(DEMO_INBOX_SCRIPT)();
  await flush();
  await flush();
  const items = () => [...document.querySelectorAll('#messages > li')] as HTMLLIElement[];
  expect(items().map((li) => li.querySelector('h2')?.textContent)).toEqual(['to new.user@example.zm', 'to +260971000001']);
  const a = items()[0].querySelector('a') as HTMLAnchorElement;
  expect(a.href).toBe(link);
  expect(a.textContent).toBe(link);
  expect(items()[0].querySelector('.body')?.textContent).toBe(`Open ${link}.\nThanks <b>x</b>`);
  expect(items()[0].querySelector('b')).toBeNull();
  expect(items()[0].querySelector('.subject')?.textContent).toBe('Set your password');
  expect(items()[1].textContent).toContain('Your code is 123456');
  expect(document.getElementById('count')?.textContent).toBe('2 messages');

  // The next poll: one new message, the old one delivered. The first link keeps its node.
  a.focus();
  answers = [[message(3), message(2, { channel: 'email', to: 'new.user@example.zm', subject: 'Set your password', body: `Open ${link}.`, purpose: 'password_reset', status: 'delivered' }), message(1)]];
  (window.fetch as jest.Mock).mock.calls.length = 0;
  document.dispatchEvent(new Event('visibilitychange'));
  await flush();
  await flush();
  expect(items().map((li) => li.querySelector('h2')?.textContent)).toEqual(['to +260971000003', 'to new.user@example.zm', 'to +260971000001']);
  expect(document.activeElement).toBe(a);
  expect(items()[1].querySelector('.meta')?.textContent).toBe('password reset · delivered');

  // The filter hides what does not match.
  const filter = document.getElementById('filter') as HTMLInputElement;
  filter.value = 'example.zm';
  filter.dispatchEvent(new Event('input'));
  expect(items().map((li) => li.hidden)).toEqual([true, false, true]);
  expect(document.getElementById('count')?.textContent).toBe('3 messages, 1 shown');
});
