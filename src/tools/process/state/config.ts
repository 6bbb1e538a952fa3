/**
 * The process-wide state store used by manageState. The app configures it from src/config.ts
 * (registerEnterprise); without that, the environment supplies the settings on first use. With
 * REDIS_URL set the app replaces it with the Redis store (shared-store.ts).
 */
import { StateStore, defaultStoreOptions, type SavedStateBackend, type StateStoreOptions } from './store.js';

let store: SavedStateBackend | undefined;
/** The local directory store, kept even when saved states move to Redis (the API-key file lives in its directory). */
let local: StateStore | undefined;

export function configureStateStore(options: Partial<StateStoreOptions>): void {
  local = new StateStore(stateStoreOptions(options));
  store = local;
}

/** The configured local state directory's store, whichever backend holds saved states. */
export function localStateStore(): StateStore {
  local ??= new StateStore(defaultStoreOptions());
  return local;
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
