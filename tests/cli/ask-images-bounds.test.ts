import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAskImages } from '../../src/cli/ask-images';

// Issue 36 item 5: `--image /dev/zero` ran out of memory and a FIFO hung the CLI. The type and
// the size are checked before a byte is read (DESIGN.md 13.1).

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'glassbox-image-bounds-'));
  execFileSync('mkfifo', [join(directory, 'pipe.png')]);
  await mkdir(join(directory, 'folder.png'));
  // 21 MB, sparse: the size is known without writing it.
  const big = await open(join(directory, 'big.png'), 'w');
  await big.truncate(21 * 1024 * 1024);
  await big.close();
  await writeFile(join(directory, 'tiny.gif'), Buffer.from('GIF89a\u0001\u0000\u0001\u0000', 'latin1'));
});
afterAll(() => rm(directory, { recursive: true, force: true }));

const read = (path: string) => readAskImages({ paths: [path], cwd: directory, vaultDir: join(directory, 'vault') });

describe('--image refuses what is not a regular file, before reading it', () => {
  it('a FIFO with no writer: refused at once, not waited on', async () => {
    await expect(read('pipe.png')).rejects.toThrow('--image pipe.png is not a regular file (a FIFO); give the path of an image file.');
  }, 5_000);

  it('/dev/zero: refused at once as a device, never read', async () => {
    await expect(read('/dev/zero')).rejects.toThrow('--image /dev/zero is not a regular file (a device); give the path of an image file.');
  }, 5_000);

  it('a folder', async () => {
    await expect(read('folder.png')).rejects.toThrow('--image folder.png is not a regular file (a folder); give the path of an image file.');
  });

  it('a file over 20 MB, by its size', async () => {
    await expect(read('big.png')).rejects.toThrow('--image big.png is 21.0 MB; images up to 20 MB can be sent.');
  });

  it('a missing file says why', async () => {
    await expect(read('nowhere.png')).rejects.toThrow(/^--image nowhere\.png could not be read \(.+\)\.$/);
  });

  it('reads a regular image whole', async () => {
    const [image] = await read('tiny.gif');
    expect(image).toMatchObject({ name: 'tiny.gif', bytes: 10, dataUrl: `data:image/gif;base64,${Buffer.from('GIF89a\u0001\u0000\u0001\u0000', 'latin1').toString('base64')}` });
  });
});
