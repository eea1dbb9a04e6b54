import { isCompleteHttpUrl } from '../../../src/obsidian/network/complete-http-url';

describe('isCompleteHttpUrl', () => {
  it.each(['http://localhost:11434/v1', 'https://api.openai.com/v1', 'http://192.168.1.20:1234/v1', 'http://[::1]:8080/v1', 'http://gpu-box:8000/v1', 'https://user@models.example.com/v1'])('takes %s', (url) => {
    expect(isCompleteHttpUrl(url)).toBe(true);
  });

  it.each(['', 'http://', 'http://192.168.1', 'http://192.168.1.', 'http://10.0.0.300', 'http://models.example.', 'http://-models', 'ftp://files.example.com', 'file:///etc/passwd', 'localhost:11434/v1', 'javascript:alert(1)'])('refuses %s', (url) => {
    expect(isCompleteHttpUrl(url)).toBe(false);
  });
});
