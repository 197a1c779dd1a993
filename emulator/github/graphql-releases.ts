// GitHub's GraphQL read of a repository's releases, the shape the sweep asks
// (src/github/awaiting-release.ts): `repository(owner:, name:) { releases(first: $last, orderBy: …)
// { nodes { tagName url isPrerelease isDraft publishedAt } } }`, newest first. The query is not
// parsed as GraphQL: the repository and the count come from the variables.
import type { Bases } from './render.ts';
import type { Store } from './state.ts';

/** True for a query this file answers. */
export function asksReleases(query: string): boolean {
  return /\breleases\s*\(/.test(query);
}

export function answerReleases(
  store: Store,
  bases: Bases,
  variables: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  const owner = text(variables?.owner);
  const name = text(variables?.name);
  if (owner.toLowerCase() !== store.owner.toLowerCase() || name.toLowerCase() !== store.repo.toLowerCase()) {
    return {
      data: { repository: null },
      errors: [
        {
          type: 'NOT_FOUND',
          path: ['repository'],
          message: `Could not resolve to a Repository with the name '${owner}/${name}'.`,
        },
      ],
    };
  }
  const last = Math.min(Number(variables?.last ?? 10) || 10, 100);
  const nodes = store.pulls.history
    .releases()
    .slice(0, last)
    .map((release) => ({
      tagName: release.tag_name,
      url: `${bases.web}/${store.owner}/${store.repo}/releases/tag/${encodeURIComponent(release.tag_name)}`,
      isPrerelease: release.prerelease,
      isDraft: release.draft,
      publishedAt: release.published_at,
    }));
  return { data: { repository: { releases: { nodes } } } };
}
