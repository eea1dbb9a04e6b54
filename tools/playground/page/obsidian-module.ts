/**
 * The `obsidian` module as the playground bundles it: the fake host, plus what the fake does not
 * provide yet for the browser. Today that is only `requestUrl` (the plugin lists the endpoint's
 * models with it); an export declared here wins over the fake's `export *`, so remove it from
 * here once `tools/fake-obsidian` has its own.
 */
export * from '../../fake-obsidian';
export { requestUrl } from './request-url';
