import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
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
 * usage error, and so is anything but a regular file, told before a byte is read. An image inside the vault keeps its vault path, so the saved note can embed it.
 */
export async function readAskImages(options: { paths: readonly string[]; cwd: string; vaultDir: string }): Promise<QuestionImage[]> {
  const images: QuestionImage[] = [];
  for (const given of options.paths) {
    const absolute = resolve(options.cwd, given);
    const data = await readImageFile(absolute, given);
    const format = FORMATS.find((candidate) => candidate.test(data));
    if (format === undefined) throw new CliUsageError(`--image ${given} is not a PNG, JPEG, GIF or WebP image.`);
    const inVault = relative(options.vaultDir, absolute);
    const path = inVault !== '' && !inVault.startsWith('..') && !isAbsolute(inVault) ? inVault.split(sep).join('/') : undefined;
    images.push({ name: basename(absolute), ...(path !== undefined ? { path } : {}), dataUrl: `data:${format.type};base64,${data.toString('base64')}`, bytes: data.length });
  }
  return images;
}

/**
 * A regular file's bytes, its type and size checked first (issue 36): the file is opened without
 * blocking (a FIFO with no writer would hold `open` for ever) and stat'ed through its handle, so
 * a FIFO, a device (`/dev/zero`), a socket or a folder is refused at once, a file over 20 MB
 * before it is read, and no more than its size is ever read.
 */
async function readImageFile(absolute: string, given: string): Promise<Buffer> {
  const unreadable = (error: unknown): never => {
    throw new CliUsageError(`--image ${given} could not be read (${describeFsError(error)}).`);
  };
  const handle: FileHandle = await open(absolute, constants.O_RDONLY | constants.O_NONBLOCK).catch(unreadable);
  try {
    const info = await handle.stat().catch(unreadable);
    if (!info.isFile()) throw new CliUsageError(`--image ${given} is not a regular file (${info.isDirectory() ? 'a folder' : info.isFIFO() ? 'a FIFO' : info.isSocket() ? 'a socket' : 'a device'}); give the path of an image file.`);
    if (info.size > MAX_IMAGE_BYTES) throw new CliUsageError(`--image ${given} is ${(info.size / 1024 / 1024).toFixed(1)} MB; images up to 20 MB can be sent.`);
    const data = Buffer.alloc(info.size);
    let filled = 0;
    while (filled < data.length) {
      const { bytesRead } = await handle.read(data, filled, data.length - filled, filled).catch(unreadable);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return data.subarray(0, filled);
  } finally {
    await handle.close();
  }
}
