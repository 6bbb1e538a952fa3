/**
 * The discovery tools describe the registry that lists them. A static import would make
 * registry -> getSchema -> registry a cycle whose evaluation order depends on which module is
 * imported first; loading the registry lazily at call time avoids that entirely.
 */
import type { AnyTool } from '../types.js';

export async function registeredTools(): Promise<readonly AnyTool[]> {
  const { TOOLS } = await import('../../registry.js');
  return TOOLS;
}
