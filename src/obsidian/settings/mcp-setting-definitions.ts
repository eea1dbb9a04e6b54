import type { SettingDefinitionGroup } from 'obsidian';
import type { McpServerStatus } from '../../mcp';
import { parseMcpServers } from '../../mcp/mcp-server-config';
import type { GlassboxSettingsHost } from '../../settings';
import type { DesktopMcpServers } from '../network/desktop-mcp-servers';
import type { GlassboxSettingKey } from './setting-definitions';
import { t, tCount } from '../../i18n';

const EXAMPLE = '{\n  "mcpServers": {\n    "weather": { "command": "npx", "args": ["-y", "weather-mcp"], "env": { "API_KEY": "…" } },\n    "tracker": { "url": "https://mcp.example.com/mcp", "headers": { "Authorization": "Bearer …" } }\n  }\n}';
const LOG_LINES_SHOWN = 200;

/**
 * The "Tools from MCP servers" group of the settings tab (desktop only; mobile cannot start a
 * process, and the tab leaves the group out there): the `mcpServers` JSON, each server's state
 * with "Test connection", the remembered approvals with "Revoke", and the servers' log (their
 * stderr lives here, never in the chat). The rows that follow the servers redraw themselves on
 * every change; each returns its cleanup, and `track` collects them too, for Obsidian versions
 * that draw the tab without calling cleanups (the tab runs them on hide).
 */
export function mcpSettingGroup(options: { host: GlassboxSettingsHost; servers: DesktopMcpServers; track: (cleanup: () => void) => void }): SettingDefinitionGroup<GlassboxSettingKey> {
  const { host, servers, track } = options;
  const follow = (draw: () => void): (() => void) => {
    draw();
    const stop = servers.subscribe(draw);
    track(stop);
    return stop;
  };
  const serversDesc =
    t('mcp.serversDesc');
  return {
    type: 'group',
    heading: t('mcp.heading'),
    items: [
      {
        name: t('mcp.servers'),
        desc: serversDesc,
        aliases: ['mcp', 'model context protocol', 'mcpServers'],
        render: (setting) => {
          setting.setClass('glassbox-mcp-servers-setting');
          setting.addTextArea((text) => {
            text.inputEl.rows = 8;
            text.inputEl.addClass('glassbox-mcp-json');
            const show = (json: string): boolean => {
              const parsed = parseMcpServers(json);
              setting.settingEl.toggleClass('is-invalid', !parsed.ok);
              setting.setDesc(parsed.ok ? serversDesc : parsed.error);
              return parsed.ok;
            };
            show(host.settings.mcpServers);
            text.setPlaceholder(EXAMPLE).setValue(host.settings.mcpServers).onChange((value) => {
              if (!show(value)) return;
              host.settings.mcpServers = value;
              void host.saveSettings();
            });
          });
        },
      },
      {
        name: t('mcp.status'),
        desc: t('mcp.statusDesc'),
        render: (setting) => {
          // A full-width block under the name and description, which keep their own width.
          setting.setClass('glassbox-mcp-block-setting');
          const list = setting.settingEl.createDiv({ cls: 'glassbox-mcp-statuses' });
          return follow(() => drawStatuses(list, servers));
        },
      },
      {
        name: t('mcp.remembered'),
        desc: t('mcp.rememberedDesc'),
        render: (setting) => {
          // A full-width block under the name and description, which keep their own width.
          setting.setClass('glassbox-mcp-block-setting');
          const list = setting.settingEl.createDiv({ cls: 'glassbox-mcp-approvals' });
          const draw = (): void => {
            list.empty();
            const remembered = Object.entries(host.settings.rememberedApprovals).filter(([scope]) => scope.startsWith('mcp:'));
            if (remembered.length === 0) list.createEl('p', { text: t('settings.none') });
            for (const [scope, decision] of remembered) {
              const item = list.createDiv({ cls: 'glassbox-mcp-row' });
              item.createSpan({ text: t(decision === 'allow' ? 'mcp.alwaysAllowed' : 'mcp.neverAllowed', { server: scope.slice('mcp:'.length) }) });
              item.createEl('button', { text: t('mcp.revoke') }).addEventListener('click', () => {
                const { [scope]: _revoked, ...rest } = host.settings.rememberedApprovals;
                host.settings.rememberedApprovals = rest;
                draw();
                void host.saveSettings();
              });
            }
          };
          draw();
        },
      },
      {
        name: t('mcp.log'),
        desc: t('mcp.logDesc'),
        render: (setting) => {
          // A full-width block under the name and description, which keep their own width.
          setting.setClass('glassbox-mcp-block-setting');
          const log = setting.settingEl.createEl('pre', { cls: 'glassbox-mcp-log', attr: { tabindex: '0', 'aria-label': t('mcp.logLabel') } });
          return follow(() => {
            const lines = servers.logLines().slice(-LOG_LINES_SHOWN);
            log.setText(lines.length === 0 ? t('mcp.nothingYet') : lines.map((line) => `${new Date(line.at).toLocaleTimeString()} ${line.server}: ${line.text}`).join('\n'));
          });
        },
      },
    ],
  };
}

function drawStatuses(list: HTMLElement, servers: DesktopMcpServers): void {
  list.empty();
  const statuses = servers.statuses();
  if (statuses.length === 0) list.createEl('p', { text: t('mcp.noServers') });
  for (const status of statuses) {
    const item = list.createDiv({ cls: 'glassbox-mcp-row', attr: { 'data-server': status.name } });
    item.createSpan({ cls: 'glassbox-mcp-status', text: `${status.name}: ${describeStatus(status)}` });
    const button = item.createEl('button', { text: t('mcp.test') });
    button.addEventListener('click', () => {
      button.disabled = true;
      button.setText(t('mcp.testing'));
      void servers.test(status.name);
    });
  }
}

/** One line for a server, e.g. "Command · Connected · 6 tools". */
export function describeStatus(status: McpServerStatus): string {
  const transport = status.transport === 'stdio' ? t('mcp.command') : t('mcp.http');
  const tools = status.toolCount === null ? '' : ` · ${tCount('mcp.tools', status.toolCount)}`;
  const error = status.lastError === null ? '' : ` · ${t('mcp.lastError', { error: status.lastError })}`;
  switch (status.state) {
    case 'idle':
      return `${transport} · ${t('mcp.notStarted')}${error}`;
    case 'connecting':
      return `${transport} · ${t('mcp.connecting')}`;
    case 'connected':
      return `${transport} · ${t('mcp.connected')}${tools}${error}`;
    case 'failed':
      return `${transport} · ${t('mcp.notConnected')}${error}`;
    default: {
      const unreachable: never = status.state;
      return unreachable;
    }
  }
}
