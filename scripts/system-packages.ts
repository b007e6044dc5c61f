// The Debian packages the full test suite drives for real: Chromium (end-to-end, with fonts that have Bangla),
// nginx (instances behind a proxy, TLS at the edge) and PostgreSQL's client programs (pg_dump for backups).
// `npm test` calls ensureSystemPackages() before anything else, so the README's one test command works on a
// fresh machine: as root it installs what is missing; otherwise it stops at once with the one command that would.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

interface SystemPackage {
  /** Debian's package name. */
  name: string;
  /** Whether it is there already. */
  present: () => boolean;
}

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const installed = (name: string) =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout?.includes('install ok installed') ?? false;

export const systemPackages: SystemPackage[] = [
  { name: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { name: 'fonts-noto-core', present: () => installed('fonts-noto-core') },
  { name: 'nginx', present: () => existsSync('/usr/sbin/nginx') },
  { name: 'postgresql-client', present: () => onPath('pg_dump') },
];

export const missingPackages = () => systemPackages.filter((p) => !p.present()).map((p) => p.name);

export const installCommand = (names: string[]) => `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names.join(' ')}`;

/**
 * Installs the missing packages when this process is root (as on a fresh machine of this kind and in CI);
 * otherwise prints the command that would, and exits. Returns what it installed.
 */
export function ensureSystemPackages(): string[] {
  const missing = missingPackages();
  if (missing.length === 0) return [];
  const command = installCommand(missing);
  if (process.getuid?.() !== 0) {
    console.error(`\nThe test suite needs Debian packages that are not installed: ${missing.join(', ')}.`);
    console.error(`Install them (as root), then run npm test again:\n\n  sudo sh -c '${command}'\n`);
    process.exit(1);
  }
  console.log(`\n=== installing Debian packages the suite needs: ${missing.join(', ')} ===`);
  const result = spawnSync('sh', ['-c', command], { stdio: 'inherit' });
  const still = missingPackages();
  if (result.status !== 0 || still.length > 0) {
    console.error(`\nInstalling ${missing.join(', ')} failed (still missing: ${still.join(', ') || 'none'}).`);
    process.exit(1);
  }
  return missing;
}
