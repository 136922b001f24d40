/**
 * Alerts & reports settings (issue 18), read from the environment with the rest of the config.
 * Names follow Superset's config keys with the STRATA_ prefix.
 */
import { Cron } from 'croner';
import { REPORT_DEFAULT_SUBJECT_PREFIX } from '@strata/core';
import { ConfigError } from './config-error.js';

/** Whose identity a report's screenshots and data are taken as (STRATA_REPORT_EXECUTOR). */
export type ReportExecutor =
  { kind: 'owner' } | { kind: 'creator' } | { kind: 'user'; username: string };

export interface SmtpConfig {
  host: string;
  port: number;
  user: string | null;
  password: string | null;
  /** Upgrade a plain connection with STARTTLS (STRATA_SMTP_STARTTLS, default true). */
  starttls: boolean;
  /** Connect over TLS from the start (STRATA_SMTP_SSL, port 465 style; default false). */
  ssl: boolean;
  mailFrom: string;
}

export interface ReportsConfig {
  smtp: SmtpConfig;
  /** Prefix of every report e-mail's subject (STRATA_EMAIL_REPORTS_SUBJECT_PREFIX). */
  emailSubjectPrefix: string;
  /** Slack bot token (STRATA_SLACK_API_TOKEN); null: Slack recipients fail with a clear log. */
  slackApiToken: string | null;
  /** Slack Web API base (STRATA_SLACK_API_URL, default https://slack.com/api). */
  slackApiUrl: string;
  /** Log deliveries instead of sending them (STRATA_REPORTS_DRY_RUN). */
  dryRun: boolean;
  executor: ReportExecutor;
  /** Shortest interval between two firings of a report's cron, seconds; 0: no limit. */
  reportMinimumInterval: number;
  /** The same for alerts (STRATA_ALERT_MINIMUM_INTERVAL). */
  alertMinimumInterval: number;
  /**
   * Where the worker's headless browser reaches the app (STRATA_WEBDRIVER_BASEURL, default
   * `http://127.0.0.1:<STRATA_PORT>/`). Always ends with `/`.
   */
  webdriverBaseUrl: string;
  /**
   * Whether STRATA_WEBDRIVER_BASEURL was set. When not, a process that also serves the web role
   * points its browser at the address it actually listens on (a port chosen at listen time).
   */
  webdriverBaseUrlSet: boolean;
  /** The app's address in links sent to people (STRATA_WEBDRIVER_BASEURL_USER_FRIENDLY). */
  userFriendlyBaseUrl: string;
  /** Chromium's executable (STRATA_CHROMIUM_PATH, default /usr/bin/chromium). */
  chromiumPath: string;
  /** The browser is restarted after this many captures (STRATA_REPORT_BROWSER_MAX_JOBS). */
  browserMaxJobs: number;
  /** The longest a page may take to draw every chart before the capture fails (seconds). */
  screenshotLoadWait: number;
  /** When report logs are pruned (cron, UTC; STRATA_REPORTS_PRUNE_SCHEDULE, default daily). */
  pruneSchedule: string;
}

function baseUrl(name: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http(s) URL, got "${text}"`);
  }
  const s = url.toString();
  return s.endsWith('/') ? s : `${s}/`;
}

export function loadReportsConfig(env: NodeJS.ProcessEnv, port: number): ReportsConfig {
  const bool = (name: string, fallback: boolean): boolean => {
    const v = (env[name] ?? '').trim().toLowerCase();
    if (v === '') return fallback;
    if (['true', '1', 'yes', 'on'].includes(v)) return true;
    if (['false', '0', 'no', 'off'].includes(v)) return false;
    throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
  };
  const whole = (name: string, fallback: number, min: number): number => {
    const v = (env[name] ?? '').trim();
    if (v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > 1_000_000_000) {
      throw new ConfigError(`${name} must be a whole number ≥ ${min}, got "${v}"`);
    }
    return n;
  };
  const text = (name: string): string | null => {
    const v = env[name];
    return v === undefined || v === '' ? null : v;
  };

  const executorText = (env.STRATA_REPORT_EXECUTOR ?? '').trim();
  const executor: ReportExecutor =
    executorText === '' || executorText === 'owner'
      ? { kind: 'owner' }
      : executorText === 'creator'
        ? { kind: 'creator' }
        : { kind: 'user', username: executorText };

  const pruneSchedule = (env.STRATA_REPORTS_PRUNE_SCHEDULE || '0 0 * * *').trim();
  try {
    new Cron(pruneSchedule, { paused: true }).stop();
  } catch (e) {
    throw new ConfigError(
      `STRATA_REPORTS_PRUNE_SCHEDULE must be a cron pattern (5 or 6 fields), got "${pruneSchedule}": ${e instanceof Error ? e.message : String(e)}`,
    );
  }

  const webdriverBaseUrl = baseUrl(
    'STRATA_WEBDRIVER_BASEURL',
    text('STRATA_WEBDRIVER_BASEURL') ?? `http://127.0.0.1:${port}/`,
  );
  const ssl = bool('STRATA_SMTP_SSL', false);
  return {
    smtp: {
      host: text('STRATA_SMTP_HOST') ?? 'localhost',
      port: whole('STRATA_SMTP_PORT', ssl ? 465 : 25, 1),
      user: text('STRATA_SMTP_USER'),
      password: text('STRATA_SMTP_PASSWORD'),
      starttls: bool('STRATA_SMTP_STARTTLS', true),
      ssl,
      mailFrom: text('STRATA_SMTP_MAIL_FROM') ?? 'strata@localhost',
    },
    emailSubjectPrefix: env.STRATA_EMAIL_REPORTS_SUBJECT_PREFIX ?? REPORT_DEFAULT_SUBJECT_PREFIX,
    slackApiToken: text('STRATA_SLACK_API_TOKEN'),
    slackApiUrl: baseUrl(
      'STRATA_SLACK_API_URL',
      text('STRATA_SLACK_API_URL') ?? 'https://slack.com/api/',
    ),
    dryRun: bool('STRATA_REPORTS_DRY_RUN', false),
    executor,
    reportMinimumInterval: whole('STRATA_REPORT_MINIMUM_INTERVAL', 0, 0),
    alertMinimumInterval: whole('STRATA_ALERT_MINIMUM_INTERVAL', 0, 0),
    webdriverBaseUrl,
    webdriverBaseUrlSet: text('STRATA_WEBDRIVER_BASEURL') !== null,
    userFriendlyBaseUrl: baseUrl(
      'STRATA_WEBDRIVER_BASEURL_USER_FRIENDLY',
      text('STRATA_WEBDRIVER_BASEURL_USER_FRIENDLY') ?? webdriverBaseUrl,
    ),
    chromiumPath: text('STRATA_CHROMIUM_PATH') ?? '/usr/bin/chromium',
    browserMaxJobs: whole('STRATA_REPORT_BROWSER_MAX_JOBS', 50, 1),
    screenshotLoadWait: whole('STRATA_SCREENSHOT_LOAD_WAIT', 60, 1),
    pruneSchedule,
  };
}
