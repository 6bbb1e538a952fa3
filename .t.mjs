import { startBenchServer } from './dist/bench/http.js';
for (let i = 0; i < 3; i++) { const s = await startBenchServer(); console.log(Math.round(s.coldStartMs), 'ms wall', s.coldStartCpuMs, 'ms cpu'); await s.stop(); }
