/**
 * The process-wide state store used by manageState. The app configures it from src/config.ts
 * (registerEnterprise); without that, the environment supplies the settings on first use.
 */
import { StateStore, defaultStoreOptions, type StateStoreOptions } from './store.js';

let store: StateStore | undefined;

export function configureStateStore(options: Partial<StateStoreOptions>): void {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<StateStoreOptions>;
  store = new StateStore({ ...defaultStoreOptions(), ...defined });
}

export function stateStore(): StateStore {
  store ??= new StateStore(defaultStoreOptions());
  return store;
}
