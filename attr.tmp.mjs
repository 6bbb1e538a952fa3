import autocannon from 'autocannon';
import { OAuth2Server } from 'oauth2-mock-server';
import { createServer } from 'node:http';
import { startBenchServer, RUN_FLASH_BODY } from './dist/bench/http.js';
const idp = new OAuth2Server(); await idp.issuer.keys.generate('RS256'); await idp.start(0,'127.0.0.1');
const otlp = createServer((q,s)=>{q.resume(); q.on('end',()=>s.end('{}'))}); await new Promise(r=>otlp.listen(0,'127.0.0.1',r));
const otlpUrl=`http://127.0.0.1:${otlp.address().port}`;
const token = await idp.issuer.buildToken({expiresIn:3600, scopesOrTransform:(h,p)=>{p.aud='a';p.sub='u'}});
const configs = { otel: [{OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl}, {}], off2: [{}, {}] };
for (const [name,[env,h]] of Object.entries(configs)) {
  const srv = await startBenchServer(env);
  const o = {url:`${srv.url}/v1/tools/runFlash`, method:'POST', headers:{'content-type':'application/json',...h}, body: JSON.stringify(RUN_FLASH_BODY), connections: 50};
  await autocannon({...o, duration:2});
  const r = await autocannon({...o, duration:5});
  console.log(name, Math.round(r.requests.average), r.non2xx);
  await srv.stop();
}
await idp.stop(); otlp.close();
