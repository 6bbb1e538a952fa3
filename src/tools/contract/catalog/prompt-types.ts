/** The shape of a guided workflow prompt (prompts.ts renders them). */
export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
}

export interface PromptStep {
  /** Tool the step calls; the step is rendered only when the tool is registered. */
  tool: string;
  text: string;
  /** What to do instead when the tool is missing (if there is an honest alternative). */
  fallback?: string;
}

export interface PromptDefinition {
  name: string;
  description: string;
  arguments: PromptArgument[];
  /** The prompt is offered only when every one of these tools is registered. */
  requires: string[];
  intro: (args: Record<string, string>) => string;
  steps: PromptStep[];
  closing: string;
}

