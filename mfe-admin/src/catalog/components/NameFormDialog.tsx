import { useTranslation } from 'react-i18next';
import { providerSchema, schoolSchema } from '@nsa/contracts';
import { useSaveProvider } from '../api/providers';
import { useSaveSchool } from '../api/schools';
import { actionError } from '../../shared/lib/errors';
import { useLang } from '../../shared/lib/use-lang';
import { validate } from '../../shared/lib/validation';
import { NAMESPACE } from '../../namespace';
import { FormDialog, type EditState } from '../../shared/components/crud/FormDialog';
import { InputField } from '../../shared/components/crud/InputField';

/** Schools and providers are both just a name. */
export type NamedKind = 'schools' | 'providers';

type Named = { id: number; name: string };

const SCHEMAS = { schools: schoolSchema, providers: providerSchema };

interface Props {
  kind: NamedKind;
  state: EditState<Named>;
  onClose: () => void;
}

export function NameFormDialog({ kind, state, onClose }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const saveSchool = useSaveSchool();
  const saveProvider = useSaveProvider();
  return (
    <FormDialog
      state={state}
      onClose={onClose}
      title={{ add: t(`${kind}.addTitle`), edit: t(`${kind}.editTitle`) }}
      save={kind === 'schools' ? saveSchool : saveProvider}
      initial={(item) => ({ name: item?.name ?? '' })}
      check={(values) => validate(SCHEMAS[kind], values, lang)}
      saved={(data, item) => ({
        title: t(item ? `${kind}.updated` : `${kind}.created`),
        description: t(item ? `${kind}.updatedText` : `${kind}.createdText`, { name: data.name }),
      })}
      failed={(error, item) =>
        actionError(error, t(item ? `${kind}.updateFailed` : `${kind}.createFailed`))
      }
    >
      {(form) => (
        <InputField form={form} name="name" label={t(`${kind}.name`)} autoComplete="off" />
      )}
    </FormDialog>
  );
}
