import { createContext, createElement, Suspense, useContext, type ComponentType, type ReactNode } from 'react';

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

/** Whether the shell wired the slot `name` (a screen offers what opens it only then). */
export function useHasFeatureSlot(name: keyof FeatureSlots): boolean {
  return useContext(FeatureSlotsContext)[name] !== undefined;
}

type SlotProps<K extends keyof FeatureSlots> = NonNullable<FeatureSlots[K]> extends ComponentType<infer P> ? P : never;

/** Renders the slot `name` with `props` (nothing when it is not wired, nor while its code loads). */
export function FeatureSlot<K extends keyof FeatureSlots>({ name, props }: { name: K; props: SlotProps<K> }) {
  // Typed by FeatureSlots; the generic lookup loses the pairing of a slot and its props.
  const Slot = useContext(FeatureSlotsContext)[name] as ComponentType<object> | undefined;
  // Slot is one of the shell's module-level lazy components (a stable identity), not a
  // component made during this render: its state survives re-renders.
  return Slot ? <Suspense fallback={null}>{createElement(Slot, props as object)}</Suspense> : null;
}

/** Renders a (lazily loaded) slot component; nothing while its code loads. */
export function SlotBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
