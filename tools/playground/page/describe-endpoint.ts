/**
 * The title bar's "model @ endpoint", from the plugin data: only the parts that are set, so a first
 * run with neither shows nothing (it showed a lone "@").
 */
export function describeEndpoint(pluginData: unknown): string {
  if (typeof pluginData !== 'object' || pluginData === null) return '';
  const data = pluginData as Record<string, unknown>;
  return [data.model, data.baseUrl].filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' @ ');
}
