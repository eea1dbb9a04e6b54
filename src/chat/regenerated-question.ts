import type { QuestionContext } from '../agent';
import type { MessageAttachments } from '../conversation';

/**
 * What a question reopened from its note attaches when its answer is regenerated: the notes and
 * vault images it attached, and its scope, as its note recorded them. `[[links]]` are found again
 * in the question's text; a selection's text is not in the note, so it is not sent again.
 */
export function questionContextOf(attachments: MessageAttachments | undefined): QuestionContext | undefined {
  if (attachments === undefined) return undefined;
  const notes = attachments.notes.filter((note) => note.kind === 'note').map((note) => note.path);
  const images = (attachments.images ?? []).flatMap((image) => (image.path !== undefined ? [image.path] : []));
  const context: QuestionContext = {
    ...(notes.length > 0 ? { notes } : {}),
    ...(attachments.scope !== undefined ? { scope: attachments.scope } : {}),
    ...(images.length > 0 ? { images } : {}),
  };
  return Object.keys(context).length === 0 ? undefined : context;
}
