import { editDistance } from '../search/typo-candidates';

/**
 * The names most like `wanted`, best first, at most `count`: a name holding it (or held by it)
 * first, then by edit distance, ignoring case; names too far off to be a slip are left out.
 */
export function closestNames(wanted: string, names: readonly string[], count = 3): string[] {
  const target = wanted.trim().toLowerCase();
  if (target === '') return names.slice(0, count);
  const limit = Math.max(3, Math.ceil(target.length / 2));
  return names
    .map((name) => {
      const candidate = name.toLowerCase();
      const score = candidate.includes(target) || target.includes(candidate.split(':')[0] ?? candidate) ? 0 : editDistance(target, candidate, limit);
      return { name, score };
    })
    .filter((entry) => entry.score <= limit)
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, count)
    .map((entry) => entry.name);
}
