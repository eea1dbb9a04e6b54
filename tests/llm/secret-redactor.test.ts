import { createSecretRedactor, redactErrorText, REDACTED } from '../../src/llm/secret-redactor';

describe('createSecretRedactor', () => {
  const key = 'sk-proj-abcdefghijklmnop12345678';

  it('blanks a key, its last 8 characters when asked, and its URL-encoded and base64 forms', () => {
    const redact = createSecretRedactor([{ value: key, suffix: true }]);
    const base64 = Buffer.from(key).toString('base64');
    expect(redact(`a ${key} b sk-****${key.slice(-8)} c ${base64} d ${encodeURIComponent(`${key}`)}`)).toBe(`a ${REDACTED} b sk-****${REDACTED} c ${REDACTED} d ${REDACTED}`);
  });

  it('leaves the suffix of a secret given without `suffix`, and values too short to be secrets', () => {
    const redact = createSecretRedactor(['long-secret-value-123', 'on']);
    expect(redact('…value-123 on')).toBe('…value-123 on');
  });

  it('blanks the text fields of an error and drops its cause (the raw body)', () => {
    const error = Object.assign(new Error(`bad key ${key}`, { cause: new Error(key) }), { userMessage: `no ${key}`, providerMessage: key });
    redactErrorText(error, createSecretRedactor([key]));
    expect([error.message, error.userMessage, error.providerMessage]).toEqual([`bad key ${REDACTED}`, `no ${REDACTED}`, REDACTED]);
    expect(error.cause).toBeUndefined();
    expect(String(error.stack)).not.toContain(key);
  });
});
