import type { ComposeMessageSlotProps } from '@loan/shared-permissions';
import { ComposeMessageDialog } from './compose-message-dialog';

/**
 * The composer as another screen opens it in place (the `composeMessage` slot the portal
 * wires): the same dialog as on /communication, the client chosen.
 */
export function ComposeMessageSlot({ channel, clientId, clientName, onClose }: ComposeMessageSlotProps) {
  return <ComposeMessageDialog channel={channel} clientId={clientId} clientName={clientName} onClose={onClose} />;
}

export default ComposeMessageSlot;
