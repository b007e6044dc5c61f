import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { makePrivateDir } from '../private-files.ts';

type Mod = Parameters<NodeFS['init']>[1];
type Attr = { mode?: number };
type Ops = { mknod?: (parent: unknown, name: string, mode: number, dev: number) => unknown; setattr?: (node: unknown, attr: Attr) => void };

const ownerOnly = (mode: number) => mode & ~0o077;

/**
 * PGlite's files on the disk, its owner's only (decision 039). PGlite's Emscripten file system creates each file
 * and then sets its mode to 0666 itself, past the process's umask, so the embedded database (its log held a reset
 * link) was readable by every local user. This keeps the group's and others' bits off every mode it makes or sets.
 */
export class PrivateNodeFS extends NodeFS {
  constructor(dataDir: string) {
    makePrivateDir(dataDir);
    super(dataDir);
  }

  override async init(pg: PGlite, opts: Mod) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const mount = emscriptenOpts.preRun ?? [];
    const masked = (mod: { NODEFS: { node_ops: Ops; stream_ops: Ops } }) => {
      const { node_ops, stream_ops } = mod.NODEFS;
      const mknod = node_ops.mknod!;
      node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, ownerOnly(mode), dev);
      for (const ops of [node_ops, stream_ops]) {
        const setattr = ops.setattr!;
        ops.setattr = (node, attr) => setattr(node, attr.mode === undefined ? attr : { ...attr, mode: ownerOnly(attr.mode) });
      }
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [masked, ...mount] } as Mod };
  }
}
