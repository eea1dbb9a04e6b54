import { adviseError, type LlmErrorAdvice } from '../llm';
import { t } from '../i18n';

/**
 * The one sentence to show for a failure, whoever shows it (chat, CLI, the runner's `run_end`):
 * with a host's `advice`, the problem of an error that names its fix worded with it; else an
 * error's own `userMessage` (every `LlmError` has one; other chat models and the run setup may
 * throw one too), else the first line of its message, never a stack. With `context`, a message
 * without its own sentence is put in it ("The run failed: socket hang up").
 */
export function userMessageOf(thrown: unknown, options: { readonly advice?: LlmErrorAdvice; readonly context?: (detail: string) => string } = {}): string {
  const advised = options.advice === undefined ? null : adviseError(thrown, options.advice);
  if (advised !== null) return advised;
  const own = stringField(thrown, 'userMessage');
  if (own !== null) return own;
  const message = stringField(thrown, 'message');
  const firstLine = message === null ? null : (message.split('\n')[0] ?? message);
  if (options.context === undefined) return firstLine ?? t('error.unknown');
  return options.context(firstLine ?? String(thrown));
}

function stringField(thrown: unknown, field: 'userMessage' | 'message'): string | null {
  if (typeof thrown !== 'object' || thrown === null) return null;
  const value = (thrown as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : null;
}
