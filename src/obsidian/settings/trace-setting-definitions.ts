import type { SettingDefinitionGroup } from 'obsidian';
import { isOtlpEndpoint } from '../../traces';
import type { GlassboxSettingKey } from './setting-definitions';
import { t } from '../../i18n';

/** The "Traces" group: where each finished run's OpenTelemetry traces go, and whether they carry what was said (DESIGN.md 13.5). */
export function traceSettingGroup(): SettingDefinitionGroup<GlassboxSettingKey> {
  return {
    type: 'group',
    heading: t('settings.traces'),
    items: [
      {
        name: t('settings.otlpEndpoint'),
        desc: t('settings.otlpEndpointDesc'),
        aliases: ['opentelemetry', 'otlp', 'langfuse', 'phoenix', 'jaeger', 'observability'],
        control: { type: 'text', key: 'otlpEndpoint', placeholder: 'http://localhost:4318', validate: (value: string) => (value.trim() === '' || isOtlpEndpoint(value) ? undefined : t('settings.otlpEndpointInvalid')) },
      },
      {
        name: t('settings.otlpIncludeContent'),
        desc: t('settings.otlpIncludeContentDesc'),
        aliases: ['opentelemetry', 'otlp', 'privacy'],
        control: { type: 'toggle', key: 'otlpIncludeContent' },
      },
    ],
  };
}
