import { createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react';

/** What the message composer takes when another domain opens it in place. */
export interface ComposeMessageSlotProps {
  channel: 'sms' | 'email';
  /** The client chosen before opening (the borrower of the page it opens on). */
  clientId: number;
  /** Their name, shown on the chosen-client chip at once. */
  clientName?: string;
  onClose: () => void;
}

/**
 * Pieces one feature lends another without an import between them (features never import
 * each other): the feature exports them lazily beside its screen descriptors, the portal
 * shell wires them into this context, and a screen asks for one by name. A slot nobody
 * provides is absent: the screen shows nothing for it.
 */
export interface FeatureSlots {
  /** The communication feature's composer (SMS / e-mail), e.g. on a loan's details page. */
  composeMessage?: ComponentType<ComposeMessageSlotProps>;
}

const FeatureSlotsContext = createContext<FeatureSlots>({});

export function FeatureSlotsProvider({ slots, children }: { slots: FeatureSlots; children: ReactNode }) {
  return <FeatureSlotsContext.Provider value={slots}>{children}</FeatureSlotsContext.Provider>;
}

/** The slot `name` as the shell wired it, or undefined. */
export function useFeatureSlot<K extends keyof FeatureSlots>(name: K): FeatureSlots[K] {
  return useContext(FeatureSlotsContext)[name];
}

/** Renders a (lazily loaded) slot component; nothing while its code loads. */
export function SlotBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
