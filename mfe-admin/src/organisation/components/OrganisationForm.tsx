import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  organisationSettingsSchema,
  type OrganisationSettings,
  type OrganisationSettingsInput,
} from '@nsa/contracts';
import { BusyButton } from '@nsa/web-kit';
import { useSaveOrganisation } from '../api/organisation';
import {
  organisationFormValues,
  organisationInput,
  saveConsequences,
  type OrganisationFormValues,
  type SaveConsequences,
} from '../lib/organisation-form';
import { SaveConfirmDialog } from './SaveConfirmDialog';
import { SettingsGroups } from './SettingsFields';
import type { FormApi } from '../../shared/components/crud/FormDialog';
import { InputField } from '../../shared/components/crud/InputField';
import { actionError, serverFieldErrors } from '../../shared/lib/errors';
import { focusFirstInvalid } from '../../shared/lib/focus';
import { useFormValues } from '../../shared/lib/use-form-values';
import { useLang } from '../../shared/lib/use-lang';
import { validate } from '../../shared/lib/validation';
import { NAMESPACE } from '../../namespace';

interface Props {
  organisation: OrganisationSettings['organisation'];
}

/**
 * R-ORG-SETTINGS: the settings an organisation's administrators change themselves: its details,
 * the name its emails are sent under, its public pages' languages, how long sign-ups are kept and
 * whether staff log in with two steps. Checked with the contracts schema on submit and then on
 * every change, the server's field messages under their fields, focus on the first invalid one;
 * a save that turns two-step login on or shortens the retention period is confirmed first; a
 * saved form says so in a status message.
 */
export function OrganisationForm({ organisation }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const save = useSaveOrganisation();
  const formRef = useRef<HTMLFormElement>(null);
  const values = useFormValues<OrganisationFormValues, OrganisationSettingsInput>(
    () => organisationFormValues(organisation),
    (typed) => validate(organisationSettingsSchema, organisationInput(typed), lang),
  );
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A checked save waiting for its confirmation, with what it would do.
  const [pending, setPending] = useState<{
    data: OrganisationSettingsInput;
    consequences: SaveConsequences;
  } | null>(null);

  // A change after a save: the message no longer describes what the fields hold.
  const form: FormApi<OrganisationFormValues> = {
    values: values.values,
    errors: values.errors,
    change: (field, value) => {
      setSaved(false);
      values.change(field, value);
    },
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setSaved(false);
    setFailure(null);
    const result = values.validateAll();
    if (!result.ok) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const consequences = saveConsequences(organisation, result.data);
    if (consequences.twoStepOn || consequences.retentionLowered) {
      setPending({ data: result.data, consequences });
      return;
    }
    send(result.data);
  };

  const send = (data: OrganisationSettingsInput) => {
    save.mutate(data, {
      onSuccess: () => {
        setPending(null);
        setSaved(true);
      },
      onError: (error) => {
        setPending(null);
        values.setErrors(serverFieldErrors(error));
        setFailure(actionError(error, t('organisation.saveFailed')));
        focusFirstInvalid(formRef.current);
      },
    });
  };

  const busy = save.isPending;
  return (
    <>
      <form
        ref={formRef}
        className="adm-form adm-org-form"
        noValidate
        onSubmit={submit}
        data-testid="organisation-form"
      >
        {failure ? (
          <p className="adm-form-error" role="alert" data-testid="organisation-save-error">
            {failure}
          </p>
        ) : null}
        <InputField
          form={form}
          name="name"
          label={t('organisation.name')}
          autoComplete="organization"
          maxLength={200}
          data-testid="organisation-name"
        />
        <InputField
          form={form}
          name="contactEmail"
          label={t('organisation.contactEmail')}
          type="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          data-testid="organisation-contact-email"
        />
        <InputField
          form={form}
          name="website"
          label={t('organisation.website')}
          hint={t('organisation.websiteHint')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={500}
          data-testid="organisation-website"
        />
        <InputField
          form={form}
          name="privacyUrl"
          label={t('organisation.privacyUrl')}
          hint={t('organisation.privacyUrlHint')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={500}
          data-testid="organisation-privacy-url"
        />
        <SettingsGroups form={form} />
        <div className="adm-form-actions">
          <BusyButton type="submit" className="button" busy={busy} data-testid="organisation-save">
            {busy ? t('common.saving') : t('common.save')}
          </BusyButton>
          <p className="adm-org-saved" role="status" data-testid="organisation-saved">
            {saved ? t('organisation.saved') : null}
          </p>
        </div>
      </form>
      <SaveConfirmDialog
        consequences={pending?.consequences ?? null}
        busy={busy}
        onConfirm={() => {
          if (pending && !busy) send(pending.data);
        }}
        onClose={() => setPending(null)}
      />
    </>
  );
}
