/**
 * The demo inbox's page: one static HTML document and one script, served by the api (so the
 * portal's bundle does not change). The CSP allows scripts from 'self' only, so the script is
 * its own file; styles may be inline. The script builds every node with textContent and
 * createElement (never innerHTML): a message's text is shown, never interpreted.
 */
export const DEMO_INBOX_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<title>Demo inbox · Loan portal</title>
<style>
:root {
  color-scheme: light dark;
  --bg: #f4f6f8; --card: #ffffff; --fg: #1b1f24; --muted: #4f5862; --border: #cfd6dd;
  --accent: #0b57d0; --sms: #0a6b36; --email: #7a4200; --chip: #eef1f4;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f1115; --card: #181b21; --fg: #e6e8eb; --muted: #a7b0ba; --border: #313842;
    --accent: #8ab4f8; --sms: #6fd69b; --email: #f2b872; --chip: #232831;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.wrap { max-width: 52rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: 0.5rem 0; }
.intro { color: var(--muted); margin: 0 0 1rem; }
.bar { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; }
.bar label { font-weight: 600; }
.bar input { flex: 1 1 14rem; min-width: 0; padding: 0.5rem 0.75rem; font: inherit; color: inherit; background: var(--card); border: 1px solid var(--border); border-radius: 6px; }
.counts { margin: 0; color: var(--muted); }
ol { list-style: none; margin: 1rem 0; padding: 0; display: grid; gap: 0.75rem; }
article { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 0.75rem 1rem; }
article header { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; align-items: baseline; }
h2 { font-size: 1rem; margin: 0; overflow-wrap: anywhere; }
.kind { font-size: 0.8rem; font-weight: 700; letter-spacing: 0.02em; padding: 0 0.4rem; border-radius: 4px; background: var(--chip); }
.kind-sms { color: var(--sms); }
.kind-email { color: var(--email); }
time, .meta { color: var(--muted); font-size: 0.875rem; }
.meta { margin: 0.25rem 0 0; }
.subject { margin: 0.5rem 0 0; font-weight: 600; overflow-wrap: anywhere; }
.body { margin: 0.5rem 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
[hidden] { display: none !important; }
</style>
<script src="/dev/inbox/inbox.js" defer></script>
</head>
<body>
<div class="wrap">
<header>
<h1>Demo inbox</h1>
<p class="intro">Every SMS and e-mail the api has "sent" since it started, in clear, newest first. Nothing here left this machine:
the api runs on its local adapters (outbox SMS, no SMTP, sandbox mobile money). Staff screens show the same messages with codes
and links masked. This page exists only in development.</p>
<div class="bar">
<label for="filter">Filter</label>
<input id="filter" type="search" placeholder="Recipient, subject or text" autocomplete="off" spellcheck="false">
<p class="counts"><span id="count" role="status">Loading…</span> <span id="updated"></span></p>
</div>
</header>
<main>
<ol id="messages" aria-label="Messages, newest first"></ol>
<p id="empty" hidden>No messages yet. Ask for a one-time code on /apply, invite a user or send an offer letter: it shows here within two seconds.</p>
<p id="error" role="alert" hidden></p>
</main>
</div>
</body>
</html>
`;

/** The page's script: polls the messages every 2 s (paused while the tab is hidden) and keeps each shown node, so focus and selection survive an update. */
export const DEMO_INBOX_SCRIPT = `(function () {
  'use strict';
  var POLL_MS = 2000;
  var list = document.getElementById('messages');
  var empty = document.getElementById('empty');
  var count = document.getElementById('count');
  var updated = document.getElementById('updated');
  var error = document.getElementById('error');
  var filter = document.getElementById('filter');
  var shown = new Map();
  var timer = null;
  var URL_RE = /https?:\\/\\/[^\\s<>"']+/g;

  function el(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text;
    return n;
  }

  // The text with every http(s) address as a link; everything else stays text.
  function linkify(parent, text) {
    var last = 0;
    var m;
    URL_RE.lastIndex = 0;
    while ((m = URL_RE.exec(text)) !== null) {
      var url = m[0].replace(/[.,;:!?)\\]]+$/, '');
      if (m.index > last) parent.appendChild(document.createTextNode(text.slice(last, m.index)));
      var a = el('a', '', url);
      a.href = url;
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      parent.appendChild(a);
      last = m.index + url.length;
      URL_RE.lastIndex = last;
    }
    if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
  }

  function when(iso) {
    var d = new Date(iso);
    return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
  }

  function metaText(m) {
    return m.purpose.replace(/_/g, ' ') + (m.status ? ' · ' + m.status : '');
  }

  function render(m) {
    var li = el('li');
    var article = el('article');
    var head = el('header');
    var id = 'm-' + m.seq;
    article.setAttribute('aria-labelledby', id);
    head.appendChild(el('span', 'kind kind-' + m.channel, m.channel === 'sms' ? 'SMS' : 'E-mail'));
    var h2 = el('h2', '', 'to ' + m.to);
    h2.id = id;
    head.appendChild(h2);
    var time = el('time', '', when(m.at));
    time.dateTime = m.at;
    head.appendChild(time);
    article.appendChild(head);
    var meta = el('p', 'meta', metaText(m));
    article.appendChild(meta);
    if (m.subject) article.appendChild(el('p', 'subject', m.subject));
    var body = el('p', 'body');
    linkify(body, m.body);
    article.appendChild(body);
    li.appendChild(article);
    return { li: li, meta: meta, text: (m.to + ' ' + (m.subject || '') + ' ' + m.body + ' ' + m.purpose).toLowerCase() };
  }

  function applyFilter() {
    var q = filter.value.trim().toLowerCase();
    var visible = 0;
    shown.forEach(function (item) {
      item.li.hidden = q !== '' && item.text.indexOf(q) === -1;
      if (!item.li.hidden) visible += 1;
    });
    return visible;
  }

  function update(messages) {
    var keep = new Set();
    var prev = null;
    messages.forEach(function (m) {
      keep.add(m.seq);
      var item = shown.get(m.seq);
      if (!item) {
        item = render(m);
        shown.set(m.seq, item);
        list.insertBefore(item.li, prev ? prev.nextSibling : list.firstChild);
      } else {
        var t = metaText(m);
        if (item.meta.textContent !== t) item.meta.textContent = t;
      }
      prev = item.li;
    });
    shown.forEach(function (item, seq) {
      if (!keep.has(seq)) {
        item.li.remove();
        shown.delete(seq);
      }
    });
    var visible = applyFilter();
    var total = messages.length;
    var text = total === 0 ? 'No messages' : total === 1 ? '1 message' : total + ' messages';
    if (visible !== total) text += ', ' + visible + ' shown';
    if (count.textContent !== text) count.textContent = text;
    empty.hidden = total !== 0;
  }

  function schedule() {
    clearTimeout(timer);
    if (!document.hidden) timer = setTimeout(poll, POLL_MS);
  }

  function poll() {
    fetch('/dev/inbox/messages', { headers: { accept: 'application/json' }, cache: 'no-store' })
      .then(function (res) {
        if (!res.ok) throw new Error('the api answered ' + res.status);
        return res.json();
      })
      .then(function (answer) {
        update(answer.messages);
        error.hidden = true;
        updated.textContent = '· updated ' + new Date().toLocaleTimeString();
      })
      .catch(function (e) {
        error.textContent = 'Could not load the messages (' + e.message + '); trying again.';
        error.hidden = false;
      })
      .then(schedule);
  }

  filter.addEventListener('input', function () {
    var visible = applyFilter();
    var total = shown.size;
    count.textContent = (total === 1 ? '1 message' : total + ' messages') + (visible !== total ? ', ' + visible + ' shown' : '');
  });
  // "/" jumps to the filter, as in most mail clients; Escape clears it.
  document.addEventListener('keydown', function (e) {
    if (e.key === '/' && document.activeElement !== filter && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      filter.focus();
    } else if (e.key === 'Escape' && document.activeElement === filter) {
      filter.value = '';
      filter.dispatchEvent(new Event('input'));
    }
  });
  document.addEventListener('visibilitychange', function () {
    if (!document.hidden) poll();
    else clearTimeout(timer);
  });
  poll();
})();
`;
