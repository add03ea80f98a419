import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { passwordResetBodySchema, type PasswordResetBody } from '@loan/shared-contract';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { usePasswordResetMutation } from '@loan/shared-session';
import { SubmitButton, TextField } from '@loan/shared-ui';
import { AuthCard } from './auth-card';
import { NewPasswordFields } from './new-password-fields';

const linkClass = 'font-medium text-blue-700 hover:underline dark:text-blue-300';

/**
 * /password-reset?token=...&email=...: the link from the reset e-mail; with `&invite=1`
 * the set-password link a new user receives (issue 16): the same single-use token.
 */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const invite = params.get('invite') === '1';
  const title = invite ? 'Set your password' : 'Reset password';
  const navigate = useNavigate();
  const [reset] = usePasswordResetMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<PasswordResetBody>({
    resolver: zodResolver(passwordResetBodySchema),
    defaultValues: { token, email, password: '', password_confirmation: '' },
  });

  if (!token) {
    return (
      <AuthCard title={title} footer={<Link to="/login" className={linkClass}>Back to sign in</Link>}>
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          This {invite ? 'link' : 'reset link'} is incomplete. Ask for a new one.
        </p>
        <Link to="/forgot-password" className={`${linkClass} mt-3 inline-block text-sm`}>
          Send a new reset link
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    const res = await reset(body);
    if ('error' in res && res.error) {
      const fields = ['email', 'password', 'password_confirmation'] as const;
      setFailure(applyServerErrors({ setError }, res.error, { fields, fallback: 'Something went wrong.' }).message);
      return;
    }
    navigate('/login');
  });

  return (
    <AuthCard title={title} footer={<Link to="/login" className={linkClass}>Back to sign in</Link>}>
      <form className="space-y-4" noValidate onSubmit={onSubmit}>
        <input type="hidden" {...register('token')} />
        <TextField label="E-mail" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <NewPasswordFields
          password={register('password')}
          confirmation={register('password_confirmation')}
          passwordError={errors.password?.message}
          confirmationError={errors.password_confirmation?.message}
        />
        {failure && (
          <div role="alert" className="space-y-1 text-sm text-red-700 dark:text-red-300">
            <p>{failure}</p>
            <Link to="/forgot-password" className={linkClass}>
              Send a new reset link
            </Link>
          </div>
        )}
        <SubmitButton control={control} className="w-full">
          {invite ? 'Set password' : 'Reset password'}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
