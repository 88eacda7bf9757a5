import { useTranslation } from 'react-i18next';
import { hostLines, hostsError } from '../lib/platform';
import type { FormApi } from '../../shared/components/crud/FormDialog';
import { Field } from '../../shared/components/Field';
import { NAMESPACE } from '../../namespace';

/**
 * R-PLATFORM-SCREENS: an organisation's host names, one per line. A message about one of them
 * (`hosts.2`) is shown under the field with that host name before it.
 */
export function HostsField<V extends { hosts: string }>({ form }: { form: FormApi<V> }) {
  const { t } = useTranslation(NAMESPACE);
  const error = hostsError(form.errors, hostLines(form.values.hosts), (host, message) =>
    t('platform.hostError', { host, message }),
  );
  return (
    <Field label={t('platform.hosts')} hint={t('platform.hostsHint')} error={error}>
      {(control) => (
        <textarea
          {...control}
          name="hosts"
          rows={3}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={form.values.hosts}
          onChange={(e) => form.change('hosts', e.target.value as V['hosts'])}
          data-testid="organisation-hosts"
        />
      )}
    </Field>
  );
}
