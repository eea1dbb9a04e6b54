// MiniSearch with the best options found for this vault, for docs/decisions/search-index.md (not part of
// `npm run bench`, it takes a minute): Glassbox's folding + bigram tokenizer, title boost 3.
//   node --import tsx bench/search-minisearch-tuned.ts
import MiniSearch from 'minisearch';
import { foldText, tokenize } from '../src/search';
import { generateVault } from './search-vault-generator';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
function main() {
  const { notes, queries } = generateVault(20000, { queries: 300 });
  const tokenizeText = (text: string): string[] => { const out: string[] = []; tokenize(foldText(text), (t, kind) => { if (kind !== 'tail') out.push(t); }); return out; };
  const options = { fields: ['title', 'text'], storeFields: [] as string[], tokenize: tokenizeText, processTerm: (t: string) => t, searchOptions: { boost: { title: 3 } } };
  const docs = notes.map((n, id) => ({ id, title: n.path.slice(n.path.lastIndexOf('/') + 1, -3), text: n.text }));
  let c = cpu();
  const ms = new MiniSearch(options);
  ms.addAll(docs);
  const build = cpu() - c;
  const times: number[] = []; let hits = 0, rr = 0;
  queries.forEach((q) => { const s = cpu(); const r = ms.search(q.query).slice(0, 10).map((x) => notes[x.id as number].path); times.push(cpu() - s); const k = r.indexOf(q.expected); if (k >= 0) { hits++; rr += 1 / (k + 1); } });
  times.sort((a, b) => a - b);
  const json = JSON.stringify(ms);
  c = cpu(); MiniSearch.loadJSON(json, options); const load = cpu() - c;
  c = cpu(); for (let i = 0; i < 20; i++) ms.replace({ ...docs[i * 97], text: docs[i * 97].text + ' edited' }); const upd = (cpu() - c) / 20;
  process.stdout.write(`${JSON.stringify({ buildCpuMs: build, queryP50: times[150], queryP95: times[285], hitAt10: hits / 300, mrr: rr / 300, reloadCpuMs: load, updateMs: upd, jsonMB: json.length / 1048576 })}\n`);
}
main();
