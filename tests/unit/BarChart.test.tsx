import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, wrappedLines } from '../../src/ui/BarChart.tsx';
import { DailyBarChart } from '../../src/ui/DailyBarChart.tsx';
import { renderApp } from './renderApp.tsx';

// jsdom lays nothing out (every width is 0), so the drawing is not made; the table screen readers
// get carries the same figures, and is what these read.
describe('the bar chart', () => {
  it('gives screen readers one row per group with each series’ figure, in the language’s digits', async () => {
    await renderApp(
      <BarChart
        groups={[
          { key: '1405-01', label: 'فروردین', values: [12_500_000, 500_000] },
          { key: '1405-02', label: 'اردیبهشت', values: [0, 0] },
        ]}
        series={[
          { label: 'فروش', color: 'teal' },
          { label: 'پورسانت', color: 'orange' },
        ]}
        label="فروش و پورسانت هر ماه"
        groupHeader="ماه"
      />,
    );
    const table = screen.getByRole('table', { name: 'فروش و پورسانت هر ماه' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ماه', 'فروش', 'پورسانت']);
    const first = within(table).getByRole('rowheader', { name: 'فروردین' }).closest('tr')!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['۱۲٬۵۰۰٬۰۰۰', '۵۰۰٬۰۰۰']);
    // Several series: a legend names each colour.
    expect(screen.getAllByText('پورسانت')).toHaveLength(2);
  });

  it('names each day in full, heads a single series with its count’s name, and writes values as asked', async () => {
    await renderApp(
      <DailyBarChart
        days={[
          { date: '2026-11-22', count: 3 },
          { date: '2026-11-23', count: 1_500 },
        ]}
        label="Writes per day"
        dayHeader="Day"
        countHeader="Writes"
        formatValue={(n) => `${n} w`}
      />,
      { locale: 'en' },
    );
    const table = screen.getByRole('table', { name: 'Writes per day' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Writes']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['22 Nov 2026', '23 Nov 2026']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3 w', '1500 w']);
    expect(screen.queryByRole('list')).toBeNull(); // one series, no legend
  });
});

describe('the names of categories under their bars', () => {
  it('wrap by words into the room each bar has, and say how many lines the longest takes', () => {
    // 6 px a character: «در حال مذاکره» is 3 words of 2, 3 and 6 characters.
    expect(wrappedLines(['سرنخ', 'در حال مذاکره'], 40)).toBe(2);
    expect(wrappedLines(['سرنخ', 'در حال مذاکره'], 200)).toBe(1);
  });

  it('give up (the chart numbers its bars and keys the numbers below) when a single word is wider than the room', () => {
    expect(wrappedLines(['Lead', 'Negotiating'], 40)).toBeNull();
  });
});
