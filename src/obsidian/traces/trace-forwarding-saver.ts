import { Notice } from 'obsidian';
import type { ConversationSaver } from '../../chat';
import type { GlassboxSettingsHost } from '../../settings';
import { RunTraceForwarder } from '../../traces';
import { requestUrlFetch } from '../network/request-url-fetch';
import { t } from '../../i18n';

/**
 * The chat's saver, which also hands each saved conversation to the OTLP forwarder (DESIGN.md
 * 13.5): a run's traces go to the collector in the settings once, when it is saved ended. Off while
 * no endpoint is set. A failed send is a notice, once per endpoint and problem; the save itself
 * never waits for the collector.
 */
export function traceForwardingSaver(saver: ConversationSaver, host: GlassboxSettingsHost, now: number = Date.now()): ConversationSaver {
  const told = new Set<string>();
  const forwarder = new RunTraceForwarder({
    endpoint: () => host.settings.otlpEndpoint,
    includeContent: () => host.settings.otlpIncludeContent,
    prices: () => host.settings.modelPrices,
    // requestUrl: a collector on another port or host answers without CORS headers.
    fetch: requestUrlFetch,
    since: now,
    onFailure: (result) => {
      const key = `${result.url}\u0000${result.problem}`;
      if (told.has(key)) return;
      told.add(key);
      new Notice(t('traces.sendFailed', { url: result.url, problem: result.problem }));
    },
  });
  return {
    async save(conversation) {
      const saved = await saver.save(conversation);
      void forwarder.saved(conversation);
      return saved;
    },
  };
}
