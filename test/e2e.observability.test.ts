/**
 * The operators' dashboard and alert rules (deploy/observability) name only metrics that exist:
 * every metric in every PromQL expression is exported by a started system's /metrics, or is one of
 * kube-state-metrics' listed below. A panel or rule naming a metric nobody exports fails here.
 */
import { readFileSync } from 'node:fs';
import { parser } from '@prometheus-io/lezer-promql';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { serveMetrics } from '@svc/kit';
import type { RunningSystem } from '../scripts/system';
import { systemForSuite } from './support/system';

const DASHBOARD = new URL('../deploy/observability/grafana-dashboard.json', import.meta.url);
const ALERTS = new URL('../deploy/observability/alerts.yaml', import.meta.url);

/**
 * Metrics of kube-state-metrics (https://github.com/kubernetes/kube-state-metrics/blob/main/docs/metrics/workload/deployment-metrics.md),
 * scraped from it rather than from our processes.
 */
const KUBE_STATE_METRICS = new Set(['kube_deployment_status_replicas_available', 'kube_deployment_spec_replicas']);

/** Grafana's variables, replaced by what they stand for before the expression is parsed. */
const GRAFANA_VARIABLES: Record<string, string> = { $__rate_interval: '5m', $__interval: '1m', $__range: '1h' };

/** The metric names an expression selects, with its parse errors (as text around each). */
function metricsOf(expr: string): { metrics: string[]; errors: string[] } {
  let text = expr;
  for (const [v, value] of Object.entries(GRAFANA_VARIABLES)) text = text.split(v).join(value);
  const metrics: string[] = [];
  const errors: string[] = [];
  const cursor = parser.parse(text).cursor();
  do {
    const node = cursor.node;
    if (node.type.isError) errors.push(`${JSON.stringify(text.slice(Math.max(0, node.from - 20), node.to + 20))} at ${node.from}`);
    // The name before the braces: `foo{...}` or `foo`.
    if (node.name === 'Identifier' && node.parent?.name === 'VectorSelector') metrics.push(text.slice(node.from, node.to));
    // The name as a matcher: `{__name__="foo"}`.
    if (node.name === 'UnquotedLabelMatcher' || node.name === 'QuotedLabelMatcher') {
      const m = /^\s*"?__name__"?\s*=\s*"([^"]+)"/.exec(text.slice(node.from, node.to));
      if (m) metrics.push(m[1]!);
    }
  } while (cursor.next());
  return { metrics, errors };
}

/** Every metric name an exposition offers: histograms and summaries with their series' suffixes. */
function exportedNames(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const m of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name, type] = m as unknown as [string, string, string];
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
    if (type === 'summary') for (const s of ['_sum', '_count']) names.add(name + s);
  }
  return names;
}

interface Expr {
  where: string;
  expr: string;
}

function dashboardExprs(): Expr[] {
  const d = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: { title: string; type: string; targets?: { expr: string }[] }[] };
  return d.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: `dashboard panel "${p.title}"`, expr: t.expr })));
}

function alertExprs(): Expr[] {
  const r = parseYaml(readFileSync(ALERTS, 'utf8')) as { spec: { groups: { name: string; rules: { alert?: string; record?: string; expr: string }[] }[] } };
  return r.spec.groups.flatMap((g) => g.rules.map((rule) => ({ where: `rule ${rule.alert ?? rule.record}`, expr: String(rule.expr) })));
}

