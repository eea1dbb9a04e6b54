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

describe('secrets given elsewhere than env and headers (DESIGN.md 12.6)', () => {
  const redact = createSecretRedactor([
    { kind: 'stdio', name: 'a', command: 'npx', args: ['-y', 'gh-mcp', '--token', 'ghp_argsecret1', '--api-key=argsecret-two', 'SLACK_TOKEN=xoxb-argsecret3', '--verbose', 'https://db.example/x?password=pw-in-arg-url'], env: { API_KEY: 'sk-env-secret' } },
    { kind: 'http', name: 'b', url: 'https://mcp.example/mcp?token=qtok-12345&lang=en&sig=0123456789abcdef0123', headers: {} },
  ]);

  it('blanks a secret-named argument, a URL argument’s password and a URL’s secret-named or long query values', () => {
    const text = 'ghp_argsecret1 argsecret-two xoxb-argsecret3 pw-in-arg-url qtok-12345 0123456789abcdef0123';
    expect(redact(text)).toBe(Array(6).fill(REDACTED).join(' '));
  });

  it('leaves ordinary arguments and short query values alone', () => {
    expect(redact('gh-mcp --verbose lang=en')).toBe('gh-mcp --verbose lang=en');
  });

  it('blanks env values URL-encoded and in base64 (standard and URL-safe, padded or not)', () => {
    const secret = 'sk-env-secret';
    const base64 = Buffer.from(secret).toString('base64');
    const forms = [encodeURIComponent(`${secret}/?`), Buffer.from(`${secret}`).toString('base64url'), base64, base64.replace(/=+$/, '')];
    const other = createSecretRedactor([{ kind: 'stdio', name: 'c', command: 'x', args: [], env: { A: `${secret}/?` } }]);
    expect(other(`q=${forms[0]}`)).toBe(`q=${REDACTED}`);
    for (const form of forms.slice(1)) expect(redact(`auth ${form} end`)).toBe(`auth ${REDACTED} end`);
  });
});
