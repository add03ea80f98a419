import type { UseFormRegisterReturn } from 'react-hook-form';
import { MIN_PASSWORD_LENGTH } from '@loan/shared-contract';
import { TextField } from '@loan/shared-ui';

interface Props {
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  passwordError?: string;
  confirmationError?: string;
}

/** The new password and its confirmation, as the reset and change-password forms ask them. */
export function NewPasswordFields({ password, confirmation, passwordError, confirmationError }: Props) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters; not your e-mail or a common password.`}
        error={passwordError}
        {...password}
      />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" error={confirmationError} {...confirmation} />
    </>
  );
}
