import type { FastifyBaseLogger } from 'fastify';
import type { SmsSettings } from '../../config.ts';

/**
 * SMS (issue 6: approval and rejection of a registered company are announced by SMS).
 *
 * An `SmsSender` hands one message to a provider. The built-in `LogSmsSender` sends nothing: it
 * writes the message to the server log. Every SMS goes through the outbox (smsOutbox.ts), which
 * keeps it in `sys_sms_log` and retries it until the provider takes it. Setting `SMS_HTTP_URL` switches to `HttpSmsSender`, which POSTs
 * `{phone, content, template}` as JSON to that address (a park's SMS gateway or a small adapter
 * in front of a cloud provider). Another provider is one class implementing `SmsSender`, chosen
 * in `createSmsSender`. See README "SMS" and docs/api.md.
 */
export interface SmsMessage {
  /** Mobile number, 11 digits. */
  phone: string;
  content: string;
  /** What the message is about, e.g. company_approved; lets a provider pick its own template. */
  template: string;
  receiverId?: string | null;
  companyId?: string | null;
}

export interface SmsSender {
  /** Recorded in sys_sms_log.provider. */
  readonly name: string;
  /** Resolves 'sent' when the provider accepted the message, 'logged' when it was only logged; throws on failure. */
  send(message: SmsMessage): Promise<'sent' | 'logged'>;
}

/** Masks the middle of a phone number for logs: 138****5678. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

export class LogSmsSender implements SmsSender {
  readonly name = 'log';
  constructor(private readonly log: { info(obj: object, msg: string): void }) {}

  async send(message: SmsMessage): Promise<'logged'> {
    this.log.info(
      { sms: { phone: maskPhone(message.phone), template: message.template, content: message.content } },
      'SMS（内置发送器，仅记录，未实际发送）',
    );
    return 'logged';
  }
}

export class HttpSmsSender implements SmsSender {
  readonly name = 'http';
  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(message: SmsMessage): Promise<'sent'> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const res = await fetch(this.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ phone: message.phone, content: message.content, template: message.template }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`短信网关返回 HTTP ${res.status}`);
    return 'sent';
  }
}

export function createSmsSender(settings: SmsSettings, log: FastifyBaseLogger | Pick<Console, 'info'>): SmsSender {
  return settings.httpUrl ? new HttpSmsSender(settings.httpUrl, settings.httpToken) : new LogSmsSender(log);
}
