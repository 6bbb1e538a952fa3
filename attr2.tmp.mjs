import autocannon from 'autocannon';
import { copyFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { startBenchServer, RUN_FLASH_BODY } from './dist/bench/http.js';
const otlp = createServer((q,s)=>{q.resume(); q.on('end',()=>s.end('{}'))}); await new Promise(r=>otlp.listen(0,'127.0.0.1',r));
const otlpUrl=`http://127.0.0.1:${otlp.address().port}`;
const res = {off:[], cm:[], nocm:[]};
for (let round=0; round<3; round++) for (const name of ['off','cm','nocm']) {
  copyFileSync(name==='nocm' ? '/tmp/otel.nocm.js' : '/tmp/otel.cm.js', 'dist/src/telemetry/otel.js');
  const srv = await startBenchServer(name==='off' ? {} : {OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl});
  const o = {url:`${srv.url}/v1/tools/runFlash`, method:'POST', headers:{'content-type':'application/json'}, body: JSON.stringify(RUN_FLASH_BODY), connections: 50};
  await autocannon({...o, duration:1});
  const r = await autocannon({...o, duration:4});
  res[name].push(Math.round(r.requests.average));
  await srv.stop();
}
copyFileSync('/tmp/otel.cm.js', 'dist/src/telemetry/otel.js');
console.log(JSON.stringify(res));
otlp.close();
