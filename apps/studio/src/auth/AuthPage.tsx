import { useState } from 'react';
import { Anchor } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '@marquee/protocol';
import { useApi } from '../api/context';
import { usePasswordPolicy } from '../api/queries';
import { PublicCard } from './PublicCard';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import { SsoSignInSection } from './SsoSignInSection';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Sign in or sign up, then back to where the operator was going (the QR code's pair form, say). */
export function AuthPage({ mode }: { mode: 'signin' | 'signup' }) {
  const api = useApi();
  const policy = usePasswordPolicy();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/screens';
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const run = (action: () => Promise<unknown>) => {
    setSubmitting(true);
    setError(null);
    action().then(
      () => navigate(from, { replace: true }),
      (failure: unknown) => {
        setError(messageOf(failure));
        setSubmitting(false);
      },
    );
  };

  return (
    <PublicCard
      title={mode === 'signup' ? `Create your ${PRODUCT_NAME} account` : 'Sign in to the studio'}
      intro={
        mode === 'signup'
          ? 'Set up your organisation, then pair your first screen in a minute.'
          : 'Manage your screens, their content and their health.'
      }
      footer={
        <>
          {mode === 'signup' ? 'Already have an account? ' : 'New to Marquee? '}
          <Anchor component={Link} to={mode === 'signup' ? '/signin' : '/signup'} state={location.state}>
            {mode === 'signup' ? 'Sign in' : 'Create an account'}
          </Anchor>
        </>
      }
    >
      {mode === 'signup' ? (
        <SignUpForm
          policy={policy}
          submitting={submitting}
          error={error}
          onSubmit={({ email, password, orgName }) => run(() => api.signUp(email, password, orgName))}
        />
      ) : (
        <SignInForm
          submitting={submitting}
          error={error}
          onSubmit={({ email, password }) => run(() => api.signIn(email, password))}
        />
      )}
      {mode === 'signin' && <SsoSignInSection to={from} />}
      {mode === 'signin' && (
        <Anchor component={Link} to="/forgot-password" size="sm" mt="sm" display="block">
          Forgot password?
        </Anchor>
      )}
    </PublicCard>
  );
}
