// Setting the organisation's provider: issuer, client id and secret, checked for presence here and by discovery on
// the server (its refusal lands on the field it names, usually the issuer). The secret is never read back, so it
// is typed again on every change. The redirect URI to register with the provider is shown before anything is set.

import { useEffect } from 'react';
import type { SsoConfigView } from '@marquee/management-api';
import { useServices } from '../api/context';
import type { FieldErrors } from '../common/fieldErrors';
import { useApiForm } from '../common/useApiForm';
import { SSO_CALLBACK_PATH } from '../constants';
import { useRemoveSso, useSaveSso } from './ssoApi';

export interface SsoValues {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const FIELDS = ['issuer', 'clientId', 'clientSecret'];

export function useSsoEditor(current: SsoConfigView | null | undefined) {
  const { config } = useServices();
  const { values, setValues, errors, setErrors, set, refused } = useApiForm<SsoValues>(
    { issuer: '', clientId: '', clientSecret: '' },
    FIELDS,
  );
  const save = useSaveSso();
  const remove = useRemoveSso();
  useEffect(() => {
    if (current) setValues({ issuer: current.issuer, clientId: current.clientId, clientSecret: '' });
  }, [current, setValues]);

  return {
    values,
    errors,
    set,
    saving: save.isPending,
    removing: remove.isPending,
    saved: save.isSuccess,
    redirectUri: current?.redirectUri ?? `${config.apiUrl}${SSO_CALLBACK_PATH}`,
    submit() {
      const found: FieldErrors = {};
      if (!/^https?:\/\/\S+$/i.test(values.issuer.trim()))
        found.issuer = 'Enter the issuer URL of your provider';
      if (values.clientId.trim() === '') found.clientId = 'Enter the client id the provider gave you';
      if (values.clientSecret === '')
        found.clientSecret = 'Enter the client secret (it is never shown again)';
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      save.mutate(
        { issuer: values.issuer.trim(), clientId: values.clientId.trim(), clientSecret: values.clientSecret },
        { onSuccess: () => set('clientSecret', ''), onError: refused },
      );
    },
    remove() {
      remove.mutate(undefined, { onError: refused });
    },
  };
}

export type SsoEditor = ReturnType<typeof useSsoEditor>;
