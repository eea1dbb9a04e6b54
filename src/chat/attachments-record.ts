import type { AttachedContext, QuestionImage } from '../agent';
import type { MessageAttachments } from '../conversation';

/** What the saved note records of a run's attachments (paths, sizes, cuts, scope; never the text); null when nothing was attached. */
export function attachmentsRecord({ attachments, missingLinks, scope }: AttachedContext, images: readonly QuestionImage[] = []): MessageAttachments | null {
  if (attachments.length + missingLinks.length + images.length === 0 && !scope) return null;
  return {
    // `cut` only when true and no `linktext` (the saved question holds the link as typed).
    notes: attachments.map(({ text: _text, linktext: _linktext, cut, ...note }) => (cut ? { ...note, cut } : note)),
    ...(missingLinks.length > 0 ? { missingLinks } : {}),
    ...(scope ? { scope } : {}),
    ...(images.length > 0 ? { images: images.map(({ name, path, bytes }) => ({ name, ...(path !== undefined ? { path } : {}), bytes })) } : {}),
  };
}
