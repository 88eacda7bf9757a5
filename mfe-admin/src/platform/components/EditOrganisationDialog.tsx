import { useTranslation } from 'react-i18next';
import {
  organisationPatchSchema,
  type OrganisationPatch,
  type PlatformOrganisation,
} from '@nsa/contracts';
import { useUpdateOrganisation } from '../api/platform';
import {
  editOrganisationPayload,
  editOrganisationValues,
  type EditOrganisationValues,
} from '../lib/platform';
import { HostsField } from './OrganisationFields';
import { FormDialog, type EditState } from '../../shared/components/crud/FormDialog';
import { InputField } from '../../shared/components/crud/InputField';
import { actionError } from '../../shared/lib/errors';
import { useLang } from '../../shared/lib/use-lang';
import { validate } from '../../shared/lib/validation';
import { NAMESPACE } from '../../namespace';

interface Props {
  state: EditState<PlatformOrganisation>;
  onClose: () => void;
}

/**
 * R-PLATFORM-SCREENS: an organisation's name and host names (one per line), sent with PATCH;
 * the server's messages by their fields, a refusal (409) above them.
 */
export function EditOrganisationDialog({ state, onClose }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const update = useUpdateOrganisation();
  return (
    <FormDialog<PlatformOrganisation, EditOrganisationValues, OrganisationPatch>
      state={state}
      onClose={onClose}
      title={{ add: t('platform.editTitle'), edit: t('platform.editTitle') }}
      save={update}
      initial={(organisation) =>
        organisation ? editOrganisationValues(organisation) : { name: '', hosts: '' }
      }
      check={(values) => validate(organisationPatchSchema, editOrganisationPayload(values), lang)}
      saved={(data, organisation) => ({
        title: t('platform.updated'),
        description: t('platform.updatedText', { name: data.name ?? organisation?.name }),
      })}
      failed={(error) => actionError(error, t('platform.updateFailed'))}
    >
      {(form) => (
        <>
          <InputField
            form={form}
            name="name"
            label={t('platform.name')}
            autoComplete="off"
            maxLength={200}
            data-testid="organisation-edit-name"
          />
          <HostsField form={form} />
        </>
      )}
    </FormDialog>
  );
}
