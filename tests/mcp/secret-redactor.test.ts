import { createSecretRedactor, REDACTED } from '../../src/mcp/secret-redactor';

describe('createSecretRedactor', () => {
  const redact = createSecretRedactor([
    { kind: 'stdio', name: 'a', command: 'x', args: [], env: { API_KEY: 'sk-12345', DEBUG: '1' } },
    { kind: 'http', name: 'b', url: 'https://x', headers: { Authorization: 'Bearer tok-999' } },
  ]);

  it('blanks every env value and header value, and a header’s token on its own', () => {
    expect(redact('key sk-12345, header Bearer tok-999, token tok-999')).toBe(`key ${REDACTED}, header ${REDACTED}, token ${REDACTED}`);
  });

  it('leaves values too short to be secrets alone, so ordinary text survives', () => {
    expect(redact('DEBUG=1')).toBe('DEBUG=1');
  });
});
