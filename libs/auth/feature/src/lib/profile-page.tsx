import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDispatch, useSelector } from 'react-redux';
import { changePasswordBodySchema, STYLES, type ChangePasswordBody, type StyleName } from '@loan/shared-contract';
import { applyServerErrors } from '@loan/shared-data-access-api';
import type { PermissionsRootState } from '@loan/shared-permissions';
import {
  darkModeChosen,
  isDarkMode,
  selectDarkFlag,
  selectStyle,
  selectUser,
  styleChosen,
  systemPrefersDark,
  useChangePasswordMutation,
  type PreferencesRootState,
  type SessionRootState,
} from '@loan/shared-session';
import { NewPasswordFields } from './new-password-fields';
import { Card, CheckboxField, PageSection, SectionTitleBar, SubmitButton, TextField } from '@loan/shared-ui';

type State = SessionRootState & PreferencesRootState & PermissionsRootState;

const STYLE_LABELS: Record<StyleName, string> = { basic: 'Basic (dark side menu)', white: 'White (light side menu)' };

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="mt-0.5 break-words text-gray-900 dark:text-gray-100">{value || '—'}</dd>
    </div>
  );
}

function ChangePasswordForm() {
  const [change] = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    const res = await change(body);
    if ('error' in res && res.error) {
      // Field errors go on the fields; any other failure is the endpoint's toast.
      applyServerErrors({ setError }, res.error, { fields: ['current_password', 'password', 'password_confirmation'] });
      return;
    }
    reset();
  });

  return (
    <form className="space-y-4" noValidate onSubmit={onSubmit}>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <NewPasswordFields
        password={register('password')}
        confirmation={register('password_confirmation')}
        passwordError={errors.password?.message}
        confirmationError={errors.password_confirmation?.message}
      />
      <SubmitButton control={control}>
        Change password
      </SubmitButton>
    </form>
  );
}

/** /profile: the signed-in user's details, password change, style and dark mode. */
export function ProfilePage() {
  const dispatch = useDispatch();
  const user = useSelector((s: State) => selectUser(s));
  const roleName = useSelector((s: State) => s.permissions.roleName);
  const style = useSelector((s: State) => selectStyle(s));
  const darkFlag = useSelector((s: State) => selectDarkFlag(s));
  const dark = isDarkMode(darkFlag, systemPrefersDark());

  return (
    <PageSection>
      <SectionTitleBar title="My Profile" subtitle={user?.fullname} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Account">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Full name" value={user?.fullname} />
            <Detail label="E-mail" value={user?.email} />
            <Detail label="Staff number" value={user?.unique_number} />
            <Detail label="Branch" value={user?.branch} />
            <Detail label="Role" value={roleName} />
          </dl>
        </Card>
        <div id="preferences" className="scroll-mt-20">
          <Card title="Preferences">
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-medium text-gray-700 dark:text-gray-200">Style</legend>
              {STYLES.map((s) => (
                <label key={s} className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-200">
                  <input
                    type="radio"
                    name="style"
                    value={s}
                    checked={style === s}
                    onChange={() => dispatch(styleChosen(s))}
                    className="h-4 w-4 text-blue-600"
                  />
                  {STYLE_LABELS[s]}
                </label>
              ))}
            </fieldset>
            <CheckboxField
              wrapperClassName="mt-4"
              label="Dark mode"
              checked={dark}
              onChange={(e) => dispatch(darkModeChosen(e.target.checked))}
            />
          </Card>
        </div>
        <Card title="Change password" className="lg:col-span-2">
          <div className="max-w-md">
            <ChangePasswordForm />
          </div>
        </Card>
      </div>
    </PageSection>
  );
}
