/**
 * The dispatcher of the registered tools: contract/dispatch.ts given the registry (lazy-registry.ts:
 * the tools from their metadata, each module loaded on its first call). Entry points
 * (HTTP, MCP stdio, runTool) build theirs here; the contract machinery itself never imports the
 * registry, which is what keeps the discovery tools out of an import cycle with it.
 */
import { createDispatcher as createContractDispatcher, type Dispatcher, type DispatcherOptions } from './contract/dispatch.js';
import { toolCatalog } from './lazy-registry.js';

export type { Dispatcher, DispatcherOptions } from './contract/dispatch.js';

export function createDispatcher(options: Omit<DispatcherOptions, 'catalog'> & { catalog?: DispatcherOptions['catalog'] }): Dispatcher {
  return createContractDispatcher({ ...options, catalog: options.catalog ?? toolCatalog });
}
