import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { platformLoginSchema } from '@nsa/contracts';
import { useToast } from '@nsa/web-kit';
import { usePlatformLogin } from '../api/platform';
import { actionError, serverFieldErrors } from '../../shared/lib/errors';
import { focusFirstInvalid } from '../../shared/lib/focus';
import { useFormValues } from '../../shared/lib/use-form-values';
import { useLang } from '../../shared/lib/use-lang';
import { validate } from '../../shared/lib/validation';
import { NAMESPACE } from '../../namespace';

export interface PlatformLoginValues {
  email: string;
  password: string;
}

/**
 * R-PLATFORM-SCREENS: the platform login's values and errors. Checked with the contracts schema
 * on submit and then on every change; a refusal (a wrong address or password, too many tries)
 * is the server's message above the fields, a 400's messages are by their fields. Logged in, a
 * welcome and on to /platform.
 */
export function usePlatformLoginForm() {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const navigate = useNavigate();
  const { toast } = useToast();
  const login = usePlatformLogin();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormValues<PlatformLoginValues, PlatformLoginValues>(
    () => ({ email: '', password: '' }),
    (values) => validate(platformLoginSchema, values, lang),
  );
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    setFailure(null);
    const result = form.validateAll();
    if (!result.ok) {
      focusFirstInvalid(formRef.current);
      return;
    }
    login.mutate(result.data, {
      onSuccess: (session) => {
        toast({
          title: t('platform.loggedIn'),
          description: t('platform.welcome', { name: session.admin.name }),
        });
        void navigate('/platform', { replace: true });
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        setFailure(actionError(error, t('platform.loginFailed')));
        focusFirstInvalid(formRef.current);
      },
    });
  };

  return {
    form,
    formRef,
    submit,
    failure,
    busy: login.isPending || login.isSuccess,
    submitting: login.isPending,
    loggedIn: login.isSuccess,
  };
}
