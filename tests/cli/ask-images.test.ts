import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { buildCli, type BuiltCli } from '../support/built-cli';

// Issue 29 item 4, DESIGN.md 12.5: `glassbox ask --image PATH` (repeatable), through the built CLI,
// the real openai SDK and the scripted server over loopback.

// A 1×1 PNG and the first bytes of a JPEG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

let cli: BuiltCli;
let server: ModelServer;
let vault: string;
let outside: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startModelServer({ scenarios: { answer: scenario().turn((t) => t.text('Three boxes on a whiteboard.')) } });
  vault = await mkdtemp(join(tmpdir(), 'glassbox-ask-images-'));
  outside = await mkdtemp(join(tmpdir(), 'glassbox-ask-images-outside-'));
  await mkdir(join(vault, 'Attachments'), { recursive: true });
  await writeFile(join(vault, 'Attachments', 'whiteboard.png'), PNG);
  await writeFile(join(vault, 'Home.md'), '# Home\n');
  await writeFile(join(outside, 'photo.jpg'), JPEG);
  await writeFile(join(outside, 'notes.txt'), 'not an image');
});

afterAll(async () => {
  await Promise.all([server.close(), cli.remove(), rm(vault, { recursive: true, force: true }), rm(outside, { recursive: true, force: true })]);
});

type Part = { type: string; text?: string; image_url?: { url: string } };
type Body = { messages: { role: string; content: string | Part[] }[] };

describe('glassbox ask --image', () => {
  it('sends each image as an image_url part, names them in the trace, and the saved note embeds the vault one', async () => {
    const before = server.requests.length;
    const { status, stdout, stderr } = await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'answer', '--save', '--image', join(vault, 'Attachments', 'whiteboard.png'), '--image', join(outside, 'photo.jpg'), 'What is on these?']);
    expect(status).toBe(0);
    const content = (server.requests[before].body as Body).messages.at(-1)?.content;
    expect(content).toEqual([
      { type: 'text', text: 'What is on these?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
      { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${JPEG.toString('base64')}` } },
    ]);
    expect(stdout).toMatch(/• Attached whiteboard\.png \(image, 1 KB\), photo\.jpg \(image, 1 KB\)/);
    const saved = stderr.match(/^saved: (.+)$/m)?.[1];
    expect(saved).toBeDefined();
    const note = await readFile(join(vault, saved!), 'utf8');
    expect(note).toContain('📎 ![[Attachments/whiteboard.png]] · photo.jpg (image, not in the vault)');
    expect(note).not.toContain(PNG.toString('base64'));
  });

  it('a file that is not an image is a usage error (exit 2) and nothing is sent', async () => {
    const before = server.requests.length;
    const { status, stderr } = await cli.run(['ask', '--vault', vault, '--base-url', server.url, '--model', 'answer', '--image', join(outside, 'notes.txt'), 'What is this?']);
    expect(status).toBe(2);
    expect(stderr.trim()).toBe(`--image ${join(outside, 'notes.txt')} is not a PNG, JPEG, GIF or WebP image.`);
    expect(server.requests.length).toBe(before);
  });
});
