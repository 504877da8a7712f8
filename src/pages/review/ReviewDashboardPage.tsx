/**
 * 期限看板: the authority's deadline dashboard (filing.dashboard, review:read) — cases filed, due this
 * week, cases by state and by division, average days to acceptance and to decision by division. The
 * charts are echarts, loaded only by this page.
 */
import { useMemo } from 'react';
import { Alert, Card, Col, Row, Spin, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../../renderers/environment/use-load.ts';
import { callApi } from '../../api/call.ts';
import { EChart } from './EChart.tsx';
import {
  averagesByDivision,
  casesByDivision,
  casesByState,
  casesUnderReview,
  type DashboardData,
} from './dashboard-model.ts';

export default function ReviewDashboardPage() {
  const { t } = useTranslation();
  const dashboard = useLoad(
    'filing.dashboard',
    async (signal) => (await callApi('filing.dashboard', { signal })) as unknown as DashboardData,
  );
  const data = dashboard.data;
  const failed = dashboard.error !== undefined;

  const charts = useMemo(() => {
    if (!data) return null;
    const noDivision = t('review.dashboard.noDivision');
    const states = casesByState(data);
    const divisions = casesByDivision(data, noDivision);
    const averages = averagesByDivision(data, noDivision);
    return {
      byState: {
        tooltip: { trigger: 'item' },
        legend: { type: 'scroll', bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['35%', '65%'],
            data: states.states.map((s, i) => ({ name: t(`review.state.${s}`), value: states.values[i] })),
          },
        ],
      },
      byDivision: {
        tooltip: { trigger: 'axis' },
        grid: { left: 40, right: 16, top: 16, bottom: 40, containLabel: true },
        xAxis: { type: 'category', data: divisions.labels },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ type: 'bar', name: t('review.dashboard.cases'), data: divisions.values }],
      },
      averages: {
        tooltip: { trigger: 'axis' },
        legend: { bottom: 0 },
        grid: { left: 40, right: 16, top: 16, bottom: 48, containLabel: true },
        xAxis: { type: 'category', data: averages.labels },
        yAxis: { type: 'value', name: t('review.dashboard.days') },
        series: [
          { type: 'bar', name: t('review.dashboard.toAcceptance'), data: averages.toAcceptance },
          { type: 'bar', name: t('review.dashboard.toDecision'), data: averages.toDecision },
        ],
      },
    };
  }, [data, t]);

  if (failed) return <Alert type="warning" showIcon message={t('review.dashboard.loadFailed')} />;
  if (!data || !charts)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  return (
    <div data-testid="review-dashboard" style={{ padding: 16 }}>
      <h1 className="mf-panel-title">{t('review.dashboard.title')}</h1>
      {data.calendarGap ? (
        <Alert
          type="warning"
          showIcon
          data-testid="calendar-gap"
          style={{ marginBottom: 16 }}
          message={t('review.dashboard.calendarGap', {
            years: data.calendarGap.years,
            count: data.calendarGap.cases,
          })}
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('review.dashboard.total')} value={casesUnderReview(data)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic
              title={t('review.dashboard.dueThisWeek')}
              value={data.dueThisWeek}
              valueStyle={{ color: data.dueThisWeek ? '#cf1322' : undefined }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('review.dashboard.byState')} size="small">
            <EChart option={charts.byState} testId="chart-by-state" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('review.dashboard.byDivision')} size="small">
            <EChart option={charts.byDivision} testId="chart-by-division" />
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t('review.dashboard.averages')} size="small">
            <EChart option={charts.averages} testId="chart-averages" />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
