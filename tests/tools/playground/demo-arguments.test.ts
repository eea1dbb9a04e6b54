import path from 'node:path';
import { parseDemoArguments } from '../../../tools/playground/demo';

const demoVault = path.join(__dirname, '..', '..', '..', 'demo-vault');

describe('npm run demo -- --lang', () => {
  it('starts in English unless told, and takes a language code', () => {
    expect(parseDemoArguments(['--vault', demoVault])).toMatchObject({ language: 'en' });
    expect(parseDemoArguments(['--vault', demoVault, '--lang', 'de'])).toMatchObject({ language: 'de' });
    expect(parseDemoArguments(['--vault', demoVault, '--lang', 'zh-CN'])).toMatchObject({ language: 'zh-CN' });
  });

  it('refuses what is not a language code, in one sentence', () => {
    expect(() => parseDemoArguments(['--vault', demoVault, '--lang', 'German!'])).toThrow('--lang takes a language code such as de or zh-CN, got "German!".');
    expect(() => parseDemoArguments(['--vault', demoVault, '--lang'])).toThrow('--lang needs a value.');
  });
});
