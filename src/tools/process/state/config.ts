/**
 * The process-wide state store used by manageState. The app configures it from src/config.ts
 * (registerEnterprise); without that, the environment supplies the settings on first use. With
 * REDIS_URL set the app replaces it with the Redis store (shared-store.ts).
 */
import { StateStore, defaultStoreOptions, type SavedStateBackend, type StateStoreOptions } from './store.js';

let store: SavedStateBackend | undefined;

export function configureStateStore(options: Partial<StateStoreOptions>): void {
  store = new StateStore(stateStoreOptions(options));
}

/** The directory store's options with the configured ones over the defaults (also sizes the Redis store). */
export function stateStoreOptions(options: Partial<StateStoreOptions> = {}): StateStoreOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<StateStoreOptions>;
  return { ...defaultStoreOptions(), ...defined };
}

/** Puts saved states on another backend (Redis when REDIS_URL is set). */
export function useStateBackend(b: SavedStateBackend): void {
  store = b;
}

export function stateStore(): SavedStateBackend {
  store ??= new StateStore(defaultStoreOptions());
  return store;
}
