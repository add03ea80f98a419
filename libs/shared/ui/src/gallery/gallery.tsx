import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { createColumnHelper } from '@tanstack/react-table';
import { Button, ButtonLink } from '../lib/button';
import { Card } from '../lib/card';
import { DataTable } from '../lib/data-table';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../lib/fields';
import { Icon, ICON_NAMES } from '../lib/icon';
import { BRAND, Logo } from '../lib/logo';
import { ConfirmDialog, Modal } from '../lib/modal';
import { Money } from '../lib/money';
import { SectionTitleBar } from '../lib/page-section';
import { Skeleton } from '../lib/skeleton';
import { StatCard } from '../lib/stat-card';
import { EmptyState, ErrorState } from '../lib/states';
import { SubmitButton } from '../lib/submit-button';

/**
 * The living gallery of shared/ui (spec §2's template demo pages /forms, /tables, /ui,
 * /responsive): every kit component in its states, so feature teams see and reuse what
 * exists. Public pages, no data from the api. `?embed=1` drops the frame (used by /responsive).
 */
const PAGES = [
  { to: '/forms', label: 'Forms' },
  { to: '/tables', label: 'Tables' },
  { to: '/ui', label: 'UI' },
  { to: '/responsive', label: 'Responsive' },
] as const;

function GalleryFrame({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const embedded = new URLSearchParams(search).get('embed') === '1';
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'));
  useEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
  }, [dark]);
  if (embedded) return <div className="space-y-6 p-4 text-gray-900 dark:text-gray-100">{children}</div>;
  return (
    <div className="min-h-dvh bg-gray-50 text-gray-900 dark:bg-slate-950 dark:text-gray-100">
      <header className="border-b border-gray-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
          <Logo />
          <nav aria-label="Gallery" className="flex flex-wrap gap-1">
            {PAGES.map((p) => (
              <Link
                key={p.to}
                to={p.to}
                aria-current={pathname === p.to ? 'page' : undefined}
                className="rounded-md px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-100 aria-[current=page]:bg-blue-600 aria-[current=page]:text-white dark:text-gray-200 dark:hover:bg-slate-800"
              >
                {p.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex gap-2">
            <Button variant="secondary" size="sm" aria-pressed={dark} onClick={() => setDark((d) => !d)}>
              Dark mode
            </Button>
            <ButtonLink to="/login" size="sm">
              Sign in
            </ButtonLink>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-6">
        <SectionTitleBar title={title} subtitle={intro} />
        {children}
      </main>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title}>
      <div className="flex flex-wrap items-start gap-4">{children}</div>
    </Card>
  );
}

interface Demo {
  name: string;
  email: string;
  amount: string;
  branch: string;
  notes: string;
  agree: boolean;
}

/** /forms: every field in its states, buttons, and a react-hook-form form with SubmitButton. */
export function FormsGallery() {
  const { register, handleSubmit, control, formState, setError } = useForm<Demo>({
    defaultValues: { name: '', email: '', amount: '', branch: '', notes: '', agree: false },
  });
  const [sent, setSent] = useState<string | null>(null);
  const onSubmit = handleSubmit(async (v) => {
    await new Promise((r) => setTimeout(r, 400));
    if (!v.name) return setError('name', { message: 'The name field is required.' });
    setSent(`Sent for ${v.name}.`);
  });
  return (
    <GalleryFrame title="Forms" intro={`Fields, buttons and forms of the ${BRAND.name} kit (libs/shared/ui).`}>
      <Section title="Text fields">
        <TextField label="Full name" placeholder="e.g. Mwila Banda" wrapperClassName="w-64" />
        <TextField label="E-mail" type="email" hint="Used to sign in." wrapperClassName="w-64" />
        <TextField label="NRC" required error="The NRC must look like 123456/78/1." defaultValue="1234" wrapperClassName="w-64" />
        <TextField label="Staff number" disabled defaultValue="EMP-0001" wrapperClassName="w-64" />
        <TextField label="Start date" type="date" wrapperClassName="w-64" />
      </Section>
      <Section title="Text area, select and checkbox">
        <TextAreaField label="Notes" hint="At most 500 characters." wrapperClassName="w-72" />
        <SelectField
          label="Branch"
          placeholder="Choose a branch"
          options={[
            { value: 'lusaka', label: 'Lusaka' },
            { value: 'kitwe', label: 'Kitwe' },
          ]}
          wrapperClassName="w-64"
        />
        <SelectField label="Status" error="Choose a status." options={[{ value: 'request', label: 'Request' }]} wrapperClassName="w-64" />
        <CheckboxField label="I agree to the terms" />
        <CheckboxField label="Checked and disabled" defaultChecked disabled />
      </Section>
      <Section title="Buttons">
        {(['primary', 'secondary', 'success', 'danger', 'ghost'] as const).map((v) => (
          <Button key={v} variant={v}>
            {v[0].toUpperCase() + v.slice(1)}
          </Button>
        ))}
        <Button size="sm">Small</Button>
        <Button loading>Saving</Button>
        <Button disabled>Disabled</Button>
        <Button icon={<Icon name={ICON_NAMES[0]} className="h-4 w-4" />}>With icon</Button>
      </Section>
      <Card title="A form (react-hook-form, server errors under their fields, SubmitButton)">
        <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-4">
          <TextField label="Full name" error={formState.errors.name?.message} {...register('name')} hint="Leave it empty to see a server error." />
          <TextField label="Amount (ZMW)" inputMode="decimal" {...register('amount')} />
          <CheckboxField label="Send the borrower an SMS" {...register('agree')} />
          <div className="flex items-center gap-3">
            <SubmitButton control={control}>Save</SubmitButton>
            {sent && <p role="status">{sent}</p>}
          </div>
        </form>
      </Card>
    </GalleryFrame>
  );
}

interface Row {
  id: number;
  name: string;
  branch: string;
  amount: string;
}
const helper = createColumnHelper<Row>();
const ROWS: Row[] = Array.from({ length: 32 }, (_, i) => ({
  id: i + 1,
  name: ['Mwila Banda', 'Chanda Phiri', 'Bwalya Mulenga', 'Natasha Zulu'][i % 4],
  branch: i % 3 ? 'Lusaka' : 'Kitwe',
  amount: `${(1500 + i * 250).toFixed(2)}`,
}));

/** /tables: DataTable with data and client paging, and its loading, empty and error states. */
export function TablesGallery() {
  const columns = useMemo(
    () => [
      helper.accessor('id', { header: 'ID' }),
      helper.accessor('name', { header: 'Borrower' }),
      helper.accessor('branch', { header: 'Branch' }),
      helper.accessor('amount', { header: 'Amount', cell: (c) => <Money value={c.getValue()} /> }),
    ],
    [],
  );
  return (
    <GalleryFrame title="Tables" intro="DataTable (@tanstack/react-table): paging, loading, empty and error states.">
      <Card title="With data (client-side paging)" flush>
        <DataTable caption="Sample applications" columns={columns} data={ROWS} />
      </Card>
      <Card title="Loading" flush>
        <DataTable caption="Loading sample" columns={columns} data={[]} loading />
      </Card>
      <Card title="Empty" flush>
        <DataTable caption="Empty sample" columns={columns} data={[]} emptyTitle="No applications" emptyMessage="Nothing matches these filters." />
      </Card>
      <Card title="Error" flush>
        <DataTable caption="Error sample" columns={columns} data={[]} error="The server did not answer." onRetry={() => undefined} />
      </Card>
    </GalleryFrame>
  );
}

/** /ui: cards, statistics, money, states, icons, the brand and dialogs. */
export function UiGallery() {
  const [modal, setModal] = useState(false);
  const [confirm, setConfirm] = useState(false);
  return (
    <GalleryFrame title="UI" intro="Cards, statistics, states, icons and dialogs.">
      <Section title="Statistics">
        <StatCard title="Requests" value={128} caption="this month" tone="blue" className="w-56" />
        <StatCard title="Approved" value={<Money value="250000.00" />} tone="green" className="w-56" />
        <StatCard title="Rejected" value={12} tone="red" className="w-56" />
        <StatCard title="Pending" value={7} tone="amber" className="w-56" />
        <StatCard title="Loading" value={0} loading className="w-56" />
      </Section>
      <Section title="States">
        <div className="w-72">
          <Skeleton lines={3} />
        </div>
        <EmptyState className="w-72" message="Nothing to show for these filters." />
        <ErrorState className="w-72" message="The server did not answer." onRetry={() => undefined} />
      </Section>
      <Section title="Brand and money">
        <Logo />
        <Money value="1234567.5" />
        <Money value={null} />
      </Section>
      <Section title="Icons">
        {ICON_NAMES.map((n) => (
          <span key={n} className="inline-flex w-28 flex-col items-center gap-1 text-xs text-gray-700 dark:text-gray-300">
            <Icon name={n} className="h-5 w-5" aria-hidden="true" />
            {n}
          </span>
        ))}
      </Section>
      <Section title="Dialogs (Escape closes, focus stays inside, returns to the button)">
        <Button onClick={() => setModal(true)}>Open a dialog</Button>
        <Button variant="danger" onClick={() => setConfirm(true)}>
          Delete something
        </Button>
      </Section>
      <Modal open={modal} title="A dialog" onClose={() => setModal(false)} footer={<Button onClick={() => setModal(false)}>Close</Button>}>
        <p>Content of the dialog.</p>
      </Modal>
      <ConfirmDialog
        open={confirm}
        title="Delete this record?"
        message="It cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => setConfirm(false)}
        onCancel={() => setConfirm(false)}
      />
    </GalleryFrame>
  );
}

/** /responsive: the other gallery pages at a phone's width (360 px) and a tablet's (768 px), side by side. */
export function ResponsiveGallery() {
  const [page, setPage] = useState<'/forms' | '/tables' | '/ui'>('/ui');
  return (
    <GalleryFrame title="Responsive" intro="The kit at 360 px (phone) and 768 px (tablet); the page itself is the wide view.">
      <div className="flex gap-2" role="group" aria-label="Page shown">
        {(['/forms', '/tables', '/ui'] as const).map((p) => (
          <Button key={p} size="sm" variant={page === p ? 'primary' : 'secondary'} aria-pressed={page === p} onClick={() => setPage(p)}>
            {p.slice(1)}
          </Button>
        ))}
      </div>
      <div className="flex flex-wrap items-start gap-4">
        {[360, 768].map((w) => (
          <figure key={w} className="overflow-hidden rounded-lg border border-gray-300 dark:border-slate-700">
            <figcaption className="bg-gray-100 px-3 py-1 text-xs text-gray-700 dark:bg-slate-800 dark:text-gray-300">{w} px</figcaption>
            <iframe title={`${page.slice(1)} at ${w} px`} src={`${page}?embed=1`} width={w} height={640} className="block bg-white dark:bg-slate-950" />
          </figure>
        ))}
      </div>
    </GalleryFrame>
  );
}
