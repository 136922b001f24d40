/**
 * `crontab_humanized`: a report's schedule in words, as Superset's list shows it
 * (cron_descriptor there, cronstrue here: "At 09:00 AM", "Every 5 minutes").
 */
import cronstrue from 'cronstrue';

/** The schedule in English words; the pattern itself when it cannot be described. */
export function crontabHumanized(crontab: string): string {
  try {
    return cronstrue.toString(crontab, { throwExceptionOnParseError: true });
  } catch {
    return crontab;
  }
}
