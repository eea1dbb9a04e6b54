import { decodeZ85 } from '../../src/packed-text/z85';
import packed from '../support/packed-index-worker';
import { unpackPackedText } from '../../src/packed-text';

describe('decodeZ85', () => {
  it('decodes the test vector of the Z85 specification', () => {
    expect([...decodeZ85('HelloWorld', 8)]).toEqual([0x86, 0x4f, 0xd2, 0x6f, 0xb5, 0x59, 0xf7, 0x5b]);
  });

  it('drops the zero padding of a length that is not a multiple of 4', () => {
    expect([...decodeZ85('HelloWorld', 6)]).toEqual([0x86, 0x4f, 0xd2, 0x6f, 0xb5, 0x59]);
  });

  it('refuses a character outside the alphabet and truncated text', () => {
    expect(() => decodeZ85('Hello"orld', 8)).toThrow('Not a Z85 character: "\\"".');
    expect(() => decodeZ85('Hell', 4)).toThrow('truncated');
  });
});

describe('unpackPackedText', () => {
  it('gives back the indexing script that tools/build/inline-worker.mjs packed', () => {
    const script = unpackPackedText(packed);
    expect(script).toContain('onmessage');
    expect(script.length).toBeGreaterThan(packed.length);
  });

  it('says so when the length prefix is missing', () => {
    expect(() => unpackPackedText('HelloWorld')).toThrow('no length prefix');
  });
});
