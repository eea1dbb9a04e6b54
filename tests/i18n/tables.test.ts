import { ENGLISH_TABLE, LANGUAGES, languageTable, type MessageKey } from '../../src/i18n';

// DESIGN.md 12.4: one table per language, each with exactly English's keys (the type checker
// says so too: the tables are typed MessageTable), the same placeholders, and real translations.

const englishKeys = Object.keys(ENGLISH_TABLE).sort();
const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const others = LANGUAGES.filter((language) => language !== 'en');

/**
 * The strings a language writes exactly as English does: names, symbols and words the languages
 * share. A new string copied in English instead of translated fails the test below.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly MessageKey[]>> = {
  de: ['command.prompt', 'composer.prompts', 'context.tag', 'duration.stepMilliseconds', 'duration.stepSeconds', 'mcp.http', 'mcp.serverProblem', 'notice.fromGlassbox', 'reasoning.tokens', 'reasoning.withFailures', 'settings.agent', 'settings.displayMinimal', 'settings.displayNormal', 'size.kilobytes', 'size.megabytes', 'trace.searchingIn', 'list.separator', 'undo.partsSeparator'],
  es: ['command.prompt', 'composer.prompts', 'context.tokens', 'duration.stepMilliseconds', 'duration.stepSeconds', 'group.tokens', 'mcp.http', 'mcp.serverProblem', 'model.window', 'notice.fromGlassbox', 'reasoning.tokens', 'reasoning.withFailures', 'settings.displayNormal', 'size.kilobytes', 'size.megabytes', 'trace.tokens', 'spending.tokens', 'list.separator', 'undo.partsSeparator'],
  fr: ['attachments.image', 'chat.conversation', 'composer.message', 'composer.notes', 'composer.prompts', 'context.image', 'duration.stepMilliseconds', 'duration.stepSeconds', 'history.messages.one', 'history.messages.other', 'mcp.http', 'model.images', 'reasoning.withFailures', 'settings.agent', 'settings.conversations', 'settings.displayMinimal', 'settings.displayNormal', 'trace.imageAttached', 'list.separator', 'settings.traces', 'traces.conversationCount.one', 'traces.conversationCount.other'],
  zh: ['mcp.http', 'reasoning.withFailures', 'size.kilobytes', 'size.megabytes'],
  ja: ['mcp.http', 'mcp.serverProblem', 'notice.fromGlassbox', 'reasoning.withFailures', 'size.kilobytes', 'size.megabytes'],
};

describe.each(others)('the %s table', (language) => {
  const table = languageTable(language);

  it('has every English key and no other', () => {
    const keys = Object.keys(table);
    expect({ missing: englishKeys.filter((key) => !keys.includes(key)), extra: keys.filter((key) => !englishKeys.includes(key)) }).toEqual({ missing: [], extra: [] });
  });

  it('fills the same placeholders as English, with no empty string', () => {
    const wrong = englishKeys.filter((key) => {
      const text = table[key as MessageKey];
      return typeof text !== 'string' || text.trim() === '' || placeholders(text).join() !== placeholders(ENGLISH_TABLE[key as MessageKey]).join();
    });
    expect(wrong).toEqual([]);
  });

  it('is translated: only known names, symbols and shared words read as in English', () => {
    const same = englishKeys.filter((key) => table[key as MessageKey] === ENGLISH_TABLE[key as MessageKey]);
    expect(same).toEqual([...SAME_AS_ENGLISH[language]].sort());
  });
});

describe('English', () => {
  it('writes its labels in sentence case', () => {
    // Several words, every one of them capitalised, is title case ("Open Cited Note"); acronyms
    // ("URL", "HTTP") are capitals in any case.
    const titleCase = Object.entries(ENGLISH_TABLE).filter(([, text]) => {
      const words = text.replace(/\{\w+\}/g, '').split(/\s+/).filter((word) => /^\p{L}/u.test(word) && !/^\p{Lu}+$/u.test(word));
      return words.length >= 2 && words.every((word) => /^\p{Lu}/u.test(word));
    });
    expect(titleCase.map(([key]) => key)).toEqual([]);
  });

  it('gives every counted string both forms', () => {
    const counted = englishKeys.filter((key) => key.endsWith('.one') || key.endsWith('.other')).map((key) => key.replace(/\.(one|other)$/, ''));
    for (const base of new Set(counted)) expect([`${base}.one`, `${base}.other`].every((key) => key in ENGLISH_TABLE)).toBe(true);
  });
});
