import { dealStateMeanings, dealStates, dealTimers, dealTransitions, type DealTimerName, type DealTransition } from '@market/contract';

const transitions = Object.entries(dealTransitions) as [string, DealTransition][];

/** A transition's refusals: the code for each state named, then the one for the others. */
const refusals = ({ refused }: DealTransition) => {
  if (!refused) return '—';
  const { otherwise, ...named } = refused;
  return [...Object.entries(named).map(([state, code]) => `\`${state}\`: \`${code}\``), `else \`${otherwise}\``].join('; ');
};

/**
 * docs/deal-process.md: the deal's process (packages/contract/src/deal.ts) for people, as a diagram and two
 * tables. Written by `npm run deal-process -w @market/api`; test/deal-process-doc.test.ts fails when it is stale.
 */
export function dealProcessMarkdown(): string {
  const arrows = transitions.flatMap(([name, t]) => (t.from.length ? t.from : ['[*]']).map((from) => `  ${from} --> ${t.to}: ${name} (${t.by.join(' or ')})`));
  const final = dealStates.filter((s) => !transitions.some(([, t]) => t.from.includes(s))).map((s) => `  ${s} --> [*]`);
  return [
    '# The deal process',
    '',
    'Printed from `packages/contract/src/deal.ts` by `npm run deal-process -w @market/api`;',
    '`apps/api/test/deal-process-doc.test.ts` fails when it is out of date. An order is always in one of these states',
    '(`orders.state`, a CHECK); it moves only along these transitions, each one conditional update that the',
    'database also checks (a trigger refuses any other move) and records in `order_events`, which refuses UPDATE and',
    'DELETE (decision 048). Each move is told to the parties the table names (a notification each, in the same',
    'statement, with the job that mails it).',
    '',
    '```mermaid',
    'stateDiagram-v2',
    ...arrows,
    ...final,
    '```',
    '',
    '| state | what it means |',
    '| --- | --- |',
    ...dealStates.map((s) => `| \`${s}\` | ${dealStateMeanings[s]} |`),
    '',
    '| transition | from | to | by | what it does | told to | starts | money | refused from another state (409, with the state) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...transitions.map(
      ([name, t]) =>
        `| \`${name}\` | ${t.from.map((f) => `\`${f}\``).join(', ') || '(a new deal)'} | \`${t.to}\` | ${t.by.join(' or ')} | ${t.does} | ${t.tells.join(' and ')} | ${t.starts?.map((s) => `\`${s}\``).join(', ') ?? '—'} | ${t.money ? `\`${t.money}\`` : '—'} | ${refusals(t)} |`,
    ),
    '',
    'Timers are durable jobs (kind `deal-timer`) that survive restarts; when one runs out it fires its transition,',
    'which moves the deal only if it is still in a state that transition leaves from, or tells its notice.',
    '',
    '| timer | fires or tells | when (setting) |',
    '| --- | --- | --- |',
    ...(Object.entries(dealTimers) as [DealTimerName, (typeof dealTimers)[DealTimerName]][]).map(([name, t]) =>
      'fires' in t ? `| \`${name}\` | \`${t.fires}\` | after \`${t.after}\` |` : `| \`${name}\` | the notice \`${t.tells}\` | ${t.at} |`,
    ),
    '',
  ].join('\n');
}
