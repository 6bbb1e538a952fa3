/**
 * The registry's domain table (the OpenAPI tags) names every registered tool exactly once, in a
 * domain that exists, and names nothing else.
 */
import t from 'tap';
import { DOMAIN_TOOLS, TOOLS, toolDomain } from '../../src/tools/registry.js';
import { TOOL_DOMAINS } from '../../src/tools/contract/types.js';

t.test('every registered tool has exactly one domain; the table names only registered tools', async (t) => {
  const listed = Object.values(DOMAIN_TOOLS).flat();
  const registered = new Set(TOOLS.map((x) => x.name));
  t.same(Object.keys(DOMAIN_TOOLS).sort(), [...TOOL_DOMAINS].sort(), 'one entry per domain');
  t.equal(new Set(listed).size, listed.length, 'no tool in two domains');
  for (const name of listed) t.ok(registered.has(name), `${name} is registered`);
  for (const tool of TOOLS) t.ok(toolDomain(tool.name) !== undefined, `${tool.name} has a domain`);
  for (const domain of TOOL_DOMAINS) t.ok(DOMAIN_TOOLS[domain].length > 0, `${domain} has tools`);
  t.equal(toolDomain('noSuchTool'), undefined);
});
