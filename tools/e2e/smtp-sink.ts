// The e2e run's mail server: a local SMTP server (smtp-server) that the e2e api sends its
// e-mails to (SMTP_URL), writing each message it receives as one JSON line
// ({ to, raw }) to SMTP_SINK_FILE, emptied at start. Started by the Playwright config.
//
//   SMTP_SINK_PORT=2526 SMTP_SINK_FILE=tmp/e2e-mail/portal-e2e.jsonl npx tsx tools/e2e/smtp-sink.ts
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env['SMTP_SINK_PORT']);
const file = process.env['SMTP_SINK_FILE'];
if (!port || !file) throw new Error('SMTP_SINK_PORT and SMTP_SINK_FILE are required');
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, '');

const server = new SMTPServer({
  authOptional: true,
  // No certificates here: the api's client is told to ignore TLS too (SMTP_IGNORE_TLS).
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      appendFileSync(file, `${JSON.stringify({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })}\n`);
      callback();
    });
  },
});
server.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
