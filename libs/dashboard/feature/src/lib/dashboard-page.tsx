import { useSelector } from 'react-redux';
import { P } from '@loan/shared-contract';
import { selectPermissionsLoaded, usePermission, type PermissionsRootState } from '@loan/shared-permissions';
import { EmptyState, PageSection, Skeleton } from '@loan/shared-ui';
import { DashboardView } from './dashboard-view';

/**
 * /dashboard (spec §2 'Dashboard screen'): shown only with `view main dashboard`; the
 * disbursements card only with the transactions permission (`view transaction manager module`). Until
 * the role's permissions are known a placeholder holds the place; without the permission
 * nothing is fetched.
 */
export function DashboardPage() {
  const allowed = usePermission(P.viewDashboard);
  const transactions = usePermission(P.viewTransactionModule);
  const loaded = useSelector((s: PermissionsRootState) => selectPermissionsLoaded(s));
  if (allowed) return <DashboardView disbursementStats={transactions} />;
  return (
    <PageSection>
      {loaded ? (
        <EmptyState
          title="No dashboard for your role"
          message="Your role does not include the dashboard. Use the menu to open the parts you may use."
        />
      ) : (
        <Skeleton lines={4} label="Loading your permissions" />
      )}
    </PageSection>
  );
}

export default DashboardPage;
