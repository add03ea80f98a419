import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { forgotPasswordBodySchema, type ForgotPasswordBody } from '@loan/shared-contract';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { useForgotPasswordMutation } from '@loan/shared-session';
import { SubmitButton, TextField } from '@loan/shared-ui';
import { AuthCard } from './auth-card';

/** /forgot-password: asks the api to e-mail a single-use reset link. */
export function ForgotPasswordPage() {
  const [send] = useForgotPasswordMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({ resolver: zodResolver(forgotPasswordBodySchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    const res = await send(body);
    if ('error' in res && res.error) {
      setFailure(applyServerErrors({ setError }, res.error, { fields: ['email'], fallback: 'Something went wrong.' }).message);
      return;
    }
    setSent(res.data?.message ?? 'If that e-mail belongs to an account, a reset link has been sent to it.');
  });

  return (
    <AuthCard
      title="Forgot password"
      footer={
        <Link to="/login" className="font-medium text-blue-700 hover:underline dark:text-blue-300">
          Back to sign in
        </Link>
      }
    >
      {sent ? (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200">
          {sent}
        </p>
      ) : (
        <form className="space-y-4" noValidate onSubmit={onSubmit}>
          <p className="text-sm text-gray-600 dark:text-gray-300">Enter the e-mail of your account and we will send you a link to choose a new password.</p>
          <TextField label="E-mail" type="email" autoComplete="email" autoFocus error={errors.email?.message} {...register('email')} />
          {failure && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {failure}
            </p>
          )}
          <SubmitButton control={control} className="w-full">
            Send reset link
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
