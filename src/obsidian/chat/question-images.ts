import { type App, TFile } from 'obsidian';
import { MAX_IMAGE_BYTES, type AttachedContext, type QuestionContext, type QuestionImage } from '../../agent';
import { t } from '../../i18n';

/** The image formats vision endpoints take, by extension, and their media types. */
const IMAGE_TYPES: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

// `![[diagram.png]]`, `[[diagram.png|alt]]` and `![alt](Attachments/diagram.png)`; never a remote URL.
const IMAGE_LINK = /!?\[\[([^\]|#\n]+\.(?:png|jpe?g|gif|webp))(?:[|#][^\]\n]*)?\]\]|!\[[^\]\n]*\]\((?!https?:|data:)([^)\s]+\.(?:png|jpe?g|gif|webp))\)/gi;

/** Settings that decide whether and how images are sent. */
export interface ImageSettings {
  /** Model names that accept images, one per line or comma-separated (the "Models that take images" setting). */
  readonly imageModels: string;
  /** Longest side in pixels an image is downscaled to before it is sent. */
  readonly imageMaxSide: number;
}

/**
 * The images a question sends (DESIGN.md 12.4): pasted or dropped ones (chips), images the question
 * links or embeds, and images embedded in the notes it attaches, each once, read from the vault and
 * downscaled to the longest side the settings give. None are read for a model not marked as taking
 * images: then one notice says how to send them.
 */
export async function readQuestionImages(app: App, options: { question: string; request?: QuestionContext; attached?: AttachedContext; modelName: string; settings: ImageSettings }): Promise<{ images: QuestionImage[]; notices: string[] }> {
  const files = new Map<string, TFile>();
  const add = (file: TFile | null): void => {
    if (file !== null && IMAGE_TYPES[file.extension.toLowerCase()] !== undefined) files.set(file.path, file);
  };
  // A link whose `%` is no valid escape (`growth100%.png`) is named in a notice; the question goes on without it.
  const malformed = new Set<string>();
  const linked = (text: string, source: string): void => {
    for (const link of imageLinks(text)) {
      if (link.path === undefined) malformed.add(link.written);
      else add(app.metadataCache.getFirstLinkpathDest(link.path, source));
    }
  };
  for (const path of options.request?.images ?? []) add(app.vault.getFileByPath(path));
  linked(options.question, options.attached?.attachments[0]?.path ?? '');
  for (const attachment of options.attached?.attachments ?? []) linked(attachment.text, attachment.path);
  const linkNotices = [...malformed].map((link) => t('notice.imageLinkMalformed', { link }));
  if (files.size === 0) return { images: [], notices: linkNotices };
  if (!takesImages(options.settings.imageModels, options.modelName)) {
    const names = [...files.values()].map((file) => file.name).join(', ');
    return { images: [], notices: [...linkNotices, t('notice.imagesNotSent', { names, model: options.modelName })] };
  }
  const images: QuestionImage[] = [];
  const notices: string[] = [...linkNotices];
  for (const file of files.values()) {
    const data = await app.vault.readBinary(file);
    const dataUrl = await downscaledDataUrl(data, IMAGE_TYPES[file.extension.toLowerCase()], options.settings.imageMaxSide);
    if (dataUrl === null) notices.push(t('notice.imageTooLarge', { name: file.name }));
    else images.push({ name: file.name, path: file.path, dataUrl, bytes: Math.floor((dataUrl.length - dataUrl.indexOf(',') - 1) * 0.75) });
  }
  return { images, notices };
}

/** Whether the setting's list names the model (case-insensitive; one per line or comma-separated). */
export function takesImages(imageModels: string, modelName: string): boolean {
  const wanted = modelName.trim().toLowerCase();
  return imageModels.split(/[,\n]/).some((name) => name.trim().toLowerCase() === wanted && wanted !== '');
}

/** The image links of a text: each as written, and its vault path (undefined when a `%` in it is no valid escape). */
function imageLinks(text: string): { written: string; path: string | undefined }[] {
  return [...text.matchAll(IMAGE_LINK)].map((match) => {
    const written = (match[1] ?? match[2] ?? '').trim();
    try {
      return { written, path: decodeURI(written).trim() };
    } catch {
      return { written, path: undefined };
    }
  });
}

/**
 * The image as a data URL, its longest side at most `maxSide` pixels (re-encoded as the browser
 * draws it: PNG stays PNG, anything else becomes JPEG). Where the platform cannot decode the image
 * (no canvas), it goes as it is, up to 20 MB; null when it is larger.
 */
async function downscaledDataUrl(data: ArrayBuffer, type: string, maxSide: number): Promise<string | null> {
  const original = (): string | null => (data.byteLength > MAX_IMAGE_BYTES ? null : `data:${type};base64,${base64(data)}`);
  if (typeof createImageBitmap !== 'function' || typeof activeWindow === 'undefined') return original();
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([data], { type }));
  } catch {
    return original();
  }
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  if (scale === 1) {
    bitmap.close();
    return original();
  }
  const canvas = createEl('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL(type === 'image/png' ? 'image/png' : 'image/jpeg', 0.85);
}

function base64(data: ArrayBuffer): string {
  const bytes = new Uint8Array(data);
  let binary = '';
  for (let index = 0; index < bytes.length; index += 8192) binary += String.fromCharCode(...bytes.subarray(index, index + 8192));
  return btoa(binary);
}
