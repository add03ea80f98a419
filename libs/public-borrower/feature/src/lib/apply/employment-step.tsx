import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { BRANCHES, type ApplicationFormInput } from '@loan/shared-contract';
import { Field } from '../ui/field';

/** Step "Your work": employer and branch. */
export function EmploymentStep({
  register,
  errors,
}: {
  register: UseFormRegister<ApplicationFormInput>;
  errors: FieldErrors<ApplicationFormInput>;
}) {
  return (
    <>
      <Field label="Employer" hint="The organisation that pays your salary" error={errors.employer?.message}>
        <input type="text" autoComplete="organization" {...register('employer')} />
      </Field>
      <Field label="Branch" hint="The branch nearest to you" error={errors.branch?.message}>
        <select {...register('branch')}>
          <option value="">Choose a branch</option>
          {BRANCHES.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
