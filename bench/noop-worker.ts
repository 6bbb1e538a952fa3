/** Worker module for the dispatch benchmark: the production worker function over the no-op tool. */
import { createToolWorker } from '../workers/tool-worker.js';
import { noopTool } from './noop-tool.js';

const run = createToolWorker((name) => (name === noopTool.name ? noopTool : undefined));
export default run;
export const isolated = run;
