import { describeEndpoint } from '../../../../tools/playground/page/describe-endpoint';

// Issue 38 item 13: the first-run screen's title bar showed a lone "@".
describe('describeEndpoint', () => {
  it('names the parts that are set, and nothing on a first run', () => {
    expect(describeEndpoint({ model: 'extractive', baseUrl: 'http://127.0.0.1:4010/v1' })).toBe('extractive @ http://127.0.0.1:4010/v1');
    expect(describeEndpoint({ model: '', baseUrl: '' })).toBe('');
    expect(describeEndpoint({ model: '', baseUrl: 'http://127.0.0.1:4010/v1' })).toBe('http://127.0.0.1:4010/v1');
    expect(describeEndpoint(null)).toBe('');
  });
});
