import { t } from '../i18n';

/** Which check a line reports (DESIGN.md 12.5: `glassbox doctor`, the settings' "Check connection"). */
export type ConnectionCheckId = 'reachable' | 'key' | 'model' | 'window' | 'tools' | 'reasoning' | 'embeddings';

/** Passed, failed, or not checked (or nothing to say: no reasoning seen). */
export type ConnectionCheckStatus = 'pass' | 'fail' | 'skip';

/** One line of the report: what was found, and for a failure the fix in one sentence. */
export interface ConnectionCheck {
  readonly id: ConnectionCheckId;
  readonly status: ConnectionCheckStatus;
  readonly text: string;
  readonly fix?: string;
}

/** Every check, in order, and whether a chat would work. */
export interface ConnectionReport {
  /** True when no check a chat needs failed (reachable, key, model, window, tools); embeddings only matter to search by meaning. */
  readonly ok: boolean;
  readonly checks: readonly ConnectionCheck[];
}

/**
 * Where each host lets the user change what a fix names: the plugin's settings rows, the CLI's
 * flags. The check lines are the same words in both; only these pointers differ.
 */
export interface ConnectionFixWords {
  /** e.g. "the base URL in Glassbox settings" / "--base-url (or GLASSBOX_BASE_URL)". */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey: string;
  readonly contextWindow: string;
  readonly embeddings: string;
}

/** The checks a chat cannot do without. */
const NEEDED: readonly ConnectionCheckId[] = ['reachable', 'key', 'model', 'window', 'tools'];

/** The report of `checks`: ok when none a chat needs failed. */
export function connectionReport(checks: readonly ConnectionCheck[]): ConnectionReport {
  return { ok: !checks.some((check) => check.status === 'fail' && NEEDED.includes(check.id)), checks };
}

/** One printed line of a report: a check's, its fix's, or the verdict's; `status` colours it. */
export interface ConnectionLine {
  readonly status: ConnectionCheckStatus | 'fix' | 'verdict';
  readonly text: string;
}

/**
 * The report as both hosts print it: per check "✓ …", "✗ …" or "– …" (passed, failed, not
 * checked), each failure's fix on the next line ("  Fix: …"), then whether a chat would work.
 */
export function connectionLines(report: ConnectionReport): ConnectionLine[] {
  const lines: ConnectionLine[] = [];
  for (const check of report.checks) {
    lines.push({ status: check.status, text: `${check.status === 'pass' ? '✓' : check.status === 'fail' ? '✗' : '–'} ${check.text}` });
    if (check.fix !== undefined) lines.push({ status: 'fix', text: t('doctor.fixLine', { fix: check.fix }) });
  }
  lines.push({ status: 'verdict', text: report.ok ? t('doctor.wouldWork') : t('doctor.wouldNotWork') });
  return lines;
}

/** The report as text, one line each (the CLI prints it). */
export function formatConnectionReport(report: ConnectionReport): string {
  return connectionLines(report).map((line) => line.text).join('\n');
}
