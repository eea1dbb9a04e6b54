import { formatLimit } from '../../src/agent/format-limit';
import { formatNumber, inEnglish, setUiLanguage, t, tCount, uiLanguage, uiLocale } from '../../src/i18n';
import { formatAttachmentsLine } from '../../src/conversation';
import { formatDuration, formatStepDuration, settledRunLabel, withStepFailures } from '../../src/markers';

afterEach(() => setUiLanguage('en'));

describe('setUiLanguage', () => {
  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['ja', 'ja'],
    ['FR', 'fr'],
    ['es', 'es'],
    // No table for these: English.
    ['zh-TW', 'en'],
    ['ko', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('chooses the table for %p: %p', (code, language) => {
    expect(setUiLanguage(code)).toBe(language);
    expect(uiLanguage()).toBe(language);
  });
});

describe('t', () => {
  it('reads the chosen language and fills placeholders', () => {
    expect(t('chat.newChat')).toBe('New chat');
    setUiLanguage('de');
    expect(t('chat.newChat')).toBe('Neuer Chat');
    expect(t('answer.insertedInto', { path: 'Notizen/a.md' })).toBe('In Notizen/a.md eingefügt.');
    setUiLanguage('ja');
    expect(t('approval.editNote', { path: 'a.md' })).toBe('a.md を編集しますか？');
  });

  it('formats numbers in placeholders for the language', () => {
    setUiLanguage('de');
    expect(t('settings.windowInUse', { tokens: 128000, source: 'Ollama' })).toBe('In Gebrauch: 128.000 Tokens (Ollama).');
    setUiLanguage('en');
    expect(t('settings.windowInUse', { tokens: 128000, source: 'Ollama' })).toBe('In use: 128,000 tokens (Ollama).');
    setUiLanguage('fr');
    expect(formatNumber(12345.5)).toBe(new Intl.NumberFormat('fr').format(12345.5));
    expect(uiLocale()).toBe('fr');
  });
});

describe('tCount', () => {
  it('chooses the form by the language’s plural rules', () => {
    expect(tCount('history.messages', 1)).toBe('1 message');
    expect(tCount('history.messages', 2)).toBe('2 messages');
    setUiLanguage('fr');
    // French counts 0 as singular.
    expect(tCount('history.messages', 0)).toBe('0 message');
    setUiLanguage('de');
    expect(tCount('answer.openCited', 3)).toBe('3 zitierte Notizen öffnen');
    expect(tCount('answer.openCited', 1)).toBe('Zitierte Notiz öffnen');
    setUiLanguage('zh');
    expect(tCount('history.messages', 1)).toBe('1 条消息');
  });
});

describe('the reasoning block’s words', () => {
  it('says "Thought for" and durations in each language', () => {
    expect(settledRunLabel('complete', 12_400)).toBe('Thought for 12s');
    expect(formatDuration(65_000)).toBe('1m 5s');
    setUiLanguage('de');
    expect(settledRunLabel('complete', 12_400)).toBe('12 s nachgedacht');
    expect(formatDuration(65_000)).toBe('1 min 5 s');
    expect(formatStepDuration(1_240)).toBe('1,2 s');
    setUiLanguage('ja');
    expect(settledRunLabel('stopped', 3_723_000)).toBe('1時間2分後に停止しました');
    setUiLanguage('zh');
    expect(formatDuration(500)).toBe('不到一秒');
  });

  it('counts failed and declined steps in the language', () => {
    const steps = [
      { id: 's1', kind: 'tool' as const, summary: 'a', at: 0, tool: { name: 'x', args: {}, status: 'error' as const } },
      { id: 's2', kind: 'tool' as const, summary: 'b', at: 0, tool: { name: 'x', args: {}, status: 'declined' as const } },
      { id: 's3', kind: 'tool' as const, summary: 'c', at: 0, tool: { name: 'x', args: {}, status: 'declined' as const } },
    ];
    expect(withStepFailures('Thought for 5s', steps)).toBe('Thought for 5s · 1 step failed, 2 declined');
    setUiLanguage('es');
    expect(withStepFailures('Pensó durante 5 s', steps.slice(1))).toBe('Pensó durante 5 s · 2 pasos rechazados');
  });
});

describe('the attachments line under a question', () => {
  const attachments = { notes: [{ kind: 'note' as const, path: 'Projects/Plan.md', chars: 1200, lines: { from: 3, to: 7 }, cut: true }], missingLinks: ['Nowhere'], scope: { folders: ['Projects'], tags: [] } };

  it('speaks the UI’s language in the chat, and stays English in the saved note', () => {
    setUiLanguage('de');
    expect(formatAttachmentsLine(attachments, false)).toBe('📎 Plan Zeilen 3–7 (gekürzt) · Nowhere (nicht gefunden) · Bereich: Projects/');
    expect(formatAttachmentsLine(attachments)).toBe('📎 [[Projects/Plan.md|Plan]] lines 3–7 (cut) · Nowhere (not found) · scope: Projects/');
  });
});

describe('what the model reads', () => {
  it('stays English whatever the UI’s language', () => {
    setUiLanguage('zh');
    expect(formatLimit(300_000)).toBe('5m');
    expect(inEnglish(() => t('chat.newChat'))).toBe('New chat');
    expect(t('chat.newChat')).toBe('新对话');
  });
});
