import { useState } from 'react';
import { describeServerModel, type FoundServer } from '../../llm';
import { t } from '../../i18n';

/** Props of {@link FindLocalModel}. */
export interface FindLocalModelProps {
  /** Looks for model servers on this computer (the host probes loopback only). */
  readonly find: () => Promise<readonly FoundServer[]>;
  /** Makes `server` the endpoint and `model` the model ('' when the server lists none it will show). */
  readonly use: (server: FoundServer, model: string) => void | Promise<void>;
}

type Search = { readonly kind: 'idle' | 'searching' } | { readonly kind: 'done'; readonly servers: readonly FoundServer[] };

/**
 * The first run (issue 30): while no endpoint is set, the chat offers to find a model server on
 * this computer and lists what it found with their models; one click sets the base URL and the
 * model. When nothing is found it says how to start Ollama or LM Studio, and what a phone needs.
 */
export function FindLocalModel({ find, use }: FindLocalModelProps) {
  const [search, setSearch] = useState<Search>({ kind: 'idle' });
  const start = () => {
    setSearch({ kind: 'searching' });
    void find().then(
      (servers) => setSearch({ kind: 'done', servers }),
      () => setSearch({ kind: 'done', servers: [] }),
    );
  };
  return (
    <section className="glassbox-first-run" data-testid="find-local-model">
      <p className="glassbox-first-run-title">{t('firstRun.noEndpoint')}</p>
      {search.kind === 'idle' && (
        <>
          <p>{t('firstRun.canLook')}</p>
          <button type="button" className="mod-cta" data-testid="find-local-model-button" onClick={start}>
            {t('firstRun.find')}
          </button>
        </>
      )}
      {search.kind === 'searching' && <p>{t('firstRun.looking')}</p>}
      {search.kind === 'done' && search.servers.length > 0 && (
        <ul className="glassbox-first-run-servers">
          {search.servers.map((server) => (
            <li key={server.baseUrl} data-testid="found-server">
              <span className="glassbox-first-run-server">
                {t('firstRun.serverAt', { kind: server.kind, url: server.baseUrl })}
              </span>
              {server.needsKey && <span className="glassbox-first-run-hint">{t('firstRun.wantsKey')}</span>}
              {server.models.length === 0 ? (
                <button type="button" data-testid="use-server" onClick={() => void use(server, '')}>
                  {t('firstRun.useServer')}
                </button>
              ) : (
                <ul>
                  {server.models.map((model) => (
                    <li key={model.id}>
                      <button type="button" data-testid="use-model" onClick={() => void use(server, model.id)}>
                        {model.id}
                      </button>
                      <span className="glassbox-first-run-hint"> {describeServerModel(model)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {search.kind === 'done' && search.servers.length === 0 && (
        <div data-testid="nothing-found">
          <p>{t('firstRun.nothing')}</p>
          <ul>
            <li>{t('firstRun.ollama')}</li>
            <li>{t('firstRun.lmStudio')}</li>
            <li>{t('firstRun.phone')}</li>
          </ul>
        </div>
      )}
      {search.kind === 'done' && (
        <button type="button" data-testid="find-again" onClick={start}>
          {t('firstRun.again')}
        </button>
      )}
    </section>
  );
}
