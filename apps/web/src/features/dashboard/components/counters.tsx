import { Card, Group, Loader, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconBook, IconFileInvoice, IconReportMoney } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fmtInt } from '../format';
import classes from './dashboard.module.css';
import { useCopyrightBooksCnt } from '../api/copyright-books-cnt';
import { useCopyrightReportCnt } from '../api/copyright-report-cnt';
import { useUnpaidInvoiceCnt } from '../api/unpaid-invoice-cnt';

/** Spec §9: counters animate over 800 ms. */
export const COUNTER_ANIMATION_MS = 800;

const reducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A number that counts up from where it is to `target` over `ms` (ease-out); jumps when motion is reduced. */
export function useCountUp(target: number | undefined, ms = COUNTER_ANIMATION_MS) {
  const [value, setValue] = useState(0);
  const from = useRef(0);
  useEffect(() => {
    if (target === undefined) return;
    const start = from.current;
    if (reducedMotion() || start === target) {
      from.current = target;
      setValue(target);
      return;
    }
    let frame = 0;
    const t0 = performance.now();
    const step = (now: number) => {
      const p = Math.min(1, (now - t0) / ms);
      const eased = 1 - (1 - p) ** 3;
      const v = Math.round(start + (target - start) * eased);
      from.current = v;
      setValue(v);
      if (p < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, ms]);
  return value;
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
  const value = useCountUp(query.data);
  return (
    <Card withBorder radius="md" padding="md" component={Link} to={to} data-testid={testId} className={classes.counter}>
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
          fmtInt(value, i18n.language)
        )}
      </Text>
    </Card>
  );
}

/** The three counters, each a link to its list (royalty, copyright books, sale settlement). */
export function Counters() {
  const { t } = useTranslation('dashboard');
  const reports = useCopyrightReportCnt();
  const books = useCopyrightBooksCnt();
  const unpaid = useUnpaidInvoiceCnt();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
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
    </SimpleGrid>
  );
}
