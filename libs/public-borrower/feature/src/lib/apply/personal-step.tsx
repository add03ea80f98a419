import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ApplicationFormInput } from '@loan/shared-contract';
import { Field } from '../ui/field';
import { Notice } from '../ui/notice';
import { DUPLICATE_TEXT } from './apply-steps';

/** Step "About you": NRC, name and mobile; warns when the NRC already has an open application. */
export function PersonalStep({
  register,
  errors,
  duplicate,
  onNrcChange,
}: {
  register: UseFormRegister<ApplicationFormInput>;
  errors: FieldErrors<ApplicationFormInput>;
  duplicate: boolean;
  onNrcChange: () => void;
}) {
  return (
    <>
      <Field label="NRC number" hint="As on your card, for example 123456/78/9" error={errors.nrc?.message}>
        <input type="text" autoComplete="off" {...register('nrc', { onChange: onNrcChange })} />
      </Field>
      <Field label="Full name" hint="As on your NRC" error={errors.full_name?.message}>
        <input type="text" autoComplete="name" {...register('full_name')} />
      </Field>
      <Field label="Mobile number" hint="We will send a code to this number. For example 0971234567" error={errors.mobile?.message}>
        <input type="tel" autoComplete="tel" {...register('mobile')} />
      </Field>
      {duplicate && (
        <Notice tone="warning" title="You already have an open application">
          {DUPLICATE_TEXT}
        </Notice>
      )}
    </>
  );
}
