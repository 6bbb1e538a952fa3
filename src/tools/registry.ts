/**
 * The one registry. Each tool module exports one ToolDefinition; add it to TOOLS below
 * (one import line + one array entry). Only tools that really work are listed here.
 */
import type { AnyTool } from './types.js';
import { snakeName } from './types.js';

// --- tool imports (keep alphabetical) ---

export const TOOLS: readonly AnyTool[] = [
  // --- tool entries (keep alphabetical) ---
];

const byName = new Map<string, AnyTool>(TOOLS.map((t) => [t.name, t]));
const bySnake = new Map<string, AnyTool>(TOOLS.map((t) => [snakeName(t.name), t]));

export function getTool(name: string): AnyTool | undefined {
  return byName.get(name);
}

/** Looks a tool up by its snake_case schema name (run_flash). */
export function getToolBySnakeName(name: string): AnyTool | undefined {
  return bySnake.get(name);
}

export function toolNames(): string[] {
  return TOOLS.map((t) => t.name);
}
