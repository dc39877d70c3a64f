import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the sink received, parsed. */
export interface ReceivedMail {
  /** SMTP envelope (MAIL FROM / RCPT TO), lower-cased. */
  envelope: { from: string; to: string[] };
  /** Header addresses, lower-cased. */
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** The user that authenticated, when auth was required. */
  user: string | null;
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpSink {
  host: string;
  port: number;
  /** smtp://127.0.0.1:PORT (with user:pass when auth is on), for nodemailer's createTransport. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving) that matches, or rejects after timeoutMs. */
  waitFor(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}

function addresses(value: ParsedMail['to'] | ParsedMail['from']): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

/**
 * Starts an SMTP server on loopback that accepts every message (plain SMTP, no TLS) and keeps it parsed.
 * @example
 * const sink = await startSmtpSink();
 * await nodemailer.createTransport(sink.url).sendMail({ from: 'a@x.test', to: 'b@x.test', subject: 'Hi', text: 'Hello' });
 * const mail = await sink.waitFor((m) => m.subject === 'Hi');
 */
export async function startSmtpSink(
  opts: {
    auth?: { user: string; pass: string };
    port?: number;
    /**
     * Recipients refused with this SMTP reply (550 and its text), as a mail server refuses an
     * address it does not take: `{ 'no-such@kindle.test': '550 5.1.1 No such user' }`.
     */
    refuse?: Record<string, string>;
  } = {},
): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const arrivals = new EventEmitter();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) {
        return callback(null, { user: auth.username });
      }
      callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      const reply = opts.refuse?.[address.address.toLowerCase()];
      if (!reply) return callback();
      const error = Object.assign(new Error(reply.replace(/^\d{3}\s*/, '')), {
        responseCode: Number(reply.slice(0, 3)) || 550,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        try {
          const raw = Buffer.concat(chunks);
          const parsed = await simpleParser(raw);
          const mail: ReceivedMail = {
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            },
            from: addresses(parsed.from)[0] ?? '',
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html === false ? null : (parsed.html ?? null),
            user: typeof session.user === 'string' ? session.user : null,
            raw: raw.toString('utf8'),
            parsed,
          };
          messages.push(mail);
          arrivals.emit('mail', mail);
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = opts.auth
    ? `${encodeURIComponent(opts.auth.user)}:${encodeURIComponent(opts.auth.pass)}@`
    : '';

  return {
    host: '127.0.0.1',
    port,
    url: `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    waitFor(predicate = () => true, timeoutMs = 5_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const onMail = (mail: ReceivedMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          arrivals.off('mail', onMail);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          arrivals.off('mail', onMail);
          const seen = messages.map((m) => `"${m.subject}" to ${m.to.join(',')}`).join('; ') || 'none';
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        arrivals.on('mail', onMail);
      });
    },
    clear() {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
