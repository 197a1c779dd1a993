// The repository's own history beside the pull requests' heads (pulls.ts): branches whose commits
// each have one parent (a linear line per branch, branches cut from main's head), the merge commit
// each merged pull request adds to its base branch, tags, releases, and the compare of two commits
// by ancestry, as GitHub answers it (`ahead`, `identical`, `behind`, `diverged`). Pure data.
import { createHash } from 'node:crypto';

function shaOf(...parts: string[]): string {
  return createHash('sha1').update(parts.join('\n')).digest('hex');
}

export interface FakeRelease {
  id: number;
  tag_name: string;
  target_commitish: string;
  name: string;
  draft: boolean;
  prerelease: boolean;
  created_at: string;
  published_at: string | null;
}

/** What a pull request's merge left: its commit on the base branch, and when. */
export interface FakeMerge {
  sha: string;
  branch: string;
  at: string;
}

export type CompareStatus = 'ahead' | 'identical' | 'behind' | 'diverged';

const ROOT = shaOf('root');
const FIRST_RELEASE_ID = 180_000_001;
/** Commits walked at most per compare: the fake's histories are short. */
const MAX_WALK = 10_000;

function timestamp(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class History {
  private parents = new Map<string, string>([[ROOT, '']]);
  private branches = new Map<string, string>([['main', ROOT]]);
  private tags = new Map<string, string>();
  private merges = new Map<number, FakeMerge>();
  private releaseList: FakeRelease[] = [];
  private nextReleaseId = FIRST_RELEASE_ID;
  /** The repository's "Allow auto-merge" setting: off, as on a new GitHub repository. */
  allowAutoMerge = false;

  reset(): void {
    this.allowAutoMerge = false;
    this.parents = new Map([[ROOT, '']]);
    this.branches = new Map([['main', ROOT]]);
    this.tags.clear();
    this.merges.clear();
    this.releaseList = [];
    this.nextReleaseId = FIRST_RELEASE_ID;
  }

  /** A new commit on `branch` (cut from main's head when new); returns its sha. */
  commit(branch: string, message: string): string {
    const parent = this.branches.get(branch) ?? this.branches.get('main') ?? ROOT;
    const sha = shaOf(parent, branch, message, String(this.parents.size));
    this.parents.set(sha, parent);
    this.branches.set(branch, sha);
    return sha;
  }

  /** The merge commit of pull request `number` on `branch` (once: a second merge returns the first). */
  merge(number: number, branch = 'main'): FakeMerge {
    const known = this.merges.get(number);
    if (known) return known;
    const merge = { sha: this.commit(branch, `Merge pull request #${number}`), branch, at: timestamp() };
    this.merges.set(number, merge);
    return merge;
  }

  mergeOf(number: number): FakeMerge | undefined {
    return this.merges.get(number);
  }

  /** Points tag `name` at `target` (a branch's head, another tag's commit, or a commit); a tag that exists moves. */
  tag(name: string, target = 'main'): string {
    const sha = this.branches.get(target) ?? this.tags.get(target) ?? target;
    this.tags.set(name, sha);
    return sha;
  }

  /** A release of `tag` (made at `target`'s head when the tag is new), published unless a draft. */
  release(options: { tag: string; target?: string; prerelease?: boolean; draft?: boolean }): FakeRelease {
    const target = options.target ?? 'main';
    if (!this.tags.has(options.tag)) this.tag(options.tag, target);
    const now = timestamp();
    const release: FakeRelease = {
      id: this.nextReleaseId++,
      tag_name: options.tag,
      target_commitish: target,
      name: options.tag,
      draft: options.draft === true,
      prerelease: options.prerelease === true,
      created_at: now,
      published_at: options.draft ? null : now,
    };
    this.releaseList.push(release);
    return release;
  }

  /** Newest first, as GitHub lists them. */
  releases(): FakeRelease[] {
    return [...this.releaseList].reverse();
  }

  /** A tag's or branch's commit, or the sha itself when the history holds it; undefined otherwise. */
  resolve(ref: string): string | undefined {
    const sha = this.tags.get(ref) ?? this.branches.get(ref) ?? ref;
    return this.parents.has(sha) ? sha : undefined;
  }

  /** How `head` stands to `base`, both resolved: by walking first parents. */
  compare(base: string, head: string): { status: CompareStatus; aheadBy: number; behindBy: number } {
    if (base === head) return { status: 'identical', aheadBy: 0, behindBy: 0 };
    const ahead = this.distance(head, base);
    if (ahead !== undefined) return { status: 'ahead', aheadBy: ahead, behindBy: 0 };
    const behind = this.distance(base, head);
    if (behind !== undefined) return { status: 'behind', aheadBy: 0, behindBy: behind };
    return { status: 'diverged', aheadBy: 1, behindBy: 1 };
  }

  /** How many commits from `from` back to its ancestor `to`; undefined when `to` is no ancestor. */
  private distance(from: string, to: string): number | undefined {
    let steps = 0;
    for (let sha = this.parents.get(from); sha !== undefined && steps < MAX_WALK; sha = this.parents.get(sha)) {
      steps++;
      if (sha === to) return steps;
      if (sha === '') return undefined;
    }
    return undefined;
  }
}
