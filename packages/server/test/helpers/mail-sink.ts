import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerError, SMTPServerOptions } from 'smtp-server';

/**
 * A real SMTP server in the test process (smtp-server on 127.0.0.1, a free port) that keeps
 * every message it accepts, parsed by mailparser. For tests of anything that sends mail:
 * point `STRATA_SMTP_HOST=127.0.0.1`, `STRATA_SMTP_PORT=<port>`, `STRATA_SMTP_STARTTLS=false`
 * at it.
 *
 *   const sink = await startMailSink();
 *   … send …
 *   const [mail] = await sink.waitFor(1);
 *   mail.subject; mail.html; mail.attachments[0].content; mail.envelope.rcptTo;
 *   await sink.close();
 *
 * A message is recorded before the server answers 250, so once the sender's `sendMail`
 * resolved it is already in `mails`. HTML keeps its `cid:` links (mailparser's `keepCidLinks`).
 */
export interface SinkMail extends ParsedMail {
  /** The SMTP envelope: MAIL FROM and every RCPT TO (Bcc recipients show only here). */
  envelope: { mailFrom: string | null; rcptTo: string[] };
  /** The user name the client authenticated as, when `auth` was asked for. */
  authUser: string | null;
  /** The message as it arrived. */
  raw: Buffer;
}

export interface MailSinkOptions {
  /**
   * Offer AUTH (PLAIN/LOGIN, allowed without TLS) and accept only this user and password;
   * a client that does not authenticate is still accepted (`authOptional`).
   */
  auth?: { user: string; password: string };
  /** Offer STARTTLS (smtp-server's built-in self-signed certificate). Off by default. */
  starttls?: boolean;
}

export interface MailSink {
  port: number;
  /** Every message accepted so far, in order. */
  mails: SinkMail[];
  /** Resolves with the first `n` messages once that many arrived (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<SinkMail[]>;
  /** The next message is refused at the end of DATA with this reply (`550`, "No thanks"). */
  failNext(code: number, message: string): void;
  close(): Promise<void>;
}

export async function startMailSink(options: MailSinkOptions = {}): Promise<MailSink> {
  const mails: SinkMail[] = [];
  const failures: Array<{ code: number; message: string }> = [];
  const waiters = new Set<() => void>();
  const disabledCommands: string[] = [];
  if (!options.starttls) disabledCommands.push('STARTTLS');
  if (!options.auth) disabledCommands.push('AUTH');

  const serverOptions: SMTPServerOptions = {
    disabledCommands,
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    closeTimeout: 200,
    size: 50 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      const wanted = options.auth;
      if (wanted && auth.username === wanted.user && auth.password === wanted.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', (e: Error) => callback(e));
      stream.on('end', () => {
        const failure = failures.shift();
        if (failure) {
          const err: SMTPServerError = new Error(failure.message);
          err.responseCode = failure.code;
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw, { keepCidLinks: true }).then(
          (parsed) => {
            const from = session.envelope.mailFrom;
            mails.push(
              Object.assign(parsed, {
                envelope: {
                  mailFrom: from ? from.address : null,
                  rcptTo: session.envelope.rcptTo.map((r) => r.address),
                },
                authUser: typeof session.user === 'string' ? session.user : null,
                raw,
              }),
            );
            for (const wake of waiters) wake();
            callback();
          },
          (e: unknown) => callback(e instanceof Error ? e : new Error(String(e))),
        );
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    mails,
    waitFor(n: number, timeoutMs = 5000): Promise<SinkMail[]> {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          if (mails.length < n) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mails.slice(0, n));
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`mail sink: ${mails.length} of ${n} message(s) after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    failNext(code: number, message: string): void {
      failures.push({ code, message });
    },
    close(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
