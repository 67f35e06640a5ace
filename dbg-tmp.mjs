import { register } from 'tsx/esm/api';
register();
const { startSiteCheck } = await import('./lib/sitecheck/index.ts');
const { nodeFetchHop } = await import('./cli/nodeFetchHop.ts');
const c = startSiteCheck({ fetchHop: nodeFetchHop(), urls: ['http://127.0.0.1:47128/structured/product.html'], translate: (k) => k, generator: 'x', onReport: (r) => console.log(Object.keys(r).join(','), JSON.stringify(r.structuredData)?.slice(0, 100)) });
await c.done;
