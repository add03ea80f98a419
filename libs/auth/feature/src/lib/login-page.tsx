import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button, TextField } from '@loan/shared-ui';
import { AuthCard } from './auth-card';
import { useSignIn } from './use-sign-in';

interface LoginValues {
  identifier: string;
  password: string;
}

/** /login: e-mail or staff number (unique_number) and password. */
export function LoginPage() {
  const { signIn, busy } = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({ defaultValues: { identifier: '', password: '' } });

  return (
    <AuthCard
      title="Sign in"
      footer={
        <Link to="/forgot-password" className="font-medium text-blue-700 hover:underline dark:text-blue-300">
          Forgot your password?
        </Link>
      }
    >
      <form className="space-y-4" noValidate onSubmit={handleSubmit((v) => signIn(v.identifier, v.password))}>
        <TextField
          label="E-mail or staff number"
          autoComplete="username"
          autoFocus
          error={errors.identifier?.message}
          {...register('identifier', { validate: (v) => v.trim() !== '' || 'Enter your e-mail or staff number.' })}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password', { required: 'Enter your password.' })}
        />
        <Button type="submit" className="w-full" loading={busy}>
          Sign in
        </Button>
      </form>
    </AuthCard>
  );
}
