/**
 * The docs label listing is bounded in pages whatever carries the label (issue 34, item 7), and
 * only pull requests with this action's signed line count toward `max-open-docs-prs`: a triager's
 * labelled issues and unsigned labelled pull requests neither empty nor fill the count.
 */
import {
  countOpenDocsPrs,
  DOCS_PR_LABEL,
  listDocsPrs,
  MAX_LIST_PAGES,
  renderDocsMarker,
} from '../src/github/docs-prs.ts';
import type { Octokit } from '../src/github/octokit.ts';

const DOCS = { owner: 'acme', repo: 'docs' };
const KEY = 'svc_test_admin_key_0123456789';

interface Listed {
  number: number;
  pull_request?: object;
  body: string;
  html_url: string;
  state: string;
  updated_at: string;
}

/** An Octokit whose label listing answers `pages(page)`, counting its calls. */
function listing(pages: (page: number) => Listed[]): { octokit: Octokit; calls: number[] } {
  const calls: number[] = [];
  const listForRepo = async (params: { page: number; labels: string }) => {
    expect(params.labels).toBe(DOCS_PR_LABEL);
    calls.push(params.page);
    return { data: pages(params.page) };
  };
  return { octokit: { rest: { issues: { listForRepo } } } as unknown as Octokit, calls };
}

const item = (number: number, kind: 'issue' | 'unsigned' | 'signed'): Listed => ({
  number,
  ...(kind === 'issue' ? {} : { pull_request: {} }),
  body:
    kind === 'signed'
      ? `docs\n\n${renderDocsMarker(KEY, DOCS, number, { repository: 'o/code', number: 1, pull: true, jobId: 'job_1' })}`
      : 'docs',
  html_url: `https://github.com/acme/docs/pull/${number}`,
  state: 'open',
  updated_at: '2026-01-01T00:00:00Z',
});

const page = (start: number, kind: 'issue' | 'unsigned' | 'signed', size = 100) =>
  Array.from({ length: size }, (_, i) => item(start + i, kind));

test.each([
  ['labelled issues without end', (n: number) => page(n * 1000, 'issue')],
  ['unsigned labelled pull requests without end', (n: number) => page(n * 1000, 'unsigned')],
])('%s: the listing stops at MAX_LIST_PAGES calls', async (_name, pages) => {
  const { octokit, calls } = listing(pages);
  const listed = await listDocsPrs(octokit, DOCS, KEY, { state: 'open', signedOnly: true });
  expect(calls).toEqual(Array.from({ length: MAX_LIST_PAGES }, (_, i) => i + 1));
  expect(listed).toEqual({ items: [], truncated: true });
  const counted = listing(pages);
  expect(await countOpenDocsPrs(counted.octokit, DOCS, KEY)).toEqual({ count: 0, partial: true });
  expect(counted.calls).toHaveLength(MAX_LIST_PAGES);
});

test('unsigned labelled pull requests first do not hide the signed ones behind them', async () => {
  const { octokit } = listing((n) => (n === 1 ? page(1000, 'unsigned') : n === 2 ? page(2000, 'signed', 7) : []));
  expect(await countOpenDocsPrs(octokit, DOCS, KEY)).toEqual({ count: 7, partial: false });
});

test('a hundred unsigned labelled pull requests do not fill the count', async () => {
  const { octokit } = listing((n) => (n === 1 ? [...page(1000, 'unsigned', 98), ...page(5000, 'signed', 2)] : []));
  expect(await countOpenDocsPrs(octokit, DOCS, KEY)).toEqual({ count: 2, partial: false });
});
