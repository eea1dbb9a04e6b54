import type { AttachedContext } from '../agent';
import type { MessageAttachments } from '../conversation';

/** What the saved note records of a run's attachments (paths, sizes, cuts, scope; never the text); null when nothing was attached. */
export function attachmentsRecord(context: AttachedContext): MessageAttachments | null {
  const scope = context.scope;
  const hasScope = (scope?.folders?.length ?? 0) > 0 || (scope?.tags?.length ?? 0) > 0;
  if (context.attachments.length === 0 && context.missingLinks.length === 0 && !hasScope) return null;
  return {
    notes: context.attachments.map((attachment) => ({
      kind: attachment.kind,
      path: attachment.path,
      ...(attachment.lines !== undefined ? { lines: attachment.lines } : {}),
      chars: attachment.chars,
      ...(attachment.cut ? { cut: true } : {}),
      ...(attachment.notice !== undefined ? { notice: attachment.notice } : {}),
    })),
    ...(context.missingLinks.length > 0 ? { missingLinks: context.missingLinks } : {}),
    ...(hasScope && scope !== undefined ? { scope } : {}),
  };
}
