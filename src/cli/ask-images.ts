import { readFile } from 'node:fs/promises';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { MAX_IMAGE_BYTES, type QuestionImage } from '../agent';
import { CliUsageError } from './cli-io';
import { describeFsError } from './describe-fs-error';

// The formats every vision endpoint we know takes, by their first bytes (a file's name can lie).
const FORMATS: readonly { readonly type: string; readonly test: (head: Buffer) => boolean }[] = [
  { type: 'image/png', test: (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', test: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff },
  { type: 'image/gif', test: (head) => head.subarray(0, 4).toString('latin1') === 'GIF8' },
  { type: 'image/webp', test: (head) => head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/**
 * `glassbox ask --image PATH` (DESIGN.md 12.5), each read whole and sent as a data URL. The CLI
 * sends the file as it is (the plugin downscales in its canvas; Node has no image codec and the
 * terminal user chose the file); a file that is not PNG, JPEG, GIF or WebP, or is over 20 MB, is a
 * usage error. An image inside the vault keeps its vault path, so the saved note can embed it.
 */
export async function readAskImages(options: { paths: readonly string[]; cwd: string; vaultDir: string }): Promise<QuestionImage[]> {
  const images: QuestionImage[] = [];
  for (const given of options.paths) {
    const absolute = resolve(options.cwd, given);
    const data = await readFile(absolute).catch((error: unknown) => {
      throw new CliUsageError(`--image ${given} could not be read (${describeFsError(error)}).`);
    });
    const format = FORMATS.find((candidate) => candidate.test(data));
    if (format === undefined) throw new CliUsageError(`--image ${given} is not a PNG, JPEG, GIF or WebP image.`);
    if (data.length > MAX_IMAGE_BYTES) throw new CliUsageError(`--image ${given} is ${(data.length / 1024 / 1024).toFixed(1)} MB; images up to 20 MB can be sent.`);
    const inVault = relative(options.vaultDir, absolute);
    const path = inVault !== '' && !inVault.startsWith('..') && !isAbsolute(inVault) ? inVault.split(sep).join('/') : undefined;
    images.push({ name: basename(absolute), ...(path !== undefined ? { path } : {}), dataUrl: `data:${format.type};base64,${data.toString('base64')}`, bytes: data.length });
  }
  return images;
}
