import { CHILD_GROUPS } from '@nsa/contracts';
import { signUpFieldLabel } from '@nsa/contracts/sign-up-fields';
import {
  isOptionalField,
  type FieldErrors,
  type RegistrationField,
  type RegistrationValues,
} from '../lib/registration-form';
import { usePartTranslation } from '../part-texts';
import { FormField } from './FormField';

export interface RegistrationFieldsProps {
  values: RegistrationValues;
  errors: FieldErrors;
  /** The id of a field's control, which the error summary's focus looks for. */
  fieldId(field: RegistrationField): string;
  change(field: RegistrationField, value: string): void;
  today: Date;
}

/**
 * The sign-up form's fields (R-SIGNUP-FORM-FIELDS): the child's, then the parent's, each
 * labelled in the page's language as the contracts declare it (Dutch for any other).
 */
export function RegistrationFields({
  values,
  errors,
  fieldId,
  change,
  today,
}: RegistrationFieldsProps) {
  const { t, i18n } = usePartTranslation('registration');
  const input = (field: RegistrationField, type: string, autoComplete: string, extra = {}) => (
    <input
      type={type}
      name={field}
      value={values[field]}
      autoComplete={autoComplete}
      onChange={(event) => change(field, event.target.value)}
      {...extra}
    />
  );
  const fieldProps = (field: RegistrationField) => ({
    id: fieldId(field),
    label: signUpFieldLabel(field, i18n.language),
    requiredLabel: isOptionalField(field) ? undefined : t('registration.required'),
    error: errors[field],
  });

  return (
    <>
      <fieldset>
        <legend>{t('registration.childSection')}</legend>
        <FormField {...fieldProps('childFirstName')}>
          {input('childFirstName', 'text', 'off', { maxLength: 100, dir: 'auto' })}
        </FormField>
        <FormField {...fieldProps('childLastName')}>
          {input('childLastName', 'text', 'off', { maxLength: 100, dir: 'auto' })}
        </FormField>
        <FormField {...fieldProps('childDateOfBirth')}>
          {input('childDateOfBirth', 'date', 'off', {
            placeholder: t('registration.dateOfBirthPlaceholder'),
            max: isoDay(today),
          })}
        </FormField>
        <FormField {...fieldProps('childGroup')}>
          <select
            name="childGroup"
            value={values.childGroup}
            onChange={(event) => change('childGroup', event.target.value)}
          >
            <option value="">{t('registration.groupPlaceholder')}</option>
            {CHILD_GROUPS.map((group) => (
              <option key={group} value={group}>
                {t('registration.group', { number: group.replace('groep', '') })}
              </option>
            ))}
          </select>
        </FormField>
      </fieldset>

      <fieldset>
        <legend>{t('registration.parentSection')}</legend>
        <FormField {...fieldProps('parentName')}>
          {input('parentName', 'text', 'name', { maxLength: 200, dir: 'auto' })}
        </FormField>
        <FormField {...fieldProps('email')}>
          {/* An address and a number read left to right, also on a page in Arabic. */}
          {input('email', 'email', 'email', {
            maxLength: 254,
            inputMode: 'email',
            dir: 'ltr',
          })}
        </FormField>
        <FormField {...fieldProps('phone')}>
          {input('phone', 'tel', 'tel', { maxLength: 40, inputMode: 'tel', dir: 'ltr' })}
        </FormField>
      </fieldset>
    </>
  );
}

function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
