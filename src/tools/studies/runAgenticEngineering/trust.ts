/**
 * How far a tool result can be relied on (runAgenticEngineering "trust"), by stated rules over
 * what the response and our own measurements say — not a model of confidence:
 * - LOW when the call did not succeed, did not converge, or failed its validation or quality gate;
 * - else MEDIUM when it carries a WARNING or CAUTION warning, or the tool's maturity from our
 *   reference tests (getBenchmarkTrust) is EXPERIMENTAL or unmeasured, or some of its measured
 *   cases failed;
 * - else HIGH.
 * Every rule that fired is listed, so the verdict can be checked by hand.
 */

type Obj = Record<string, any>;
export type TrustLevel = 'HIGH' | 'MEDIUM' | 'LOW';

export interface TrustCheck {
  check: string;
  passed: boolean;
  detail: string;
}

export interface TrustVerdict {
  level: TrustLevel;
  checks: TrustCheck[];
  reasons: string[];
}

export function assessTrust(result: Obj, benchmark: Obj | undefined): TrustVerdict {
  const checks: TrustCheck[] = [];
  const add = (check: string, passed: boolean, detail: string) => checks.push({ check, passed, detail });
  add('status', result.status === 'success', `status ${JSON.stringify(result.status)}`);
  const conv = result.provenance?.convergence;
  add('converged', conv?.converged !== false, conv === undefined ? 'no convergence reported' : `converged ${conv.converged}${conv.iterations !== undefined ? ` in ${conv.iterations} iterations` : ''}`);
  add('validation', result.validation?.valid !== false, result.validation === undefined ? 'no validation block' : `valid ${result.validation.valid}: ${result.validation.message ?? ''}`);
  add('qualityGate', result.qualityGate?.verdict !== 'failed', `quality gate ${result.qualityGate?.verdict ?? 'absent'}`);
  const blocking = checks.filter((c) => !c.passed);

  const warnings: Obj[] = Array.isArray(result.warnings) ? result.warnings : [];
  const serious = warnings.filter((w) => w.severity === 'WARNING' || w.severity === 'CAUTION');
  add('warnings', serious.length === 0, serious.length === 0 ? `${warnings.length} informational warning(s)` : serious.map((w) => `${w.code} (${w.severity}): ${w.message}`).join('; '));
  const maturity = benchmark?.maturityLevel as string | undefined;
  const measured = benchmark?.measured === true;
  add('maturity', measured && (maturity === 'VALIDATED' || maturity === 'TESTED'), benchmark === undefined ? 'no benchmark trust for this tool' : `${maturity}${measured ? ` (${benchmark.summary?.passed}/${benchmark.summary?.cases} reference cases passed)` : ' (no validation cases measured)'}`);
  const failedCases = Number(benchmark?.summary?.failed ?? 0);
  add('referenceCases', failedCases === 0, failedCases === 0 ? 'no measured case failed' : `${failedCases} measured case(s) outside tolerance`);

  const cautions = checks.filter((c) => !c.passed && !blocking.includes(c));
  const level: TrustLevel = blocking.length > 0 ? 'LOW' : cautions.length > 0 ? 'MEDIUM' : 'HIGH';
  const reasons = (level === 'LOW' ? blocking : cautions).map((c) => `${c.check}: ${c.detail}`);
  return { level, checks, reasons: reasons.length > 0 ? reasons : ['Succeeded, converged and validated; the tool is measured against reference data without failures'] };
}
