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

/** The mark a line starts with: ✓ passed, ✗ failed, – not checked. */
export function checkMark(status: ConnectionCheckStatus): string {
  return status === 'pass' ? '✓' : status === 'fail' ? '✗' : '–';
}

/** The report as text, one line per check and its fix on the next, indented (the CLI prints it; the settings show the same lines). */
export function formatConnectionReport(report: ConnectionReport): string {
  return report.checks.map((check) => `${checkMark(check.status)} ${check.text}${check.fix !== undefined ? `\n  Fix: ${check.fix}` : ''}`).join('\n');
}
