import { hostReach, isLocalHost, isThisMachine } from '../../../src/llm/servers';

// One reading of a base URL's host (issue 37): "this machine" (no key needed from this device)
// and "local" (small windows, no key needed for the first run) are two answers of it.

describe('hostReach', () => {
  it.each([
    ['http://localhost:11434/v1', 'this-machine'],
    ['http://ollama.localhost/v1', 'this-machine'],
    ['http://127.0.0.1:1234/v1', 'this-machine'],
    ['http://127.8.9.10/v1', 'this-machine'],
    ['http://[::1]:8080/v1', 'this-machine'],
    ['http://192.168.1.20:11434/v1', 'local-network'],
    ['http://10.0.0.5/v1', 'local-network'],
    ['http://172.20.0.1/v1', 'local-network'],
    ['http://100.100.1.1/v1', 'local-network'],
    ['http://studio.local:1234/v1', 'local-network'],
    ['http://[fd12::1]/v1', 'local-network'],
    ['https://api.openai.com/v1', 'remote'],
    ['http://172.32.0.1/v1', 'remote'],
    ['not a url', 'remote'],
  ])('%s is %s', (url, reach) => {
    expect(hostReach(url)).toBe(reach);
    expect(isThisMachine(url)).toBe(reach === 'this-machine');
    expect(isLocalHost(url)).toBe(reach !== 'remote');
  });
});
