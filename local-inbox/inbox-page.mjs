// @ts-check
/** The local inbox as a page: every message the site sent, newest first. A tool for people only. */

/** @param {unknown} value */
const escape = (value) => String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** @param {import('./handler.mjs').InboxMessage[]} messages newest first */
export function renderInboxPage(messages) {
  const items = messages
    .map((message) => {
      const params = Object.entries(message.template_params)
        .map(([key, value]) => `<tr><th>${escape(key)}</th><td>${escape(value)}</td></tr>`)
        .join('');
      return `<li>
  <header><strong>${escape(message.template_id)}</strong>
  <time datetime="${escape(message.receivedAt)}">${escape(new Date(message.receivedAt).toLocaleString('de-DE'))}</time></header>
  <p>service <code>${escape(message.service_id)}</code> · key <code>${escape(message.user_id)}</code> · lib ${escape(message.lib_version)}${message.origin ? ` · from ${escape(message.origin)}` : ''}</p>
  <table>${params}</table>
</li>`;
    })
    .join('\n');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>Local inbox (${messages.length})</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 2rem 1.25rem; color: #181c24; background: #f6f7f9; }
  h1 { margin: 0 0 .25rem; } .lead { color: #515c73; margin: 0 0 2rem; }
  ol { list-style: none; padding: 0; display: grid; gap: 1rem; }
  li { background: #fff; border: 1px solid #d5dae2; border-radius: 14px; padding: 1rem 1.25rem; }
  header { display: flex; justify-content: space-between; gap: 1rem; } time, p { color: #515c73; font-size: .9rem; }
  table { border-collapse: collapse; width: 100%; } th { text-align: left; width: 9rem; vertical-align: top; color: #424b5e; font-weight: 600; }
  th, td { padding: .3rem 0; border-top: 1px solid #eceef2; white-space: pre-wrap; word-break: break-word; }
</style>
</head>
<body>
<h1>Local inbox</h1>
<p class="lead">What the contact form sent to the local EmailJS stand-in, newest first. This page refreshes every 5 seconds.</p>
${messages.length ? `<ol>${items}</ol>` : '<p>No messages yet. Send the contact form on the site.</p>'}
</body>
</html>`;
}
