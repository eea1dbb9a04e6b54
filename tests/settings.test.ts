import { DEFAULT_SETTINGS, loadGlassboxSettings, mergeSettings } from '../src/settings';

describe('mergeSettings', () => {
  const defaults = { name: 'a', count: 3, on: true, list: ['x'] };

  it.each([
    ['nothing saved', null],
    ['undefined', undefined],
    ['a string', 'oops'],
    ['an array', [1, 2]],
  ])('returns the defaults when %s', (_label, saved) => {
    expect(mergeSettings(defaults, saved)).toEqual(defaults);
  });

  it('takes saved values of the right type and keeps unknown keys', () => {
    expect(mergeSettings(defaults, { name: 'b', count: 7, extra: { nested: true } })).toEqual({ name: 'b', count: 7, on: true, list: ['x'], extra: { nested: true } });
  });

  it('falls back per key when a saved value has the wrong type', () => {
    expect(mergeSettings(defaults, { name: 5, count: '7', on: 'yes', list: 'x' })).toEqual(defaults);
    expect(mergeSettings(defaults, { count: Number.NaN })).toEqual(defaults);
  });

  it('does not mutate its inputs or share the defaults object', () => {
    const saved = { name: 'b' };
    const merged = mergeSettings(defaults, saved);
    merged.name = 'c';
    expect(saved).toEqual({ name: 'b' });
    expect(defaults.name).toBe('a');
  });
});

describe('loadGlassboxSettings', () => {
  it('has the documented defaults', () => {
    expect(loadGlassboxSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ maxIterations: 10, loopStyle: 'tools', displayMode: 'normal', showReasoningText: true, showToolOutput: true, expandWhileWorking: true, conversationsFolder: 'Glassbox/Conversations', requestInputTimeoutMinutes: 10, responseTimeoutSeconds: 120, contextBudgetTokens: 12_000, attachOpenNote: true });
  });

  it('replaces values outside their enum or range with the default', () => {
    const settings = loadGlassboxSettings({ provider: 'acme', loopStyle: 'spin', displayMode: 'loud', maxIterations: 0, requestInputTimeoutMinutes: -1, responseTimeoutSeconds: 0, contextBudgetTokens: 2.5 });
    expect(settings).toMatchObject({ provider: 'openai', loopStyle: 'tools', displayMode: 'normal', maxIterations: 10, requestInputTimeoutMinutes: 10, responseTimeoutSeconds: 120, contextBudgetTokens: 12_000 });
  });

  it('keeps only model prices that are two amounts, none negative; none are built in', () => {
    expect(DEFAULT_SETTINGS.modelPrices).toEqual({});
    const saved = { modelPrices: { good: { inputPerMillion: 0.15, outputPerMillion: 0.6 }, free: { inputPerMillion: 0, outputPerMillion: 0 }, half: { inputPerMillion: 1 }, negative: { inputPerMillion: -1, outputPerMillion: 2 }, text: '3' } };
    expect(loadGlassboxSettings(saved).modelPrices).toEqual({ good: { inputPerMillion: 0.15, outputPerMillion: 0.6 }, free: { inputPerMillion: 0, outputPerMillion: 0 } });
  });

  it('keeps valid saved choices', () => {
    const settings = loadGlassboxSettings({ provider: 'ollama', baseUrl: 'http://localhost:11434/v1', loopStyle: 'reason-act-observe', displayMode: 'minimal', maxIterations: 4 });
    expect(settings).toMatchObject({ provider: 'ollama', baseUrl: 'http://localhost:11434/v1', loopStyle: 'reason-act-observe', displayMode: 'minimal', maxIterations: 4 });
  });
});
