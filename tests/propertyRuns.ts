/**
 * How many scenarios a property test runs. `npm test` runs a quick count, enough to exercise every
 * branch of the generators on each run (the fixed examples always run too); `npm run bench:soak`
 * runs the property tests again at their full counts (PROPERTY_RUNS=full), and a test's own
 * variable (e.g. SYNC_PROPERTY_RUNS=5000) sets any count for one file.
 */
export function propertyRuns(variable: string, full: number, quick: number): number {
  const given = process.env[variable];
  if (given !== undefined && given !== '') return Number(given);
  return process.env.PROPERTY_RUNS === 'full' ? full : quick;
}
