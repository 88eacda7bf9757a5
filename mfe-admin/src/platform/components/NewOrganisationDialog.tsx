import { useTranslation } from 'react-i18next';
import type { NewOrganisationInput } from '@nsa/contracts';
import { useCreateOrganisation } from '../api/platform';
import {
  checkNewOrganisation,
  emptyNewOrganisation,
  type NewOrganisationValues,
} from '../lib/platform';
import { LanguagesField } from '../../shared/components/LanguagesField';
import { HostsField } from './OrganisationFields';
import {
  FormDialog,
  type EditState,
  type SaveMutation,
} from '../../shared/components/crud/FormDialog';
import { InputField } from '../../shared/components/crud/InputField';
import { actionError } from '../../shared/lib/errors';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';

interface Props {
  open: boolean;
  onClose: () => void;
  /** After the organisation was made: what the page then says about it. */
  onCreated: (input: NewOrganisationInput) => void;
}

const URL_INPUT = {
  type: 'url',
  inputMode: 'url',
  autoComplete: 'off',
  spellCheck: false,
} as const;

/**
 * R-PLATFORM-SCREENS: a new organisation with its first administrator, checked with the
 * contracts schema (on submit, then on every change); the server's messages by their fields, a
 * taken slug or host name (409) above them.
 */
export function NewOrganisationDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const create = useCreateOrganisation();
  const save: SaveMutation<NewOrganisationInput> = {
    isPending: create.isPending,
    mutate: (variables, options) =>
      create.mutate(variables, {
        onError: options.onError,
        onSuccess: () => {
          onCreated(variables.input);
          options.onSuccess();
        },
      }),
  };
  const state: EditState<{ id: number }> = open ? { item: null } : null;
  return (
    <FormDialog<{ id: number }, NewOrganisationValues, NewOrganisationInput>
      state={state}
      onClose={onClose}
      title={{ add: t('platform.addTitle'), edit: t('platform.addTitle') }}
      save={save}
      initial={emptyNewOrganisation}
      check={(values) => checkNewOrganisation(values, lang)}
      saved={(data) => ({
        title: t('platform.created'),
        description: t('platform.createdText', { name: data.name }),
      })}
      failed={(error) => actionError(error, t('platform.createFailed'))}
      addLabel={t('platform.create')}
    >
      {(form) => (
        <>
          <InputField
            form={form}
            name="slug"
            label={t('platform.slug')}
            hint={t('platform.slugHint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            data-testid="organisation-slug"
          />
          <InputField
            form={form}
            name="name"
            label={t('platform.name')}
            autoComplete="off"
            maxLength={200}
            data-testid="organisation-name"
          />
          <HostsField form={form} />
          <InputField
            form={form}
            name="publicBaseUrl"
            label={t('platform.publicBaseUrl')}
            hint={t('platform.publicBaseUrlHint')}
            maxLength={500}
            {...URL_INPUT}
            data-testid="organisation-public-base-url"
          />
          <InputField
            form={form}
            name="contactEmail"
            label={t('platform.contactEmail')}
            type="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            data-testid="organisation-contact-email"
          />
          <InputField
            form={form}
            name="website"
            label={t('platform.website')}
            hint={t('platform.websiteHint')}
            maxLength={500}
            {...URL_INPUT}
            data-testid="organisation-website"
          />
          <InputField
            form={form}
            name="privacyUrl"
            label={t('platform.privacyUrl')}
            hint={t('platform.privacyUrlHint')}
            maxLength={500}
            {...URL_INPUT}
            data-testid="organisation-privacy-url"
          />
          <LanguagesField
            form={form}
            legend={t('platform.languages')}
            hint={t('platform.languagesHint')}
          />
          <fieldset className="adm-group adm-platform-first-admin">
            <legend>{t('platform.firstAdmin')}</legend>
            <p className="adm-field-hint">{t('platform.firstAdminHint')}</p>
            <InputField
              form={form}
              name="firstAdmin.name"
              label={t('platform.adminName')}
              autoComplete="off"
              maxLength={100}
              data-testid="organisation-admin-name"
            />
            <InputField
              form={form}
              name="firstAdmin.email"
              label={t('platform.adminEmail')}
              type="email"
              autoComplete="off"
              spellCheck={false}
              maxLength={254}
              data-testid="organisation-admin-email"
            />
          </fieldset>
        </>
      )}
    </FormDialog>
  );
}
