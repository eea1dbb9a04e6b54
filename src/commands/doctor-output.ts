import { formatConnectionReport, type ConnectionReport } from '../doctor';
import { stripControls, terminalJson } from './terminal-text';

/** What `doctor` prints: one line a check (✓ / ✗ / –) with each failure's fix, or with `json` the checks as JSON. */
export function doctorOutput(report: ConnectionReport, options: { readonly json: boolean; readonly baseUrl: string; readonly model: string }): string {
  if (options.json) return `${terminalJson({ ok: report.ok, baseUrl: options.baseUrl, model: options.model, checks: report.checks })}\n`;
  return `${stripControls(formatConnectionReport(report))}\n`;
}
