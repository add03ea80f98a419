import { createContext, useContext } from 'react';
import type { Persistor } from 'redux-persist';

/** The redux-persist persistor, so logout can purge persisted state. */
export const PersistorContext = createContext<Persistor | null>(null);
export const usePersistor = () => useContext(PersistorContext);
