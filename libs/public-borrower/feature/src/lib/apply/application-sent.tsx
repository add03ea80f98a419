import type { Ref } from 'react';
import { maskMobile, type CreateApplicationResponse } from '@loan/shared-contract';
import { BorrowerLayout } from '../ui/borrower-layout';
import { MessagePage } from '../ui/notice';

/** The page shown once the application is sent: its reference code and where we will call. */
export function ApplicationSent({
  sent,
  mobile,
  headingRef,
}: {
  sent: CreateApplicationResponse;
  mobile: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <BorrowerLayout>
      <MessagePage title="Thank you. We have received your application.">
        <p>
          Your reference code is{' '}
          <strong className="font-mono text-lg" data-testid="reference-code">
            {sent.reference_code}
          </strong>
          . Please keep it: quote it whenever you contact us.
        </p>
        <p>We will look at your application and contact you on {maskMobile(mobile)}.</p>
      </MessagePage>
      <h2 ref={headingRef} tabIndex={-1} className="sr-only">
        Application sent
      </h2>
    </BorrowerLayout>
  );
}
