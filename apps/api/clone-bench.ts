import { PGlite } from '@electric-sql/pglite';
let t = Date.now();
const a = await PGlite.create('memory://');
await a.exec('create table x(id int)');
console.log('create', Date.now() - t);
t = Date.now();
for (let i = 0; i < 3; i++) {
  const b = await a.clone();
  await b.query('select 1');
  console.log('clone', Date.now() - t);
  t = Date.now();
  await b.close();
}
const dump = await a.dumpDataDir('none');
t = Date.now();
const c = await PGlite.create('memory://', { loadDataDir: dump });
await c.query('select 1');
console.log('load', Date.now() - t);
