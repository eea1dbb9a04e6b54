import type { ChatApprovalMemory } from '../../chat';
import type { GlassboxSettingsHost } from '../../settings';

/**
 * "Always" and "never" approvals kept in the plugin's settings (issue 18), where the settings
 * tab lists them and can revoke them. Read at each call, so a revoke applies to the next one.
 */
export function settingsApprovalMemory(host: GlassboxSettingsHost): ChatApprovalMemory {
  return {
    remembered: (scope) => (Object.hasOwn(host.settings.rememberedApprovals, scope) ? host.settings.rememberedApprovals[scope] : undefined),
    remember: async (scope, decision) => {
      host.settings.rememberedApprovals = { ...host.settings.rememberedApprovals, [scope]: decision };
      await host.saveSettings();
    },
  };
}
