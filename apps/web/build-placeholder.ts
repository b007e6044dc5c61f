// Until the React app lands, the "build" is this one page.
import { copyFileSync, mkdirSync } from 'node:fs';

mkdirSync(new URL('./dist/', import.meta.url), { recursive: true });
copyFileSync(new URL('./index.html', import.meta.url), new URL('./dist/index.html', import.meta.url));
