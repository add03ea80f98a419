import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, TextField } from '@loan/shared-ui';
import { AuthCard } from './auth-card';
import { useSignIn } from './use-sign-in';

interface LoginErrors {
  identifier?: string;
  password?: string;
}

/** The two required fields' messages, or none. */
function loginErrors(identifier: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (identifier.trim() === '') errors.identifier = 'Enter your e-mail or staff number.';
  if (password === '') errors.password = 'Enter your password.';
  return errors;
}

/**
 * /login: e-mail or staff number (unique_number) and password. Two required fields, checked
 * here without the forms kit (react-hook-form): the sign-in page is the portal's first load
 * (bundle budget, tools/bundle-report). The sign-in calls load after the page shows.
 */
export function LoginPage() {
  const { signIn, busy } = useSignIn();
  const [errors, setErrors] = useState<LoginErrors>({});
  const identifierRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Fetch the sign-in calls while the user types, so the first attempt does not wait for them.
    const t = setTimeout(() => void import('./sign-in-sequence').catch(() => undefined), 300);
    return () => clearTimeout(t);
  }, []);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const identifier = identifierRef.current?.value ?? '';
    const password = passwordRef.current?.value ?? '';
    const found = loginErrors(identifier, password);
    setErrors(found);
    if (found.identifier) identifierRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    else void signIn(identifier, password);
  };

  return (
    <AuthCard
      title="Sign in"
      footer={
        <Link to="/forgot-password" className="font-medium text-blue-700 hover:underline dark:text-blue-300">
          Forgot your password?
        </Link>
      }
    >
      <form className="space-y-4" noValidate onSubmit={onSubmit}>
        <TextField
          ref={identifierRef}
          name="identifier"
          label="E-mail or staff number"
          autoComplete="username"
          autoFocus
          error={errors.identifier}
          onChange={() => errors.identifier && setErrors((x) => ({ ...x, identifier: undefined }))}
        />
        <TextField
          ref={passwordRef}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          onChange={() => errors.password && setErrors((x) => ({ ...x, password: undefined }))}
        />
        <Button type="submit" className="w-full" loading={busy}>
          Sign in
        </Button>
      </form>
    </AuthCard>
  );
}