describe('dashboard and alert rules', () => {
  let sys: RunningSystem;
  systemForSuite('observability', { memoryDb: true, logLevel: 'silent' }, (s) => (sys = s));

  it('reads metric names out of PromQL, and only those', () => {
    expect(metricsOf('sum by (route) (rate(svc_http_requests_total{status=~"5.."}[$__rate_interval])) / on(route) group_left sum by (route) (rate(svc_http_requests_total[5m]))').metrics).toEqual(['svc_http_requests_total', 'svc_http_requests_total']);
    expect(metricsOf('histogram_quantile(0.99, sum by (le) (rate(a_bucket[5m]))) > 0.5 and absent(b) or {__name__="c"}').metrics).toEqual(['a_bucket', 'b', 'c']);
    // Functions, aggregations, keywords, label names and durations are not metrics.
    expect(metricsOf('max_over_time(x[1h:5m] offset 1d) unless ignoring(le) y').metrics).toEqual(['x', 'y']);
    expect(metricsOf('sum(rate(x[5m]').errors.length).toBeGreaterThan(0);
  });

  it('names only metrics that a started system exports, or kube-state-metrics\' own', async () => {
    // One formula call first, so the counters it moves have samples too (the envelope's runs on a thread).
    const check = { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] };
    const r = await fetch(`${sys.url}/check`, { method: 'POST', headers: { 'x-svc-key': sys.key, 'content-type': 'application/json' }, body: JSON.stringify(check) });
    expect(r.status).toBe(200);
    const metrics = await serveMetrics('127.0.0.1', 0);
    let exposition: string;
    try {
      exposition = await (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();
    } finally {
      await metrics.stop();
    }
    const exported = exportedNames(exposition);
    // Other systems of this worker's earlier files count in the same per-process registry.
    expect(exposition).toMatch(/^svc_check_verdicts_total\{verdict="\w+"\} [1-9]\d*$/m);
    expect(exposition).toMatch(/^svc_rate_limit_decisions_total\{decision="allowed"\} [1-9]/m);

    const exprs = [...dashboardExprs(), ...alertExprs()];
    expect(exprs.length).toBeGreaterThan(20);
    const problems: string[] = [];
    const used = new Set<string>();
    for (const { where, expr } of exprs) {
      const { metrics: names, errors } = metricsOf(expr);
      for (const e of errors) problems.push(`${where}: PromQL does not parse near ${e}`);
      if (names.length === 0) problems.push(`${where}: no metric in ${expr}`);
      for (const n of names) {
        used.add(n);
        if (!exported.has(n) && !KUBE_STATE_METRICS.has(n)) problems.push(`${where}: ${n} is exported by no process`);
      }
    }
    expect(problems).toEqual([]);
    // A metric this checker would miss (a name it does not see) would not be checked: the ones the
    // dashboard is for are all seen.
    for (const n of ['svc_http_requests_total', 'svc_grpc_server_handled_total', 'svc_check_verdicts_total', 'svc_compliance_refusals_total', 'svc_metering_runs_opened_total', 'svc_metering_quota_refusals_total', 'svc_rate_limit_decisions_total', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'svc_metering_report_lag_seconds', 'svc_outbox_pending']) expect(used).toContain(n);
  }, 60_000);

  it('flags a panel naming a metric nobody exports', () => {
    const exported = exportedNames('# TYPE svc_http_request_seconds histogram\n# TYPE svc_http_requests_total counter\n');
    const missing = metricsOf('histogram_quantile(0.99, sum by (le) (rate(svc_http_request_seconds_bucket[5m]))) / sum(rate(svc_http_request_total[5m]))').metrics.filter((n) => !exported.has(n));
    expect(missing).toEqual(['svc_http_request_total']);
  });

  it('alerts on the error ratio, p99, a service without a ready replica, metering lag and the outbox backlog', () => {
    const rules = alertExprs();
    const has = (metric: string) => rules.some((r) => metricsOf(r.expr).metrics.includes(metric));
    expect(has('svc_http_requests_total')).toBe(true);
    expect(rules.some((r) => /histogram_quantile\(0\.99/.test(r.expr) && metricsOf(r.expr).metrics.includes('svc_http_request_seconds_bucket'))).toBe(true);
    expect(has('kube_deployment_status_replicas_available')).toBe(true);
    expect(has('svc_metering_report_lag_seconds')).toBe(true);
    expect(has('svc_outbox_pending')).toBe(true);
  });
});
