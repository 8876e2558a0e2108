import { Card, Group, Loader, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconAlarm, IconBook, IconFileInvoice, IconReportMoney } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoginInfo } from '../../auth/api/login-info';
import { mayOpen } from '../../../lib/role-access';
import { fmtInt } from '../format';
import classes from './dashboard.module.css';
import { useCopyrightBooksCnt } from '../api/copyright-books-cnt';
import { useCopyrightReportCnt } from '../api/copyright-report-cnt';
import { useOverdueInvoiceCnt } from '../api/overdue-invoice-cnt';
import { useUnpaidInvoiceCnt } from '../api/unpaid-invoice-cnt';

/** Spec §9: counters animate over 800 ms. */
export const COUNTER_ANIMATION_MS = 800;

const reducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A number that counts up from where it is to `target` over `ms` (ease-out); jumps when motion is
 * reduced. Each frame writes the figure into the text node itself: a React render of the counter per
 * frame was a task of 60–100 ms per frame on a throttled phone, 48 frames while the page loads (issue 17).
 */
export function CountUp({ target, lng, ms = COUNTER_ANIMATION_MS }: { target: number; lng: string; ms?: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const shown = useRef(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const show = (v: number) => {
      shown.current = v;
      const text = fmtInt(v, lng);
      // the text node React made (so that a later render of the same figure finds it as it was)
      if (el.firstChild?.nodeType === Node.TEXT_NODE) el.firstChild.nodeValue = text;
      else el.textContent = text;
    };
    const start = shown.current;
    if (reducedMotion() || start === target) {
      show(target);
      return;
    }
    let frame = 0;
    const t0 = performance.now();
    const step = (now: number) => {
      const p = Math.min(1, (now - t0) / ms);
      show(Math.round(start + (target - start) * (1 - (1 - p) ** 3)));
      if (p < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, lng, ms]);
  return <span ref={ref}>{fmtInt(shown.current, lng)}</span>;
}

interface CounterProps {
  testId: string;
  label: string;
  hint: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
  query: UseQueryResult<number>;
}

function Counter({ testId, label, hint, to, icon: Icon, color, query }: CounterProps) {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  // (issue 58) a link only to a list the user's role may open; the figure itself is the dashboard's, for every role
  const linked = mayOpen(useLoginInfo().data?.user?.role, to.split('?')[0]!);
  const body = (
    <>
      <Group wrap="nowrap" align="flex-start" justify="space-between">
        <div>
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </div>
        <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden>
          <Icon size={20} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <Text
        mt="xs"
        fz={32}
        fw={700}
        lh={1.2}
        mih={38}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid={`${testId}-value`}
        data-final={query.data ?? ''}
      >
        {query.isPending ? (
          <Loader size="xs" aria-label={t('common:app.loading')} />
        ) : query.isError ? (
          <Text span c="red.8" size="sm" fw={500}>
            {t('states.error')}
          </Text>
        ) : (
          <CountUp target={query.data} lng={i18n.language} />
        )}
      </Text>
    </>
  );
  return linked ? (
    <Card withBorder radius="md" padding="md" data-testid={testId} component={Link} to={to} className={classes.counter}>
      {body}
    </Card>
  ) : (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      {body}
    </Card>
  );
}

/** The four counters, each a link to its list (royalty, copyright books, sale settlement twice: unpaid, and overdue of those). */
export function Counters() {
  const { t } = useTranslation('dashboard');
  const reports = useCopyrightReportCnt();
  const books = useCopyrightBooksCnt();
  const unpaid = useUnpaidInvoiceCnt();
  const overdue = useOverdueInvoiceCnt();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      <Counter
        testId="counter-reports"
        label={t('counters.reports')}
        hint={t('counters.reportsHint')}
        to="/copyright/royalty"
        icon={IconReportMoney}
        color="teal"
        query={reports}
      />
      <Counter
        testId="counter-books"
        label={t('counters.books')}
        hint={t('counters.booksHint')}
        to="/copyright/books"
        icon={IconBook}
        color="blue"
        query={books}
      />
      <Counter
        testId="counter-unpaid"
        label={t('counters.unpaid')}
        hint={t('counters.unpaidHint')}
        to="/calculate/sale"
        icon={IconFileInvoice}
        color="red"
        query={unpaid}
      />
      <Counter
        testId="counter-overdue"
        label={t('counters.overdue')}
        hint={t('counters.overdueHint')}
        to="/calculate/sale?overdue=Y"
        icon={IconAlarm}
        color="orange"
        query={overdue}
      />
    </SimpleGrid>
  );
}
