/** Spec §9: toasts top-right, at most 20, 350px wide, no pause on hover. */
export const TOASTS = { maxSnack: 20, width: 350, autoHideMs: 4000 } as const;
